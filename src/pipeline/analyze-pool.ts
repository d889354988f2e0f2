// The build's CPU part of analysis (analyze-text.ts: parse + validate + body checks) on worker threads,
// for runs with enough cache misses to pay for starting them. The main thread keeps all I/O and cache
// lookups and hands this pool only the misses; results are exactly what the in-thread path computes.
// Lint gives its workers whole skills instead (analyze-share.ts); both use poolConfig and one worker.
//
// What a worker costs (bench/pool-probe.mjs, 1,000 skills): ~0.1 s of CPU to start; ~0.05 s to clone
// the results (3.3 MB) and ~0.05 s to restore them here; and most, the JIT's warm-up, which every
// isolate pays again: an isolate's first few hundred skills cost 5-10× its later ones (1.2-1.4 s of
// CPU cold for 1,000 skills, 0.6 s warm). Two cold isolates splitting 1,000 skills paid it twice. So
// the workers take every miss while this thread reads, and this thread helps only while HELP_MIN wait.
// SKILLC_WORKERS=0: no pool; =N: N workers at any size. Unset: defaultWorkers(), minMissesFor().
//
// Failure never loses a skill: a worker that cannot start, crashes or throws gives its batches back,
// and they are analysed in this thread (silently: the output is the same). When running from the
// TypeScript sources (vitest) there is no JS worker file, and everything runs in this thread.
import { builtScript } from "../util/built-script.js";
import os from "node:os";
import type { Worker } from "node:worker_threads";
import { newWorker } from "./new-worker.js";
import type { SkillSource } from "../types.js";
import { analyzeText, type TextOptions } from "./analyze-text.js";
import { fromWire, type PoolResult, type WireBatch, type WireJob, type WireReply } from "./pool-wire.js";

// The wire format lives in pool-wire.ts; its names are this module's too (the worker script and tests import them here).
export { fromWire, runBatch, toWire, type PoolResult, type WireBatch, type WireJob, type WireReply, type WireResult } from "./pool-wire.js";

// ---- the pool ----

/** Below this many cache misses the workers' start-up (~0.1 s of CPU each) costs more than they save. */
export const MIN_MISSES = 150;
/** One worker's warm-up is repaid only by a large run (2 cores: lint of 1,000 skills 8-30% slower, of 10,000 13-19% faster). */
export const MIN_MISSES_ONE_WORKER = 2000;
const MIN_CORES = 2;
/** This thread helps only while this many jobs wait: cold, its first few hundred cost 5-10× a worker's. */
export const HELP_MIN = 1000;
const BATCH = 32;
/** What this thread takes at a time when it helps: small, so that it answers the workers soon. */
const HELP_BATCH = 8;
/** Batches posted to one worker before it answers: one running, one waiting, so it never idles. */
const IN_FLIGHT = 2;

/** The built worker script next to this module (dist/ or dist/chunks/ → dist/analyze-worker.js), if any. */
export function findWorkerScript(): string | undefined {
  return builtScript("analyze-worker.js");
}

export interface PoolConfig {
  /** Worker threads to start once there is enough work; 0 = never. */
  workers: number;
  /** Cache misses needed before workers start. */
  minMisses: number;
  /** This thread takes jobs itself only while at least this many wait (default 0: always helps). */
  helpMin?: number;
  /** The worker script (internal; tests point it at a missing or failing file). Undefined = in-thread only. */
  script?: string;
}

/** The pool's configuration for this process and a run of `skills` skills, or undefined when it cannot pay. */
export function poolConfig(skills: number, env: NodeJS.ProcessEnv = process.env, inThread = false, script = findWorkerScript()): PoolConfig | undefined {
  const forced = env.SKILLC_WORKERS;
  if (!script) return undefined;
  if (forced !== undefined && forced.trim() !== "") {
    const n = Number(forced);
    if (!Number.isInteger(n) || n <= 0) return undefined;
    return { workers: Math.min(n, 16), minMisses: 1, helpMin: HELP_MIN, script };
  }
  if (inThread) return undefined;
  const cores = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  const workers = defaultWorkers(cores, os.loadavg()[0] ?? 0);
  const minMisses = minMissesFor(workers);
  if (workers === 0 || skills < minMisses) return undefined;
  return { workers, minMisses, helpMin: HELP_MIN, script };
}

/** Cache misses before the default pool starts its workers (see MIN_MISSES_ONE_WORKER). */
export function minMissesFor(workers: number): number {
  return workers === 1 ? MIN_MISSES_ONE_WORKER : MIN_MISSES;
}

/**
 * Default workers: one per core beyond this thread's (busy with the I/O), at most 4, none once the
 * 1-minute load average passes twice the cores (2 cores, 10,000 skills: faster at a load of 1.5-3.2,
 * slower at 8-16). Windows reports a load of 0.
 */
export function defaultWorkers(cores: number, load1: number): number {
  if (cores < MIN_CORES) return 0;
  const spare = Math.floor(2 * cores - Math.max(0, load1));
  return Math.max(0, Math.min(cores - 1, 4, spare));
}

interface Job extends Pick<WireJob, "source" | "paths" | "leftOut" | "hash" | "key"> {
  bytes: Uint8Array;
  resolve: (r: PoolResult) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker;
  batches: Map<number, Job[]>;
  dead: boolean;
}

/**
 * Collects cache misses; once there are `minMisses` of them, starts the workers and sends them
 * batches. `finish()` says no more will come: what is still waiting is sent (or, if the workers
 * never started, analysed here). `close()` terminates the workers.
 */
