// Whether a single build's metadata outputs render on a worker (emit/side-render.ts): the analysis
// pool's rule (poolConfig: SKILLC_WORKERS, cores, load average, size), never for fewer than
// MIN_MISSES renders (a warm rebuild's few changed entries), and the analysis worker script, which
// answers emit's `side` and `literals` messages too (project/worker-entry.ts). Kept here, not in
// emit/, because emit does not reach into the pipeline (ARCHITECTURE.md, "What imports what").
import type { Worker } from "node:worker_threads";
import type { SideWorkerStart } from "../emit/side-render.js";
import { findWorkerScript, MIN_MISSES, poolConfig } from "../pipeline/analyze-pool.js";
import { newWorker } from "../pipeline/new-worker.js";

export function sideWorker(env: NodeJS.ProcessEnv = process.env, script = findWorkerScript()): SideWorkerStart {
  return (work: number): Worker | undefined => {
    const chosen = work >= MIN_MISSES ? poolConfig(work, env, false, script)?.script : undefined;
    return chosen === undefined ? undefined : newWorker(chosen);
  };
}

/**
 * sideWorker, with the worker started now when `fresh` skills (rendered in full, so each a manifest
 * entry to render) already call for one: its start-up (a new isolate loading the script, ~0.2-0.4 s
 * before it runs anything) overlaps with compile and toolsets instead of delaying the worker's first
 * render. `start` hands that worker out once (a fresh one if it died meanwhile); `discard` ends it
 * when emit never took it (the build failed before, or rendered nothing on a worker).
 */
export function earlySideWorker(fresh: number, start: SideWorkerStart = sideWorker()): { start: SideWorkerStart; discard(): void } {
  let ready: Worker | undefined = start(fresh);
  let dead = false;
  if (ready) {
    // Until emit takes it: an error is only a worker lost (emit starts another), and it never keeps the process alive.
    ready.on("error", () => undefined);
    ready.once("exit", () => (dead = true));
    ready.unref();
  }
  return {
    start: (work) => {
      const worker = ready;
      ready = undefined;
      if (worker && !dead) return worker;
      if (worker) void worker.terminate().catch(() => undefined);
      return start(work);
    },
    discard: () => {
      void ready?.terminate().catch(() => undefined);
      ready = undefined;
    },
  };
}
