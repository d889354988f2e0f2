// What lint and build share of a run: the run's settings and reporter → roots → discovery → every
// skill's analysis (with the analysis cache, and the build cache when build hands one) → resolve.
// Lint stops here (plus its static toolset checks); build compiles and emits what it returns.
import path from "node:path";
import type { Diagnostic, Profile, RuleSetting, SkillSource, SourceRoot, ValidSkill, ValidSkillHead } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import { Reporter } from "../diagnostics/reporter.js";
import { discover, type DiscoverOptions } from "../pipeline/discover.js";
import type { DirEntry } from "../pipeline/discover-options.js";
import { resolveTargets } from "../pipeline/targets.js";
import { analysisKey, type AnalyzeOptions, type SkillAnalysis } from "../pipeline/analyze.js";
import { analyzeAll } from "../pipeline/analyze-all.js";
import type { BuildStore } from "../pipeline/analysis-store.js";
import { resolveSkills, type ResolveResult } from "../pipeline/resolve.js";
import { checkPortability } from "../pipeline/portability.js";
import { analysisSettings, overrideRater, settleAnalyses } from "../pipeline/overrides.js";
import { AnalysisCache, useCache } from "../cache/analysis-cache.js";
import { ListingCache } from "../cache/listing-cache.js";
import { RegexVerdictCache } from "../cache/regex-verdicts.js";
import { checkTriggerPatterns } from "../pipeline/trigger-checks.js";
import { recheckVersion } from "../pipeline/frontmatter/trigger-regex-recheck.js";
import type { CacheMemory } from "../cache/memory.js";
import { projectRoots } from "./roots.js";
import { StatThread, statThreadMode } from "../pipeline/stat-thread.js";
import { earlyWorkersFor, type EarlyWorkers } from "../pipeline/early-workers.js";
import { pushAll } from "../util/push-all.js";

export interface ProjectOptions {
  cwd: string;
  config: ResolvedConfig;
  profile?: Profile;
  /** Overrides on top of config.rules. */
  rules?: Record<string, RuleSetting>;
  /** The caches: see LintOptions.cache. */
  cache?: boolean;
  /** Folders that replace the config's sources (build's roots). */
  roots?: string[];
  /** Lint's targets (pipeline/targets.ts): files and folders, each mapped to its skill or root. */
  paths?: string[];
  /** Build reads every supporting file and keeps it; lint lists them and looks inside for hidden characters only. */
  readFiles: boolean;
  /** Build: a skill with an error of its own is left out before resolve (it is not emitted). */
  leaveOutFailed?: boolean;
  /** Build: the build cache for this run's analysis key and roots, asked for only when the analysis cache is used. */
  buildStore?: (key: { analysis: unknown; profile: Profile; roots: SourceRoot[] }) => Promise<BuildStore | undefined>;
  /** A long-lived process's memory of the cache files between its builds (cache/memory.ts). */
  memory?: CacheMemory;
  /** Called as skills are analysed. */
  onProgress?: (done: number, total: number) => void;
  /** Build: called with each skill's analysis as it completes, and awaited (split: its chunk is staged then). */
  onAnalysed?: (a: SkillAnalysis) => void | Promise<void>;
}

export interface ProjectAnalysis {
  profile: Profile;
  /** The run's reporter: profile and settings, and the per-path overrides as its rating. */
  reporter: Reporter;
  /** The skills found (lint: only the targeted ones), in discovery order. */
  sources: SkillSource[];
  analyses: SkillAnalysis[];
  /** Names resolved across the skills (build: only those without an error of their own). */
  resolved: ResolveResult<ValidSkill | ValidSkillHead>;
  /** Targets', discovery's, the analyses' and resolve's diagnostics, rated; suppressed ones taken out. */
  diagnostics: Diagnostic[];
  /** The suppressed ones (the JSON formatter's `suppressedMessages`). */
  suppressed: Diagnostic[];
  /** What analyses a skill again (build's fallback when a reused skill's previous line is gone). */
  analyzeOptions: AnalyzeOptions;
  /**
   * With the caches: every folder discovery listed with its fingerprint, and the links among their
   * entries; undefined when one could not be trusted or a skill's file walk listed a folder itself
   * (a run record vouches for the run's inputs with these: replay.ts).
   */
  folders(): ReturnType<ListingCache["folders"]>;
}

