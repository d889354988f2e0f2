// `skillc lint`: discovery → per-skill analysis → cross-skill checks, without emitting anything.
import type { Dirent } from "node:fs";
import path from "node:path";
import type { CompiledSkill, Diagnostic, ResolvedSkill, SourceRoot } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import type { LintOptions, LintReport } from "./api-types.js";
import { loadConfig } from "../config/load.js";
import { compareDiagnostics } from "../diagnostics/rule.js";
import { Reporter } from "../diagnostics/reporter.js";
import type { LintFileResult } from "../diagnostics/format.js";
import { discover, type DiscoverOptions } from "../pipeline/discover.js";
import { resolveTargets } from "../pipeline/targets.js";
import { AnalysisCache, useCache } from "../cache/analysis-cache.js";
import { analysisKey, analyzeAll, type SkillAnalysis } from "../pipeline/analyze.js";
import { resolveSkills } from "../pipeline/resolve.js";
import { toPosix } from "../util/paths.js";
import { analysisSettings, overrideRater, settleAnalyses } from "../pipeline/overrides.js";

export type { LintOptions, LintReport };

/** A lint run as commands inside skillc see it: the report plus each skill's analysis (not public API). */
export interface LintRun extends LintReport {
  analyses: SkillAnalysis[];
}

/** Roots from the config's sources, relative to cwd. Later sources take precedence. */
export function configRoots(cwd: string, config: ResolvedConfig): SourceRoot[] {
  return config.sources.map((s, i) => ({
    dir: toPosix(path.relative(cwd, path.resolve(config.root, s.dir))) || ".",
    scope: s.scope,
    precedence: i,
  }));
}

/** Lints skills without emitting anything, keeping each skill's analysis (import needs it); the public `lint()` is src/project/api.ts. */
export async function lintRun(opts: LintOptions): Promise<LintRun> {
  const { cwd } = opts;
  const config = opts.config ?? (await loadConfig(cwd)).config;
  const profile = opts.profile ?? config.profile;
  const overrides = { cwd, root: config.root, profile, rules: config.rules, cli: opts.rules, overrides: config.overrides };
  const settings = analysisSettings(overrides);
  const reporter = new Reporter({ profile, settings }, overrideRater(overrides));
  const rate = (d: readonly Diagnostic[]) => reporter.rate(d);
  const discoverOpts: DiscoverOptions = { cwd, ...config.discovery, settings, profile };
  const diagnostics: Diagnostic[] = [];

  let roots: SourceRoot[];
  let only: Set<string> | undefined;
  if (opts.paths && opts.paths.length > 0) {
    const targets = await resolveTargets(opts.paths, discoverOpts);
    roots = targets.roots;
    only = targets.only;
    diagnostics.push(...targets.diagnostics);
  } else {
    roots = configRoots(cwd, config);
  }
  // Discovery's folder listings are handed to the file listing of each skill: one readdir per folder.
  const listings = new Map<string, Dirent[]>();
  const found = await discover(roots, { ...discoverOpts, listings });
  diagnostics.push(...found.diagnostics);
  const sources = only ? found.sources.filter((s) => only!.has(s.dir)) : found.sources;

  const analyzeOptions = { profile, settings, extraSchema: config.schema, files: config.files, readFiles: false };
  const cache = useCache(opts.cache, sources.length) ? await AnalysisCache.open(config.root, analysisKey(analyzeOptions)) : undefined;
  const analyses = await analyzeAll(sources, { ...analyzeOptions, cache, listings });
  listings.clear();
  await cache?.save();
  const suppressed = settleAnalyses(analyses, rate);
  for (const a of analyses) diagnostics.push(...a.diagnostics);

  // Names are checked across the linted skills: duplicates within a root, clashes across roots.
  const valid = analyses.flatMap((a) => (a.skill ? [a.skill] : []));
  const resolved = resolveSkills(valid, { collisions: config.collisions, namespaces: config.namespaces, settings, profile });
  diagnostics.push(...resolved.diagnostics);
  diagnostics.push(...(await checkToolsetsAndScripts(resolved.skills, analyses, reporter)));

  const results = groupByFile(sources.map((s) => s.file), rate(diagnostics));
  attachSuppressed(results, suppressed);
  return { results, skills: sources.length, analyses };
}

/** In-project name of lintRun (tests and internal callers); the package's `lint()` is src/project/api.ts. */
export const lint = lintRun;

/**
 * The build's toolset and script checks, for the skills that declare any (esbuild loads only then).
 * Lint reads no file contents, so the skills are given their file list with empty contents:
 * both checks look only at paths and at the toolset sources, which esbuild reads itself.
 */
async function checkToolsetsAndScripts(
  skills: ResolvedSkill[],
  analyses: SkillAnalysis[],
  ctx: Reporter,
): Promise<Diagnostic[]> {
  const declaring = skills.filter((s) => s.fields.toolsets.length > 0 || s.fields.scripts.length > 0);
  if (declaring.length === 0) return [];
  const { compileToolsets, checkScripts } = await import("../toolsets/index.js");
  const paths = new Map(analyses.map((a) => [a.source.file, a.paths ?? []]));
  const views: CompiledSkill[] = declaring.map((s) => ({
    ...s,
    template: [],
    contentHash: "",
    files: (paths.get(s.source.file) ?? []).map((p) => ({ path: p, bytes: 0, sha256: "", binary: false, executable: false, content: "" })),
  }));
  // "check": static checks only — lint never runs a skill's code (import lints through here too).
  const toolsets = await compileToolsets(views, ctx, "check");
  return [...toolsets.diagnostics, ...views.flatMap((s) => checkScripts(s, ctx))];
}

/** Hands each file's suppressed diagnostics to its result (the JSON formatter's `suppressedMessages`). */
function attachSuppressed(results: LintFileResult[], suppressed: Diagnostic[]): void {
  if (suppressed.length === 0) return;
  const byFile = new Map(results.map((r) => [r.file, r]));
  for (const d of suppressed) {
    const r = byFile.get(d.file);
    if (r) (r.suppressed ??= []).push(d);
  }
  for (const r of results) r.suppressed?.sort(compareDiagnostics);
}

/** One result per linted SKILL.md (even when clean) and per other file that has diagnostics, sorted. */
export function groupByFile(files: string[], diagnostics: Diagnostic[]): LintFileResult[] {
  const byFile = new Map<string, Diagnostic[]>(files.map((f) => [f, []]));
  for (const d of diagnostics) {
    const list = byFile.get(d.file);
    if (list) list.push(d);
    else byFile.set(d.file, [d]);
  }
  return [...byFile.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, list]) => ({ file, diagnostics: list.sort(compareDiagnostics) }));
}
