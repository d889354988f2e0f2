// Lint's workers started before discovery (analyze-share.ts takes them; list-ahead.ts lists ahead on
// one meanwhile).
import { readdirSync } from "node:fs";
import type { Worker } from "node:worker_threads";
import { poolConfig } from "./analyze-pool.js";
import { newWorker } from "./new-worker.js";

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