/** Discovers, analyses and resolves the project's skills. Never throws for bad input. */
export async function analyzeProject(opts: ProjectOptions): Promise<ProjectAnalysis> {
  const early = startEarly(opts);
  try {
    return await analyzeWith(opts, early);
  } finally {
    await early?.close();
  }
}

/** A lint of a whole project with a large flat root: its workers start now, and are ready when discovery is done. */
function startEarly(opts: ProjectOptions): EarlyWorkers | undefined {
  if (opts.readFiles || opts.onAnalysed || (opts.paths && opts.paths.length > 0)) return undefined;
  const dirs = projectRoots(opts.cwd, opts.config, opts.roots).map((r) => path.resolve(opts.cwd, r.dir));
  return earlyWorkersFor(dirs, useCache(opts.cache, Infinity) && AnalysisCache.exists(opts.config.root));
}

async function analyzeWith(opts: ProjectOptions, early: EarlyWorkers | undefined): Promise<ProjectAnalysis> {
  const { cwd, config } = opts;
  const profile = opts.profile ?? config.profile;
  const overrides = { cwd, root: config.root, profile, rules: config.rules, cli: opts.rules, overrides: config.overrides };
  const settings = analysisSettings(overrides);
  const reporter = new Reporter({ profile, settings }, overrideRater(overrides));
  // Discovery's folder listings are handed to the file listing of each skill: one readdir per folder,
  // none for a folder unchanged since the last run with the caches (cache/listing-cache.ts).
  const listings = new Map<string, DirEntry[]>();
  const ownListings = new Set<string>();
  const listingStore = useCache(opts.cache, Infinity) ? await ListingCache.open(config.root, opts.memory) : undefined;
  // A rebuild of a large tree: its stats run on a thread of their own (pipeline/stat-thread.ts).
  const stats = listingStore ? startStats(listingStore, opts.memory) : undefined;
  try {
    return await analyzeListed(opts, early, { settings, profile, reporter, listings, ownListings, listingStore, stats });
  } finally {
    // A long-lived process's thread serves its next build too (cache/memory.ts).
    if (!opts.memory) await stats?.close();
  }
}

/**
 * Folders the previous run listed, at least, for a run to start a stat thread: it saves this thread
 * ~4 µs a stat and costs ~5 ms here and ~0.1 s of the other core to start, so at 1,000 skills (~2,200
 * folders) it did not pay (main thread 0.41-0.52 s with and without it, total CPU +0.1 s); at 10,000
 * (~22,000 folders) it saves ~0.3-0.4 s of this thread.
 */
const STAT_THREAD_MIN = 5000;

/** The run's stat thread: when SKILLC_STAT_THREAD says so, else for a tree that was large last time. */
function startStats(listingStore: ListingCache, memory: CacheMemory | undefined): StatThread | undefined {
  const mode = statThreadMode();
  if (mode === "off" || (mode === "auto" && listingStore.previousSize < STAT_THREAD_MIN)) return undefined;
  const forced = mode === "on";
  // A long-lived process keeps one (starting one costs ~0.1 s of the other core); it holds nothing
  // between batches: what it answers is a stat made when asked.
  return memory ? memory.resident("stat-thread", (t: StatThread) => t.forced === forced, () => StatThread.start(forced)) : StatThread.start(forced);
}

interface RunParts {
  settings: Record<string, RuleSetting>;
  profile: Profile;
  reporter: Reporter;
  listings: Map<string, DirEntry[]>;
  ownListings: Set<string>;
  listingStore: ListingCache | undefined;
  stats: StatThread | undefined;
}

