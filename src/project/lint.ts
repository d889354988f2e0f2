// `skillc lint`: discovery → per-skill analysis → cross-skill checks, without emitting anything.
// Discovery to resolve is analyzeProject (shared with build).
import type { Diagnostic, ResolvedSkillHead } from "../types.js";
import type { LintOptions, LintReport } from "./api-types.js";
import { loadConfig } from "../config/load.js";
import { compareDiagnostics } from "../diagnostics/rule.js";
import type { Reporter } from "../diagnostics/reporter.js";
import type { LintFileResult } from "../diagnostics/format.js";
import type { SkillAnalysis } from "../pipeline/analyze.js";
import { analyzeProject } from "./analyze-project.js";

export type { LintOptions, LintReport };

/** A lint run as commands inside skillc see it: the report plus each skill's analysis (not public API). */
export interface LintRun extends LintReport {
  analyses: SkillAnalysis[];
}

/** Lints skills without emitting anything, keeping each skill's analysis (import needs it); the public `lint()` is src/project/api.ts. */
export async function lintRun(opts: LintOptions): Promise<LintRun> {
  const config = opts.config ?? (await loadConfig(opts.cwd)).config;
  const project = await analyzeProject({ ...opts, config, readFiles: false });
  const { analyses, reporter } = project;
  // Names are checked across the linted skills (analyzeProject): duplicates within a root, clashes across roots.
  const toolsets = await checkToolsetsAndScripts(project.resolved.skills, analyses, reporter);
  const diagnostics = reporter.rate([...project.diagnostics, ...toolsets]);
  const results = groupByFile(project.sources.map((s) => s.file), diagnostics);
  attachSuppressed(results, project.suppressed);
  return { results, skills: project.sources.length, analyses };
}

/** In-project name of lintRun (tests and internal callers); the package's `lint()` is src/project/api.ts. */
export const lint = lintRun;

/**
 * The build's toolset and script checks, for the skills that declare any (esbuild loads only then).
 * Both look only at the frontmatter and the files' paths (lint reads no file contents); esbuild
 * reads the toolset sources itself.
 */
async function checkToolsetsAndScripts(skills: ResolvedSkillHead[], analyses: SkillAnalysis[], reporter: Reporter): Promise<Diagnostic[]> {
  const declaring = skills.filter((s) => s.fields.toolsets.length > 0 || s.fields.scripts.length > 0);
  if (declaring.length === 0) return [];
  const { compileToolsets, checkScripts } = await import("../toolsets/index.js");
  const paths = new Map(analyses.map((a) => [a.source.file, a.outcome === "unreadable" ? [] : a.paths]));
  // "check": static checks only — lint never runs a skill's code (import lints through here too).
  const toolsets = await compileToolsets(declaring, reporter, "check");
  return [...toolsets.diagnostics, ...declaring.flatMap((s) => checkScripts(s, paths.get(s.source.file) ?? [], reporter))];
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
