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
import fs, { constants, type Dirent } from "node:fs";
import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import path from "node:path";
import type { Diagnostic, Profile, RuleSetting, SkillFile, SkillSource } from "../types.js";
import { report, skillFileCandidates } from "./discover.js";
import * as D from "../rules/discovery-rules.js";
import { createMatcher } from "../util/glob.js";
import { compareCodeUnits } from "../util/compare.js";
import { isInside, joinPosix } from "../util/paths.js";
import { nestedName, type LeftOut } from "./left-out.js";
import { describeFirstUnsafe, escapeTerminal, hasUnsafe } from "../util/hidden-chars.js";
import { Reporter } from "../diagnostics/reporter.js";
import { HIDDEN_CHARACTER_IN_PATH } from "../rules/text-rules.js";

export interface FileOptions {
  /** Globs (relative to the skill folder) a file must match: the config's `files.include`. */
  include: string[];
  /** Globs of files and folders left out: the config's `files.exclude`. */
  exclude: string[];
  /** Files larger than this are left out with `file-too-large`: the config's `files.maxBytes`. */
  maxBytes: number;
  settings: Record<string, RuleSetting>;
  profile: Profile;
  /** Folder listings discovery already read (real path → entries), so the walk need not list them again. */
  listings?: ReadonlyMap<string, Dirent[]>;
}

/** Files (or folders) per skill beyond which collection stops with `too-many-files`. */
export const MAX_FILES = 10_000;

const ALWAYS_OUT = new Set([".git", "node_modules"]);
const JUNK = new Set([".ds_store", "thumbs.db", "ehthumbs.db", "desktop.ini"]);

/** Names never bundled, whatever the globs say. */
export function isAlwaysExcluded(name: string): boolean {
  return ALWAYS_OUT.has(name) || JUNK.has(name.toLowerCase()) || name.startsWith("._") || name.endsWith("~") || /^\..*\.sw[a-p]$/.test(name);
}

interface Entry {
  /** posix, relative to the skill folder. */
  rel: string;
  /** Real absolute path to open. */
  real: string;
}

function errCode(e: unknown): string {
  return (e as NodeJS.ErrnoException)?.code ?? String(e);
}

/** Lists the files to bundle, reporting what is left out and why (and recording it in `leftOut`). */
function walk(source: SkillSource, opts: FileOptions, diagnostics: Diagnostic[], leftOut: LeftOut): Entry[] {
  const included = createMatcher(opts.include);
  const excluded = createMatcher(opts.exclude);
  let single: Array<[string, (rel: string) => boolean]> | undefined;
  /** The first `files.exclude` pattern that matches `rel` (compiled one by one only when something is excluded). */
  const excludedBy = (rel: string) => (single ??= opts.exclude.map((p) => [p, createMatcher([p])]) as Array<[string, (rel: string) => boolean]>).find(([, m]) => m(rel))?.[0] ?? opts.exclude[0];
  const shown = (rel: string) => joinPosix(source.dir, rel);
  const files: Entry[] = [];
  const visited = new Set<string>([source.absDir]);
  /** Symlinked folders, walked after every plain folder so a link never claims a folder first. */
  const links: Entry[] = [];
  let folders = 0;
  let stopped = false;

  const stop = (rel: string) => {
    stopped = true;
    report(opts, diagnostics, D.TOO_MANY_FILES, source.file, { dir: source.dir, max: MAX_FILES, at: shown(rel) });
  };

  // A name with a newline, ESC or bidi control would reach the file lists the model reads.
  const unsafeName = (rel: string, name: string) => {
    const params = { kind: "file" as const, path: escapeTerminal(shown(rel)), what: describeFirstUnsafe(name) };
    new Reporter(opts).to(diagnostics, shown(rel))(HIDDEN_CHARACTER_IN_PATH, { line: 1, column: 1 }, params);
  };

  const special = (rel: string) =>
    report(opts, diagnostics, D.SPECIAL_FILE, shown(rel), { path: shown(rel) });

  /** The nested skill's file name when the folder holds one, else undefined. */
  const nestedSkillFile = (dirReal: string, entries: Dirent[]): string | undefined => {
    for (const name of skillFileCandidates(entries.map((e) => e.name))) {
      const e = entries.find((x) => x.name === name)!;
      if (e.isFile()) return name;
      if (e.isSymbolicLink()) {
        try {
          if (fs.statSync(path.join(dirReal, name)).isFile()) return name;
        } catch {
          // a broken link is no skill file
        }
      }
    }
    return undefined;
  };

  const walkDir = (dirReal: string, prefix: string): void => {
    let entries: Dirent[];
    try {
      entries = opts.listings?.get(dirReal) ?? fs.readdirSync(dirReal, { withFileTypes: true });
    } catch (e) {
      report(opts, diagnostics, D.READ_ERROR, shown(prefix), { kind: "skill-folder", path: shown(prefix), code: errCode(e) });
      return;
    }
    const nested = prefix !== "" ? nestedSkillFile(dirReal, entries) : undefined;
    if (nested) return void leftOut.set(prefix + "/", `nested:${nested}/${nestedName(path.join(dirReal, nested), prefix)}`);
    entries.sort((a, b) => compareCodeUnits(a.name, b.name));

    for (const entry of entries) {
      if (stopped) return;
      const name = entry.name;
      if (prefix === "" && name === source.fileName) continue;
      const rel = prefix === "" ? name : `${prefix}/${name}`;
      if (isAlwaysExcluded(name)) {
        leftOut.set(entry.isDirectory() ? rel + "/" : rel, "always");
        continue;
      }
      if (excluded(rel)) {
        leftOut.set(entry.isDirectory() ? rel + "/" : rel, `exclude:${excludedBy(rel)}`);
        continue;
      }
      if (hasUnsafe(name)) {
        unsafeName(rel, name);
        continue;
      }

      let real = path.join(dirReal, name);
      let kind: "file" | "dir" | "special";
      if (entry.isSymbolicLink()) {
        try {
          real = fs.realpathSync(real);
          const st = fs.statSync(real);
          kind = st.isFile() ? "file" : st.isDirectory() ? "dir" : "special";
        } catch (e) {
          report(opts, diagnostics, D.READ_ERROR, shown(rel), { kind: "link", path: shown(rel), code: errCode(e) });
          leftOut.set(rel, `unreadable:${errCode(e)}`);
          continue;
        }
        if (!isInside(source.absDir, real)) {
          leftOut.set(rel, "escape");
          report(opts, diagnostics, D.SYMLINK_ESCAPE, shown(rel), { kind: "skill", path: shown(rel), target: kind === "dir" ? "folder" : "file", skill: source.dir });
          continue;
        }
      } else {
        kind = entry.isFile() ? "file" : entry.isDirectory() ? "dir" : "special";
      }

      if (kind === "special") {
        if (included(rel)) special(rel);
        leftOut.set(rel, included(rel) ? "special" : "include");
      } else if (kind === "dir") {
        if (entry.isSymbolicLink()) links.push({ rel, real });
        else enter(real, rel);
      } else if (included(rel)) {
        if (files.length >= MAX_FILES) return stop(rel);
        files.push({ rel, real });
      } else {
        leftOut.set(rel, "include");
      }
    }
  };

  // Each real folder is walked once: a link cycle, or a second path to a folder, adds nothing.
  const enter = (real: string, rel: string): void => {
    if (stopped || visited.has(real)) return;
    visited.add(real);
    if (++folders > MAX_FILES) return stop(rel);
    walkDir(real, rel);
  };

  walkDir(source.absDir, "");
  for (let i = 0; i < links.length; i++) enter(links[i].real, links[i].rel);
  return files;
}

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

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

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

