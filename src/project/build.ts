// `skillc build`: the whole pipeline, then the outputs — written only when the build is clean
// (or with emitOnError, for the error-free skills), so a failed build keeps the previous output.
import { createHash } from "node:crypto";
import path from "node:path";
import type { CompiledSkill, Collision, Diagnostic, Profile, RuleSetting, SourceRoot } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import { configRoots } from "./lint.js";
import { discover } from "../pipeline/discover.js";
import { AnalysisCache, useCache } from "../cache/analysis-cache.js";
import { BuildCache, lineKey, sha1 } from "../cache/build-cache.js";
import type { BuildEntry } from "../pipeline/analysis-store.js";
import type { Dirent } from "node:fs";
import { analysisKey, analyzeAll, analyzeSkill, type SkillAnalysis } from "../pipeline/analyze.js";
import { resolveSkills } from "../pipeline/resolve.js";
import { compileTemplate } from "../pipeline/template.js";
import { compareDiagnostics } from "../diagnostics/rule.js";
import { getRule } from "../diagnostics/registry.js";
import { Reporter } from "../diagnostics/reporter.js";
import { emit } from "../emit/index.js";
import { recoverOutDir, writeOutDir } from "../emit/write.js";
import { checkOutDir } from "../emit/out-dir.js";
import { toPosix } from "../util/paths.js";
import { compileToolsets, type ToolsetSkill } from "../toolsets/compile.js";
import { checkScripts } from "../toolsets/scripts.js";
import { analysisSettings, overrideRater, settleAnalyses } from "../pipeline/overrides.js";
import type { BuildApiOptions, BuildApiResult } from "./api-types.js";

/** build()'s options inside skillc: the public ones (api-types.ts) with the config resolved, plus internal switches. */
export interface BuildOptions extends Omit<BuildApiOptions, "config"> {
  config: ResolvedConfig;
  /**
   * "evaluate" (default): toolset code is evaluated in a sandboxed process to read its tool names.
   * "check": static toolset checks only, nothing runs, and the skills are emitted without their
   * toolsets (render, list and catalog, which never need tools).
   */
  toolsets?: "evaluate" | "check";
  /** Called once when another build is writing outDir and this one waits for it to finish. */
  onLockWait?: (holder: { pid: number }) => void;
}

/** The public result, with the skills' compiled toolsets visible to emit and the CLI. */
export interface BuildResult extends BuildApiResult {
  skills: ToolsetSkill[];
}

export function rootsFromArgs(cwd: string, dirs: string[]): SourceRoot[] {
  return dirs.map((dir, i) => {
    const rel = toPosix(path.relative(cwd, path.resolve(cwd, dir))) || ".";
    return { dir: rel, scope: path.basename(path.resolve(cwd, dir)) || "root", precedence: i };
  });
}

function buildRoots(opts: BuildOptions): SourceRoot[] {
  return opts.roots && opts.roots.length > 0 ? rootsFromArgs(opts.cwd, opts.roots) : configRoots(opts.cwd, opts.config);
}

/** Throws a UsageError when the build may not write into its outDir (see emit/out-dir.ts). */
export function checkBuildOutDir(opts: BuildOptions): void {
  const { cwd, config } = opts;
  const sources = buildRoots(opts).map((r) => path.resolve(cwd, r.dir));
  checkOutDir({ root: config.root, outDir: path.resolve(config.root, config.outDir), sources, cwd });
}

