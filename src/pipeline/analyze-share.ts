// Lint's analysis on both cores: this thread and one worker (or more) each take a share of the skills
// the cache surely misses and do all of their work, the reads included. The pool of analyze-pool.ts
// (the build's) leaves every read and hash to this thread, which then stayed the bottleneck: at
// 10,000 skills, 2 cores, its CPU fell only from 4.1 s to 3.2 s with a worker busy beside it.
//
// A worker reads a batch of skills, lists their files, analyses them and answers with what this
// thread needs to rebuild each SkillAnalysis exactly as analyzeSkill would have returned it: the
// SKILL.md bytes (one transferred buffer per batch: the text is decoded from them only when read),
// the file list and its diagnostics, and the analysis snapshot as the cache record the cache would
// write (a JSON string: cloning it is a copy, where the snapshot's object graph cost the worker
// ~0.3 s to serialize at 10,000 skills; this thread parses it, as it does a cache hit's record). Both sides take from one queue (the worker from its
// front in batches, this thread from its back a few at a time), so they finish together whatever the
// skills' sizes. A worker that fails gives its batches back, and they are analysed here.
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Diagnostic, SkillSource } from "../types.js";
import type { AnalysisSnapshot, AnalysisStore, DirEntry } from "./analysis-store.js";
import { analyzeBytes, analyzeSkill, readAnalysis, readSkill, type AnalyzeOptions, type SkillAnalysis } from "./analyze.js";
import type { PoolConfig } from "./analyze-pool.js";
import { restoreText } from "./analyze-text.js";

/** What a worker needs of AnalyzeOptions (plain data). */
export type ShareOptions = Pick<AnalyzeOptions, "profile" | "settings" | "extraSchema" | "files">;

export interface ShareBatch {
  kind: "share";
  id: number;
  options: ShareOptions;
  sources: SkillSource[];
  /** Discovery's listings of the skills' folders (packListings), so that the worker lists none of them again. */
  listings: PackedListing[];
}

/** A folder's entries as plain data: real path, names, and each entry's kind (ENTRY_KINDS). */
export type PackedListing = [dir: string, names: string[], kinds: string];

/** An entry's kind, one character each: file, directory, symbolic link, other. */
const FILE = "f";
const DIR = "d";
const LINK = "l";

/** The listings discovery read of `source`'s folder and the plain folders below it. */
export function packListings(source: SkillSource, listings: ReadonlyMap<string, DirEntry[]> | undefined, out: PackedListing[]): void {
  if (!listings) return;
  const stack = [source.absDir];
  for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
    const entries = listings.get(dir);
    if (!entries) continue;
    const names: string[] = [];
    let kinds = "";
    const sep = dir.endsWith(path.sep) ? "" : path.sep;
    for (const e of entries) {
      names.push(e.name);
      const kind = e.isSymbolicLink() ? LINK : e.isFile() ? FILE : e.isDirectory() ? DIR : "o";
      kinds += kind;
      if (kind === DIR) stack.push(dir + sep + e.name);
    }
    out.push([dir, names, kinds]);
  }
}

/** The listings as the file walk reads them (DirEntry: a name and its kind). */
export function unpackListings(packed: readonly PackedListing[]): Map<string, DirEntry[]> {
  const out = new Map<string, DirEntry[]>();
  for (const [dir, names, kinds] of packed) out.set(dir, names.map((name, i) => new PackedEntry(name, kinds[i]!)));
  return out;
}

class PackedEntry implements DirEntry {
  constructor(
    readonly name: string,
    private readonly kind: string,
  ) {}
  isFile(): boolean {
    return this.kind === FILE;
  }
  isDirectory(): boolean {
    return this.kind === DIR;
  }
  isSymbolicLink(): boolean {
    return this.kind === LINK;
  }
}

/** One skill's answer: unreadable (its diagnostics), or what rebuilds its analysis. */
export type ShareResult =
  | { unreadable: Diagnostic[] }
  | { start: number; end: number; record: string; hash: string; paths: string[]; fileDiagnostics: Diagnostic[] };

