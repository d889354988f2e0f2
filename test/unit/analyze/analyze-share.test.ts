// Lint's analysis on both cores (src/pipeline/analyze-share.ts): workers that read and analyse whole
// skills, or a worker that only reads them for this thread (read-wire.ts), give exactly analyzeSkill's
// results and cache records, the skills the cache may hold stay in this thread, and a worker that
// cannot start, crashes or answers wrongly loses no skill.
import { mkdtempSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM script without declarations
import { generateCorpus } from "../../../bench/generate.mjs";
import { analyzeSkill, type AnalyzeOptions, type SkillAnalysis } from "../../../src/pipeline/analyze.js";
import { analyzeShared, shareMode, type ShareCounts, type ShareMode } from "../../../src/pipeline/analyze-share.js";
import { earlyWorkersFor, EarlyWorkers } from "../../../src/pipeline/early-workers.js";
import { packListings, unpackListings, type PackedListing } from "../../../src/pipeline/share-wire.js";
import { encodeAnalysisRecord, type AnalysisSnapshot, type AnalysisStore, type DirEntry } from "../../../src/pipeline/analysis-store.js";
import type { SkillSource } from "../../../src/types.js";
import { REPO, runCli } from "../../helpers/cli.js";
import { analysisBytes } from "../../helpers/analysis-cache.js";

const WORKER = path.join(REPO, "dist", "analyze-worker.js");
let base: string;
let corpus: string;
let sources: SkillSource[];

/** Skills that take the unusual paths: broken YAML, no frontmatter, binary, bad UTF-8, a left-out file linked to, an escaping link. */
const ODD: Record<string, string | Buffer> = {
  "odd-yaml": "---\nname: odd-yaml\ndescription: [unclosed\n---\nBody.\n",
  "odd-none": "Just text, no frontmatter.\n",
  "odd-binary": Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0x02]),
  "odd-utf8": Buffer.concat([Buffer.from("---\nname: odd-utf8\ndescription: Bad bytes \n---\n"), Buffer.from([0xc3, 0x28, 0x0a])]),
  "odd-left": "---\nname: odd-left\ndescription: Links a junk file. Use when testing.\n---\n\nSee [j](.DS_Store), [m](missing.md) and [e](out/x.md).\n",
};

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), "skillc-share-"));
  corpus = path.join(base, "corpus");
  generateCorpus({ size: 200, dir: corpus });
  for (const [name, content] of Object.entries(ODD)) {
    mkdirSync(path.join(corpus, "skills", name), { recursive: true });
    writeFileSync(path.join(corpus, "skills", name, "SKILL.md"), content);
  }
  writeFileSync(path.join(corpus, "skills", "odd-left", ".DS_Store"), "x");
  symlinkSync(base, path.join(corpus, "skills", "odd-left", "out"));
  const root = { dir: "skills", scope: "skills", precedence: 0 };
  sources = readdirSync(path.join(corpus, "skills"), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ root, dir: `skills/${e.name}`, relDir: e.name, file: `skills/${e.name}/SKILL.md`, fileName: "SKILL.md", absDir: path.join(corpus, "skills", e.name) }));
  // One that cannot be read: its SKILL.md is a folder.
  mkdirSync(path.join(corpus, "skills", "odd-unreadable", "SKILL.md"), { recursive: true });
  sources.push({ root, dir: "skills/odd-unreadable", relDir: "odd-unreadable", file: "skills/odd-unreadable/SKILL.md", fileName: "SKILL.md", absDir: path.join(corpus, "skills", "odd-unreadable") });
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

/** A cache as a Map, which says what it may hold and takes encoded records. */
class MapStore implements AnalysisStore {
  records = new Map<string, string>();
  constructor(private readonly held = new Set<string>()) {}
  get(): AnalysisSnapshot | undefined {
    return undefined;
  }
  set(file: string, key: string, value: AnalysisSnapshot): void {
    this.records.set(file, encodeAnalysisRecord(key, value));
  }
  mayHave(file: string): boolean {
    return this.held.has(file);
  }
  setRecord(file: string, record: string | Uint8Array): void {
    // A worker's record comes as its UTF-8 bytes: compared as the text they encode.
    this.records.set(file, typeof record === "string" ? record : Buffer.from(record).toString("utf8"));
  }
}

const options = (cache?: AnalysisStore): AnalyzeOptions => ({ profile: "skillc", settings: {}, files: { include: ["**"], exclude: [], maxBytes: 1_000_000 }, readFiles: false, cache });