export async function build(opts: BuildOptions): Promise<BuildResult> {
  const { cwd, config } = opts;
  const profile = opts.profile ?? config.profile;
  const overrides = { cwd, root: config.root, profile, rules: config.rules, cli: opts.rules, overrides: config.overrides };
  const settings = analysisSettings(overrides);
  const reporter = new Reporter({ profile, settings }, overrideRater(overrides));
  const rate = (d: readonly Diagnostic[]) => reporter.rate(d);
  const outDir = path.resolve(config.root, config.outDir);
  const roots = buildRoots(opts);
  // Before any work: a build that may not write there fails at once (a usage error, exit 2).
  if (opts.write !== false) checkBuildOutDir(opts);

  const listings = new Map<string, Dirent[]>();
  const found = await discover(roots, { cwd, ...config.discovery, settings, profile, listings });
  const diagnostics: Diagnostic[] = rate(found.diagnostics);
  const analyzeOptions = { profile, settings, extraSchema: config.schema, files: config.files, readFiles: true };
  const cache = useCache(opts.cache, found.sources.length) ? await AnalysisCache.open(config.root, analysisKey(analyzeOptions)) : undefined;
  // The build cache serves only builds that write (it points into the index.js on disk).
  const writing = opts.write !== false;
  const buildCache =
    cache && writing ? await BuildCache.open(config.root, { analysis: analysisKey(analyzeOptions), config, profile, roots, cwd }, outDir) : undefined;
  let analysed = 0;
  const analyses = await analyzeAll(found.sources, { ...analyzeOptions, cache, build: buildCache, listings }, () =>
    opts.onProgress?.(++analysed, found.sources.length),
  );
  listings.clear();
  await cache?.save();
  settleAnalyses(analyses, rate);
  for (const a of analyses) diagnostics.push(...a.diagnostics);

  // With emitOnError, a skill with an error of its own is left out; without it nothing is written anyway.
  const usable = analyses.filter((a) => a.skill && !hasErrorIn(a, a.diagnostics));
  const resolved = resolveSkills(
    usable.map((a) => a.skill!),
    { collisions: config.collisions, namespaces: config.namespaces, settings, profile },
  );
  resolved.diagnostics = rate(resolved.diagnostics);
  diagnostics.push(...resolved.diagnostics);
  const byFile = new Map(usable.map((a) => [a.source.file, a]));
  /** Reused skills' previous lines, by SKILL.md path (verified against their key and bytes). */
  const reusedLines = new Map<string, { bytes: Buffer; sha1: string }>();
  const compiled: CompiledSkill[] = [];
  for (const s0 of resolved.skills) {
    if (resolved.diagnostics.some((d) => d.severity === "error" && d.file === s0.source.file)) continue;
    let s = s0;
    const a = byFile.get(s.source.file)!;
    let files = a.files ?? [];
    if (a.reused) {
      const hash = contentHash(s.hash, files);
      const line = buildCache!.line(a.reused, skillLineKey(s, hash));
      if (line) {
        reusedLines.set(s.source.file, line);
        compiled.push({ ...s, template: [], files, contentHash: hash });
        continue;
      }
      // The previous line is gone, edited or keyed otherwise (e.g. renamed by resolve): read it all.
      const full = await analyzeSkill(a.source, { ...analyzeOptions, cache, listings });
      a.files = files = full.files ?? [];
      a.reused = undefined;
      s = { ...s, text: full.parsed!.text, body: full.parsed!.body, bodyOffset: full.parsed!.bodyOffset, bodyStart: full.parsed!.bodyStart };
    }
    compiled.push({
      ...s,
      template: compileTemplate(s.body, { dialect: config.dialect, argumentNames: s.fields.arguments }),
      files,
      contentHash: contentHash(s.hash, files),
    });
  }

  // Toolsets: each entry bundled by esbuild into a lazily evaluated chunk, checked at build time.
  // A skill with a toolset (or script) error of its own is left out, like any skill with an error.
  const toolsets = await compileToolsets(compiled, reporter, opts.toolsets ?? "evaluate");
  const skillDiagnostics = rate([...toolsets.diagnostics, ...compiled.flatMap((s) => checkScripts(s, reporter))]);
  diagnostics.push(...skillDiagnostics);
  const skills: ToolsetSkill[] = compiled
    .filter((s) => !skillDiagnostics.some((d) => d.severity === "error" && d.file === s.source.file))
    .map((s) => (toolsets.toolsets.has(s) ? { ...s, toolsets: toolsets.toolsets.get(s) } : s));

  const newEntries: Record<string, BuildEntry> = {};
  const emitted = await emit({
    lines: buildCache && {
      get previous() {
        return buildCache.trustedIndex();
      },
      reuse: (skill) => (skill.toolsets ? undefined : reusedLines.get(skill.source.file)?.bytes),
      onLine: (skill, offset, line, reused) => {
        const a = byFile.get(skill.source.file);
        if (skill.toolsets || !a?.fp) return;
        newEntries[skill.source.file] = {
          fp: a.fp,
          hash: skill.hash,
          files: skill.files.map(({ content: _content, ...meta }) => meta),
          line: { key: skillLineKey(skill, skill.contentHash), offset, length: line.length, sha1: reused ? reusedLines.get(skill.source.file)!.sha1 : sha1(line) },
        };
        // Written: the contents are not needed any more (the result keeps the metadata).
        if (!reused) for (const f of skill.files) f.content = "";
      },
    },
    manifestEntries: buildCache && {
      // Only a skill whose line was reused is unchanged in everything its entry shows.
      reuse: (skill) => (reusedLines.has(skill.source.file) && !skill.toolsets ? buildCache.manifestEntry(byFile.get(skill.source.file)!.reused!) : undefined),
      onEntry: (skill, offset, length) => {
        const e = newEntries[skill.source.file];
        if (e) e.manifest = { offset, length };
      },
    },
    outputs: buildCache && {
      get: (group, key, names) => buildCache.output(group, key, names),
      set: (group, key, names, extra) => buildCache.setOutput(group, key, names, extra),
    },
    skills,
    collisions: resolved.collisions,
    diagnostics,
    config: { ...config, profile },
    reporter,
    stats: { skills: skills.length, files: skills.reduce((n, s) => n + s.files.length, 0), bytes: skills.reduce((n, s) => n + s.files.reduce((m, f) => m + f.bytes, 0), 0) },
  });
  diagnostics.push(...catalogDiagnostics(skills, emitted.catalogReport, reporter, config.catalog));
  diagnostics.push(...emitted.diagnostics);
  const rated = rate(diagnostics);
  diagnostics.length = 0;
  for (const d of rated) diagnostics.push(d);
  diagnostics.sort(compareDiagnostics);

  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const failed = errors > 0 || (opts.strict === true && warnings > 0);
  const write = opts.write !== false && (!failed || opts.emitOnError === true);
  if (write) {
    // Outputs the build cache vouches for are not read back to compare: index.js when its bytes
    // equal the trusted previous one (already in memory), the others when reused from disk as they are.
    const unchanged = new Set<string>(buildCache?.reusedOutputs());
    const prevIndex = buildCache?.trustedIndex();
    const indexJs = emitted.files.get("index.js");
    if (prevIndex && indexJs === prevIndex) unchanged.add("index.js");
    await writeOutDir(outDir, emitted.files, { unchanged, onWait: opts.onLockWait });
    await buildCache?.save(newEntries);
  } else if (opts.write !== false) {
    // Nothing to write, but a build killed while writing is finished, so the folder kept is whole.
    await recoverOutDir(outDir, opts.onLockWait);
  }
  return {
    diagnostics,
    skills,
    collisions: resolved.collisions,
    files: emitted.files,
    written: write,
    outDir,
    bundleBytes: emitted.bundleBytes,
    found: found.sources.length,
  };
}