/**
 * A file's identity for the build cache: size, mtime, ctime, inode and mode. Like make and tsc, a
 * change that keeps all of them (same size, within one timestamp tick, ctime forged) goes unseen.
 */
export function statFingerprint(st: fs.Stats): string {
  return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.mode}`;
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
    fps?.push(entry.rel + "\0" + (buf.length === st.size ? statFingerprint(st) : "changed"));
    const binary = isBinary(buf);
    const content = binary ? new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength) : buf.toString("utf8");
    const file: SkillFile = {
      path: entry.rel,
      bytes: buf.length,
      sha256: createHash("sha256").update(buf).digest("hex"),
      binary,
      executable: (st.mode & 0o111) !== 0,
      content,
    };
    const interpreter = typeof content === "string" ? shebangInterpreter(content) : undefined;
    if (interpreter) file.interpreter = interpreter;
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
 * not a plain file within files.maxBytes: such a skill is always read in full); `read()` reads them
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
  stat: () => string[] | undefined;
  read: (fps?: string[]) => { files: SkillFile[]; diagnostics: Diagnostic[]; leftOut: LeftOut };
} {
  const walkDiagnostics: Diagnostic[] = [];
  const walkLeftOut: LeftOut = new Map();
  const entries = walk(source, opts, walkDiagnostics, walkLeftOut);
  return {
    walkDiagnostics,
    walkLeftOut,
    paths: entries.map((e) => e.rel).sort(compareCodeUnits),
    stat: () => {
      const fingerprints: string[] = [];
      for (const entry of entries) {
        try {
          const st = fs.statSync(entry.real);
          if (!st.isFile() || st.size > opts.maxBytes) return undefined;
          fingerprints.push(entry.rel + "\0" + statFingerprint(st));
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

/**
 * The paths `collectFiles` would serve, without reading contents (lint's link checks need only names),
 * with the same diagnostics for what is left out (escaping links, special files, oversize files).
 */
export async function listFiles(source: SkillSource, opts: FileOptions): Promise<{ paths: string[]; diagnostics: Diagnostic[]; leftOut: LeftOut }> {
  const diagnostics: Diagnostic[] = [];
  const leftOut: LeftOut = new Map();
  const paths: string[] = [];
  for (const entry of walk(source, opts, diagnostics, leftOut)) {
    const shown = joinPosix(source.dir, entry.rel);
    try {
      const st = fs.statSync(entry.real);
      if (!st.isFile()) {
        report(opts, diagnostics, D.SPECIAL_FILE, shown, { path: shown });
        leftOut.set(entry.rel, "special");
      } else if (st.size > opts.maxBytes) {
        leftOut.set(entry.rel, `size:${st.size}:${opts.maxBytes}`);
        report(opts, diagnostics, D.FILE_TOO_LARGE, shown, { path: shown, size: st.size, max: opts.maxBytes });
      } else {
        paths.push(entry.rel);
      }
    } catch (e) {
      report(opts, diagnostics, D.READ_ERROR, shown, { kind: "file", path: shown, code: errCode(e) });
      leftOut.set(entry.rel, `unreadable:${errCode(e)}`);
    }
  }
  return { paths: paths.sort(compareCodeUnits), diagnostics, leftOut };
}
