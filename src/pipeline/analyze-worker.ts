// What the analysis worker thread answers (the thread's script is project/worker-entry.ts, built to
// dist/analyze-worker.js): batches of skills from analyze-pool.ts, analysed with the same code as the
// main thread and answered in their wire form, and lint's whole-skill batches and read batches
// (analyze-share.ts). An exception in a batch is reported back (the main thread then analyses that
// batch itself); it never ends the worker.
import type { MessagePort } from "node:worker_threads";
import { runBatch, type WireBatch, type WireReply } from "./analyze-pool.js";
import { replyTransfers, runShareBatch, type ShareBatch, type ShareReply } from "./share-wire.js";
import { readTransfers, runReadBatch, type ReadBatch, type ReadReply } from "./read-wire.js";

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
export async function answerShare(port: MessagePort, batch: ShareBatch): Promise<void> {
  let reply: ShareReply;
  try {
    reply = { id: batch.id, ok: true, results: await runShareBatch(batch) };
  } catch (error) {
    reply = { id: batch.id, ok: false, error: String((error as Error)?.stack ?? error) };
  }
  try {
    port.postMessage(reply, reply.ok ? replyTransfers(reply.results) : []);
  } catch (error) {
    port.postMessage({ id: batch.id, ok: false, error: String(error) } satisfies ShareReply);
  }
}

/** Lint's read batches (read-wire.ts): each skill's bytes go back transferred. */
export async function answerRead(port: MessagePort, batch: ReadBatch): Promise<void> {
  let reply: ReadReply;
  try {
    reply = { id: batch.id, ok: true, results: await runReadBatch(batch) };
  } catch (error) {
    reply = { id: batch.id, ok: false, error: String((error as Error)?.stack ?? error) };
  }
  try {
    port.postMessage(reply, reply.ok ? readTransfers(reply.results) : []);
  } catch (error) {
    port.postMessage({ id: batch.id, ok: false, error: String(error) } satisfies ReadReply);
  }
}
