// What the archive readers return, their limits, and the path checks that keep every entry inside
// the folder it is extracted to (zip-slip).
import { escapeTerminal } from "../util/hidden-chars.js";
import { notPortable } from "../util/portable-name.js";

export { notPortable };

/** One archive member. Paths are posix and relative ("my-skill/SKILL.md"); folders have no trailing "/". */
export type ArchiveEntry =
  | { type: "file"; path: string; data: Uint8Array; executable: boolean }
  | { type: "dir"; path: string };

export interface ArchiveLimits {
  /** Members (files and folders) an archive or folder may hold. @default 10000 */
  maxEntries: number;
  /** Total uncompressed bytes of the files. @default 64 MiB */
  maxTotalBytes: number;
  /** Uncompressed bytes of one file. @default 16 MiB */
  maxFileBytes: number;
  /** The archive file itself, before unpacking. @default 64 MiB */
  maxSourceBytes: number;
  /**
   * Uncompressed ÷ compressed bytes, for a member (or a whole gzip stream) that unpacks to more than
   * 1 MiB. Text compresses 3–10×, deflate at most ~1030×: beyond this it is a bomb. @default 200
   */
  maxRatio: number;
}

export const DEFAULT_LIMITS: ArchiveLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 64 * 1024 * 1024,
  maxFileBytes: 16 * 1024 * 1024,
  maxSourceBytes: 64 * 1024 * 1024,
  maxRatio: 200,
};

/** Below this, a high compression ratio is harmless (a file of repeated text). */
const RATIO_FLOOR = 1024 * 1024;

/** Refuses `unpacked` bytes from `packed` when over the ratio limit (a compression bomb). */
export function checkRatio(what: string, packed: number, unpacked: number, limits: ArchiveLimits): void {
  if (unpacked > RATIO_FLOOR && unpacked > packed * limits.maxRatio) {
    throw new ArchiveError(
      `${what} unpacks ${packed} bytes into ${unpacked} (more than ${limits.maxRatio}:1); it was refused as a possible zip bomb.`,
    );
  }
}

/** A refused or unreadable archive; the message names the entry when one is to blame. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
}

/**
 * The entry's path as safe relative posix segments joined by "/", or an ArchiveError when it could
 * leave the extraction folder (absolute paths, drive letters, backslashes, ".." segments, NUL) or
 * would not be itself on Windows (notPortable).
 * "" for the archive's own top ("./", as `tar -C dir .` writes it).
 */
export function safeEntryPath(raw: string): string {
  const fail = (why: string) => new ArchiveError(`entry "${printable(raw)}" ${why}; the archive was refused and nothing was written.`);
  // First, as the other messages quote the name whole: a 64 KiB zip name or a 1 MiB pax path is
  // otherwise tens of thousands of segments, each a folder the set checks (entry-set.ts) and the
  // write creates, and past the filesystem's PATH_MAX the write fails (ENAMETOOLONG) half done.
  if (raw.length > ENTRY_PATH_MAX) throw tooLong(raw, `is ${raw.length} characters long, over the ${ENTRY_PATH_MAX} a skill's file path may have (the runtime serves none longer)`);
  if (raw.includes("\0")) throw fail("holds a NUL character");
  const hidden = invisible(raw);
  if (hidden) throw fail(`holds ${hidden} in its name, which a terminal or a prompt would not show as written; rename it`);
  if (raw.includes("\\")) throw fail("holds a backslash (a Windows path separator that could escape the target folder)");
  if (raw.startsWith("/")) throw fail("is an absolute path");
  if (/^[A-Za-z]:/.test(raw)) throw fail("starts with a drive letter");
  const segments = raw.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes("..")) throw fail('has a ".." segment that escapes the target folder');
  for (const s of segments) {
    if (Buffer.byteLength(s) > NAME_MAX) throw tooLong(raw, `has a name of ${Buffer.byteLength(s)} bytes, over the ${NAME_MAX} a filesystem allows`);
    const why = notPortable(s);
    if (why) throw fail(`${why}, so on Windows it would be written as something else or not at all; rename it`);
  }
  return segments.join("/");
}

/** The runtime's limit on a file path (runtime/limits.ts PATH_MAX): a longer one is never served. */
const ENTRY_PATH_MAX = 1024;
/** Bytes in one file or folder name on Linux, macOS and Windows (NAME_MAX). */
const NAME_MAX = 255;

/** An over-long entry, its name shown cut: quoting 64 KiB of it helps no one. */
function tooLong(raw: string, why: string): ArchiveError {
  return new ArchiveError(`entry "${printable(raw.slice(0, 60))}…" ${why}; the archive was refused and nothing was written.`);
}

