// The check of a split outDir's chunks against their record (emit/chunk-prints.ts), run on a small
// thread started as the build starts (the chunk writer's script, dist/chunk-writer.js, in its
// "check" mode): the listing, the record's read and signature check, and a stat per chunk
// (~10,800 at 10,000 skills: ~50 ms of statSync, and ~20 ms of listing, on this machine's main
// thread otherwise); with no record, a read and a SHA-256 of each chunk instead (~300 MB). It is
// done long before the build first asks (after discovery and the first analyses); the main thread
// then takes the answer synchronously: a flag in shared memory, and the message read off its port
// with receiveMessageOnPort.
import type { MessagePort } from "node:worker_threads";
import { join } from "node:path";
import { readRecordFile } from "../cache/signed-file.js";
import { decodePrints, listChunks, trustedChunks } from "../emit/chunk-prints.js";

/** The record's header (its one record, `prints`, is encodePrints's text). */
export const RECORD_HEADER = { chunks: 2 };

export interface CheckJob {
  /** `readRecord` false: the build found no record (every chunk is hashed). */
  check: { outDir: string; file: string; key?: Uint8Array; readRecord?: boolean; port: MessagePort; done: SharedArrayBuffer };
}

/** The answer: the trusted chunks' names and prints, each joined by spaces; the record's size (-1: none). */
export interface CheckAnswer {
  names: string;
  prints: string;
  recorded: number;
  error?: string;
}

/** The largest record read: room for ~1.5 million chunks, far under V8's string limit. */
const MAX_PRINTS_BYTES = 192 * 1024 * 1024;

/** The recorded fingerprints of `file`, when it is a record this user's key signed. */
export async function readPrints(file: string, key: Buffer | undefined): Promise<Map<string, string> | undefined> {
  const read = await readRecordFile(file, key);
  const body = read && read.header.chunks === RECORD_HEADER.chunks ? read.records.get("prints") : undefined;
  // ~1.3 MB at 10,000 skills: a record past MAX_PRINTS_BYTES (or one that cannot be decoded) is no record.
  if (!body || body.length > MAX_PRINTS_BYTES) return undefined;
  try {
    return decodePrints(body.toString("latin1"));
  } catch {
    return undefined;
  }
}

/** The check itself, in the calling thread (no record: each chunk hashed). */
export function checkChunks(outDir: string, recorded: ReadonlyMap<string, string> | undefined): Map<string, string> {
  const dir = join(outDir, "chunks");
  return trustedChunks(dir, listChunks(dir), recorded);
}

/** The thread's side: checks, answers on the port, then raises the flag (the answer is queued first). */
export async function runCheck(job: CheckJob["check"]): Promise<void> {
  let answer: CheckAnswer;
  try {
    const recorded = job.readRecord === false ? undefined : await readPrints(job.file, job.key && Buffer.from(job.key));
    const prints = checkChunks(job.outDir, recorded);
    answer = { names: [...prints.keys()].join(" "), prints: [...prints.values()].join(" "), recorded: recorded?.size ?? -1 };
  } catch (err) {
    answer = { names: "", prints: "", recorded: -1, error: err instanceof Error ? err.message : String(err) };
  }
  job.port.postMessage(answer);
  const flag = new Int32Array(job.done);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  job.port.close();
}
