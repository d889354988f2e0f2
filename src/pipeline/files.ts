// A skill folder → its supporting files (SkillFile[]), read once, sorted by path.
//
// Every file below the skill folder is included except: SKILL.md itself (the source's fileName, top
// level only), folders holding their own skill file (nested skills own their files), `.git`,
// `node_modules`, OS junk (.DS_Store, Thumbs.db, desktop.ini, `._*`, `*~`, vim `.*.sw?`), paths
// matching `exclude`, and files not matching `include` (util/glob.ts; a pattern matching a folder
// covers everything below it; excluded folders are not even listed). Other hidden files are kept.
// - Binary is decided by content: a NUL byte in the first 8 KB or invalid UTF-8 anywhere. Text is
//   the decoded string, BOM and CRLF kept, so it re-encodes to the identical bytes.
// - Symlinks are followed only while their real target stays inside the skill folder's real path;
//   files are opened with O_NOFOLLOW | O_NONBLOCK and checked with fstat, so a FIFO never blocks
//   and a link swapped in after the check is not followed.
// - The file system is read with the synchronous calls: on 2 cores they read the corpus 3–5× faster
//   than the promise API (every async call round-trips the thread pool); the functions stay async.
// - More than MAX_FILES files (or folders) → `too-many-files`, and the walk stops there: the files
//   kept are the first ones of a depth-first walk in code-unit name order.
// - Every entry met but not served is recorded with its reason (left-out.ts), so that a link to it
//   says why it is not in the bundle instead of "does not exist".
// - The walk that lists the entries is file-walk.ts; this module reads (or stats) what it lists.
// - A text file holding hidden characters gets `hidden-character`, as a SKILL.md does (text-checks.ts),
//   in build (which reads every file) and in lint (listFiles reads each one to look).
import fs from "node:fs";
import { isUtf8 } from "node:buffer";
import path from "node:path";
import type { Diagnostic, SkillFile, SkillSource } from "../types.js";
import { report } from "./discover.js";
import * as D from "../rules/discovery-rules.js";
import { compareCodeUnits } from "../util/compare.js";
import { joinPosix } from "../util/paths.js";
import { emptyList } from "../util/empty-list.js";
import type { LeftOut } from "./left-out.js";
import { walk, type Entry, type FileOptions } from "./file-walk.js";
import { errCode } from "./discover-report.js";
import { sha256Hex } from "../util/sha256.js";
import { isRegularFile, statPrint, type StatBatch } from "./stat-thread.js";
import { checkSupportingText } from "./text-checks.js";
import { pushAll } from "../util/push-all.js";
import { READ_NO_FOLLOW } from "../util/open-flags.js";

export { isAlwaysExcluded, MAX_FILES, type FileOptions } from "./file-walk.js";

/** The interpreter a `#!` line names: "#!/usr/bin/env -S python3 -u" → "python3", "#!/bin/bash" → "bash". */
export function shebangInterpreter(text: string): string | undefined {
  if (!text.startsWith("#!")) return undefined;
  const eol = text.indexOf("\n");
  const words = text.slice(2, eol < 0 ? undefined : eol).trim().split(/\s+/).filter(Boolean);
  let i = 0;
  if (words[0] && path.posix.basename(words[0]) === "env") {
    i = 1;
    while (i < words.length && (words[i].startsWith("-") || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]))) i++;
  }
  const word = words[i];
  return word ? path.posix.basename(word) : undefined;
}

/** Binary by content: a NUL byte in the first 8 KB, or bytes that are not valid UTF-8. */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8192).includes(0) || !isUtf8(bytes);
}

const OPEN_FLAGS = READ_NO_FOLLOW;

/** lint's one buffer for looking inside files it keeps nothing of (a buffer per file was ~195 MB of garbage at 10,000 skills). */
let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * The text of an open file to look inside, read into the scratch buffer (valid until the next call),
 * or undefined for a binary one (a NUL in its first 8 KB is told from those alone, unread past
 * them) or one that grew past `maxBytes`.
 */
