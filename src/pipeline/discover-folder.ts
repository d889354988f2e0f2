// One folder of discovery's search (discover.ts): its listing (made here, kept from an earlier run, or
// made ahead on a worker), its skill file and the subfolders worth entering, with what is reported
// about them on the way.
import fs from "node:fs";
import path from "node:path";
import type { Diagnostic, SourceRoot } from "../types.js";
import { errCode, kindOf, report, unreadable } from "./discover-report.js";
import type { DirEntry, DiscoverOptions } from "./discover-options.js";
import * as D from "../rules/discovery-rules.js";
import { compareCodeUnits } from "../util/compare.js";
import { emptyList } from "../util/empty-list.js";
import { readFolder } from "./discover-listing.js";
import type { StatLike } from "./stat-thread.js";
import { isInside, relPosix } from "../util/paths.js";
import { foldName } from "../util/fold-name.js";

/** Whether discovery and file collection skip a folder of this name. */
export function isSkippedFolder(name: string): boolean {
  return name.startsWith(".") || name === "node_modules";
}

/**
 * Whether `name` is the skill file as macOS and Windows find it (util/fold-name.ts): `skill.md`, and
 * `ſKILL.md` with a long s, which a Mac opens as `SKILL.md` (the length test first: it is cheap).
 */
const isSkillFileName = (name: string): boolean => name.length === 8 && foldName(name) === "skill.md";

/** Case variants of the skill file, "SKILL.md" first, then code-unit order. */
export function skillFileCandidates(names: readonly string[]): string[] {
  // One array map whatever is found (util/empty-list.ts): discovery's optimized code was compiled again for each.
  const found = emptyList<string>();
  for (const n of names) if (isSkillFileName(n)) found.push(n);
  // Almost always one: not sorted (a sort call allocates ~1 KB, at 10,000 skill folders 10 MB of garbage).
  return found.length < 2 ? found : found.sort((a, b) => (a === "SKILL.md" ? -1 : b === "SKILL.md" ? 1 : compareCodeUnits(a, b)));
}

export interface Folder {
  /** Absolute path as the user sees it (through links). */
  abs: string;
  /** Real absolute path. */
  real: string;
  /** Posix, relative to the root; "" for the root. */
  rel: string;
  /** Levels below the root. */
  depth: number;
  /** Whether this folder is, or lies inside, a skill folder. */
  inSkill: boolean;
}

/** `dir` + separator + `name`, without path.join's normalizing (both parts are already clean). */
export function child(dir: string, name: string): string {
  return dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
}

export interface Listing {
  skillFile?: string;
  subdirs: Array<{ name: string; real: string; link: boolean }>;
  diagnostics: Diagnostic[];
}

export interface RootContext {
  root: SourceRoot;
  absRoot: string;
  realRoot: string;
  opts: DiscoverOptions;
  /** When the search began (Date.now()), for the listing store's racy check. */
  started: number;
  /** The root relative to cwd, posix ("." for cwd itself). */
  shownRoot: string;
}

/** Reads one folder: its skill file (if any) and the subfolders worth entering (`pre`: its stat made ahead, see readFolder). */
export function listFolder(ctx: RootContext, folder: Folder, pre?: StatLike | null, listed?: DirEntry[]): Listing {
  const diagnostics: Diagnostic[] = [];
  const shown = (name?: string) => relPosix(ctx.opts.cwd, name === undefined ? folder.abs : path.join(folder.abs, name));
  let entries: DirEntry[];
  try {
    entries = readFolder(folder, ctx.opts.listingStore, ctx.started, pre, listed);
  } catch (e) {
    report(ctx.opts, diagnostics, D.READ_ERROR, shown(), { kind: "root-folder", path: shown(), code: errCode(e) });
    return { subdirs: [], diagnostics };
  }
  const skillFile = findSkillFile(ctx, folder, entries, diagnostics, shown);
  const inSkill = folder.inSkill || skillFile !== undefined;
  if (ctx.opts.listings && inSkill) ctx.opts.listings.set(folder.real, entries);
  const subdirs = listSubdirs(ctx, folder, entries, inSkill, diagnostics, shown);
  return { skillFile, subdirs, diagnostics };
}

