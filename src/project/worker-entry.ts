// The analysis worker thread's script (built to dist/analyze-worker.js; the pool finds it next to
// its chunks, pipeline/analyze-pool.ts findWorkerScript). One script answers all of a worker's jobs,
// so that a large single build's emit can use the worker analysis warmed up: the build pool's
// batches and lint's whole skills (pipeline/analyze-worker.ts), and a single build's metadata
// outputs and index.js payloads (emit/side-render.ts, emit/files-offload.ts). It lives in project/
// because it is the one module that reaches both the pipeline and emit.
import { parentPort } from "node:worker_threads";
import type { WireBatch } from "../pipeline/analyze-pool.js";
import type { ShareBatch } from "../pipeline/share-wire.js";
import type { ReadBatch } from "../pipeline/read-wire.js";
import { answerBatch, answerRead, answerShare } from "../pipeline/analyze-worker.js";
import { runList, type ListMessage } from "../pipeline/list-ahead.js";
import { runSide, type SideMessage, type SideReply } from "../emit/side-render.js";
import { runLiterals, type LiteralBatch, type LiteralReply } from "../emit/files-offload.js";

const port = parentPort;
if (port) {
  port.on("message", (message: WireBatch | ShareBatch | ReadBatch | SideMessage | LiteralBatch | ListMessage) => {
    if (!("kind" in message)) return answerBatch(port, message);
    if (message.kind === "side") return side(message);
    if (message.kind === "literals") return literals(message);
    if (message.kind === "list") return runList(message);
    if (message.kind === "read") return void answerRead(port, message);
    void answerShare(port, message);
  });
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
