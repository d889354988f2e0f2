// The directory walk behind files.ts: a skill folder → the entries to bundle (Entry[]), in
// depth-first code-unit name order, plain folders before symlinked ones, each entry met but not
// served recorded in `leftOut` with its reason (left-out.ts). What is left out and why is described
// in files.ts's header; this module only lists, files.ts reads.
import fs from "node:fs";
import path from "node:path";
import type { Diagnostic, Profile, RuleSetting, SkillSource } from "../types.js";
import { report, skillFileCandidates } from "./discover.js";
import type { DirEntry } from "./discover-options.js";
import { errCode } from "./discover-report.js";
import * as D from "../rules/discovery-rules.js";
import { compileGlob, createMatcher } from "../util/glob.js";
import { compareCodeUnits } from "../util/compare.js";
import { isInside, joinPosix } from "../util/paths.js";
import { nestedName, type LeftOut } from "./left-out.js";
import { describeFirstUnsafe, escapeTerminal, hasUnsafe } from "../util/hidden-chars.js";
import { Reporter } from "../diagnostics/reporter.js";
import { HIDDEN_CHARACTER_IN_PATH } from "../rules/text-rules.js";
import { checkPath } from "../runtime/paths.js";
import { PATH_MAX } from "../runtime/limits.js";
import { notPortable } from "../util/portable-name.js";
import { foldName } from "../util/fold-name.js";
import { checkSkillFolders } from "./skill-folder-names.js"; // the skill's own folders get the same check

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
  listings?: ReadonlyMap<string, DirEntry[]>;
  /** Gets the folders a walk listed itself, not from `listings` (a run record vouches for discovery's only: replay.ts). */
  ownListings?: Set<string>;
}

/** Files (or folders) per skill beyond which collection stops with `too-many-files`. */
export const MAX_FILES = 10_000;
const ALWAYS_OUT = new Set([".git", "node_modules"]);
const JUNK = new Set([".ds_store", "thumbs.db", "ehthumbs.db", "desktop.ini"]);

/** Names never bundled, whatever the globs say. */
export function isAlwaysExcluded(name: string): boolean {
  return ALWAYS_OUT.has(name) || JUNK.has(name.toLowerCase()) || name.startsWith("._") || name.endsWith("~") || /^\..*\.sw[a-p]$/.test(name);
}

/** A listed file: `rel` posix, relative to the skill folder; `real` the real absolute path to open. */
export interface Entry {
  rel: string;
  real: string;
}

type Kind = "file" | "dir" | "special";

/** The nested skill's file name when the folder holds one, else undefined. */
function nestedSkillFile(dirReal: string, entries: DirEntry[]): string | undefined {
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
}

/**
 * The matcher of a glob list, compiled once per list: every skill of a run walks with the config's
 * same two lists (compiling them per skill showed in a 10,000-skill rebuild's profile).
 */
const matchers = new WeakMap<readonly string[], (rel: string) => boolean>();
function matcherOf(patterns: readonly string[]): (rel: string) => boolean {
  let m = matchers.get(patterns);
  if (!m) matchers.set(patterns, (m = patterns.some(matchesAll) ? () => true : createMatcher(patterns)));
  return m;
}

// The regexes of the globs that match every path (`**`, the default `**/*`, however spelled): a list
// holding one needs no test at all (one per file of every skill, ~2% of a cold lint).
const MATCH_ALL = new Set(["**", "**/*"].map((p) => compileGlob(p).source));
const matchesAll = (pattern: string): boolean => MATCH_ALL.has(compileGlob(pattern).source);

/** One walk of one skill folder; `walk()` lists the files to bundle. */
export class FileWalker {
  private readonly included: (rel: string) => boolean;
  private readonly excluded: (rel: string) => boolean;
  private single: Array<[string, (rel: string) => boolean]> | undefined;
  private readonly files: Entry[] = [];
  private readonly visited: Set<string>;
  /** Symlinked folders, walked after every plain folder so a link never claims a folder first. */
  private readonly links: Entry[] = [];
  private folders = 0;
  private stopped = false;

  constructor(
    private readonly source: SkillSource,
    private readonly opts: FileOptions,
    private readonly diagnostics: Diagnostic[],
    private readonly leftOut: LeftOut,
  ) {
    this.included = matcherOf(opts.include);
    this.excluded = matcherOf(opts.exclude);
    this.visited = new Set<string>([source.absDir]);
  }

