// Lint's analysis on both cores: this thread and one worker (or more) each take a share of the skills
// the cache surely misses and do all of their work, the reads included. The pool of analyze-pool.ts
// (the build's) leaves every read and hash to this thread, which then stayed the bottleneck: at
// 10,000 skills, 2 cores, its CPU fell only from 4.1 s to 3.2 s with a worker busy beside it.
//
// A worker reads a batch of skills, lists their files, analyses them and answers with what this
// thread needs to rebuild each SkillAnalysis exactly as analyzeSkill would have returned it: the
// SKILL.md bytes (each skill's own buffer, transferred: the text is decoded from them only when read),
// the file list and its diagnostics, and the analysis snapshot as the cache record the cache would
// write (its UTF-8 bytes, a batch's records in one transferred buffer: the snapshot's object graph
// cost the worker ~0.3 s to serialize at 10,000 skills; this thread parses only its head, the
// frontmatter and positions when first read, and the cache writes the bytes as they are). This
// thread's own share is kept the same way (share-wire.ts analyzeMiss: no decoded text held to the
// end). The wire is share-wire.ts. Both sides take from one queue (the worker from its front in
// batches, this thread from its back a few at a time), so they finish together whatever the skills'
// sizes; with a cache kept in parts the queue is in part order, and each part is saved once settled
// (Share.inParts). A worker that fails gives its batches back, and they are analysed here.
import type { Worker } from "node:worker_threads";
import type { SkillSource } from "../types.js";
import { analyzeSkill, type AnalyzeOptions, type SkillAnalysis } from "./analyze.js";
import { poolConfig, type PoolConfig } from "./analyze-pool.js";
import { newWorker } from "./new-worker.js";
import { analyzeMiss, fromShare, packListings, type PackedListing, type ShareBatch, type ShareOptions, type ShareReply } from "./share-wire.js";
import { fromRead, isReadResult, type ReadBatch, type ReadReply, type ReadResult } from "./read-wire.js";

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

/** How many skills were analysed in this thread and by workers, and how many of this thread's a worker read (tests). */
export interface ShareCounts {
  here: number;
  workers: number;
  read?: number;
}

/**
 * What the workers do: analyse whole skills, or only read them for this thread (read-wire.ts). One
 * worker (2 cores) only reads: a second isolate compiling and warming up the analysis cost more CPU
 * than it took off this thread, and the cores were then both full (at 10,000 skills: ~6.0 s of CPU,
 * ~3.0 s wall; reading only: see read-wire.ts). With more cores, whole skills.
 */
export type ShareMode = "whole" | "reads";
export function shareMode(workers: number): ShareMode {
  return workers === 1 ? "reads" : "whole";
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
  mode: ShareMode = shareMode(config.workers),
): Promise<SkillAnalysis[]> {
  const share = new Share(sources, opts, onDone, counts, mode);
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
  /** Mode "reads": skills the worker read, to be analysed here (in the order they came). */
  private readonly ready: Array<{ i: number; read: ReadResult } | undefined> = [];
  private readyAt = 0;
  /** With a cache saved in parts: each skill's part, and how many skills of each part are not settled yet. */
  private readonly parts: { of: number[]; unsettled: number[] } | undefined;

  constructor(
    private readonly sources: readonly SkillSource[],
    private readonly opts: AnalyzeOptions,
    private readonly onDone: (a: SkillAnalysis) => unknown,
    private readonly counts: ShareCounts,
    private readonly mode: ShareMode,
  ) {
    this.results = new Array<SkillAnalysis>(sources.length);
    sources.forEach((s, i) => (opts.cache?.mayHave?.(s.file) === false || !opts.cache ? this.queue : this.mine).push(i));
    this.options = { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema, files: opts.files };
    this.parts = this.inParts();
  }

  /**
   * A cache saved in parts (savePart) gets its queue in part order: the workers settle the first parts
   * from the front, this thread the last ones from the back, and each part is saved once its skills
   * are settled, while the analysis goes on. Saved only at the end, the cache's 16 shards (24 MB at
   * 10,000 skills) were ~0.2 s of this thread alone, the workers done.
   */
  private inParts(): { of: number[]; unsettled: number[] } | undefined {
    const cache = this.opts.cache;
    if (!cache?.partOf || !cache.savePart) return undefined;
    const of = this.sources.map((s) => cache.partOf!(s.file));
    const unsettled: number[] = [];
    for (const p of of) unsettled[p] = (unsettled[p] ?? 0) + 1;
    this.queue.sort((a, b) => of[a]! - of[b]! || a - b);
    return { of, unsettled };
  }

  start(script: string): void {
    let worker: Worker | undefined;
    try {
      worker = this.opts.early?.take() ?? newWorker(script);
    } catch {
      return;
    }
    const slot: Slot = { worker, batches: new Map(), dead: false };
    worker.on("message", (reply: ShareReply | ReadReply) => (this.mode === "reads" ? this.onRead(slot, reply as ReadReply) : this.onReply(slot, reply as ShareReply)));
    worker.on("error", () => this.fail(slot));
    worker.on("exit", () => this.fail(slot));
    this.slots.push(slot);
    this.send(slot);
  }

  /**
   * This thread's part: the cached skills, then what the worker read (mode "reads"), else from the
   * queue's back, until the workers are done too.
   */
  async runHere(): Promise<void> {
    let step = 0;
    const here = async (i: number, analysis: SkillAnalysis | Promise<SkillAnalysis>): Promise<void> => {
      this.counts.here++;
      this.settle(i, await analysis);
      if (++step % HERE_STEP === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    };
    for (const i of this.mine) await here(i, analyzeSkill(this.sources[i]!, this.opts));
    for (;;) {
      if (this.readyAt < this.ready.length) {
        const { i, read } = this.ready[this.readyAt]!;
        // Let go of the bytes' wrapper as soon as it is analysed: the list holds every skill read.
        this.ready[this.readyAt++] = undefined;
        await here(i, fromRead(this.sources[i]!, read, this.opts));
        continue;
      }
      const i = this.queue.pop();
      if (i !== undefined) {
        await here(i, analyzeMiss(this.sources[i]!, this.opts));
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
    const parts = this.parts;
    if (parts && --parts.unsettled[parts.of[i]!]! === 0) this.opts.cache!.savePart!(parts.of[i]!);
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
      const batch: ShareBatch | ReadBatch = { kind: this.mode === "reads" ? "read" : "share", id, options: this.options, sources: take.map((i) => this.sources[i]!), listings };
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
    let decoded: SkillAnalysis[];
    try {
      // All decoded before any is settled: a reply that does not decode leaves none half taken.
      decoded = take.map((i, k) => fromShare(this.sources[i]!, reply.results[k]!, this.opts.cache));
    } catch {
      this.queue.push(...take);
      return this.fail(slot);
    }
    this.counts.workers += take.length;
    take.forEach((i, k) => this.settle(i, decoded[k]!));
    this.send(slot);
    this.wake?.();
  }

  /** Mode "reads": the worker's reads wait here to be analysed; a reply of the wrong shape gives its batch back. */
  private onRead(slot: Slot, reply: ReadReply): void {
    const take = slot.batches.get(reply.id);
    if (!take) return;
    slot.batches.delete(reply.id);
    if (!reply.ok || !Array.isArray(reply.results) || reply.results.length !== take.length || !reply.results.every(isReadResult)) {
      this.queue.push(...take);
      return this.fail(slot);
    }
    this.counts.read = (this.counts.read ?? 0) + take.length;
    take.forEach((i, k) => this.ready.push({ i, read: reply.results[k]! }));
    this.send(slot);
    this.wake?.();
  }
}
