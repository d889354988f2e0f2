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
import { readdirSync } from "node:fs";
import type { Worker } from "node:worker_threads";
import type { SkillSource } from "../types.js";
import { analyzeSkill, type AnalyzeOptions, type SkillAnalysis } from "./analyze.js";
import { poolConfig, type PoolConfig } from "./analyze-pool.js";
import { newWorker } from "./new-worker.js";
import { analyzeMiss, fromShare, packListings, type PackedListing, type ShareBatch, type ShareOptions, type ShareReply } from "./share-wire.js";

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
 * Workers started before discovery, when the roots already look large enough for them: their
 * start-up (~0.1 s, then the first batch's JIT warm-up) overlaps discovery instead of the analysis.
 * Those the run does not take are terminated by close().
 */
export class EarlyWorkers {
  private readonly idle: Array<{ worker: Worker; dead: boolean }> = [];

  constructor(script: string, count: number) {
    for (let i = 0; i < count; i++) {
      try {
        const entry = { worker: newWorker(script), dead: false };
        // Listened to at once: a worker that fails before it is taken must not crash the run.
        entry.worker.on("error", () => (entry.dead = true));
        entry.worker.on("exit", () => (entry.dead = true));
        this.idle.push(entry);
      } catch {
        // none then: the run starts its own, or analyses here
      }
    }
  }

  /** Workers started and not taken that are still alive. */
  get alive(): number {
    return this.idle.filter((e) => !e.dead).length;
  }

  /** A started worker that is still alive, left in place (discovery's listings ahead, list-ahead.ts). */
  peek(): Worker | undefined {
    return this.idle.find((e) => !e.dead)?.worker;
  }

  /** A started worker that is still alive, if any is left. */
  take(): Worker | undefined {
    for (let e = this.idle.pop(); e; e = this.idle.pop()) if (!e.dead) return e.worker;
    return undefined;
  }

  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((e) => e.worker.terminate().catch(() => undefined)));
  }
}

/**
 * Early workers for a lint whose roots hold at least the pool's minMisses entries between them (a
 * flat root of skills; a nested one starts its workers after discovery), and that has no analysis
 * cache yet (a warm lint needs none). `undefined` when the pool would not start.
 */
export function earlyWorkersFor(rootDirs: readonly string[], cached: boolean): EarlyWorkers | undefined {
  if (cached) return undefined;
  let entries = 0;
  for (const dir of rootDirs) {
    try {
      entries += readdirSync(dir).length;
    } catch {
      // discovery reports it
    }
  }
  const config = poolConfig(entries);
  if (!config?.script || entries < config.minMisses) return undefined;
  return new EarlyWorkers(config.script, config.workers);
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
  /** With a cache saved in parts: each skill's part, and how many skills of each part are not settled yet. */
  private readonly parts: { of: number[]; unsettled: number[] } | undefined;

  constructor(
    private readonly sources: readonly SkillSource[],
    private readonly opts: AnalyzeOptions,
    private readonly onDone: (a: SkillAnalysis) => unknown,
    private readonly counts: ShareCounts,
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
    worker.on("message", (reply: ShareReply) => this.onReply(slot, reply));
    worker.on("error", () => this.fail(slot));
    worker.on("exit", () => this.fail(slot));
    this.slots.push(slot);
    this.send(slot);
  }

  /** This thread's part: the cached skills, then from the queue's back until the workers are done too. */
  async runHere(): Promise<void> {
    let step = 0;
    const here = async (i: number, miss: boolean): Promise<void> => {
      this.counts.here++;
      this.settle(i, await (miss ? analyzeMiss : analyzeSkill)(this.sources[i]!, this.opts));
      if (++step % HERE_STEP === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    };
    for (const i of this.mine) await here(i, false);
    for (;;) {
      const i = this.queue.pop();
      if (i !== undefined) {
        await here(i, true);
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
}
