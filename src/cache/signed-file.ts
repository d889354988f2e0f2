// Reading and writing the cache files under node_modules/.cache/skillc so that only this user's
// own runs are ever trusted. Each file is signed (HMAC-SHA256) with a random per-user key kept
// outside every project, in $XDG_CACHE_HOME/skillc or ~/.cache/skillc (mode 0600). A cache file
// that a pull request adds, a CI cache restores from another run, or anyone edits, fails the check
// and is ignored, the same as no cache: its analysis is redone from the SKILL.md. What passes the
// check is still validated for shape (shape.ts) before use, so even a file this user's key
// signed can never crash a run. No key (no home folder, read-only) means no cache.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import { mkdir, open, rename, rm, type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { recordJson } from "./analysis-record.js";
import { keeping, keepRead, keepWritten, type CacheMemory, type RecordFile } from "./memory.js";
import { READ_NO_FOLLOW } from "../util/open-flags.js";
import { isMap } from "../util/is-map.js";

// v3: the body is a header and one record a line (see encodeBody); a v2 file is ignored.
const MAGIC = "skillc-cache-v3 ";
/** Larger cache files are ignored: reading them could cost more than the analysis they save. */
export const MAX_CACHE_BYTES = 512 * 1024 * 1024;
const keys = new Map<string, Buffer | undefined>();

/** Where the signing key lives for this environment. */
export function cacheKeyFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : env.HOME ? path.join(env.HOME, ".cache") : safeHome();
  return base ? path.join(base, "skillc", "cache-key") : undefined;
}

function safeHome(): string | undefined {
  try {
    const h = os.homedir();
    return h ? path.join(h, ".cache") : undefined;
  } catch {
    return undefined;
  }
}

/** The per-user signing key, created on first use; undefined when it cannot be read or made. */
export function cacheKey(env: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  const file = cacheKeyFile(env);
  if (!file) return undefined;
  if (keys.has(file)) return keys.get(file);
  let key: Buffer | undefined;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const text = fs.readFileSync(file, "utf8").trim();
    key = /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, "hex") : undefined;
  } catch {
    key = undefined;
  }
  keys.set(file, key);
  return key;
}

function sign(key: Buffer, body: Uint8Array | readonly Uint8Array[]): string {
  const hmac = createHmac("sha256", key);
  for (const part of Array.isArray(body) ? body : [body]) hmac.update(part);
  return hmac.digest("hex");
}

/**
 * A cache file's contents as stored (RecordFile, memory.ts): a header object, and records by key whose
 * values stay raw JSON bytes until asked for. At 10,000 skills the caches hold tens of MB: a rebuild
 * parses each record only when it looks the skill up, and writes an unchanged record back as the
 * bytes it read (re-serializing every entry cost 0.2 s per cache file per rebuild).
 */
export type { RecordFile } from "./memory.js";

/**
 * The body of a cache file: the header as JSON on the first line, then one record a line, in key
 * order: the key as a JSON string, a tab, the value as JSON. JSON text holds no raw newline, and a
 * JSON string no raw tab, so a line's first tab ends its key. Yielded part by part, so a writer
 * never holds the whole body.
 */
function* encodeBody(header: string, records: Iterable<readonly [string, Uint8Array | string]>): Generator<Uint8Array | string> {
  yield header;
  for (const [k, v] of records) {
    yield "\n" + JSON.stringify(k) + "\t";
    yield v;
  }
}

function decodeBody(body: Buffer): RecordFile | undefined {
  let eol = body.indexOf(10);
  if (eol < 0) eol = body.length;
  const header: unknown = JSON.parse(body.toString("utf8", 0, eol));
  if (!header || typeof header !== "object" || Array.isArray(header)) return undefined;
  const records = new Map<string, Buffer>();
  for (let at = eol + 1; at < body.length; ) {
    let end = body.indexOf(10, at);
    if (end < 0) end = body.length;
    const tab = body.indexOf(9, at);
    if (tab < 0 || tab > end) return undefined;
    const key = recordKey(body, at, tab);
    if (key === undefined) return undefined;
    records.set(key, body.subarray(tab + 1, end));
    at = end + 1;
  }
  return { header: header as Record<string, unknown>, records };
}

/**
 * A record's key, the JSON string in `body[at, end)`: most hold no escape, and are their bytes between
 * the quotes (JSON.parse for each of 30,000 keys a rebuild reads cost ~30 ms); any other is parsed.
 */
