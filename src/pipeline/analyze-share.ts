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

/**
 * Lint's analysis of every skill with workers (config.workers of them): the skills the cache may
 * hold are looked up here first; the rest is shared. Same results, in input order, as analyzeSkill.
 */
export async function analyzeShared(
  sources: readonly SkillSource[],
  opts: AnalyzeOptions,
  config: PoolConfig,
  onDone: (a: SkillAnalysis) => unknown,
  /** Filled with how many skills were analysed in this thread and by workers (tests, bench/pool-probe). */
  counts: { here: number; workers: number } = { here: 0, workers: 0 },
): Promise<SkillAnalysis[]> {
  const results = new Array<SkillAnalysis>(sources.length);
  const queue: number[] = [];
  const mine: number[] = [];
  sources.forEach((s, i) => (opts.cache?.mayHave?.(s.file) === false || !opts.cache ? queue : mine).push(i));
  const options: ShareOptions = { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema, files: opts.files };
  const pending: unknown[] = [];
  const settle = (i: number, a: SkillAnalysis): void => {
    results[i] = a;
    pending.push(onDone(a));
  };
  let wake: (() => void) | undefined;
  const slots: Slot[] = [];
  let nextId = 0;

  const send = (slot: Slot): void => {
    while (!slot.dead && slot.batches.size < IN_FLIGHT && queue.length > 0) {
      const take = queue.splice(0, Math.max(8, Math.min(BATCH, Math.ceil(queue.length / 4))));
      const id = nextId++;
      slot.batches.set(id, take);
      const listings: PackedListing[] = [];
      for (const i of take) packListings(sources[i]!, opts.listings, listings);
      const batch: ShareBatch = { kind: "share", id, options, sources: take.map((i) => sources[i]!), listings };
      try {
        slot.worker.postMessage(batch);
      } catch {
        fail(slot);
      }
    }
  };
  const fail = (slot: Slot): void => {
    if (slot.dead) return;
    slot.dead = true;
    for (const lost of slot.batches.values()) queue.push(...lost);
    slot.batches.clear();
    void slot.worker.terminate().catch(() => undefined);
    wake?.();
  };
  const onReply = (slot: Slot, reply: ShareReply): void => {
    const take = slot.batches.get(reply.id);
    if (!take) return;
    slot.batches.delete(reply.id);
    if (!reply.ok || reply.results.length !== take.length) {
      // A worker that answers wrongly once gets no more: its batches are analysed here.
      queue.push(...take);
      return fail(slot);
    }
    counts.workers += take.length;
    take.forEach((i, k) => settle(i, fromShare(sources[i]!, reply.buffer, reply.results[k]!, opts.cache)));
    send(slot);
    wake?.();
  };

  for (let w = 0; w < config.workers && queue.length > 0 && config.script; w++) {
    let worker: Worker;
    try {
      worker = new Worker(config.script, { stdout: false, stderr: true });
    } catch {
      continue;
    }
    const slot: Slot = { worker, batches: new Map(), dead: false };
    worker.on("message", (reply: ShareReply) => onReply(slot, reply));
    worker.on("error", () => fail(slot));
    worker.on("exit", () => fail(slot));
    // A worker's stderr (e.g. an uncaught error's trace) is not the user's business: drain it.
    worker.stderr?.resume();
    slots.push(slot);
    send(slot);
  }

  try {
    let step = 0;
    const here = async (i: number): Promise<void> => {
      counts.here++;
      settle(i, await analyzeSkill(sources[i]!, opts));
      if (++step % HERE_STEP === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    };
    for (const i of mine) await here(i);
    for (;;) {
      const i = process.env.SKILLC_SHARE_HERE === "0" && slots.some((s) => !s.dead) ? undefined : queue.pop();
      if (i !== undefined) {
        await here(i);
        continue;
      }
      if (!slots.some((s) => s.batches.size > 0)) break;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    await Promise.all(slots.map((s) => ((s.dead = true), s.worker.terminate().catch(() => undefined))));
  }
  await Promise.all(pending);
  return results;
}