  /** Lists the files to bundle, reporting what is left out and why (and recording it in `leftOut`). */
  walk(): Entry[] {
    checkSkillFolders(this.source, this.opts, this.diagnostics);
    this.walkDir(this.source.absDir, "");
    for (let i = 0; i < this.links.length; i++) this.enter(this.links[i].real, this.links[i].rel);
    return this.files;
  }

  private shown(rel: string): string {
    return joinPosix(this.source.dir, rel);
  }

  /** The first `files.exclude` pattern that matches `rel` (compiled one by one only when something is excluded). */
  private excludedBy(rel: string): string {
    this.single ??= this.opts.exclude.map((p) => [p, createMatcher([p])]) as Array<[string, (rel: string) => boolean]>;
    return this.single.find(([, m]) => m(rel))?.[0] ?? this.opts.exclude[0];
  }

  private stop(rel: string): void {
    this.stopped = true;
    report(this.opts, this.diagnostics, D.TOO_MANY_FILES, this.source.file, { dir: this.source.dir, max: MAX_FILES, at: this.shown(rel) });
  }

  // A name with a newline, ESC or bidi control would reach the file lists the model reads.
  private unsafeName(rel: string, name: string): void {
    const params = { kind: "file" as const, path: escapeTerminal(this.shown(rel)), what: describeFirstUnsafe(name) };
    new Reporter(this.opts).to(this.diagnostics, this.shown(rel))(HIDDEN_CHARACTER_IN_PATH, { line: 1, column: 1 }, params);
  }

  // Each real folder is walked once: a link cycle, or a second path to a folder, adds nothing.
  private enter(real: string, rel: string): void {
    if (this.stopped || this.visited.has(real)) return;
    this.visited.add(real);
    if (++this.folders > MAX_FILES) return this.stop(rel);
    this.walkDir(real, rel);
  }

  private walkDir(dirReal: string, prefix: string): void {
    let entries: DirEntry[];
    try {
      entries = this.opts.listings?.get(dirReal) ?? (this.opts.ownListings?.add(dirReal), fs.readdirSync(dirReal, { withFileTypes: true }));
    } catch (e) {
      report(this.opts, this.diagnostics, D.READ_ERROR, this.shown(prefix), { kind: "skill-folder", path: this.shown(prefix), code: errCode(e) });
      return;
    }
    const nested = prefix !== "" ? nestedSkillFile(dirReal, entries) : undefined;
    if (nested) return void this.leftOut.set(prefix + "/", `nested:${nested}/${nestedName(path.join(dirReal, nested), prefix)}`);
    // Discovery's listings come sorted: checked, not sorted again (a sort's copy of every listing
    // was ~15 MB of a 10,000-skill rebuild's young-generation garbage).
    if (!sortedByName(entries)) entries.sort((a, b) => compareCodeUnits(a.name, b.name));
    if (entries.length > 1) this.reportTwins(entries, prefix);

    for (const entry of entries) {
      if (this.stopped) return;
      const name = entry.name;
      if (prefix === "" && name === this.source.fileName) continue;
      const rel = prefix === "" ? name : `${prefix}/${name}`;
      if (this.skipByName(entry, rel)) continue;
      const unportable = notPortable(name);
      if (unportable) report(this.opts, this.diagnostics, D.UNPORTABLE_FILE_NAME, this.shown(rel), { path: escapeTerminal(this.shown(rel)), why: unportable });
      const resolved = this.resolve(entry, dirReal, rel);
      if (!resolved) continue;
      if (!this.place(entry, rel, resolved.real, resolved.kind)) return;
    }
  }