/** The entries' names, in one array map (util/empty-list.ts): `entries.map` made another for some listings. */
function namesOf(entries: readonly DirEntry[]): string[] {
  const names = emptyList<string>();
  for (const e of entries) names.push(e.name);
  return names;
}

/** The folder's skill file among its sorted `entries`, reporting unreadable ones and case variants. */
function findSkillFile(ctx: RootContext, folder: Folder, entries: DirEntry[], diagnostics: Diagnostic[], shown: (name: string) => string): string | undefined {
  const { opts } = ctx;
  let skillFile: string | undefined;
  const candidates = entries.some((e) => isSkillFileName(e.name)) ? skillFileCandidates(namesOf(entries)) : emptyList<string>();
  for (const name of candidates) {
    const entry = entries.find((e) => e.name === name)!;
    if (!skillFileUsable(ctx, folder, entry, diagnostics, shown)) continue;
    if (skillFile === undefined) {
      skillFile = name;
      if (name !== "SKILL.md") {
        report(opts, diagnostics, D.SKILL_FILE_CASE, shown(name), { name });
      }
    } else {
      report(opts, diagnostics, D.SKILL_FILE_CASE, shown(name), { name, skillFile });
    }
  }
  return skillFile;
}

/** Whether a skill file candidate is a readable file (through a link inside the root), reporting why not. */
function skillFileUsable(ctx: RootContext, folder: Folder, entry: DirEntry, diagnostics: Diagnostic[], shown: (name: string) => string): boolean {
  const { opts, realRoot } = ctx;
  const name = entry.name;
  if (entry.isSymbolicLink()) {
    let real: string;
    try {
      real = fs.realpathSync(path.join(folder.abs, name));
    } catch (e) {
      unreadable(opts, diagnostics, { kind: "broken-link", file: shown(name), code: errCode(e) });
      return false;
    }
    if (!isInside(realRoot, real)) {
      report(opts, diagnostics, D.SYMLINK_ESCAPE, shown(name), { kind: "skill-file", path: shown(name), root: ctx.root.dir });
      return false;
    }
    return kindOf(real, (target, code) => unreadable(opts, diagnostics, { kind: "link-to", file: shown(name), target, code }));
  }
  if (entry.isFile()) return true;
  const dir = entry.isDirectory();
  unreadable(opts, diagnostics, dir ? { kind: "folder", file: shown(name), name } : { kind: "special", file: shown(name) });
  return false;
}

/** The subfolders worth entering: plain ones, and links to folders inside the root (reporting others outside a skill). */
function listSubdirs(ctx: RootContext, folder: Folder, entries: DirEntry[], inSkill: boolean, diagnostics: Diagnostic[], shown: (name: string) => string): Listing["subdirs"] {
  // One array map with subfolders or without (util/empty-list.ts).
  const subdirs: Listing["subdirs"] = emptyList();
  for (const entry of entries) {
    if (isSkippedFolder(entry.name)) continue;
    if (entry.isDirectory()) {
      subdirs.push({ name: entry.name, real: child(folder.real, entry.name), link: false });
    } else if (entry.isSymbolicLink()) {
      const linkPath = child(folder.abs, entry.name);
      let real: string;
      try {
        real = fs.realpathSync(linkPath);
        if (!fs.statSync(real).isDirectory()) continue;
      } catch {
        continue; // a broken link or one to a file: not a folder to search
      }
      if (!isInside(ctx.realRoot, real)) {
        // Inside a skill folder the link is a supporting file's business: files.ts reports it.
        if (inSkill) continue;
        report(ctx.opts, diagnostics, D.SYMLINK_ESCAPE, shown(entry.name), { kind: "folder", path: shown(entry.name), root: ctx.root.dir });
        continue;
      }
      subdirs.push({ name: entry.name, real, link: true });
    }
  }
  return subdirs;
}
