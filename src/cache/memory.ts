// What a long-lived process (`build --watch`, `serve --watch`, the Vite plugin's dev server) keeps
// of its cache files between two builds, so that a rebuild does not read, verify and decode again
// what the build before it read or wrote. Each cache file is kept as its records (the bytes a read
// would split it into) with the stat fingerprint the file had when this process read or wrote it;
// a build uses the kept records only while the file on disk still has that fingerprint (stat'ed
// every time), i.e. exactly when reading it again would give the same bytes. Any other file — one
// another process wrote, edited, removed — is read and verified as without memory. Beside the
// records, the values decoded from them (analysis snapshots, build entries), by record: a record
// written again as the same bytes keeps its decoded value, any other record is decoded when asked.
// Sources are still stat'ed and listed every build: only the caches' own decoding is spared.
// Holds only what the last build saw: files its build neither read nor wrote are dropped after it,
// and an error (or a config reload) drops everything.
import { AsyncLocalStorage } from "node:async_hooks";
import { stat } from "node:fs/promises";
import type { Stats } from "node:fs";
import { filePrint } from "../util/file-print.js";

/** A cache file as read: its header, and its records by key as raw bytes (signed-file.ts). */
export interface RecordFile {
  header: Record<string, unknown>;
  records: Map<string, Buffer>;
  /** Under a CacheMemory: values decoded from these records, by record, kept for the next build (see Kept). */
  decoded?: Map<Buffer, unknown>;
}

interface Kept extends RecordFile {
  /** The file's fingerprint when this process read or wrote it. */
  print: string;
  /** The signing key it was verified or signed with. */
  key: Buffer;
  decoded: Map<Buffer, unknown>;
}

const active = new AsyncLocalStorage<CacheMemory>();

/** The memory of the build running in this async context, if it runs under one. */
export function currentMemory(): CacheMemory | undefined {
  return active.getStore();
}

export class CacheMemory {
  private readonly kept = new Map<string, Kept>();
  /** Files the running build read or wrote (the others are dropped after it). */
  private touched = new Set<string>();

  /**
   * Runs one build with this memory. Afterwards only what it read or wrote is kept; when it throws,
   * nothing is (the next build reads every cache file again).
   */
  async run<T>(build: () => Promise<T>): Promise<T> {
    this.touched = new Set();
    try {
      const out = await active.run(this, build);
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
      print = filePrint(await stat(file));
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