function recordKey(body: Buffer, at: number, end: number): string | undefined {
  if (end - at >= 2 && body[at] === 0x22 && body[end - 1] === 0x22) {
    let plain = true;
    // No escape, control character or inner quote: the bytes are the string.
    for (let i = at + 1; i < end - 1 && plain; i++) plain = body[i]! >= 0x20 && body[i] !== 0x22 && body[i] !== 0x5c;
    if (plain) return body.toString("utf8", at + 1, end - 1);
  }
  try {
    const key: unknown = JSON.parse(body.toString("utf8", at, end));
    return typeof key === "string" ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The records of a cache file this user's runs wrote, or undefined (missing, foreign, edited, too
 * large, malformed). `memory`: a long-lived process's (memory.ts), which keeps what is read.
 */
export async function readRecordFile(file: string, key: Buffer | undefined, memory?: CacheMemory): Promise<RecordFile | undefined> {
  if (!key) return undefined;
  // The last build of a long-lived process read or wrote it, and it is still that file: as read then.
  const kept = await memory?.lookup(file, key);
  if (kept) return kept;
  let fh: FileHandle | undefined;
  try {
    // A checkout can commit a cache file as a FIFO (a read would block for good) or a link to
    // /dev/zero (endless): opened without following a link or blocking, read only as a regular file.
    fh = await open(file, READ_NO_FOLLOW);
    const st = await fh.stat();
    if (!st.isFile() || st.size > MAX_CACHE_BYTES) return undefined;
    // Checked as bytes and split into records without decoding them (each is parsed when used).
    const bytes = await fh.readFile();
    const eol = bytes.indexOf(10);
    if (eol !== MAGIC.length + 64 || bytes.toString("latin1", 0, MAGIC.length) !== MAGIC) return undefined;
    const body = bytes.subarray(eol + 1);
    const given = Buffer.from(bytes.toString("latin1", MAGIC.length, eol), "hex");
    const wanted = Buffer.from(sign(key, body), "hex");
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return undefined;
    const read = decodeBody(body);
    // Kept when the file (by its handle) is unchanged by the end of the read: then these are its bytes.
    return read && memory ? keepRead(memory, file, key, st, await fh.stat(), bytes.length, read) : read;
  } catch {
    return undefined;
  } finally {
    await fh?.close().catch(() => {});
  }
}

/** Bytes of records written to the staged file at a time (a record larger than this is one write of its own). */
export const WRITE_BATCH = 1024 * 1024;

/**
 * Writes a header and records signed, atomically; failures to write are ignored (the cache is an
 * optimisation), an error of `records` itself is thrown. Streamed: the body goes to the staged file
 * in batches of about WRITE_BATCH bytes while the HMAC is updated with them, and the signature,
 * known only at the end, is written over a placeholder of its length in the first line. Memory
 * holds one batch, not the file (at 10,000 skills a copy of the whole body was 24 MB at once).
 * Only a whole, signed file is renamed into place: a build killed meanwhile leaves the previous
 * file as it was. Staged under a random name, created exclusively: a checkout can commit files here
 * (`git add -f`), and a link at `<file>.<pid>.tmp` had this write go through it (CI's split build too).
 * `memory`: a long-lived process's (memory.ts), which keeps what is written (the header as a read
 * would parse it, unless `headerIsJson`).
 */
export async function writeRecordFile(
  file: string,
  key: Buffer | undefined,
  header: Record<string, unknown>,
  records: Iterable<readonly [string, Uint8Array | string]>,
  memory?: CacheMemory,
  /** The header holds JSON values only (plain objects, arrays, strings, finite numbers, booleans, null): memory keeps it as given. */
  headerIsJson = false,
): Promise<void> {
  if (!key) return;
  const tmp = `${file}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`;
  let fh: FileHandle | undefined;
  // `memory` keeps the records as written (memory.ts), and the header as a read parses it.
  const written = memory && new Map<string, Buffer>();
  const headerJson = JSON.stringify(header);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    fh = await open(tmp, "wx");
    const hmac = createHmac("sha256", key);
    await fh.write(Buffer.from(`${MAGIC}${"0".repeat(64)}\n`, "latin1"));
    // Parts are copied into one batch buffer (a Buffer per record's key cost a 10,000-skill rebuild ~60 ms).
    // Room for a batch and one more part up to a batch's size: a batch is written once past WRITE_BATCH.
    const batch = Buffer.allocUnsafe(2 * WRITE_BATCH);
    let used = 0;
    const flush = async () => {
      if (used === 0) return;
      hmac.update(batch.subarray(0, used));
      await writeAll(fh!, [batch.subarray(0, used)]);
      used = 0;
    };
    for (const part of bodyParts(headerJson, written ? keeping(records, written) : records)) {
      // A string takes at most 3 bytes a UTF-16 unit in UTF-8.
      const most = typeof part === "string" ? part.length * 3 : part.byteLength;
      if (most > WRITE_BATCH) {
        await flush();
        const big = typeof part === "string" ? Buffer.from(part, "utf8") : part;
        hmac.update(big);
        await writeAll(fh, [big]);
        continue;
      }
      if (typeof part === "string") used += batch.write(part, used, "utf8");
      else used += (batch.set(part, used), part.byteLength);
      if (used >= WRITE_BATCH) await flush();
    }
    await flush();
    const sig = Buffer.from(hmac.digest("hex"), "latin1");
    await fh.write(sig, 0, sig.length, MAGIC.length);
    const staged = written && (await fh.stat());
    await fh.close();
    fh = undefined;
    await rename(tmp, file);
    if (memory && staged) await keepWritten(memory, file, key, staged, { header: headerIsJson ? header : (JSON.parse(headerJson) as Record<string, unknown>), records: written });
  } catch (error) {
    memory?.forget(file);
    await fh?.close().catch(() => {});
    await rm(tmp, { force: true }).catch(() => {});
    if (error instanceof RecordsError) throw error.cause;
    // A read-only node_modules must not fail a build.
  }
}

