// The worker thread of analyze-pool.ts (built to dist/analyze-worker.js): analyses batches of skills
// with the same code as the main thread and answers with their wire form. An exception in a batch is
// reported back (the main thread then analyses that batch itself); it never ends the worker.
// A large single build also starts one to render its metadata outputs (emit/side-render.ts).
import { parentPort } from "node:worker_threads";
import { runBatch, type WireBatch, type WireReply } from "./analyze-pool.js";
import { runShareBatch, type ShareBatch, type ShareReply } from "./share-wire.js";
import { runSide, type SideMessage, type SideReply } from "../emit/side-render.js";
import { runLiterals, type LiteralBatch, type LiteralReply } from "../emit/files-offload.js";

const port = parentPort;
if (port) {
  port.on("message", (batch: WireBatch | ShareBatch | SideMessage | LiteralBatch) => {
    if ("kind" in batch) return void (batch.kind === "side" ? side(batch) : batch.kind === "literals" ? literals(batch) : share(batch));
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

/** A single build's metadata outputs (emit/side-render.ts): rendered here while the main thread writes index.js. */
function side(message: SideMessage): void {
  let reply: SideReply;
  try {
    reply = { ok: true, result: runSide(message.job) };
  } catch (error) {
    reply = { ok: false, error: String((error as Error)?.stack ?? error) };
  }
  try {
    port!.postMessage(reply);
  } catch (error) {
    port!.postMessage({ ok: false, error: String(error) } satisfies SideReply);
  }
}

/** A batch of index.js payloads (emit/files-offload.ts): the bytes go back transferred. An error answers with none (rendered there). */
function literals(batch: LiteralBatch): void {
  let reply: LiteralReply;
  try {
    reply = runLiterals(batch);
  } catch {
    reply = { kind: "literals", index: batch.index };
  }
  port!.postMessage(reply, reply.buffer ? [reply.buffer] : []);
}
