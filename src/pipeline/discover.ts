// Source roots → skill folders (SourceRoot[] → SkillSource[]).
//
// Breadth-first, one readdir per folder, entries sorted by name, so the result and the folders a
// bound cuts never depend on filesystem order. Decisions worth knowing:
// - A root that is itself a skill folder yields a skill whose relDir is the root's base name (not ".").
// - Discovery keeps descending into skill folders: `group/name/SKILL.md` and a skill nested inside
//   another are both found (files.ts leaves nested skills out of their parent's files).
// - `.git`, `node_modules` and hidden folders are skipped below a root (a root may itself be hidden).
// - Depth: the root is depth 0; folders down to `maxDepth` are searched. `maxFolders` counts every
//   folder listed per root outside skill folders, the root included. Each cut bound is one
//   `discovery-limit` per root, an error unless the config says the bound is meant (the rule set
//   to "warn" or "off"); it names the cut folders that are skills themselves.
// - Symlinked folders are followed while their real path stays inside the root's real path; each real
//   folder is searched once, so cycles end. Links are followed only after every folder reachable
//   without links has been claimed, so a link to a folder already in the root adds nothing.
// - The file system is read with the synchronous calls: on 2 cores, one readdirSync per folder lists
//   10k folders 2–3× faster than the promise API (each async call round-trips the thread pool).
import fs from "node:fs";
import path from "node:path";
import type { Diagnostic, SkillSource, SourceRoot } from "../types.js";
import { compareDiagnostics } from "../diagnostics/rule.js";
import { errCode, report, reportCuts } from "./discover-report.js";
import type { DiscoverOptions } from "./discover-options.js";
import * as D from "../rules/discovery-rules.js";
import { compareCodeUnits } from "../util/compare.js";
import { STAT_BATCH, statsAhead } from "./discover-listing.js";
import { child, isSkippedFolder, listFolder, skillFileCandidates, type Folder, type Listing, type RootContext } from "./discover-folder.js";
import { LevelAhead } from "./list-ahead.js";
import type { StatBatch } from "./stat-thread.js";
import { relPosix } from "../util/paths.js";
import { emptyList } from "../util/empty-list.js";
import { pushAll } from "../util/push-all.js";
import { checkSkillFolderTwins } from "./skill-folder-twins.js";

export type { DiscoverOptions };

// Re-exported: files.ts and targets.ts report through the same function; the folder helpers live in discover-folder.ts.
export { report, isSkippedFolder, skillFileCandidates };

function makeSource(ctx: RootContext, folder: Folder, fileName: string): SkillSource {
  // The root's path relative to cwd, then the folder's below it: one path.relative per root, not per skill.
  // Concatenated as joinPosix would (dropping "" and "."): this runs once per skill.
  const dir = ctx.shownRoot === "." || ctx.shownRoot === "" ? folder.rel || "." : folder.rel === "" ? ctx.shownRoot : ctx.shownRoot + "/" + folder.rel;
  return {
    root: ctx.root,
    dir,
    relDir: folder.rel === "" ? path.basename(ctx.absRoot) : folder.rel,
    file: dir === "." ? fileName : dir + "/" + fileName,
    fileName,
    absDir: folder.real,
  };
}

async function discoverRoot(root: SourceRoot, opts: DiscoverOptions, sources: SkillSource[], diagnostics: Diagnostic[]): Promise<void> {
  const absRoot = path.resolve(opts.cwd, root.dir);
  const shownRoot = relPosix(opts.cwd, absRoot);
  const realRoot = await resolveRoot(absRoot, shownRoot, opts, diagnostics);
  if (realRoot === undefined) return;

  const ctx: RootContext = { root, absRoot, realRoot, opts, started: Date.now(), shownRoot };
  const bounds: Bounds = { visited: new Set<string>([realRoot]), listed: 1, depthCut: [], countCut: [] };
  let level: Folder[] = [{ abs: absRoot, real: realRoot, rel: "", depth: 0, inSkill: false }];
  /** Symlinked folders met so far, followed once no plain folder is left. */
  // Arrays pushed to as the search goes: made with a filled one's map (util/empty-list.ts).
  let links: Folder[] = emptyList();
  while (level.length > 0) {
    level = admit(opts, bounds, await searchLevel(ctx, level, sources, diagnostics, links));
    if (level.length === 0 && links.length > 0) {
      level = admit(opts, bounds, links);
      links = emptyList();
    }
  }

  reportCuts(opts, diagnostics, shownRoot, "maxDepth", bounds.depthCut);
  reportCuts(opts, diagnostics, shownRoot, "maxFolders", bounds.countCut);
}

