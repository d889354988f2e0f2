// Whether a chunk already in outDir is still the file a build wrote. A chunk's name is the SHA-256
// of its bytes, but a file edited, truncated or replaced in outDir after it was written (by hand,
// by a tool, by a bad copy or sync) keeps its name: trusted by name, a rebuild would keep it and
// report success while the fetch loader refuses it (hash mismatch) and `import()` serves whatever
// bytes are there. Reading and hashing every kept chunk is out of a rebuild's budget (~10,800
// chunks, ~300 MB at 10,000 skills), so each build records every chunk's fingerprint (size, mtime,
// ctime, inode: what any write, truncation or replacement changes) when it has written or kept it,
// and the next one stats each chunk it lists and keeps only those whose fingerprint is unchanged
// (a stat each: ~10,800 statSync, tens of ms). The record lives with the caches
// (project/chunk-trust.ts), signed as they are. A build with no record to go by (the first after
// an upgrade or a deleted cache; no cache key) reads and hashes each chunk instead, once: its name
// is the SHA-256 of exactly its bytes, whatever its extension (.js, .json, .d.ts alike).
import { closeSync, fstatSync, openSync, readdirSync, readSync, statSync, type Stats } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { filePrint } from "../util/file-print.js";
import { READ_NO_FOLLOW } from "../util/open-flags.js";

/**
 * A content-addressed file's name in chunks/: its SHA-256 and an extension (split.ts re-exports it;
 * here so that the check's thread, project/chunk-check.ts, loads nothing of emit's rendering).
 */
export const CHUNK_NAME = /^[0-9a-f]{64}\.(?:js|json|d\.ts)$/;

/**
 * What a build may keep of outDir's chunks, checked against the record the build before left:
 * `take()` gives the chunks listed whose fingerprint is the recorded one (when there is no record,
 * e.g. the first build after an upgrade, or no cache key: each chunk whose bytes hash to its name)
 * and how many the record held (-1: none); `save` records this build's, with outDir's lock held
 * once the commit is in place.
 */
export interface ChunkTrust {
  take(): TrustedChunks;
  save(prints: ReadonlyMap<string, string>): Promise<void>;
}

export interface TrustedChunks {
  prints: Map<string, string>;
  recorded: number;
}

/** The chunk files in `dir` (regular files only: a link or folder under a chunk's name is replaced, never trusted). */
export function listChunks(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && CHUNK_NAME.test(e.name))
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/** A record's body: `name print` pairs, space-separated (one line: a join, not a line per chunk). */
export function encodePrints(prints: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  for (const [name, print] of prints) parts.push(name, print);
  return parts.join(" ");
}

/** The fingerprints of encodePrints's text; undefined when it is not one. */
export function decodePrints(text: string): Map<string, string> | undefined {
  const parts = text.length ? text.split(" ") : [];
  if (parts.length % 2) return undefined;
  const out = new Map<string, string>();
  for (let i = 0; i < parts.length; i += 2) out.set(parts[i]!, parts[i + 1]!);
  return out;
}

/**
 * Of the chunks listed in `dir` (names), those this build may keep by name, with their fingerprints:
 * with a record, a chunk whose fingerprint is the recorded one (any other, or one the record does
 * not name, is staged again from its skill as if absent); without, a chunk whose bytes hash to its
 * name (verifiedChunks).
 */
export function trustedChunks(dir: string, names: readonly string[], recorded: ReadonlyMap<string, string> | undefined): Map<string, string> {
  if (recorded === undefined) return verifiedChunks(dir, names);
  const out = new Map<string, string>();
  for (const name of names) {
    let st: Stats | undefined;
    try {
      // One stat per chunk; `throwIfNoEntry: false` spares an exception for one removed meanwhile.
      st = statSync(join(dir, name), { throwIfNoEntry: false });
    } catch {
      st = undefined;
    }
    if (!st?.isFile()) continue;
    const print = filePrint(st);
    if (recorded.get(name) === print) out.set(name, print);
  }
  return out;
}

/**
 * The largest chunk read to verify it. Every chunk a build writes is under CHUNK_CAP (256 KiB) but
 * a shard holding one oversized record; a file past this is not kept (staged again, if it is one
 * the build needs), so a huge file under a chunk's name costs no more than this to reject.
 */
export const MAX_VERIFY_BYTES = 64 * 1024 * 1024;
/** Bytes read at a time: one buffer for the whole check, so memory never holds a chunk. */
const READ_BYTES = 1024 * 1024;
/** No link followed, and no wait on a FIFO put under a chunk's name (where the platform has the flags). */
const OPEN_FLAGS = READ_NO_FOLLOW;

/** Of the chunks listed in `dir`, those whose bytes hash to their name, with their fingerprints. */
export function verifiedChunks(dir: string, names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const buf = Buffer.allocUnsafe(READ_BYTES);
  for (const name of names) {
    const print = verifiedPrint(join(dir, name), name.slice(0, 64), buf);
    if (print !== undefined) out.set(name, print);
  }
  return out;
}

/**
 * The fingerprint of `file` when it is a regular file whose SHA-256 is `hash`; undefined when it is
 * not (or cannot be read). Stat'd and read through one descriptor: the print is the file hashed, so
 * a change after it (even during the read) changes the print the next build compares.
 */
export function verifiedPrint(file: string, hash: string, buf: Buffer): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_VERIFY_BYTES) return undefined;
    const h = createHash("sha256");
    let total = 0;
    for (let n = readSync(fd, buf, 0, buf.length, null); n > 0; n = readSync(fd, buf, 0, buf.length, null)) {
      // Grown past the cap since the stat: not one the build wrote.
      if ((total += n) > MAX_VERIFY_BYTES) return undefined;
      h.update(buf.subarray(0, n));
    }
    return h.digest("hex") === hash ? filePrint(st) : undefined;
  } catch {
    return undefined;
  } finally {
    try {
      closeSync(fd);
    } catch {
      // a descriptor only read: nothing lost
    }
  }
}

/**
 * The fingerprints to record after a commit: each chunk the outputs refer to, from `known` (kept
 * by this build, as stat'd when it started) or, for one this build wrote (or knew nothing of), a
 * stat of the committed file. A chunk that cannot be stat'd is left out (the next build stages it).
 */
export function committedPrints(dir: string, keep: Iterable<string>, known: ReadonlyMap<string, string>, written: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of keep) {
    const print = written.has(name) ? undefined : known.get(name);
    if (print !== undefined) {
      out.set(name, print);
      continue;
    }
    try {
      const st = statSync(join(dir, name), { throwIfNoEntry: false });
      if (st?.isFile()) out.set(name, filePrint(st));
    } catch {
      // left out
    }
  }
  return out;
}

/**
 * Whether a record is still the one read at the start: no chunk of it stat'd afresh (each other is
 * its recorded print, kept from the check), as many as it held.
 */
export function unchangedRecord(prints: ReadonlyMap<string, string>, keep: Iterable<string>, known: ReadonlyMap<string, string>, written: ReadonlySet<string>, recorded: number): boolean {
  if (prints.size !== recorded) return false;
  for (const name of keep) if (written.has(name) || !known.has(name)) return false;
  return true;
}