function textToCheck(fd: number, size: number, maxBytes: number): Buffer | undefined {
  let total = 0;
  for (;;) {
    // Grown past the limit since its fstat: left to build, which reports it (the buffer stays bounded).
    if (total > maxBytes) return undefined;
    // One byte of room past the size read so far tells a file that grew since its fstat.
    if (scratch.length < Math.max(size, total) + 1) {
      const bigger = Buffer.allocUnsafe(Math.max(size, total) * 2 + 1);
      scratch.copy(bigger, 0, 0, total);
      scratch = bigger;
    }
    const head = total < 8192;
    const want = head ? 8192 - total : scratch.length - total;
    const n = fs.readSync(fd, scratch, total, want, null);
    if (head && scratch.subarray(total, total + n).includes(0)) return undefined;
    if (n === 0) return scratch.subarray(0, total);
    total += n;
    // Short of what was asked, at the size fstat gave: the end, without one more read to get 0 bytes
    // (a read a file, ~18,000 at 10,000 skills). A file that grew reads on until it ends.
    if (n < want && total === size) return scratch.subarray(0, total);
  }
}

/** Reads a whole open file, however short the individual reads are. */
function readAll(fd: number, size: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(Math.max(size - total, 0) + 1);
    const n = fs.readSync(fd, buf, 0, buf.length, null);
    if (n === 0) break;
    chunks.push(buf.subarray(0, n));
    total += n;
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total);
}