async function inThread(cache?: AnalysisStore): Promise<SkillAnalysis[]> {
  const out: SkillAnalysis[] = [];
  for (const s of sources) out.push(await analyzeSkill(s, options(cache)));
  return out;
}

async function shared(mode: ShareMode, script: string, cache?: AnalysisStore, counts: ShareCounts = { here: 0, workers: 0 }): Promise<SkillAnalysis[]> {
  const done: SkillAnalysis[] = [];
  const got = await analyzeShared(sources, options(cache), { workers: 1, minMisses: 1, script }, (a) => done.push(a), counts, mode);
  expect(done.length).toBe(sources.length);
  return got;
}

/** The worker's share of the skills: those it analysed (mode "whole") or read for this thread (mode "reads"). */
const workerShare = (mode: ShareMode, counts: ShareCounts): number => (mode === "whole" ? counts.workers : (counts.read ?? 0));

describe("shareMode", () => {
  it("has one worker only read (2 cores: the analysis compiled once), more analyse whole skills", () => {
    expect(shareMode(1)).toBe("reads");
    expect(shareMode(2)).toBe("whole");
    expect(shareMode(4)).toBe("whole");
  });
});

describe.each(["whole", "reads"] as const)("analyzeShared, mode %s", (mode) => {
  it("gives exactly analyzeSkill's analyses and cache records, with the caller's sources", async () => {
    const expectedCache = new MapStore();
    const expected = await inThread(expectedCache);
    const cache = new MapStore();
    const counts: ShareCounts = { here: 0, workers: 0 };
    const got = await shared(mode, WORKER, cache, counts);
    expect(got).toEqual(expected);
    got.forEach((a, i) => expect(a.source).toBe(sources[i]));
    expect(workerShare(mode, counts)).toBeGreaterThan(0);
    // Mode "reads": every skill is analysed here, some of them read by the worker.
    expect(counts.here + counts.workers).toBe(sources.length);
    if (mode === "reads") expect(counts.workers).toBe(0);
    expect([...cache.records].sort()).toEqual([...expectedCache.records].sort());
    expect(got.some((a) => a.outcome === "unreadable")).toBe(true);
  });

  it("saves each part of a cache kept in parts once all its skills are settled, before the run ends, each part once", async () => {
    const PARTS = 4;
    const saved: Array<{ part: number; missing: string[] }> = [];
    class PartStore extends MapStore {
      partOf(file: string): number {
        return file.length % PARTS;
      }
      savePart(part: number): void {
        saved.push({ part, missing: sources.filter((s) => this.partOf(s.file) === part && !this.records.has(s.file) && !done.has(s.file)).map((s) => s.file) });
      }
    }
    // Unreadable skills settle without a record: counted as settled when their analysis is.
    const done = new Set<string>();
    const cache = new PartStore();
    const got = await analyzeShared(sources, options(cache), { workers: 1, minMisses: 1, script: WORKER }, (a) => void (a.outcome === "unreadable" && done.add(a.source.file)), undefined, mode);
    expect(got).toEqual(await inThread());
    const parts = [...new Set(sources.map((s) => cache.partOf(s.file)))].sort();
    expect(parts.length).toBeGreaterThan(1);
    expect(saved.map((s) => s.part).sort()).toEqual(parts);
    for (const s of saved) expect(s.missing, `part ${s.part}`).toEqual([]);
  });

  it("keeps the skills the cache may hold in this thread", async () => {
    const held = new Set(sources.slice(0, 50).map((s) => s.file));
    const counts: ShareCounts = { here: 0, workers: 0 };
    expect(await shared(mode, WORKER, new MapStore(held), counts)).toEqual(await inThread());
    expect(counts.here).toBeGreaterThanOrEqual(50);
    expect(workerShare(mode, counts)).toBeLessThanOrEqual(sources.length - 50);
  });

  it("starts no worker for fewer sure misses than minMisses (a warm lint: none)", async () => {
    const counts = { here: 0, workers: 0 };
    const got = await analyzeShared(sources, options(), { workers: 1, minMisses: sources.length + 1, script: WORKER }, () => undefined, counts, mode);
    expect(got).toEqual(await inThread());
    expect(counts).toEqual({ here: sources.length, workers: 0 });
  });

  it("hands a worker discovery's listings as entries that read as the originals", () => {
    const dir = sources[0]!.absDir;
    const listings = new Map([[dir, readdirSync(dir, { withFileTypes: true })]]);
    const sub = listings.get(dir)!.find((e) => e.isDirectory());
    if (sub) listings.set(path.join(dir, sub.name), readdirSync(path.join(dir, sub.name), { withFileTypes: true }));
    const packed: PackedListing[] = [];
    packListings(sources[0]!, listings, packed);
    const back = unpackListings(packed);
    expect([...back.keys()].sort()).toEqual([...listings.keys()].sort());
    const kinds = (e: DirEntry) => [e.name, e.isFile(), e.isDirectory(), e.isSymbolicLink()];
    for (const [k, entries] of listings) expect(back.get(k)!.map(kinds)).toEqual(entries.map(kinds));
  });

  it("analyses everything here when the worker is missing, crashes or answers wrongly", async () => {
    const expected = await inThread();
    const crash = path.join(base, "crash-worker.mjs");
    writeFileSync(crash, `import { parentPort } from "node:worker_threads";\nlet n = 0;\nparentPort.on("message", (b) => { if (++n === 2) process.exit(3); parentPort.postMessage({ id: b.id, ok: false, error: "nope" }); });\n`);
    const garbage = path.join(base, "garbage-worker.mjs");
    writeFileSync(garbage, `import { parentPort } from "node:worker_threads";\nparentPort.on("message", (b) => parentPort.postMessage({ id: b.id, ok: true, buffer: new ArrayBuffer(0), results: [] }));\n`);
    // The right count of results, each one junk: decoding it throws, and none of the batch is taken.
    const junk = path.join(base, "junk-worker.mjs");
    writeFileSync(junk, `import { parentPort } from "node:worker_threads";\nparentPort.on("message", (b) => parentPort.postMessage({ id: b.id, ok: true, buffer: new ArrayBuffer(0), results: b.sources.map(() => ({ record: "{", bytes: [5, 9] })) }));\n`);
    for (const script of [path.join(base, "no-such-worker.js"), crash, garbage, junk]) {
      const counts: ShareCounts = { here: 0, workers: 0 };
      expect(await shared(mode, script, undefined, counts)).toEqual(expected);
      expect(counts).toEqual({ here: sources.length, workers: 0 });
    }
  });
});

