// The stat thread (src/pipeline/stat-thread.ts) and the walk ahead it serves (walk-ahead.ts): the
// numbers it gives are the ones fs.statSync gives here, a thread that is gone is replaced by stats
// here, and a rebuild with it (SKILLC_STAT_THREAD=on) makes no stat of a skill's files on this
// thread yet sees every change a rebuild without it sees, with byte-identical outputs.
import fs from "node:fs";
import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StatThread, isRegularFile, statHere, statPrint, statThreadMode } from "../../../src/pipeline/stat-thread.js";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { skillMd, tempProject } from "../../helpers/project.js";

afterEach(() => {
  delete process.env.SKILLC_STAT_THREAD;
  vi.restoreAllMocks();
});

const tree = () => {
  const t: Record<string, string | { symlink: string } | { text: string; mode: number }> = {};
  for (const n of ["alpha", "beta", "gamma", "delta"]) {
    t[`skills/${n}/SKILL.md`] = skillMd(n, "", `# ${n}\n\nSee [the notes](references/notes.md) and [run](scripts/run.sh).\n`);
    t[`skills/${n}/references/notes.md`] = `Notes of ${n}.\n`;
    t[`skills/${n}/scripts/run.sh`] = { text: "#!/bin/sh\necho hi\n", mode: 0o755 };
  }
  t["skills/alpha/linked.md"] = { symlink: "references/notes.md" };
  return t;
};

describe("StatThread", () => {
  it("gives fs.statSync's numbers for files, folders and links, and nothing for a missing path", async () => {
    const dir = tempProject(tree());
    const paths = ["skills/alpha/SKILL.md", "skills/alpha", "skills/alpha/linked.md", "skills/alpha/scripts/run.sh", "skills/missing.md"].map((p) => path.join(dir, p));
    const thread = StatThread.start()!;
    try {
      const batch = await thread.stat(paths);
      const here = statHere(paths);
      for (let i = 0; i < 4; i++) {
        const st = fs.statSync(paths[i]!);
        expect(statPrint(batch.at(i)!)).toBe(statPrint(st));
        // The thread writes each fingerprint itself: the very string this thread makes of the stat.
        expect(batch.at(i)!.print).toBe(statPrint(st));
        expect(here.at(i)!.print).toBeUndefined();
        expect({ ...batch.at(i), print: undefined }).toEqual(here.at(i));
        expect(isRegularFile(batch.at(i)!)).toBe(st.isFile());
      }
      expect(batch.at(4)).toBeUndefined();
    } finally {
      await thread.close();
    }
  });

  it("stats here once the thread is gone, pending batches included", async () => {
    const dir = tempProject(tree());
    const file = path.join(dir, "skills/beta/SKILL.md");
    const thread = StatThread.start()!;
    const pending = thread.stat([file]);
    await thread.close();
    expect((await pending).at(0)?.size).toBe(fs.statSync(file).size);
    expect((await thread.stat([file, path.join(dir, "nope")])).at(1)).toBeUndefined();
  });

  it("ends a thread whose post failed, so that it does not hold the process open", async () => {
    const dir = tempProject(tree());
    const file = path.join(dir, "skills/beta/SKILL.md");
    const thread = StatThread.start()!;
    const handle = (thread as unknown as { handle: import("node:worker_threads").Worker }).handle;
    const exited = new Promise<number>((resolve) => handle.once("exit", resolve));
    vi.spyOn(handle, "postMessage").mockImplementation(() => {
      throw new Error("cannot post");
    });
    expect((await thread.stat([file])).at(0)?.size).toBe(fs.statSync(file).size);
    await thread.close();
    expect(typeof (await exited)).toBe("number");
  });

  it("has no stats past a batch's end", () => {
    expect(statHere([__filename]).at(1)).toBeUndefined();
    expect(statHere([__filename]).at(0)?.size).toBe(fs.statSync(__filename).size);
  });

  it("reads SKILLC_STAT_THREAD", () => {
    expect(statThreadMode({ SKILLC_STAT_THREAD: "on" })).toBe("on");
    expect(statThreadMode({ SKILLC_STAT_THREAD: "off" })).toBe("off");
    expect(statThreadMode({})).toBe("auto");
  });
});

describe("a rebuild with the stat thread", () => {
  const outputs = async (dir: string, out: string) => {
    const files: Record<string, string> = {};
    for (const name of (await readdir(path.join(dir, out))).sort()) files[name] = await readFile(path.join(dir, out, name), "utf8");
    return files;
  };
  const run = (dir: string, outDir: string, cache = true) => build({ cwd: dir, config: resolveDefaults(dir, { outDir }), cache });
  /** The paths under skills/ that `fn` stat'ed on this thread (or, `call` "openSync", opened to read). */
  async function statted(dir: string, fn: () => Promise<unknown>, call: "statSync" | "openSync" = "statSync"): Promise<string[]> {
    const spy = vi.spyOn(fs, call);
    try {
      await fn();
      return spy.mock.calls.map((c) => path.relative(dir, String(c[0]))).filter((p) => p.startsWith("skills"));
    } finally {
      spy.mockRestore();
    }
  }

  it("stats no skill file here but a link's target when nothing changed, and sees same-size edits, new, removed and replaced files", async () => {
    const dir = tempProject(tree());
    await run(dir, "out");
    process.env.SKILLC_STAT_THREAD = "off";
    expect((await statted(dir, () => run(dir, "out"))).length).toBeGreaterThan(10);
    process.env.SKILLC_STAT_THREAD = "on";
    // Only the link's target, which discovery and the walk resolve on every run, and the root, which
    // the run record resolves before the search (project/replay.ts).
    expect([...new Set(await statted(dir, () => run(dir, "out")))].sort()).toEqual(["skills", "skills/alpha/references/notes.md"]);
    // …and every skill was reused from the fingerprints the thread's stats made: none was read.
    expect(await statted(dir, () => run(dir, "out"), "openSync")).toEqual([]);
    const same = async () => {
      await run(dir, "out");
      await run(dir, "plain", false);
      expect(await outputs(dir, "out")).toEqual(await outputs(dir, "plain"));
    };
    const cold = await outputs(dir, "out");
    // Same size, new content: only the stat's times tell.
    await writeFile(path.join(dir, "skills/beta/references/notes.md"), "Notes of BETA.\n");
    await same();
    expect(await outputs(dir, "out")).not.toEqual(cold);
    await writeFile(path.join(dir, "skills/gamma/references/more.md"), "More.\n");
    await same();
    await rm(path.join(dir, "skills/delta/scripts/run.sh"));
    await same();
    await writeFile(path.join(dir, "skills/alpha/SKILL.md"), skillMd("alpha", "", "# alpha\n\nChanged.\n"));
    await same();
    // A listed file replaced by a folder: the skill is read again, and says so as a cold build does.
    await rm(path.join(dir, "skills/alpha/linked.md"));
    fs.mkdirSync(path.join(dir, "skills/alpha/linked.md"));
    await writeFile(path.join(dir, "skills/alpha/linked.md/inner.md"), "Inner.\n");
    await same();
  });
});
