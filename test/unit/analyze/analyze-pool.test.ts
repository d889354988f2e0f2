// The analysis worker pool (src/pipeline/analyze-pool.ts): lint and build give byte-identical output
// with and without worker threads, and a worker that cannot start, crashes or throws loses no skill.
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM script without declarations
import { generateCorpus } from "../../../bench/generate.mjs";
import { AnalyzePool, defaultWorkers, findWorkerScript, minMissesFor, poolConfig, type PoolResult } from "../../../src/pipeline/analyze-pool.js";
import { analyzeText, snapshotOf, type TextOptions } from "../../../src/pipeline/analyze-text.js";
import { encodeAnalysisRecord } from "../../../src/pipeline/analysis-store.js";
import type { SkillSource } from "../../../src/types.js";
import { REPO, runCli } from "../../helpers/cli.js";
import { analysisBytes } from "../../helpers/analysis-cache.js";

const WORKER = path.join(REPO, "dist", "analyze-worker.js");
let base: string;
let corpus: string;

/** Skills whose analysis takes the unusual paths: broken YAML, no frontmatter, binary, bad UTF-8, BOM + CRLF. */
const ODD: Record<string, string | Buffer> = {
  "odd-yaml": "---\nname: odd-yaml\ndescription: [unclosed\n---\nBody.\n",
  "odd-none": "Just text, no frontmatter.\n",
  "odd-binary": Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0x02]),
  "odd-utf8": Buffer.concat([Buffer.from("---\nname: odd-utf8\ndescription: Bad bytes \n---\n"), Buffer.from([0xc3, 0x28, 0x0a])]),
  "odd-crlf": "\ufeff---\r\nname: odd-crlf\r\ndescription: Uses CRLF line ends. Use when testing.\r\n---\r\n\r\nRun $ARGUMENTS and see [x](missing.md).\r\n",
  "odd-empty": "",
};

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), "skillc-pool-"));
  corpus = path.join(base, "corpus");
  generateCorpus({ size: 300, dir: corpus });
  for (const [name, content] of Object.entries(ODD)) {
    mkdirSync(path.join(corpus, "skills", name), { recursive: true });
    writeFileSync(path.join(corpus, "skills", name, "SKILL.md"), content);
  }
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = readFileSync(p).toString("base64");
    }
  };
  walk(dir);
  return out;
}

function clean(): void {
  rmSync(path.join(corpus, ".skillc"), { recursive: true, force: true });
  rmSync(path.join(corpus, "node_modules", ".cache"), { recursive: true, force: true });
}

describe("analysis on worker threads (built CLI)", () => {
  it("is built next to the CLI", () => {
    expect(statSync(WORKER).isFile()).toBe(true);
  });

  it("lint --format json is identical with and without workers", async () => {
    const results: string[] = [];
    for (const workers of ["0", "2", "1"]) {
      clean();
      const r = await runCli(["lint", "--format", "json"], { cwd: corpus, env: { SKILLC_WORKERS: workers } });
      expect(r.stderr).toBe("");
      results.push(r.stdout + "\n" + r.code);
    }
    expect(JSON.parse(results[0]!.split("\n")[0]!).length ?? 1).toBeTruthy();
    expect(results[1]).toBe(results[0]);
    expect(results[2]).toBe(results[0]);
  });

  it("build writes identical files with and without workers, cold and warm", async () => {
    const runs: { out: string; files: Record<string, string> }[] = [];
    for (const [workers, cold] of [["0", true], ["2", true], ["2", false], ["1", true]] as const) {
      if (cold) clean();
      const r = await runCli(["build", "--emit-on-error"], { cwd: corpus, env: { SKILLC_WORKERS: workers } });
      runs.push({ out: `${r.code}\n${r.stdout.replace(/ in \d+ ms/g, "")}\n${r.stderr.replace(/ in \d+ ms/g, "")}`, files: readTree(path.join(corpus, ".skillc")) });
    }
    expect(Object.keys(runs[0]!.files).length).toBeGreaterThan(3);
    for (const run of runs.slice(1)) {
      expect(run.out).toBe(runs[0]!.out);
      expect(run.files).toEqual(runs[0]!.files);
    }
  });

  it("a cold build's analysis cache is byte-identical with and without workers (the worker encodes its records)", async () => {
    const caches: Buffer[] = [];
    for (const workers of ["0", "1"]) {
      clean();
      const r = await runCli(["build", "--emit-on-error", "--cache"], { cwd: corpus, env: { SKILLC_WORKERS: workers } });
      expect(r.code).not.toBe(2);
      caches.push(analysisBytes(corpus));
    }
    expect(caches[0]!.length).toBeGreaterThan(1000);
    expect(caches[1]!.equals(caches[0]!)).toBe(true);
  });
});