export type ShareReply = { id: number; ok: true; buffer: ArrayBuffer; results: ShareResult[] } | { id: number; ok: false; error: string };

/** Runs one batch as a worker does: reads and analyses every skill, and packs the answers. */
export async function runShareBatch(batch: ShareBatch): Promise<{ buffer: ArrayBuffer; results: ShareResult[] }> {
  const base = { ...batch.options, listings: unpackListings(batch.listings) };
  const parts: Uint8Array[] = [];
  const results: ShareResult[] = [];
  let size = 0;
  for (const source of batch.sources) {
    let entry: { key: string; value: AnalysisSnapshot } | undefined;
    // A store that misses and keeps what is set: the snapshot (and key) the cache would be given.
    const capture: AnalysisStore = { get: () => undefined, set: (_file, key, value) => void (entry = { key, value }) };
    const opts: AnalyzeOptions = { ...base, readFiles: false, cache: capture };
    const read = await readSkill(source, opts);
    if ("outcome" in read) {
      results.push({ unreadable: read.diagnostics });
      continue;
    }
    const analysis = await analyzeBytes(source, read.bytes, undefined, read.paths, read.leftOut, read.diagnostics, opts).done;
    if (!entry || analysis.outcome === "unreadable" || analysis.outcome === "reused") throw new Error("share: no analysis recorded");
    parts.push(read.bytes);
    results.push({ start: size, end: size + read.bytes.byteLength, record: JSON.stringify(entry), hash: analysis.parsed.hash, paths: read.paths, fileDiagnostics: read.diagnostics });
    size += read.bytes.byteLength;
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return { buffer: all.buffer, results };
}

/** The analysis analyzeSkill would have returned, from a worker's answer (and the cache given its record). */
export function fromShare(source: SkillSource, buffer: ArrayBuffer, r: ShareResult, cache: AnalysisStore | undefined): SkillAnalysis {
  if ("unreadable" in r) return { outcome: "unreadable", source, diagnostics: r.unreadable };
  const bytes = new Uint8Array(buffer, r.start, r.end - r.start);
  const entry = JSON.parse(r.record) as { key: string; value: AnalysisSnapshot };
  const own = restoreText(source, bytes, entry.value, r.hash);
  if (cache) {
    if (cache.setRecord) cache.setRecord(source.file, r.record);
    else cache.set(source.file, entry.key, entry.value);
  }
  return readAnalysis({ source, files: undefined, paths: r.paths, diagnostics: [...own.diagnostics, ...r.fileDiagnostics] }, own.parsed, own.skill);
}

/** Skills a worker gets at a time (two batches in flight each, so it never idles). */
const BATCH = 48;
const IN_FLIGHT = 2;
/** Skills this thread analyses between turns of the event loop (the workers' answers are handled then). */
const HERE_STEP = 12;

interface Slot {
  worker: Worker;
  batches: Map<number, number[]>;
  dead: boolean;
}

/** How many skills were analysed in this thread and by workers (tests). */
export interface ShareCounts {
  here: number;
  workers: number;
}

/**
 * Lint's analysis of every skill with workers (config.workers of them): the skills the cache may
 * hold are looked up here first; the rest is shared. Same results, in input order, as analyzeSkill.
 */
export async function analyzeShared(
  sources: readonly SkillSource[],
  opts: AnalyzeOptions,
  config: PoolConfig,
  onDone: (a: SkillAnalysis) => unknown,
  counts: ShareCounts = { here: 0, workers: 0 },
): Promise<SkillAnalysis[]> {
  const share = new Share(sources, opts, onDone, counts);
  // Workers only for enough sure misses (a warm lint starts none).
  for (let w = 0; w < config.workers && share.queue.length >= Math.max(1, config.minMisses) && config.script; w++) share.start(config.script);
  try {
    await share.runHere();
  } finally {
    await share.close();
  }
  await Promise.all(share.pending);
  return share.results;
}

/** One run's queue, its workers, and what this thread does with their answers. */
class Share {
  readonly results: SkillAnalysis[];
  /** Indexes of the skills not taken yet: workers take from the front, this thread from the back. */
  readonly queue: number[] = [];
  /** Skills the cache may hold: looked up here. */
  private readonly mine: number[] = [];
  readonly pending: unknown[] = [];
  private readonly options: ShareOptions;
  private readonly slots: Slot[] = [];
  private nextId = 0;
  private wake: (() => void) | undefined;

  constructor(
    private readonly sources: readonly SkillSource[],
    private readonly opts: AnalyzeOptions,
    private readonly onDone: (a: SkillAnalysis) => unknown,
    private readonly counts: ShareCounts,
  ) {
    this.results = new Array<SkillAnalysis>(sources.length);
    sources.forEach((s, i) => (opts.cache?.mayHave?.(s.file) === false || !opts.cache ? this.queue : this.mine).push(i));
    this.options = { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema, files: opts.files };
  }

  start(script: string): void {
    let worker: Worker;
    try {
      worker = new Worker(script, { stdout: false, stderr: true });
    } catch {
      return;
    }
    const slot: Slot = { worker, batches: new Map(), dead: false };
    worker.on("message", (reply: ShareReply) => this.onReply(slot, reply));
    worker.on("error", () => this.fail(slot));
    worker.on("exit", () => this.fail(slot));
    // A worker's stderr (e.g. an uncaught error's trace) is not the user's business: drain it.
    worker.stderr?.resume();
    this.slots.push(slot);
    this.send(slot);
  }

  /** This thread's part: the cached skills, then from the queue's back until the workers are done too. */
  async runHere(): Promise<void> {
    let step = 0;
    const here = async (i: number): Promise<void> => {
      this.counts.here++;
      this.settle(i, await analyzeSkill(this.sources[i]!, this.opts));
      if (++step % HERE_STEP === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    };
    for (const i of this.mine) await here(i);
    for (;;) {
      const i = this.queue.pop();
      if (i !== undefined) {
        await here(i);
        continue;
      }
      if (!this.slots.some((s) => s.batches.size > 0)) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => ((s.dead = true), s.worker.terminate().catch(() => undefined))));
  }

  private settle(i: number, a: SkillAnalysis): void {
    this.results[i] = a;
    this.pending.push(this.onDone(a));
  }

  private send(slot: Slot): void {
    const queue = this.queue;
    while (!slot.dead && slot.batches.size < IN_FLIGHT && queue.length > 0) {
      // Smaller batches near the end, so that the last ones finish together.
      const take = queue.splice(0, Math.max(8, Math.min(BATCH, Math.ceil(queue.length / 4))));
      const id = this.nextId++;
      slot.batches.set(id, take);
      const listings: PackedListing[] = [];
      for (const i of take) packListings(this.sources[i]!, this.opts.listings, listings);
      const batch: ShareBatch = { kind: "share", id, options: this.options, sources: take.map((i) => this.sources[i]!), listings };
      try {
        slot.worker.postMessage(batch);
      } catch {
        this.fail(slot);
      }
    }
  }

  /** A worker is gone or broken: its batches go back to the queue, and it gets no more. */
  private fail(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    for (const lost of slot.batches.values()) this.queue.push(...lost);
    slot.batches.clear();
    void slot.worker.terminate().catch(() => undefined);
    this.wake?.();
  }

  private onReply(slot: Slot, reply: ShareReply): void {
    const take = slot.batches.get(reply.id);
    if (!take) return;
    slot.batches.delete(reply.id);
    if (!reply.ok || reply.results.length !== take.length) {
      // A worker that answers wrongly once gets no more: its batches are analysed here.
      this.queue.push(...take);
      return this.fail(slot);
    }
    this.counts.workers += take.length;
    take.forEach((i, k) => this.settle(i, fromShare(this.sources[i]!, reply.buffer, reply.results[k]!, this.opts.cache)));
    this.send(slot);
    this.wake?.();
  }
}