/** What a skill's line depends on besides its folder's contents (the config is in the cache's key). */
function skillLineKey(s: { name: string; source: CompiledSkill["source"] }, hash: string): string {
  return lineKey([s.name, s.source.file, s.source.dir, s.source.root.scope, s.source.root.precedence, hash]);
}

function hasErrorIn(a: SkillAnalysis, diagnostics: Diagnostic[]): boolean {
  const prefix = a.source.dir + "/";
  return diagnostics.some((d) => d.severity === "error" && (d.file === a.source.file || d.file.startsWith(prefix)));
}

/** Changes when anything the bundle serves for this skill changes: the SKILL.md and every file. */
function contentHash(skillMdHash: string, files: CompiledSkill["files"]): string {
  const hash = createHash("sha256").update(skillMdHash);
  for (const f of files) hash.update("\0" + f.path + "\0" + f.sha256);
  return hash.digest("hex");
}

function catalogDiagnostics(
  skills: ToolsetSkill[],
  report: { shortened: string[]; dropped: string[] },
  reporter: Reporter,
  catalog: ResolvedConfig["catalog"],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  let grouped: Map<string, ToolsetSkill[]> | undefined;
  const byName = () => {
    if (grouped) return grouped;
    grouped = new Map();
    for (const s of skills) grouped.set(s.name, [...(grouped.get(s.name) ?? []), s]);
    return grouped;
  };
  // One message per rule, the skill being the position: one cause (the budget) makes one message,
  // which the formatters for people print once with a count (RuleMeta.shared).
  const budget = { chars: catalog.budgetChars, format: catalog.format };
  for (const [names, ruleId] of [
    [report.shortened, "catalog-shortened"],
    [report.dropped, "catalog-dropped"],
  ] as const) {
    // With collisions: "keep", one name can stand for several skills: each is reported at its own file.
    for (const name of new Set(names)) {
      for (const skill of byName().get(name) ?? []) {
        const pos = skill.positions["/description"]?.key ?? skill.frontmatterRange;
        reporter.to(out, skill.source.file)(getRule(ruleId), pos, budget);
      }
    }
  }
  return out;
}