describe("defaultWorkers", () => {
  it("uses the cores beyond the main thread's, at most 4, none once the load passes twice the cores", () => {
    expect(defaultWorkers(1, 0)).toBe(0);
    expect(defaultWorkers(2, 0)).toBe(1);
    expect(defaultWorkers(2, 2.9)).toBe(1);
    expect(defaultWorkers(2, 3.5)).toBe(0);
    expect(defaultWorkers(2, 12)).toBe(0);
    expect(defaultWorkers(8, 0.3)).toBe(4);
    expect(defaultWorkers(8, 14)).toBe(2);
    expect(defaultWorkers(8, 16)).toBe(0);
    expect(defaultWorkers(4, -1)).toBe(3);
  });

  it("waits for 2,000 misses with one worker (its warm-up is repaid only by a large run), 150 with more", () => {
    expect(minMissesFor(1)).toBe(2000);
    expect(minMissesFor(2)).toBe(150);
    expect(minMissesFor(4)).toBe(150);
  });

  it("a streaming split build stays in this thread unless SKILLC_WORKERS asks for workers", () => {
    const script = "/dist/analyze-worker.js";
    expect(poolConfig(10_000, { SKILLC_WORKERS: "1" }, false, script)?.workers).toBe(1);
    expect(poolConfig(10_000, {}, true, script)).toBeUndefined();
    expect(poolConfig(10_000, { SKILLC_WORKERS: "2" }, true, script)?.workers).toBe(2);
    // Without a built worker script (running from source) there is never a pool.
    expect(poolConfig(10_000, { SKILLC_WORKERS: "2" }, false, undefined)).toBeUndefined();
  });
});

