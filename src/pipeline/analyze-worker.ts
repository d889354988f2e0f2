// The worker thread of analyze-pool.ts (built to dist/analyze-worker.js): analyses batches of skills
// with the same code as the main thread and answers with their wire form. An exception in a batch is
// reported back (the main thread then analyses that batch itself); it never ends the worker.
import { parentPort } from "node:worker_threads";
import { runBatch, type WireBatch, type WireReply } from "./analyze-pool.js";
import { runShareBatch, type ShareBatch, type ShareReply } from "./share-wire.js";

const port = parentPort;
if (port) {
  port.on("message", (batch: WireBatch | ShareBatch) => {
    if ("kind" in batch) return void share(batch);
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
  });
}

/** Lint's whole-skill batches (analyze-share.ts): the bytes go back transferred, not copied. */
async function share(batch: ShareBatch): Promise<void> {
  let reply: ShareReply;
  try {
    const { buffer, results } = await runShareBatch(batch);
    reply = { id: batch.id, ok: true, buffer, results };
  } catch (error) {
    reply = { id: batch.id, ok: false, error: String((error as Error)?.stack ?? error) };
  }
  try {
    port!.postMessage(reply, reply.ok ? [reply.buffer] : []);
  } catch (error) {
    port!.postMessage({ id: batch.id, ok: false, error: String(error) } satisfies ShareReply);
  }
}
