// Lint's workers started before discovery (analyze-share.ts takes them). One of them is fed skills
// while discovery still walks: discovery lists folders on this thread (synchronous calls, mostly
// waiting on the kernel), and the worker's start-up and the JIT's warm-up of its first few hundred
// skills (~0.7 s of CPU per isolate at 10,000 skills) would otherwise come after it, on the critical
// path. This thread does not answer the worker meanwhile: its replies wait, and the share takes them
// (takeFed) with the worker.
import type { Worker } from "node:worker_threads";
import type { SkillSource } from "../types.js";
import type { DirEntry } from "./analysis-store.js";
import { newWorker } from "./new-worker.js";
import { packListings, type PackedListing, type ShareBatch, type ShareOptions, type ShareReply } from "./share-wire.js";

/** Skills a batch holds (analyze-share.ts sends the same). */
export const FEED_BATCH = 48;

/** A worker fed during discovery: its batches (by id) and the replies that came back before the share took it. */
export interface FedWorker {
  worker: Worker;
  batches: Map<number, SkillSource[]>;
  replies: ShareReply[];
  nextId: number;
  dead: boolean;
}

interface Feed extends FedWorker {
  options: ShareOptions;
  listings: ReadonlyMap<string, DirEntry[]> | undefined;
  /** Skills fed at most: the rest waits for the share, which balances the two threads' parts. */
  cap: number;
  fed: number;
  pending: SkillSource[];
  listener: (reply: ShareReply) => void;
}

/**
 * Workers started before discovery, when the roots already look large enough for them: their
 * start-up (~0.1 s, then the first batches' JIT warm-up) overlaps discovery instead of the analysis.
 * Those the run does not take are terminated by close().
 */
export class EarlyWorkers {
  private readonly idle: Array<{ worker: Worker; dead: boolean }> = [];
  private feed: Feed | undefined;

  /** `feedCap`: skills startFeed may feed a worker at most. */
  constructor(
    script: string,
    count: number,
    private readonly feedCap = 0,
  ) {
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

  /** A started worker that is still alive, if any is left. */
  take(): Worker | undefined {
    for (let e = this.idle.pop(); e; e = this.idle.pop()) if (!e.dead) return e.worker;
    return undefined;
  }

  /**
   * Feeds one of the workers the skills discovery finds (found()), up to feedCap of them, with the
   * options the share would send. `listings` is discovery's map, read as each batch is sent: the
   * folders below a skill's own are listed later, and the worker lists those itself.
   */
  startFeed(options: ShareOptions, listings: ReadonlyMap<string, DirEntry[]> | undefined): void {
    const cap = this.feedCap;
    if (this.feed || cap < FEED_BATCH) return;
    const entry = this.idle.pop();
    if (!entry) return;
    const feed: Feed = { worker: entry.worker, batches: new Map(), replies: [], nextId: 0, dead: entry.dead, options, listings, cap, fed: 0, pending: [], listener: (r) => feed.replies.push(r) };
    entry.worker.on("message", feed.listener);
    entry.worker.on("error", () => (feed.dead = true));
    entry.worker.on("exit", () => (feed.dead = true));
    this.feed = feed;
  }

  /** A skill discovery found: fed to the worker once a batch is full (while under the cap). */
  found(source: SkillSource): void {
    const feed = this.feed;
    if (!feed || feed.dead || feed.fed >= feed.cap) return;
    feed.pending.push(source);
    if (feed.pending.length < FEED_BATCH) return;
    const sources = feed.pending.splice(0);
    const listings: PackedListing[] = [];
    for (const s of sources) packListings(s, feed.listings, listings);
    const id = feed.nextId++;
    const batch: ShareBatch = { kind: "share", id, options: feed.options, sources, listings };
    try {
      feed.worker.postMessage(batch);
      feed.batches.set(id, sources);
      feed.fed += sources.length;
    } catch {
      feed.dead = true;
    }
  }

  /** The fed worker with its batches and early replies; from now on its messages are the caller's. */
  takeFed(): FedWorker | undefined {
    const feed = this.feed;
    if (!feed) return undefined;
    this.feed = undefined;
    feed.worker.off("message", feed.listener);
    return { worker: feed.worker, batches: feed.batches, replies: feed.replies, nextId: feed.nextId, dead: feed.dead };
  }

  async close(): Promise<void> {
    const all = this.idle.splice(0).map((e) => e.worker);
    if (this.feed) all.push(this.feed.worker);
    this.feed = undefined;
    await Promise.all(all.map((w) => w.terminate().catch(() => undefined)));
  }
}