/** The root's real path, or undefined after reporting a root that is missing, unreadable or not a folder. */
async function resolveRoot(absRoot: string, shownRoot: string, opts: DiscoverOptions, diagnostics: Diagnostic[]): Promise<string | undefined> {
  try {
    const realRoot = await fs.promises.realpath(absRoot);
    if (!(await fs.promises.stat(realRoot)).isDirectory()) {
      report(opts, diagnostics, D.ROOT_NOT_FOLDER, shownRoot, { root: shownRoot });
      return undefined;
    }
    return realRoot;
  } catch (e) {
    if (errCode(e) === "ENOENT" || errCode(e) === "ENOTDIR") {
      report(opts, diagnostics, D.ROOT_MISSING, shownRoot, { root: shownRoot });
    } else {
      report(opts, diagnostics, D.READ_ERROR, shownRoot, { kind: "root", path: shownRoot, code: errCode(e) });
    }
    return undefined;
  }
}

/** Lists every folder of `level`: records its skill, returns its plain subfolders and adds its linked ones to `links`. */
async function searchLevel(ctx: RootContext, level: Folder[], sources: SkillSource[], diagnostics: Diagnostic[], links: Folder[]): Promise<Folder[]> {
  const candidates: Folder[] = emptyList();
  const ahead = statsAhead(ctx.opts, level);
  // A cold lint's early worker lists the level ahead (list-ahead.ts); not beside the stat thread (a rebuild's).
  const listing = ahead ? undefined : LevelAhead.start(ctx.opts.lister, level, ctx.opts.listingStore !== undefined);
  let batch: StatBatch | undefined;
  try {
    for (let i = 0; i < level.length; i++) {
      const folder = level[i]!;
      if (ahead && i % STAT_BATCH === 0) batch = await ahead[i / STAT_BATCH];
      const made = listing?.take(i);
      const pre = made ? made.stat : batch ? (batch.at(i % STAT_BATCH) ?? null) : undefined;
      searchFolder(ctx, folder, listFolder(ctx, folder, pre, made?.entries), { sources, diagnostics, candidates, links });
    }
  } finally {
    listing?.close();
  }
  return candidates;
}

/** Where searchLevel puts what it finds. */
interface Found {
  sources: SkillSource[];
  diagnostics: Diagnostic[];
  candidates: Folder[];
  links: Folder[];
}

/** Records one listed folder: its skill, its diagnostics, and its subfolders as folders of the next level (or links). */
function searchFolder(ctx: RootContext, folder: Folder, listing: Listing, out: Found): void {
  const { sources, diagnostics, candidates, links } = out;
  const { skillFile, subdirs, diagnostics: found } = listing;
  pushAll(diagnostics, found); // a folder of 150,000 links out of the root is as many warnings: past push(...)'s limit
  if (skillFile) sources.push(makeSource(ctx, folder, skillFile));
  for (const sub of subdirs) {
    const f: Folder = {
      abs: child(folder.abs, sub.name),
      real: sub.real,
      rel: folder.rel === "" ? sub.name : folder.rel + "/" + sub.name,
      depth: folder.depth + 1,
      inSkill: folder.inSkill || skillFile !== undefined,
    };
    (sub.link ? links : candidates).push(f);
  }
}

/** What the search of one root has claimed and cut so far. */
interface Bounds {
  visited: Set<string>;
  listed: number;
  depthCut: string[];
  countCut: string[];
}

// Claims a batch of folders in order: each real folder once, within both bounds. Folders a bound
// cuts inside a skill folder are not reported: they hold supporting files (the docx skill's
// schemas go 8 levels down), and a skill nested that deep is far rarer than the noise would be.
function admit(opts: DiscoverOptions, bounds: Bounds, candidates: Folder[]): Folder[] {
  const next: Folder[] = emptyList();
  for (const f of candidates) {
    if (bounds.visited.has(f.real)) continue;
    if (f.depth > opts.maxDepth) {
      if (!f.inSkill) bounds.depthCut.push(relPosix(opts.cwd, f.abs));
    } else if (!f.inSkill && bounds.listed >= opts.maxFolders) {
      bounds.countCut.push(relPosix(opts.cwd, f.abs));
    } else {
      bounds.visited.add(f.real);
      // Folders inside a skill (references/, scripts/, …) do not count: the bound is on the search
      // for skills, and 1,000 skills with a references/ folder each must not exhaust it.
      if (!f.inSkill) bounds.listed++;
      next.push(f);
    }
  }
  return next;
}

/** Finds every skill folder below `roots`, sorted by (root precedence, relDir) in code-unit order. Never throws for bad input. */
export async function discover(roots: SourceRoot[], opts: DiscoverOptions): Promise<{ sources: SkillSource[]; diagnostics: Diagnostic[] }> {
  const perRoot = await Promise.all(
    roots.map(async (root) => {
      const sources: SkillSource[] = emptyList();
      const diagnostics: Diagnostic[] = [];
      await discoverRoot(root, opts, sources, diagnostics);
      return { sources, diagnostics };
    }),
  );
  const sources = perRoot.flatMap((r) => r.sources);
  sources.sort((a, b) => a.root.precedence - b.root.precedence || compareCodeUnits(a.relDir, b.relDir) || compareCodeUnits(a.dir, b.dir));
  const diagnostics = perRoot.flatMap((r) => r.diagnostics);
  checkSkillFolderTwins(sources, opts, diagnostics);
  diagnostics.sort(compareDiagnostics);
  return { sources, diagnostics };
}