  /** `file-name-twins` for names of one folder that macOS and Windows would take for one (the skill file aside: skill-file-case's). */
  private reportTwins(entries: readonly DirEntry[], prefix: string): void {
    const seen = new Map<string, string>();
    for (const { name } of entries) {
      if ((prefix === "" && name === this.source.fileName) || isAlwaysExcluded(name)) continue;
      const key = foldName(name);
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, name);
        continue;
      }
      const rel = prefix === "" ? name : `${prefix}/${name}`;
      const twin = prefix === "" ? first : `${prefix}/${first}`;
      report(this.opts, this.diagnostics, D.FILE_NAME_TWINS, this.shown(rel), { path: escapeTerminal(this.shown(rel)), twin: escapeTerminal(this.shown(twin)) });
    }
  }

  /** True when the name alone leaves the entry out: always excluded, `files.exclude`, unsafe characters. */
  private skipByName(entry: DirEntry, rel: string): boolean {
    const name = entry.name;
    if (isAlwaysExcluded(name)) {
      this.leftOut.set(entry.isDirectory() ? rel + "/" : rel, "always");
      return true;
    }
    if (this.excluded(rel)) {
      this.leftOut.set(entry.isDirectory() ? rel + "/" : rel, `exclude:${this.excludedBy(rel)}`);
      return true;
    }
    if (hasUnsafe(name)) {
      this.unsafeName(rel, name);
      return true;
    }
    const why = unservable(rel);
    if (why) {
      this.leftOut.set(entry.isDirectory() ? rel + "/" : rel, "unservable");
      const shown = escapeTerminal(this.shown(rel));
      report(this.opts, this.diagnostics, D.UNSERVABLE_FILE_NAME, this.shown(rel), { path: shown, why });
      return true;
    }
    return false;
  }

  /** The entry's real path and kind, links followed while they stay inside the skill folder; undefined when left out. */
  private resolve(entry: DirEntry, dirReal: string, rel: string): { real: string; kind: Kind } | undefined {
    // dirReal is a real path and the name one entry: joined without path.join's normalizing.
    let real = dirReal.endsWith(path.sep) ? dirReal + entry.name : dirReal + path.sep + entry.name;
    if (!entry.isSymbolicLink()) return { real, kind: entry.isFile() ? "file" : entry.isDirectory() ? "dir" : "special" };
    let kind: Kind;
    try {
      real = fs.realpathSync(real);
      const st = fs.statSync(real);
      kind = st.isFile() ? "file" : st.isDirectory() ? "dir" : "special";
    } catch (e) {
      report(this.opts, this.diagnostics, D.READ_ERROR, this.shown(rel), { kind: "link", path: this.shown(rel), code: errCode(e) });
      this.leftOut.set(rel, `unreadable:${errCode(e)}`);
      return undefined;
    }
    if (!isInside(this.source.absDir, real)) {
      this.leftOut.set(rel, "escape");
      report(this.opts, this.diagnostics, D.SYMLINK_ESCAPE, this.shown(rel), { kind: "skill", path: this.shown(rel), target: kind === "dir" ? "folder" : "file", skill: this.source.dir });
      return undefined;
    }
    return { real, kind };
  }

  /** Lists a file, enters (or queues) a folder, leaves out a special file; false when the walk stops here. */
  private place(entry: DirEntry, rel: string, real: string, kind: Kind): boolean {
    if (kind === "special") {
      if (this.included(rel)) report(this.opts, this.diagnostics, D.SPECIAL_FILE, this.shown(rel), { path: this.shown(rel) });
      this.leftOut.set(rel, this.included(rel) ? "special" : "include");
    } else if (kind === "dir") {
      if (entry.isSymbolicLink()) this.links.push({ rel, real });
      else this.enter(real, rel);
    } else if (this.included(rel)) {
      if (this.files.length >= MAX_FILES) {
        this.stop(rel);
        return false;
      }
      this.files.push({ rel, real });
    } else {
      this.leftOut.set(rel, "include");
    }
    return true;
  }
}

/** Whether `entries` are in code-unit order of their names. */
function sortedByName(entries: readonly DirEntry[]): boolean {
  for (let i = 1; i < entries.length; i++) if (compareCodeUnits(entries[i - 1]!.name, entries[i]!.name) > 0) return false;
  return true;
}

/** Lists the files to bundle, reporting what is left out and why (and recording it in `leftOut`). */
export function walk(source: SkillSource, opts: FileOptions, diagnostics: Diagnostic[], leftOut: LeftOut): Entry[] {
  return new FileWalker(source, opts, diagnostics, leftOut).walk();
}

/**
 * Why the runtime could never serve a file at `rel`, in words, or undefined when it can. The judge is
 * the runtime's own checkPath (a backslash, a %-escape, a drive letter, over PATH_MAX), so what the
 * build leaves out and what file() refuses cannot drift apart; only paths that could fail it are
 * asked (this runs for every entry of every skill; control characters were refused before).
 */
export function unservable(rel: string): string | undefined {
  if (rel.length <= PATH_MAX && !/[\\%:]/.test(rel)) return undefined;
  try {
    checkPath(rel);
    return undefined;
  } catch {
    // refused: say why below
  }
  if (rel.includes("\\")) return "a backslash";
  const escape = /%[\da-f]{2}/i.exec(rel);
  if (escape) return `the %-escape \`${escape[0]}\``;
  if (/^[a-z]:/i.test(rel)) return `a drive letter (\`${rel.slice(0, 2)}\`)`;
  if (rel.length > PATH_MAX) return `more than ${PATH_MAX} characters`;
  return "a form the runtime refuses";
}
