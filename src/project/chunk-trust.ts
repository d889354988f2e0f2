// The record of a split outDir's chunks (emit/chunk-prints.ts): each chunk's fingerprint as the
// last build into that folder left it, so the next one keeps by name only the chunks still the
// files it wrote. A signed file beside the build cache's, one per outDir:
// node_modules/.cache/skillc/chunks-v1-<12 hex of outDir's real path>.txt, its one record the
// chunks' names and `size:mtimeMs:ctimeMs:ino` prints. A missing, foreign or edited record is no
// record: each chunk is then read and kept only if its bytes hash to its name, and this build's
// record covers them from then on. The check runs on a small thread (chunk-check.ts) when it is
// large; without the thread's script, on this thread.
import { opendirSync, statSync } from "node:fs";
import path from "node:path";
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";
import { buildCacheFile } from "../cache/build-cache.js";
import { cacheKey, writeRecordFile } from "../cache/signed-file.js";
import { encodePrints, type ChunkTrust, type TrustedChunks } from "../emit/chunk-prints.js";
import { ChunkStage } from "../emit/chunk-stage.js";
import { checkChunks, readPrints, RECORD_HEADER, type CheckAnswer, type CheckJob } from "./chunk-check.js";
import { findWriterScript } from "./chunk-thread.js";

/**
 * Records at most this large (~1,000 chunks) are checked on this thread: a thread's start (~50 ms
 * before it answers) would keep a small build waiting at its first question, and the check there
 * costs a few ms.
 */
const ON_THREAD_BYTES = 128 * 1024;
/**
 * With no record, chunks/ holding at most this many entries is checked on this thread too. Past
 * it the check reads and hashes every chunk (~300 MB, 0.5-1 s of CPU at 10,000 skills): on the
 * thread, while the build discovers and analyses.
 */
const ON_THREAD_CHUNKS = 1000;

/** How long the first question waits for the check's thread before checking on this one (it takes well under a second). */
const WAIT_MS = 20_000;

/** The record file of `outDir`'s chunks (named as the build cache's file of that folder). */
export function chunkRecordFile(projectRoot: string, outDir: string): string {
  const file = buildCacheFile(projectRoot, outDir);
  return path.join(path.dirname(file), path.basename(file).replace(/^build-v1-/, "chunks-v1-").replace(/\.json$/, ".txt"));
}

/** The check of outDir's chunks against their record (started now, answered when first asked), and the record's saving. */
export async function loadChunkTrust(projectRoot: string, outDir: string, env: NodeJS.ProcessEnv = process.env, restage = false): Promise<ChunkTrust> {
  const file = chunkRecordFile(projectRoot, outDir);
  const key = cacheKey(env);
  const save = (prints: ReadonlyMap<string, string>) => writeRecordFile(file, key, RECORD_HEADER, [["prints", encodePrints(prints)]]);
  // Every chunk staged again: nothing to check, only this build's record to save.
  if (restage) return { take: () => ({ prints: new Map(), recorded: -1 }), save };
  // SKILLC_CHUNK_CHECK=thread or main decides where (for tests); else a large record goes to the thread unread.
  const where = env.SKILLC_CHUNK_CHECK === "thread" || env.SKILLC_CHUNK_CHECK === "main" ? env.SKILLC_CHUNK_CHECK : undefined;
  const early = where === "thread" || (!where && !!key && largeRecord(file)) ? startCheck(outDir, file, key, env) : undefined;
  if (early) return { take: early, save };
  const recorded = await readPrints(file, key);
  // No record: every chunk is hashed, on the thread when there are many.
  const late = !where && recorded === undefined && manyChunks(outDir) ? startCheck(outDir, file, key, env, false) : undefined;
  if (late) return { take: late, save };
  return { take: () => ({ prints: checkChunks(outDir, recorded), recorded: recorded?.size ?? -1 }), save };
}

/** Whether the record file is past ON_THREAD_BYTES. */
function largeRecord(file: string): boolean {
  try {
    return (statSync(file, { throwIfNoEntry: false })?.size ?? 0) > ON_THREAD_BYTES;
  } catch {
    return false;
  }
}

/** Whether outDir/chunks holds more than ON_THREAD_CHUNKS entries (counted only that far). */
function manyChunks(outDir: string): boolean {
  let n = 0;
  try {
    const dir = opendirSync(path.join(outDir, "chunks"));
    try {
      while (n <= ON_THREAD_CHUNKS && dir.readSync()) n++;
    } finally {
      dir.closeSync();
    }
  } catch {
    // no folder (or an unreadable one): nothing to hash
  }
  return n > ON_THREAD_CHUNKS;
}

/**
 * The check on its thread, its answer taken synchronously; undefined when there is no script to run
 * it (then the caller checks on this thread). A thread that fails trusts no chunk. `readRecord`
 * false: this thread found no record already (not read twice).
 */
function startCheck(outDir: string, file: string, key: Buffer | undefined, env: NodeJS.ProcessEnv, readRecord = true): (() => TrustedChunks) | undefined {
  // SKILLC_CHUNK_WRITER=off: no thread of that script either (the check runs here).
  const script = findWriterScript(env);
  if (!script) return undefined;
  const done = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  const job: CheckJob = { check: { outDir, file, key: key && new Uint8Array(key), readRecord, port: port2, done } };
  let worker: Worker;
  try {
    worker = new Worker(script, { workerData: job, transferList: [port2], stdout: false, stderr: true });
  } catch {
    return undefined;
  }
  // Gone without answering (seen when the event loop turned since): the flag will never rise, so no wait.
  let failed = false;
  worker.on("error", () => (failed = true));
  worker.on("exit", () => (failed = true));
  worker.unref();
  return () => {
    if (!failed) Atomics.wait(new Int32Array(done), 0, 0, WAIT_MS);
    const msg = receiveMessageOnPort(port1)?.message as CheckAnswer | undefined;
    port1.close();
    void worker.terminate();
    // The thread failed or never answered: no chunk is trusted (all are staged again, as a cold build does).
    if (!msg || msg.error) return { prints: new Map(), recorded: -1 };
    const names = msg.names ? msg.names.split(" ") : [];
    const prints = msg.prints ? msg.prints.split(" ") : [];
    return { prints: new Map(names.map((n, i) => [n, prints[i]!])), recorded: msg.recorded };
  };
}

/** A writing split build's chunk stage, keeping by name only the chunks the record still vouches for. */
export async function openChunkStage(projectRoot: string, outDir: string, restage?: boolean): Promise<ChunkStage> {
  return ChunkStage.open(outDir, restage, undefined, await loadChunkTrust(projectRoot, outDir, process.env, restage));
}
