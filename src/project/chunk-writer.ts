// The chunk writer thread (built to dist/chunk-writer.js; started by chunk-thread.ts): compiles each
// streamed skill's body and renders its chunk and piece chunks (chunk-render.ts) and creates them in the staging folder,
// off the build's main thread. Measured at 10,000 skills on 2 cores, the main thread was the
// build's critical path, and the chunks' JSON, UTF-8, SHA-256 and creates were ~4 s of it.
//
// Jobs come one message each and are answered in order. A chunk's name is its hash: one already in
// outDir (`present`) or written here before is not written again. Without a sync per chunk (Linux:
// one syncfs at the stage's flush), each is created and written here, synchronously: this thread
// has nothing else to do meanwhile, and on the thread pool each chunk's open, write and close were
// three hand-offs there and back (10,000 skills: ~1 s of the build's CPU in futex and epoll). With
// a sync per chunk the creates run on the pool, several at once, so the syncs overlap: made
// synchronously here they queued behind each other (5.9 s of this thread's time in `open` at
// 10,000 skills on a shared disk, with an fdatasync each).
import { parentPort, workerData } from "node:worker_threads";
import { join } from "node:path";
import { renderChunk } from "../emit/chunk-render.js";
import { compileTemplate } from "../pipeline/template.js";
import { writeChunk, writeChunkSync } from "../emit/chunk-file.js";
import type { WriterData, WriterJob, WriterReply } from "./chunk-thread.js";
import type { CheckJob } from "./chunk-check.js";

// Started to check outDir's chunks against their record instead (chunk-trust.ts): that, and no job
// comes. Its module loaded only then (a writer thread loads only what writing needs).
const checking = !!(workerData as Partial<CheckJob>).check;
if (checking) {
  const job = (workerData as CheckJob).check;
  // A module that fails to load still raises the flag (no answer: the build trusts no chunk), or the main thread would wait.
  const fail = () => (Atomics.store(new Int32Array(job.done), 0, 1), Atomics.notify(new Int32Array(job.done), 0));
  void import("./chunk-check.js").then((m) => m.runCheck(job), fail);
}

const data = workerData as WriterData;
const seen = new Set(data.present);

// A check thread takes no job: with no listener it ends once its answer is sent, whether or not the
// build ever asks for it (a build that fails first, in watch mode or a plugin session, leaks no thread).
if (!checking) parentPort?.on("message", (job: WriterJob) => {
  let chunk: ReturnType<typeof renderChunk>;
  try {
    // Written synchronously below before the next job (no sync): the chunk's bytes stay in the renderer's scratch buffer.
    chunk = renderChunk({ template: compileTemplate(job.body, job.options), files: job.files }, { scratch: !data.sync });
  } catch (err) {
    return reply({ id: job.id, fail: err instanceof Error ? err.message : String(err) });
  }
  const out: Extract<WriterReply, { hash: string }> = { id: job.id, hash: chunk.hash, pieces: chunk.pieces.map((p) => p.hash), wrote: [], bytes: 0 };
  const todo = [chunk, ...chunk.pieces].filter((part) => {
    const name = `${part.hash}.js`;
    if (seen.has(name)) return false;
    seen.add(name);
    out.wrote.push(name);
    out.bytes += part.bytes.length;
    return true;
  });
  let left = todo.length;
  if (left === 0) return reply(out);
  if (!data.sync) {
    for (const part of todo) {
      const err = writeChunkSync(join(data.dir, `${part.hash}.js`), part.bytes);
      if (err && !out.error) out.error = errorOf(err);
    }
    return reply(out);
  }
  for (const part of todo) {
    writeChunk(join(data.dir, `${part.hash}.js`), part.bytes, data.sync, (err) => {
      if (err && !out.error) out.error = errorOf(err);
      if (--left === 0) reply(out);
    });
  }
});

function reply(r: WriterReply): void {
  parentPort!.postMessage(r);
}

function errorOf(err: unknown): { message: string; code?: string } {
  const e = err as NodeJS.ErrnoException;
  return { message: e instanceof Error ? e.message : String(err), ...(typeof e?.code === "string" && { code: e.code }) };
}