/** Refuses a link entry: one pointing outside the archive folder is an escape, any other is unsupported. */
export function linkError(entry: string, target: string, kind: "symbolic" | "hard"): ArchiveError {
  const base = entry.split("/").slice(0, -1);
  let escapes = target.startsWith("/") || target.includes("\\") || /^[A-Za-z]:/.test(target);
  for (const seg of target.split("/")) {
    if (escapes) break;
    if (seg === "..") {
      if (base.length === 0) escapes = true;
      else base.pop();
    } else if (seg !== "" && seg !== ".") base.push(seg);
  }
  // A pax linkpath can be 1 MiB: quoted cut, as an over-long name is.
  const shownTarget = printable(target.length > 60 ? target.slice(0, 60) + "…" : target);
  return new ArchiveError(
    escapes
      ? `entry "${printable(entry)}" is a ${kind} link to "${shownTarget}", outside the skill folder; the archive was refused and nothing was written.`
      : `entry "${printable(entry)}" is a ${kind} link (to "${shownTarget}"); links are not imported — replace it with a copy of the file.`,
  );
}

/** Tracks the limits and refuses duplicate paths as entries are read. */
export class EntryBudget {
  private entries = 0;
  private bytes = 0;
  private readonly seen = new Set<string>();
  constructor(readonly limits: ArchiveLimits) {}

  /** Counts one entry; a file path seen before is refused (a folder may repeat). */
  add(path: string, bytes: number, isFile: boolean): void {
    if (++this.entries > this.limits.maxEntries) {
      throw new ArchiveError(`the archive has more than ${this.limits.maxEntries} entries; a skill is far smaller, so it was refused.`);
    }
    this.reserve(bytes, path);
    if (!isFile) return;
    this.checkFile(bytes, path);
    if (path === "") throw new ArchiveError("the archive has a file entry with an empty path; it was refused.");
    if (this.seen.has(path)) throw new ArchiveError(`entry "${printable(path)}" appears twice in the archive; it was refused.`);
    this.seen.add(path);
  }

  /** Refuses one file over the per-file limit. */
  checkFile(bytes: number, path: string): void {
    if (bytes > this.limits.maxFileBytes) {
      throw new ArchiveError(`entry "${printable(path)}" unpacks to ${bytes} bytes, more than the ${this.limits.maxFileBytes} allowed for one file; it was refused.`);
    }
  }

  /** Counts bytes against the total (declared sizes first, then what inflating actually produced). */
  reserve(bytes: number, path: string): void {
    this.bytes += bytes;
    if (this.bytes > this.limits.maxTotalBytes) {
      throw new ArchiveError(
        `the archive unpacks to more than ${this.limits.maxTotalBytes} bytes (at entry "${printable(path)}"); it was refused as a possible zip bomb.`,
      );
    }
  }
}

/**
 * Characters that have no place in a file name because they change how the name, or the text
 * around it, is shown: C0/C1 controls, DEL, line and paragraph separators, bidi controls,
 * zero-width characters, the BOM and Unicode tag characters. Names the first one (U+XXXX), or "".
 */
export function invisible(name: string): string {
  // eslint-disable-next-line no-control-regex
  const m = /[\u0001-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]|\udb40[\udc00-\udc7f]/.exec(name);
  if (!m) return "";
  const cp = m[0].codePointAt(0)!;
  const kind = cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ? "a control character" : "an invisible or direction-changing character";
  return `${kind} (U+${cp.toString(16).toUpperCase().padStart(4, "0")})`;
}

/**
 * A name from an archive or a remote source, for a message: control characters (C0 and C1: U+009B
 * is a CSI too), bidi controls, zero-width, tag characters and line separators shown escaped, so a
 * hostile name cannot rewrite the terminal or reorder the message around it.
 */
export function printable(text: string): string {
  return escapeTerminal(text);
}

/**
 * A value from a remote listing, for a message about it: a string as JSON, cut to 60 characters and
 * escaped; a number, boolean or null as itself; anything else by its kind only, "(an array)": JSON
 * can nest deeper than a recursive JSON.stringify or String() can go (100,000 `[` overflow the stack).
 */
export function shown(value: unknown): string {
  if (typeof value === "string") return printable(JSON.stringify(value.length > 60 ? value.slice(0, 60) + "…" : value));
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return value === undefined ? "(missing)" : Array.isArray(value) ? "(an array)" : `(an ${typeof value})`;
}