/** An error thrown by the caller's records, told apart from a failed write (which is ignored). */
class RecordsError extends Error {}

function* bodyParts(header: string, records: Iterable<readonly [string, Uint8Array | string]>): Generator<Uint8Array | string> {
  const parts = encodeBody(header, records);
  for (;;) {
    let next: IteratorResult<Uint8Array | string>;
    try {
      next = parts.next();
    } catch (cause) {
      throw new RecordsError("records", { cause });
    }
    if (next.done) return;
    yield next.value;
  }
}

/** Writes every byte of `parts` (writev may write less than asked). */
async function writeAll(fh: FileHandle, parts: Uint8Array[]): Promise<void> {
  let rest = parts;
  while (rest.length > 0) {
    let { bytesWritten } = await fh.writev(rest);
    if (bytesWritten === 0) throw new Error("writev wrote nothing");
    while (rest.length > 0 && bytesWritten >= rest[0]!.byteLength) bytesWritten -= rest.shift()!.byteLength;
    if (rest.length > 0 && bytesWritten > 0) rest[0] = rest[0]!.subarray(bytesWritten);
  }
}

/**
 * The map a header-only cache file keeps under `field` (the listing cache's folders, recheck's
 * verdicts), when the file is this user's and was written under `cacheKey`; else an empty one.
 */
export async function readHeaderMap(file: string, secret: Buffer | undefined, cacheKey: string, field: string, memory?: CacheMemory): Promise<Record<string, unknown>> {
  const read = await readRecordFile(file, secret, memory);
  const map = read && read.header.key === cacheKey ? read.header[field] : undefined;
  return isMap(map) ? map : {};
}

/**
 * A cache file as one value: its header's fields, and `entries` holding every record parsed (for
 * tests and tools; the caches read records one by one). Undefined as readRecordFile, or when a
 * record is not JSON.
 */
export async function readCacheFile(file: string, key: Buffer | undefined): Promise<unknown> {
  const read = await readRecordFile(file, key);
  if (!read) return undefined;
  try {
    const entries: Record<string, unknown> = {};
    // An analysis record may be stored in parts (analysis-record.ts); any other is JSON.
    for (const [k, v] of read.records) entries[k] = recordJson(v);
    return { ...read.header, entries };
  } catch {
    return undefined;
  }
}

/** Writes `value` (an object; its `entries` object becomes the records) as readCacheFile reads it. */
export async function writeCacheFile(file: string, key: Buffer | undefined, value: unknown): Promise<void> {
  const { entries, ...header } = (value ?? {}) as { entries?: Record<string, unknown> };
  const records = Object.keys(entries ?? {})
    .sort()
    .map((k) => [k, JSON.stringify(entries![k])] as const);
  await writeRecordFile(file, key, header, records);
}
