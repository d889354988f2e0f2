// What the analysis worker thread answers (the thread's script is project/worker-entry.ts, built to
// dist/analyze-worker.js): batches of skills from analyze-pool.ts, analysed with the same code as the
// main thread and answered in their wire form, and lint's whole-skill batches and read batches
// (analyze-share.ts). An exception in a batch is reported back (the main thread then analyses that
// batch itself); it never ends the worker.
import type { MessagePort } from "node:worker_threads";
import { runBatch, type WireBatch, type WireReply } from "./analyze-pool.js";
import { replyTransfers, runShareBatch, type ShareBatch } from "./share-wire.js";
import { readTransfers, runReadBatch, type ReadBatch } from "./read-wire.js";

/** The build pool's batch: its skills' analyses, or the error. */
export function answerBatch(port: MessagePort, batch: WireBatch): void {
  let reply: WireReply;
  try {
    reply = { id: batch.id, ok: true, results: runBatch(batch) };
  } catch (error) {
    reply = { id: batch.id, ok: false, error: String((error as Error)?.stack ?? error) };
  }
  try {
    port.postMessage(reply);
  } catch (error) {
    port.postMessage({ id: batch.id, ok: false, error: String(error) } satisfies WireReply);
  }
}

/** Lint's whole-skill batches (analyze-share.ts): each skill's bytes go back transferred, not copied. */
export function answerShare(port: MessagePort, batch: ShareBatch): Promise<void> {
  return answerTransferred(port, batch.id, () => runShareBatch(batch), replyTransfers);
}

/** Lint's read batches (read-wire.ts): each skill's bytes go back transferred. */
export function answerRead(port: MessagePort, batch: ReadBatch): Promise<void> {
  return answerTransferred(port, batch.id, () => runReadBatch(batch), readTransfers);
}

/**
 * Answers batch `id` with `run`'s results, their buffers transferred; an error in the run, or in
 * posting (a result that cannot be cloned), is answered as `ok: false`, and the main thread then
 * does the batch itself.
 */
async function answerTransferred<R>(port: MessagePort, id: number, run: () => Promise<R[]>, transfers: (results: R[]) => ArrayBuffer[]): Promise<void> {
  let reply: { id: number; ok: true; results: R[] } | { id: number; ok: false; error: string };
  try {
    reply = { id, ok: true, results: await run() };
  } catch (error) {
    reply = { id, ok: false, error: String((error as Error)?.stack ?? error) };
  }
  try {
    port.postMessage(reply, reply.ok ? transfers(reply.results) : []);
  } catch (error) {
    port.postMessage({ id, ok: false, error: String(error) });
  }
}
