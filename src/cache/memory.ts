// What a long-lived process (`build --watch`, `serve --watch`, the Vite plugin's dev server) keeps
// of its cache files between two builds, so that a rebuild does not read, verify and decode again
// what the build before it read or wrote. Each cache file is kept as its records (the bytes a read
// would split it into) with the stat fingerprint the file had when this process read or wrote it;
// a build uses the kept records only while the file on disk still has that fingerprint (stat'ed
// every time), i.e. when reading it again would give the same bytes (short of a write that keeps
// its size, mtime, ctime and inode: the residual risk every cache here takes). Any other file — one
// another process wrote, edited, removed — is read and verified as without memory. Beside the
// records, the values decoded from them (analysis snapshots, build entries), by record: a record
// written again as the same bytes keeps its decoded value, any other record is decoded when asked.
// Sources are still stat'ed and listed every build: only the caches' own decoding is spared.
// Holds only what the last build saw: files its build neither read nor wrote are dropped after it,
// and an error (or a config reload) drops everything.
import { lstat } from "node:fs/promises";
import type { Stats } from "node:fs";
import { filePrint } from "../util/file-print.js";

/** A cache file as read: its header, and its records by key as raw bytes (signed-file.ts). */
export interface RecordFile {
  header: Record<string, unknown>;
  records: Map<string, Buffer>;
  /** Under a CacheMemory: values decoded from these records, by record, kept for the next build (see Kept). */
  decoded?: Map<Buffer, unknown>;
}

/** Something a build leaves running for the next (a thread), ended by CacheMemory.close(). */
export interface Resident {
  readonly alive: boolean;
  close(): Promise<void>;
}

interface Kept extends RecordFile {
  /** The file's fingerprint when this process read or wrote it. */
  print: string;
  /** The signing key it was verified or signed with. */
  key: Buffer;
  decoded: Map<Buffer, unknown>;
}

export class CacheMemory {
  private readonly kept = new Map<string, Kept>();
  /** Files the running build read or wrote (the others are dropped after it). */
  private touched = new Set<string>();

  /** The build running with this memory, if any (runs wait for it). */
  private running: Promise<unknown> = Promise.resolve();

  /**
   * Runs one build given this memory (BuildOptions.memory), after any build it runs already (a dev
   * server may ask for one while another runs): one build at a time sees what the last one left.
   * Afterwards only what it read or wrote is kept; when it throws, nothing is (the next build reads
   * every cache file again).
   */
  run<T>(build: (memory: CacheMemory) => Promise<T>): Promise<T> {
    const mine = this.running.catch(() => undefined).then(() => this.runNow(build));
    this.running = mine;
    return mine;
  }

  private async runNow<T>(build: (memory: CacheMemory) => Promise<T>): Promise<T> {
    this.touched = new Set();
    try {
      const out = await build(this);
      for (const file of [...this.kept.keys()]) if (!this.touched.has(file)) this.kept.delete(file);
      return out;
    } catch (error) {
      this.clear();
      throw error;
    }
  }

  /** Forgets everything (a config reload, a failed build). */
  clear(): void {
    this.kept.clear();
  }

  /** What the builds leave running for the next one, by name (the stat thread: project/analyze-project.ts). */
  private readonly residents = new Map<string, Resident>();

  /**
   * The resident `name` for a build: the one kept, while it is alive and `fits`; else a new one from
   * `start`, kept (the one it replaces is ended).
   */
  resident<T extends Resident>(name: string, fits: (r: T) => boolean, start: () => T | undefined): T | undefined {
    const r = this.residents.get(name) as T | undefined;
    if (r?.alive && fits(r)) return r;
    if (r) void r.close();
    const made = start();
    if (made) this.residents.set(name, made);
    else this.residents.delete(name);
    return made;
  }

  /** Forgets everything and ends the residents (the watch stops). */
  async close(): Promise<void> {
    this.clear();
    const all = [...this.residents.values()];
    this.residents.clear();
    await Promise.all(all.map((r) => r.close()));
  }

  /** What is kept: cache files, their records, decoded values (tests: memory must not grow with rebuilds). */
  size(): { files: number; records: number; decoded: number } {
    let records = 0;
    let decoded = 0;
    for (const k of this.kept.values()) {
      records += k.records.size;
      decoded += k.decoded.size;
    }
    return { files: this.kept.size, records, decoded };
  }

  /** The kept records of `file`, when the file on disk still has the fingerprint they were kept with. */
  async lookup(file: string, key: Buffer): Promise<RecordFile | undefined> {
    this.touched.add(file);
    const k = this.kept.get(file);
    if (!k) return undefined;
    let print: string | undefined;
    try {
      // Not following a link: a link put in the file's place is not the file kept (and a read refuses it).
      print = filePrint(await lstat(file));
    } catch {
      print = undefined;
    }
    if (print === k.print && key.equals(k.key)) return k;
    this.kept.delete(file);
    return undefined;
  }

  /**
   * Keeps what was just read from or written to `file`, whose stat is `st` (made on the bytes read or
   * written). A record that the previous version of the file held as the same Buffer keeps its decoded value.
   */
  keep(file: string, key: Buffer, st: Stats, read: RecordFile): RecordFile {
    this.touched.add(file);
    const before = this.kept.get(file)?.decoded;
    const decoded = new Map<Buffer, unknown>();
    if (before) {
      for (const raw of read.records.values()) {
        const v = before.get(raw);
        if (v !== undefined) decoded.set(raw, v);
      }
    }
    const k: Kept = { header: read.header, records: read.records, decoded, print: filePrint(st), key };
    this.kept.set(file, k);
    return k;
  }

  /** Drops `file` (a write that failed or cannot be vouched for). */
  forget(file: string): void {
    this.touched.add(file);
    this.kept.delete(file);
  }
}

/**
 * Freezes a decoded value kept for later builds, and everything in it but what `skip` says, so that
 * a stage that would change it in place fails loudly instead of changing what the next build reuses.
 */
export function deepFreeze<T>(value: T, skip?: (v: object) => boolean): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value) || ArrayBuffer.isView(value) || skip?.(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v, skip);
  return value;
}

/**
 * Keeps what was read when the file (stat'ed by the handle read) had the same fingerprint before
 * and after the read (then those are its bytes); else it is only returned.
 */
export function keepRead(memory: CacheMemory, file: string, key: Buffer, before: Stats, after: Stats, size: number, read: RecordFile): RecordFile {
  if (size !== after.size || filePrint(before) !== filePrint(after)) {
    memory.forget(file);
    return read;
  }
  return memory.keep(file, key, after, read);
}

/** `records` with each record's bytes noted in `into` as they are written (a string encoded once, here). */
export function* keeping(records: Iterable<readonly [string, Uint8Array | string]>, into: Map<string, Buffer>): Generator<readonly [string, Buffer]> {
  for (const [k, v] of records) {
    const bytes = typeof v === "string" ? Buffer.from(v, "utf8") : Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    into.set(k, bytes);
    yield [k, bytes];
  }
}

/**
 * Keeps what was just written, when the file now at `file` is the one staged (same inode and size:
 * another process may have renamed its own over it since); its fingerprint is the stat made now.
 */
export async function keepWritten(memory: CacheMemory, file: string, key: Buffer, staged: Stats, written: RecordFile): Promise<void> {
  const now = await lstat(file);
  if (now.ino !== staged.ino || now.size !== staged.size) return memory.forget(file);
  memory.keep(file, key, now, written);
}