describe("workers started before discovery", () => {
  it("are taken by the run, and a dead one is not", async () => {
    const early = new EarlyWorkers(WORKER, 1);
    const counts: ShareCounts = { here: 0, workers: 0 };
    const opts = { ...options(), early };
    expect(await analyzeShared(sources, opts, { workers: 1, minMisses: 1, script: path.join(base, "no-such-worker.js") }, () => undefined, counts)).toEqual(await inThread());
    // The script given to the run does not exist: every worker answer came from the early one (one worker: it reads).
    expect(counts.read).toBeGreaterThan(0);
    expect(early.take()).toBeUndefined();

    const dying = path.join(base, "dying-worker.mjs");
    writeFileSync(dying, "process.exit(2);\n");
    const dead = new EarlyWorkers(dying, 1);
    expect(dead.alive).toBe(1);
    for (let i = 0; i < 200 && dead.alive > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dead.alive).toBe(0);
    expect(dead.take()).toBeUndefined();
    await dead.close();
  });

  it("are not started for a project with a cache, or from the TypeScript sources", () => {
    expect(earlyWorkersFor([path.join(corpus, "skills")], true)).toBeUndefined();
    // No worker script next to the sources (vitest): the run starts none at all.
    expect(earlyWorkersFor([path.join(corpus, "skills")], false)).toBeUndefined();
  });
});

describe("lint with a worker (built CLI)", () => {
  it("writes the same output and the same analysis cache as without, and a warm run reads it back", async () => {
    const runs: string[] = [];
    const caches: Buffer[] = [];
    // 1 worker: it reads for this thread; 2: they analyse whole skills.
    for (const workers of ["0", "1", "2"]) {
      rmSync(path.join(corpus, "node_modules", ".cache"), { recursive: true, force: true });
      const r = await runCli(["lint", "--format", "json", "--cache"], { cwd: corpus, env: { SKILLC_WORKERS: workers } });
      expect(r.stderr).toBe("");
      runs.push(r.stdout + "\n" + r.code);
      caches.push(analysisBytes(corpus));
    }
    expect(runs[1]).toBe(runs[0]);
    expect(runs[2]).toBe(runs[0]);
    expect(caches[1]!.equals(caches[0]!)).toBe(true);
    expect(caches[2]!.equals(caches[0]!)).toBe(true);
    const warm = await runCli(["lint", "--format", "json", "--cache"], { cwd: corpus, env: { SKILLC_WORKERS: "1" } });
    expect(warm.stdout + "\n" + warm.code).toBe(runs[0]);
    expect(analysisBytes(corpus).equals(caches[0]!)).toBe(true);
  });
});