function readEntry(source: SkillSource, entry: Entry, opts: FileOptions, diagnostics: Diagnostic[], leftOut: LeftOut, fps?: string[]): SkillFile | undefined {
  const shown = joinPosix(source.dir, entry.rel);
  const tooLarge = (size: number): undefined => {
    leftOut.set(entry.rel, `size:${size}:${opts.maxBytes}`);
    report(opts, diagnostics, D.FILE_TOO_LARGE, shown, { path: shown, size, max: opts.maxBytes });
  };
  let fd: number | undefined;
  try {
    fd = fs.openSync(entry.real, OPEN_FLAGS);
    const st = fs.fstatSync(fd);
    if (!st.isFile()) {
      report(opts, diagnostics, D.SPECIAL_FILE, shown, { path: shown });
      leftOut.set(entry.rel, "special");
      return undefined;
    }
    if (st.size > opts.maxBytes) return tooLarge(st.size);
    const buf = readAll(fd, st.size);
    if (buf.length > opts.maxBytes) return tooLarge(buf.length);
    fps?.push(entry.rel + "\0" + (buf.length === st.size ? statPrint(st) : "changed"));
    const binary = isBinary(buf);
    const content = binary ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : buf.toString("utf8");
    const file: SkillFile = {
      path: entry.rel,
      bytes: buf.length,
      sha256: sha256Hex(buf),
      binary,
      executable: (st.mode & 0o111) !== 0,
      content,
    };
    const interpreter = typeof content === "string" ? shebangInterpreter(content) : undefined;
    if (interpreter) file.interpreter = interpreter;
    // The bytes first (memchr per possible lead byte): most files cannot hold one, and skip the regex.
    if (typeof content === "string") pushAll(diagnostics, checkSupportingText(buf, { file: shown, profile: opts.profile, settings: opts.settings }, entry.rel, content));
    return file;
  } catch (e) {
    report(opts, diagnostics, D.READ_ERROR, shown, { kind: "file", path: shown, code: errCode(e) });
    leftOut.set(entry.rel, `unreadable:${errCode(e)}`);
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

const byPath = (a: { path: string }, b: { path: string }) => compareCodeUnits(a.path, b.path);

/**
 * Reads the supporting files of `source`, sorted by path; `leftOut` says why each entry met but not
 * served is left out (left-out.ts). Never throws for bad input.
 */
export async function collectFiles(source: SkillSource, opts: FileOptions): Promise<{ files: SkillFile[]; diagnostics: Diagnostic[]; leftOut: LeftOut }> {
  const diagnostics: Diagnostic[] = [];
  const leftOut: LeftOut = new Map();
  return { files: readListed(source, walk(source, opts, diagnostics, leftOut), opts, diagnostics, leftOut), diagnostics, leftOut };
}

/** The files a walk listed, read (`fps` collects each read file's fingerprint, in walk order). */
function readListed(source: SkillSource, entries: Entry[], opts: FileOptions, diagnostics: Diagnostic[], leftOut: LeftOut, fps?: string[]): SkillFile[] {
  const files: SkillFile[] = [];
  for (const entry of entries) {
    const file = readEntry(source, entry, opts, diagnostics, leftOut, fps);
    if (file) files.push(file);
  }
  return files.sort(byPath);
}

/**
 * A skill folder walked once, for the build cache: `paths` as collectFiles would list them before
 * reading; `stat()` fingerprints every listed file without reading it (undefined when some entry is
 * not a plain file within files.maxBytes: such a skill is always read in full), from the stats of
 * `reals` made ahead when given (`pre`, from its index `at` on: walk-ahead.ts); `read()` reads them
 * as collectFiles does, with the walk's diagnostics, collecting each file's fingerprint in `fps`.
 * `walkLeftOut` is what the walk left out (read() adds what reading leaves out, in its own copy).
 */
export function walkFiles(
  source: SkillSource,
  opts: FileOptions,
): {
  walkDiagnostics: Diagnostic[];
  walkLeftOut: LeftOut;
  paths: string[];
  /** The listed files' real paths, in the order stat() fingerprints them. */
  reals: string[];
  stat: (pre?: StatBatch, at?: number) => string[] | undefined;
  read: (fps?: string[]) => { files: SkillFile[]; diagnostics: Diagnostic[]; leftOut: LeftOut };
} {
  const walkDiagnostics: Diagnostic[] = [];
  const walkLeftOut: LeftOut = new Map();
  const entries = walk(source, opts, walkDiagnostics, walkLeftOut);
  // One array map for a skill with files and one without (util/empty-list.ts).
  const paths = emptyList<string>();
  const reals = emptyList<string>();
  for (const e of entries) {
    paths.push(e.rel);
    reals.push(e.real);
  }
  return {
    walkDiagnostics,
    walkLeftOut,
    paths: sortedPaths(paths),
    reals,
    stat: (pre, at = 0) => {
      const fingerprints: string[] = [];
      for (let i = 0; i < entries.length; i++) {
        const entry = entries[i]!;
        try {
          const st = pre ? pre.at(at + i) : fs.statSync(entry.real);
          if (!st || !isRegularFile(st) || st.size > opts.maxBytes) return undefined;
          fingerprints.push(entry.rel + "\0" + statPrint(st));
        } catch {
          return undefined;
        }
      }
      return fingerprints;
    },
    read: (fps) => {
      const diagnostics = [...walkDiagnostics];
      const leftOut = new Map(walkLeftOut);
      return { files: readListed(source, entries, opts, diagnostics, leftOut, fps), diagnostics, leftOut };
    },
  };
}

/** `paths` in code-unit order: most walks list them so already, and a sort would copy them. */
function sortedPaths(paths: string[]): string[] {
  for (let i = 1; i < paths.length; i++) if (compareCodeUnits(paths[i - 1]!, paths[i]!) > 0) return paths.sort(compareCodeUnits);
  return paths;
}

/**
 * The paths `collectFiles` would serve, with the same diagnostics for what is left out (escaping
 * links, special files, oversize files) and for hidden characters in text files: lint reads each
 * file once to look for them (a reviewer cannot see them in a pull request's diff), but keeps no
 * contents. That is not cached: file diagnostics are recomputed every run (analyze.ts).
 */
export async function listFiles(source: SkillSource, opts: FileOptions): Promise<{ paths: string[]; diagnostics: Diagnostic[]; leftOut: LeftOut }> {
  const diagnostics: Diagnostic[] = [];
  const leftOut: LeftOut = new Map();
  const paths: string[] = [];
  for (const entry of walk(source, opts, diagnostics, leftOut)) {
    const shown = joinPosix(source.dir, entry.rel);
    let fd: number | undefined;
    try {
      fd = fs.openSync(entry.real, OPEN_FLAGS);
      const st = fs.fstatSync(fd);
      if (!st.isFile()) {
        report(opts, diagnostics, D.SPECIAL_FILE, shown, { path: shown });
        leftOut.set(entry.rel, "special");
      } else if (st.size > opts.maxBytes) {
        leftOut.set(entry.rel, `size:${st.size}:${opts.maxBytes}`);
        report(opts, diagnostics, D.FILE_TOO_LARGE, shown, { path: shown, size: st.size, max: opts.maxBytes });
      } else {
        paths.push(entry.rel);
        const buf = textToCheck(fd, st.size, opts.maxBytes);
        if (buf && !isBinary(buf)) pushAll(diagnostics, checkSupportingText(buf, { file: shown, profile: opts.profile, settings: opts.settings }, entry.rel));
      }
    } catch (e) {
      report(opts, diagnostics, D.READ_ERROR, shown, { kind: "file", path: shown, code: errCode(e) });
      leftOut.set(entry.rel, `unreadable:${errCode(e)}`);
    } finally {
      if (fd !== undefined) fs.closeSync(fd);
    }
  }
  return { paths: paths.sort(compareCodeUnits), diagnostics, leftOut };
}
