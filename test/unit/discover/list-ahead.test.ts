// Discovery's listings made ahead on lint's early worker (src/pipeline/list-ahead.ts): each batch is
// listed once, by the worker or by this thread, and either way discovery sees the same entries, stats
// and errors; discovery with a real worker finds exactly what it finds alone.
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LevelAhead, LIST_BATCH, runList, type ListMessage } from "../../../src/pipeline/list-ahead.js";
import { discover, type DiscoverOptions } from "../../../src/pipeline/discover.js";
import type { DirEntry } from "../../../src/pipeline/analysis-store.js";
import { REPO } from "../../helpers/cli.js";

let base: string;
let level: Array<{ abs: string; real: string }>;
const FOLDERS = 3 * LIST_BATCH + 17;

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), "skillc-list-ahead-"));
  const root = path.join(base, "skills");
  for (let i = 0; i < FOLDERS; i++) {
    const dir = path.join(root, `s${String(i).padStart(4, "0")}`);
    mkdirSync(path.join(dir, "references"), { recursive: true });
    writeFileSync(path.join(dir, "SKILL.md"), `---\nname: s${i}\ndescription: Skill ${i}. Use when testing.\n---\nBody.\n`);
    writeFileSync(path.join(dir, "b.md"), "b");
    writeFileSync(path.join(dir, "A.md"), "a");
    if (i % 50 === 0) symlinkSync("b.md", path.join(dir, "link.md"));
  }
  level = readdirSync(root).map((name) => ({ abs: path.join(root, name), real: path.join(root, name) }));
  // One folder that is gone by the time it is listed: its error is made again by this thread.
  level[5] = { abs: path.join(root, "missing"), real: path.join(root, "missing") };
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A stand-in worker that keeps the posted level, to be run with runList in this thread when the test says. */
function fakeWorker(): { worker: Worker; run: () => void; state: () => Int32Array } {
  let message: ListMessage | undefined;
  const worker = { postMessage: (m: ListMessage) => void (message = m) } as unknown as Worker;
  return { worker, run: () => runList(message!), state: () => new Int32Array(message!.state) };
}

const kinds = (entries: readonly DirEntry[]) => entries.map((e) => `${e.name}:${e.isFile() ? "f" : e.isDirectory() ? "d" : e.isSymbolicLink() ? "l" : "o"}`);

function listedHere(dir: string): string[] {
  return kinds(readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)));
}

describe("LevelAhead", () => {
  it("gives the worker's listings and stats, each batch once, equal to this thread's", () => {
    const { worker, run } = fakeWorker();
    const ahead = LevelAhead.start(worker, level, true)!;
    run();
    for (let i = 0; i < level.length; i++) {
      const made = ahead.take(i)!;
      if (i === 5) {
        expect(made.entries).toBeUndefined();
        expect(made.stat).toBeNull();
        continue;
      }
      expect(kinds(made.entries!)).toEqual(listedHere(level[i]!.abs));
      const st = statSync(level[i]!.real);
      expect(made.stat).toEqual({ size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, mode: st.mode });
    }
    expect(ahead.fromWorker).toBe(Math.ceil(FOLDERS / LIST_BATCH));
    ahead.close();
  });

  it("leaves to this thread the batches it reaches first, and the worker skips them", () => {
    const { worker, run } = fakeWorker();
    const ahead = LevelAhead.start(worker, level, false)!;
    expect(ahead.take(0)).toBeUndefined(); // batch 0 claimed here
    run();
    for (let i = 1; i < LIST_BATCH; i++) expect(ahead.take(i)).toBeUndefined();
    for (let i = LIST_BATCH; i < level.length; i++) {
      const made = ahead.take(i)!;
      expect(made.stat).toBeUndefined(); // no stat asked for
      expect(kinds(made.entries!)).toEqual(listedHere(level[i]!.abs));
    }
    expect(ahead.fromWorker).toBe(Math.ceil(FOLDERS / LIST_BATCH) - 1);
    ahead.close();
  });

  it("lists the last untaken batches here while the worker is busy with the one it needs, then lists that one itself when the worker never answers", () => {
    const { worker, state } = fakeWorker();
    const ahead = LevelAhead.start(worker, level, true, 50)!;
    for (let i = 0; i < LIST_BATCH; i++) expect(ahead.take(i)).toBeUndefined(); // batch 0: here
    state()[1] = 1; // the worker took batch 1 and never answers
    for (let i = LIST_BATCH; i < 2 * LIST_BATCH; i++) expect(ahead.take(i)).toBeUndefined();
    // Batches 2 and 3 were claimed here meanwhile, and listed as the worker would have.
    expect([...state()]).toEqual([2, 1, 2, 2]);
    for (let i = 2 * LIST_BATCH; i < level.length; i++) {
      const made = ahead.take(i)!;
      expect(kinds(made.entries!)).toEqual(listedHere(level[i]!.abs));
      const st = statSync(level[i]!.real);
      expect(made.stat).toEqual({ size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, mode: st.mode });
    }
    expect(ahead.fromWorker).toBe(0);
    ahead.close();
  });

  it("is not used for a small level or without a worker", () => {
    expect(LevelAhead.start(fakeWorker().worker, level.slice(0, 10), true)).toBeUndefined();
    expect(LevelAhead.start(undefined, level, true)).toBeUndefined();
  });
});

describe("discovery with a worker listing ahead", () => {
  it("finds the same skills, listings and diagnostics as without", async () => {
    const worker = new Worker(path.join(REPO, "dist", "analyze-worker.js"));
    try {
      await new Promise((resolve) => worker.once("online", resolve));
      const opts = (o: Partial<DiscoverOptions>): DiscoverOptions => ({ cwd: base, maxDepth: 6, maxFolders: 100000, settings: {}, profile: "skillc", ...o });
      const roots = [{ dir: "skills", scope: "skills", precedence: 0 }];
      const alone = new Map<string, DirEntry[]>();
      const helped = new Map<string, DirEntry[]>();
      const a = await discover(roots, opts({ listings: alone }));
      const b = await discover(roots, opts({ listings: helped, lister: worker }));
      expect(b).toEqual(a);
      expect(a.sources.length).toBe(FOLDERS);
      expect([...helped.keys()]).toEqual([...alone.keys()]);
      for (const [dir, entries] of alone) expect(kinds(helped.get(dir)!)).toEqual(kinds(entries));
    } finally {
      await worker.terminate();
    }
  });
});