async function analyzeListed(opts: ProjectOptions, early: EarlyWorkers | undefined, run: RunParts): Promise<ProjectAnalysis> {
  const { cwd, config } = opts;
  const { settings, profile, reporter, listings, ownListings, listingStore, stats } = run;
  const found = await findSources(opts, { cwd, ...config.discovery, settings, profile, listings, listingStore, stats, lister: early?.peek() });
  const diagnostics = reporter.rate(found.diagnostics);

  const base: AnalyzeOptions = { profile, settings, extraSchema: config.schema, files: config.files, readFiles: opts.readFiles };
  const key = analysisKey(base);
  const cache = useCache(opts.cache, found.sources.length) ? await AnalysisCache.open(config.root, key, opts.memory) : undefined;
  const build = cache && (await opts.buildStore?.({ analysis: key, profile, roots: found.roots }));
  let analysed = 0;
  const total = found.sources.length;
  const analysing = analyzeAll(found.sources, { ...base, cache, build, listings, ownListings, early, stats, inThread: opts.onAnalysed !== undefined }, (a) => {
    opts.onProgress?.(++analysed, total);
    return opts.onAnalysed?.(a);
  });
  analysing.catch(() => undefined); // awaited below, after the listing store's write
  // Kept only once the run turns out to use the caches (the skill count decides by default); written
  // while the analysis runs, whose first batches are already with the workers.
  if (cache) {
    try {
      await listingStore?.save();
    } catch (err) {
      // The analysis ends (and closes its threads) before the run fails: it is not left running detached.
      await analysing.catch(() => undefined);
      throw err;
    }
  }
  const analyses = await analysing;
  listings.clear();
  await cache?.save();
  // The portability lint (`clients`) runs outside the caches: naming other clients re-analyses nothing.
  addFindings(analyses, checkPortability(analyses, config.clients ?? [], profile, reporter));
  // recheck's run over trigger patterns, bounded per run (pipeline/trigger-checks.ts).
  const openStore = cache ? () => RegexVerdictCache.open(config.root, recheckVersion()) : undefined;
  addFindings(analyses, await checkTriggerPatterns(analyses, reporter, { openStore }));
  const suppressed = settleAnalyses(analyses, (d) => reporter.rate(d));
  for (const a of analyses) pushAll(diagnostics, a.diagnostics);

  const usable = opts.leaveOutFailed ? analyses.filter((a) => !hasOwnError(a)) : analyses;
  // A loop, not flatMap: an array per skill is 10,000 of them on a rebuild.
  const skills: Array<ValidSkill | ValidSkillHead> = [];
  for (const a of usable) if (a.skill) skills.push(a.skill);
  const resolved = resolveSkills<ValidSkill | ValidSkillHead>(skills, { collisions: config.collisions, namespaces: config.namespaces, settings, profile });
  resolved.diagnostics = reporter.rate(resolved.diagnostics);
  pushAll(diagnostics, resolved.diagnostics);
  const folders = () => (ownListings.size === 0 ? listingStore?.folders() : undefined);
  return { profile, reporter, sources: found.sources, analyses, resolved, diagnostics, suppressed, analyzeOptions: { ...base, cache }, folders };
}

/** Hands each finding to its skill's analysis, so suppressions and overrides apply to it as to the others. */
function addFindings(analyses: SkillAnalysis[], found: Diagnostic[]): void {
  if (found.length === 0) return;
  for (const a of analyses) {
    const prefix = a.source.dir + "/";
    const own = found.filter((d) => d.file === a.source.file || d.file.startsWith(prefix));
    if (own.length > 0) a.diagnostics = [...a.diagnostics, ...own];
  }
}

/** The run's roots and the skills in them: lint's targets, else build's roots or the config's sources. */
async function findSources(opts: ProjectOptions, discoverOpts: DiscoverOptions): Promise<{ roots: SourceRoot[]; sources: SkillSource[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  let roots: SourceRoot[];
  let only: Set<string> | undefined;
  if (opts.paths && opts.paths.length > 0) {
    const targets = await resolveTargets(opts.paths, discoverOpts);
    roots = targets.roots;
    only = targets.only;
    pushAll(diagnostics, targets.diagnostics);
  } else {
    roots = projectRoots(opts.cwd, opts.config, opts.roots);
  }
  const found = await discover(roots, discoverOpts);
  pushAll(diagnostics, found.diagnostics);
  const sources = only ? found.sources.filter((s) => only.has(s.dir)) : found.sources;
  return { roots, sources, diagnostics };
}

/** Whether a skill has an error in its SKILL.md or any of its files (it is then not emitted). */
function hasOwnError(a: SkillAnalysis): boolean {
  if (a.diagnostics.length === 0) return false;
  const prefix = a.source.dir + "/";
  return a.diagnostics.some((d) => d.severity === "error" && (d.file === a.source.file || d.file.startsWith(prefix)));
}
