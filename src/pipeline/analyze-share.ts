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
// ~0.3 s to serialize at 10,000 skills; this thread parses it, as it does a cache hit's record). The
// wire is share-wire.ts. Both sides take from one queue (the worker from its front in batches, this
// thread from its back a few at a time), so they finish together whatever the skills' sizes. A
// worker that fails gives its batches back, and they are analysed here.
import { readdirSync } from "node:fs";
import type { Worker } from "node:worker_threads";
import type { SkillSource } from "../types.js";
import { analyzeSkill, type AnalyzeOptions, type SkillAnalysis } from "./analyze.js";
import { poolConfig, type PoolConfig } from "./analyze-pool.js";
import { newWorker } from "./new-worker.js";
import { EarlyWorkers, type FedWorker } from "./early-workers.js";

export { EarlyWorkers };
import { fromShare, packListings, type PackedListing, type ShareBatch, type ShareOptions, type ShareReply } from "./share-wire.js";

/** Skills a worker gets at a time (two batches in flight each, so it never idles). */
const BATCH = 48;
const IN_FLIGHT = 2;
/**
 * What an early worker is fed during discovery, at most (early-workers.ts): a part of the skills
 * small enough that the share still balances the rest, and about what a cold worker gets through
 * while discovery lists 10,000 folders.
 */
const FEED_SHARE = 0.2;
const FEED_MAX = 1500;
/** Skills this thread analyses between turns of the event loop (the workers' answers are handled then). */
const HERE_STEP = 12;

interface Slot {
  worker: Worker;
  batches: Map<number, number[]>;
  dead: boolean;
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
  return new EarlyWorkers(config.script, config.workers, Math.min(FEED_MAX, Math.floor(entries * FEED_SHARE)));
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
  // The worker fed during discovery (early-workers.ts) counts as one of them.
  share.startFed();
  for (let w = share.workers; w < config.workers && share.queue.length >= Math.max(1, config.minMisses) && config.script; w++) share.start(config.script);
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

  /** The worker fed during discovery, its batches as indexes into `sources`. */
  private readonly fed: (Omit<FedWorker, "batches"> & { batches: Map<number, number[]> }) | undefined;

  constructor(
    private readonly sources: readonly SkillSource[],
    private readonly opts: AnalyzeOptions,
    private readonly onDone: (a: SkillAnalysis) => unknown,
    private readonly counts: ShareCounts,
  ) {
    this.results = new Array<SkillAnalysis>(sources.length);
    this.fed = fedIndexes(sources, opts.early?.takeFed?.());
    const taken = new Set(this.fed ? [...this.fed.batches.values()].flat() : []);
    sources.forEach((s, i) => taken.has(i) || (opts.cache?.mayHave?.(s.file) === false || !opts.cache ? this.queue : this.mine).push(i));
    this.options = { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema, files: opts.files };
  }

  /** Workers taken (alive or not). */
  get workers(): number {
    return this.slots.length;
  }

  /** Takes the worker fed during discovery: its batches are in flight, and the replies it sent meanwhile are handled now. */
  startFed(): void {
    const fed = this.fed;
    if (!fed) return;
    const slot: Slot = { worker: fed.worker, batches: fed.batches, dead: false };
    this.nextId = fed.nextId;
    this.listen(slot);
    for (const reply of fed.replies.splice(0)) this.onReply(slot, reply);
    if (fed.dead) return this.fail(slot);
    this.send(slot);
  }

  start(script: string): void {
    let worker: Worker | undefined;
    try {
      worker = this.opts.early?.take() ?? newWorker(script);
    } catch {
      return;
    }
    const slot: Slot = { worker, batches: new Map(), dead: false };
    this.listen(slot);
    this.send(slot);
  }

  private listen(slot: Slot): void {
    slot.worker.on("message", (reply: ShareReply) => this.onReply(slot, reply));
    slot.worker.on("error", () => this.fail(slot));
    slot.worker.on("exit", () => this.fail(slot));
    this.slots.push(slot);
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
    let decoded: SkillAnalysis[];
    try {
      // All decoded before any is settled: a reply that does not decode leaves none half taken.
      decoded = take.map((i, k) => fromShare(this.sources[i]!, reply.buffer, reply.results[k]!, this.opts.cache));
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

/**
 * The fed worker's batches as indexes into `sources`; none (and the worker terminated) when a skill
 * it was fed is not among them (the run's sources are discovery's, so that does not happen).
 */
function fedIndexes(sources: readonly SkillSource[], fed: FedWorker | undefined): (Omit<FedWorker, "batches"> & { batches: Map<number, number[]> }) | undefined {
  if (!fed) return undefined;
  const index = new Map(sources.map((s, i) => [s, i]));
  const batches = new Map<number, number[]>();
  for (const [id, batch] of fed.batches) {
    const indexes = batch.map((s) => index.get(s));
    if (indexes.some((i) => i === undefined)) {
      void fed.worker.terminate().catch(() => undefined);
      return undefined;
    }
    batches.set(id, indexes as number[]);
  }
  return { ...fed, batches };
}
