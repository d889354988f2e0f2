// Starting an analysis worker thread: the build's pool (analyze-pool.ts) and lint's shared queue
// (analyze-share.ts) start theirs the same way.
import { Worker } from "node:worker_threads";

/** An analysis worker running `script`, its stdout off and its stderr drained. */
export function newWorker(script: string): Worker {
  const worker = new Worker(script, { stdout: false, stderr: true });
  // A worker's stderr (e.g. an uncaught error's trace) is not the user's business: drain it.
  worker.stderr?.resume();
  return worker;
}