export class AnalyzePool {
  private queue: Job[] = [];
  private misses = 0;
  private slots: Slot[] | undefined;
  private nextId = 0;
  private finished = false;
  private closed = false;
  /** Jobs analysed in this thread (helping, or a worker's failure): for tests and bench/pool-probe.mjs. */
  ranHere = 0;

  constructor(
    private readonly options: TextOptions,
    private readonly config: PoolConfig,
  ) {}

  /** `key`: the analysis cache's entry key, when the result is to be stored (a worker's answer then carries its record). */
  analyze(source: SkillSource, bytes: Uint8Array, paths: string[], leftOut?: ReadonlyMap<string, string>, hash?: string, key?: string): Promise<PoolResult> {
    if (this.closed) return Promise.resolve(analyzeText(source, bytes, new Set(paths), this.options, hash, leftOut));
    return new Promise<PoolResult>((resolve, reject) => {
      this.queue.push({ source, bytes, paths, leftOut, hash, key, resolve, reject });
      this.misses++;
      if (!this.slots && this.config.workers > 0 && this.config.script && this.misses >= this.config.minMisses) this.start();
      this.pump();
    });
  }

  /** No more jobs: send the last partial batch, or analyse here when the workers never started. */
  finish(): void {
    this.finished = true;
    if (!this.slots) this.runHere(this.queue.splice(0));
    else {
      this.pump();
      this.help();
    }
  }

  /**
   * Once the I/O is done this thread would only wait: it takes batches off the queue too (the
   * workers keep one batch waiting each, so they do not idle while it works), yielding between
   * batches so that their replies are handled. It starts only when at least helpMin jobs wait, and,
   * warm by then, goes on until none does: stopping at helpMin left the last ~1,000 of a cold
   * 10,000-skill build to the worker alone, ~1 s with this thread idle.
   */
  private helping = false;
  private help(): void {
    if (this.closed || this.queue.length === 0) return;
    if (!this.helping && this.queue.length < (this.config.helpMin ?? 0)) return;
    this.helping = true;
    this.runHere(this.queue.splice(0, HELP_BATCH));
    this.pump();
    if (this.queue.length > 0) setImmediate(() => this.help());
  }

  async close(): Promise<void> {
    this.closed = true;
    this.finished = true;
    const slots = this.slots ?? [];
    for (const slot of slots) this.fail(slot);
    this.runHere(this.queue.splice(0));
    await Promise.all(slots.map((s) => s.worker.terminate().catch(() => undefined)));
  }

  private start(): void {
    this.slots = [];
    for (let i = 0; i < this.config.workers; i++) {
      let worker: Worker;
      try {
        worker = newWorker(this.config.script!);
      } catch {
        continue;
      }
      const slot: Slot = { worker, batches: new Map(), dead: false };
      worker.on("message", (reply: WireReply) => this.onReply(slot, reply));
      worker.on("error", () => this.fail(slot));
      worker.on("exit", () => this.fail(slot));
      this.slots.push(slot);
    }
  }

  private pump(): void {
    const live = this.slots?.filter((s) => !s.dead) ?? [];
    if (this.slots && live.length === 0) {
      // Every worker failed: the rest is analysed here.
      if (this.finished || this.queue.length >= BATCH) this.runHere(this.queue.splice(0));
      return;
    }
    while (live.length > 0 && (this.queue.length >= BATCH || (this.finished && this.queue.length > 0))) {
      const slot = live.reduce((a, b) => (b.batches.size < a.batches.size ? b : a));
      if (slot.batches.size >= IN_FLIGHT) return;
      this.send(slot, this.queue.splice(0, BATCH));
    }
  }

  private send(slot: Slot, jobs: Job[]): void {
    const id = this.nextId++;
    let size = 0;
    for (const j of jobs) size += j.bytes.byteLength;
    const all = new Uint8Array(size);
    const wire: WireJob[] = [];
    let at = 0;
    for (const j of jobs) {
      all.set(j.bytes, at);
      wire.push({ source: j.source, start: at, end: at + j.bytes.byteLength, paths: j.paths, leftOut: j.leftOut, hash: j.hash, ...(j.key !== undefined && { key: j.key }) });
      at += j.bytes.byteLength;
    }
    slot.batches.set(id, jobs);
    const batch: WireBatch = { id, options: this.options, buffer: all.buffer, jobs: wire };
    try {
      slot.worker.postMessage(batch, [all.buffer]);
    } catch {
      this.fail(slot);
    }
  }

  private onReply(slot: Slot, reply: WireReply): void {
    const jobs = slot.batches.get(reply.id);
    if (!jobs) return;
    slot.batches.delete(reply.id);
    if (reply.ok && reply.results.length === jobs.length) {
      jobs.forEach((j, i) => {
        try {
          j.resolve(fromWire(j.source, j.bytes, reply.results[i]!));
        } catch (error) {
          j.reject(error);
        }
      });
    } else {
      this.runHere(jobs);
    }
    this.pump();
  }

  /** A worker is gone or broken: its batches are analysed here, and it gets no more. */
  private fail(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    const lost = [...slot.batches.values()].flat();
    slot.batches.clear();
    if (!this.closed) void slot.worker.terminate().catch(() => undefined);
    this.runHere(lost);
    this.pump();
  }

  private runHere(jobs: Job[]): void {
    this.ranHere += jobs.length;
    for (const j of jobs) {
      try {
        j.resolve(analyzeText(j.source, j.bytes, new Set(j.paths), this.options, j.hash, j.leftOut));
      } catch (error) {
        j.reject(error);
      }
    }
  }
}