describe("AnalyzePool", () => {
  const options: TextOptions = { profile: "skillc", settings: {} };
  let jobs: { source: SkillSource; bytes: Uint8Array; paths: string[] }[];

  beforeAll(() => {
    const root = { dir: "skills", scope: "skills", precedence: 0 };
    const dirs = readdirSync(path.join(corpus, "skills"), { withFileTypes: true }).filter((e) => e.isDirectory() && statSafe(path.join(corpus, "skills", e.name, "SKILL.md")));
    jobs = dirs.slice(0, 120).map((e) => {
      const absDir = path.join(corpus, "skills", e.name);
      return {
        source: { root, dir: `skills/${e.name}`, relDir: e.name, file: `skills/${e.name}/SKILL.md`, fileName: "SKILL.md", absDir },
        bytes: readFileSync(path.join(absDir, "SKILL.md")),
        paths: readdirSync(absDir).filter((f) => f !== "SKILL.md"),
      };
    });
  });

  const inThread = () => jobs.map((j) => analyzeText(j.source, j.bytes, new Set(j.paths), options));

  async function viaPool(script: string | undefined, workers = 2, helpMin?: number, seen?: (pool: AnalyzePool) => void) {
    const pool = new AnalyzePool(options, { workers, minMisses: 1, script, helpMin });
    try {
      const pending = jobs.map((j) => pool.analyze(j.source, j.bytes, j.paths));
      pool.finish();
      return await Promise.all(pending);
    } finally {
      await pool.close();
      seen?.(pool);
    }
  }

  it("leaves the work to a live worker while less than helpMin jobs wait, and helps otherwise", async () => {
    let ranHere = -1;
    expect(await viaPool(WORKER, 1, jobs.length + 1, (p) => (ranHere = p.ranHere))).toEqual(inThread());
    expect(ranHere).toBe(0);
    // helpMin 0: this thread takes a batch as soon as it has read everything (the worker holds two).
    expect(await viaPool(WORKER, 1, 0, (p) => (ranHere = p.ranHere))).toEqual(inThread());
    expect(ranHere).toBeGreaterThanOrEqual(8);
  });

  it("once it helps, goes on until no job waits (the last ones are not left to the worker alone)", async () => {
    // A worker that takes its two batches and never answers: every job still queued is this thread's.
    const silent = path.join(base, "silent-worker.mjs");
    writeFileSync(silent, `import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => undefined);\n`);
    const pool = new AnalyzePool(options, { workers: 1, minMisses: 1, script: silent, helpMin: 40 });
    const pending = jobs.map((j) => pool.analyze(j.source, j.bytes, j.paths));
    // 120 jobs, two batches of 32 with the worker: 56 wait at finish(), past helpMin (40).
    pool.finish();
    // Stopping at helpMin, it ran 24 (56 → 32) and left the rest waiting.
    const queued = Promise.all(pending.slice(64)).then(() => "all ran here");
    expect(await Promise.race([queued, new Promise((r) => setTimeout(() => r("some left waiting"), 20_000))])).toBe("all ran here");
    expect(pool.ranHere).toBe(jobs.length - 64);
    // Closed: the worker's two batches are analysed here too.
    await pool.close();
    expect(await Promise.all(pending)).toEqual(inThread());
  });

  it("gives exactly the in-thread results", async () => {
    const expected = inThread();
    const got = await viaPool(WORKER);
    expect(got).toEqual(expected);
    // The results carry the caller's source objects, not copies.
    got.forEach((r, i) => expect(r.parsed.source).toBe(jobs[i]!.source));
  });

  it("answers a keyed job's cache record as this thread would encode it, and none for a job without a key", async () => {
    const pool = new AnalyzePool(options, { workers: 1, minMisses: 1, script: WORKER, helpMin: jobs.length + 1 });
    let got: PoolResult[];
    try {
      const pending = jobs.map((j, i) => pool.analyze(j.source, j.bytes, j.paths, undefined, undefined, i % 2 === 0 ? `key-${i}` : undefined));
      pool.finish();
      got = await Promise.all(pending);
    } finally {
      await pool.close();
    }
    expect(pool.ranHere).toBe(0);
    inThread().forEach((r, i) => {
      expect(got[i]!.record).toBe(i % 2 === 0 ? encodeAnalysisRecord(`key-${i}`, snapshotOf(r)) : undefined);
      const { record: _, ...rest } = got[i]!;
      expect(rest).toEqual(r);
    });
  });

  it("falls back to this thread when the worker script is missing", async () => {
    expect(await viaPool(path.join(base, "no-such-worker.js"))).toEqual(inThread());
  });

  it("falls back to this thread when a worker crashes or answers with an error", async () => {
    const crash = path.join(base, "crash-worker.mjs");
    writeFileSync(crash, `import { parentPort } from "node:worker_threads";\nlet n = 0;\nparentPort.on("message", (b) => { if (++n === 2) process.exit(3); if (n === 1) throw new Error("boom"); parentPort.postMessage({ id: b.id, ok: false, error: "nope" }); });\n`);
    expect(await viaPool(crash)).toEqual(inThread());
    const garbage = path.join(base, "garbage-worker.mjs");
    writeFileSync(garbage, `import { parentPort } from "node:worker_threads";\nparentPort.on("message", (b) => parentPort.postMessage({ id: b.id, ok: true, results: [] }));\n`);
    expect(await viaPool(garbage, 1)).toEqual(inThread());
  });

  it("runs everything in this thread from the TypeScript sources (no worker file there)", () => {
    expect(findWorkerScript()).toBeUndefined();
  });
});

function statSafe(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}
