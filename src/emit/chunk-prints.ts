// Whether a chunk already in outDir is still the file a build wrote. A chunk's name is the SHA-256
// of its bytes, but a file edited, truncated or replaced in outDir after it was written (by hand,
// by a tool, by a bad copy or sync) keeps its name: trusted by name, a rebuild would keep it and
// report success while the fetch loader refuses it (hash mismatch) and `import()` serves whatever
// bytes are there. Reading and hashing every kept chunk is out of a rebuild's budget (~10,800
// chunks, ~300 MB at 10,000 skills), so each build records every chunk's fingerprint (size, mtime,
// ctime, inode: what any write, truncation or replacement changes) when it has written or kept it,
// and the next one stats each chunk it lists and keeps only those whose fingerprint is unchanged
// (a stat each: ~10,800 statSync, tens of ms). The record lives with the caches
// (project/chunk-trust.ts), signed as they are.
import { readdirSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { filePrint } from "../util/file-print.js";

/**
 * A content-addressed file's name in chunks/: its SHA-256 and an extension (split.ts re-exports it;
 * here so that the check's thread, project/chunk-check.ts, loads nothing of emit's rendering).
 */
export const CHUNK_NAME = /^[0-9a-f]{64}\.(?:js|json|d\.ts)$/;

/**
 * What a build may keep of outDir's chunks, checked against the record the build before left:
 * `take()` gives the chunks listed whose fingerprint is the recorded one (each chunk when there is
 * no record, e.g. the first build after an upgrade, or no cache key: trusted by name once, as before
 * records existed) and how many the record held (-1: none); `save` records this build's, with
 * outDir's lock held once the commit is in place.
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
 * not name, is staged again from its skill as if absent); without, every regular file (its
 * fingerprint noted, so the record this build saves covers it).
 */
export function trustedChunks(dir: string, names: readonly string[], recorded: ReadonlyMap<string, string> | undefined): Map<string, string> {
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
    if (recorded === undefined || recorded.get(name) === print) out.set(name, print);
  }
  return out;
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
