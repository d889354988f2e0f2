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
