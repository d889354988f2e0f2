// `skillc build`: the whole pipeline, then the outputs — written only when the build is clean
// (or with emitOnError, for the error-free skills), so a failed build keeps the previous output.
// Discovery to resolve is analyzeProject (shared with lint); compile.ts compiles, emit renders.
import path from "node:path";
import type { Diagnostic, EmitSkill, ToolsetSkill } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import { compareDiagnostics, messageOf } from "../diagnostics/rule.js";
import { getRule } from "../diagnostics/registry.js";
import type { Reporter } from "../diagnostics/reporter.js";
import { emit, resolveLayout, type EmitOutput } from "../emit/index.js";
import type { SideWorkerStart } from "../emit/side-render.js";
import { earlySideWorker } from "./side-worker.js";
import { ChunkStage } from "../emit/chunk-stage.js";
import { IndexStage } from "../emit/index-stage.js";
import { ChunksGone } from "../emit/write-chunks.js";
import type { ProjectAnalysis } from "./analyze-project.js";
import type { SkillAnalysis } from "../pipeline/analyze.js";
import { recoverOutDir, writeOutDir } from "../emit/write.js";
import type { BuildApiOptions, BuildApiResult } from "./api-types.js";
import { analyzeProject, type ProjectOptions } from "./analyze-project.js";
import { BuildReuse } from "./build-reuse.js";
import { compileSkills, compileTemplates, letGoOfText, withToolsets } from "./compile.js";
import { chunkStreamer, type StreamedChunks } from "./chunk-stream.js";
import { openChunkStage } from "./chunk-trust.js";
import { checkPermissions } from "./permission-checks.js";
import { openReplay, outDirAtCommit, recordBuild, type RunReplay } from "./replay.js";
import { checkBuildOutDir } from "./build-out-dir.js";
import type { CacheMemory } from "../cache/memory.js";
import { pushAll } from "../util/push-all.js";

// Asked by the CLI before a build too (watch mode), and by replay.ts: in its own module.
export { checkBuildOutDir };

// What a long-lived caller (a dev server, a watch) gives its builds: see BuildOptions.memory.
export { CacheMemory } from "../cache/memory.js";

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
  onLockWait?: (holder: { pid: number; host: string }) => void;
  /** Split layout: write every chunk, trusting none in outDir (set on the retry below). */
  restage?: boolean;
  /** A long-lived process's memory of the cache files between its builds (cache/memory.ts: watch, a dev server). */
  memory?: CacheMemory;
}

/** The public result, with the skills' compiled toolsets visible to emit and the CLI. */
export interface BuildResult<S extends EmitSkill = EmitSkill> extends Omit<BuildApiResult, "skills"> {
  /** A rebuild that writes, with the build cache, may reuse skills: they carry their previous line instead of a template. */
  skills: S[];
}

/** A build that writes nothing never reuses a skill (the build cache serves writing builds only). */
export async function build(opts: BuildOptions & { write: false }): Promise<BuildResult<ToolsetSkill>>;
export async function build(opts: BuildOptions): Promise<BuildResult>;
export async function build(opts: BuildOptions): Promise<BuildResult> {
  const { config } = opts;
  const outDir = path.resolve(config.root, config.outDir);
  // Before any work: a build that may not write there fails at once (a usage error, exit 2).
  if (opts.write !== false) checkBuildOutDir(opts);
  // The run record this build may leave for the next one (replay.ts; the CLI asks it first, replayBuild).
  return buildRun(opts, outDir, await openReplay(opts, outDir, false));
}

async function buildRun(opts: BuildOptions, outDir: string, replay: RunReplay | undefined): Promise<BuildResult> {
  const { cwd, config } = opts;
  const writing = opts.write !== false;
  // The build cache serves only builds that write (it points into the index.js on disk).
  let reuse: BuildReuse | undefined;
  const buildStore: ProjectOptions["buildStore"] = async (key) => {
    reuse = await BuildReuse.open(config.root, { analysis: key.analysis, config, profile: key.profile, roots: key.roots, cwd }, outDir, opts.memory);
    return reuse.store;
  };
  // Split: chunks stream into a staging folder (memory never holds them all). With `output: "split"`
  // each is staged as soon as its skill is analysed (chunk-stream.ts); with "auto", the layout is
  // known only after analysis, and emit renders them.
  let stage = writing && config.output === "split" ? await openChunkStage(config.root, outDir, opts.restage) : undefined;
  // Single: index.js streams into a staging folder as it is rendered (emit/index-stage.ts).
  const indexStage = writing ? new IndexStage(outDir) : undefined;
  const streamed: StreamedChunks = new WeakMap();
  try {
    const onAnalysed = chunkStreamer(stage, config, streamed);
    const project = await analyzeProject({ ...opts, readFiles: true, leaveOutFailed: true, buildStore: writing ? buildStore : undefined, onAnalysed });
    reuse?.track(project.analyses);
    const layout = layoutOf(config, project);
    stage ??= writing && layout === "split" ? await openChunkStage(config.root, outDir, opts.restage) : undefined;
    const staged = stage;
    reuse?.setLayout(layout, staged && ((h) => staged.onDisk(h)));
    const atCommit = replay && outDirAtCommit(project, outDir);
    const result = await buildLaidOut(opts, project, { outDir, layout, stage, indexStage, reuse, profile: project.profile, streamed, onAnalysed, onCommitted: atCommit?.take });
    if (replay && result.written) await recordBuild(replay, opts, project, result, reuse !== undefined, atCommit);
    return result;
  } catch (error) {
    // Another build into the same outDir removed a chunk this one found there and did not write:
    // once more, writing every chunk (nothing can go missing then), without the caches.
    if (!(error instanceof ChunksGone) || opts.restage) throw error;
  } finally {
    reuse?.close();
    await stage?.discard();
    await indexStage?.discard();
  }
  return build({ ...opts, cache: false, restage: true });
}

/** "auto" decides from the supporting files' sizes and the skill count (src/emit/split.ts), known before any skill is read in full. */
function layoutOf(config: ResolvedConfig, project: ProjectAnalysis): "single" | "split" {
  let skills = 0;
  let bytes = 0;
  for (const a of project.analyses) {
    if (a.outcome !== "valid" && a.outcome !== "reused") continue;
    skills++;
    for (const f of a.files ?? []) bytes += f.bytes;
  }
  return resolveLayout(config.output, { skills, bytes });
}

/** What buildLaidOut is given besides the options and the analysis. */
interface LaidOut {
  outDir: string;
  layout: "single" | "split";
  stage?: ChunkStage;
  indexStage?: IndexStage;
  reuse?: BuildReuse;
  profile: ProjectAnalysis["profile"];
  streamed: StreamedChunks;
  onAnalysed?: (a: SkillAnalysis) => Promise<void>;
  /** Called with outDir's lock held, once the build's files are in place (replay.ts OutDirAtCommit). */
  onCommitted?: () => void;
}

/** Compiles, emits and writes in the chosen layout. */
async function buildLaidOut(opts: BuildOptions, project: ProjectAnalysis, run: LaidOut): Promise<BuildResult> {
  // Single: the side worker starts now, ready by the time emit gives it its job (side-worker.ts).
  const side = run.layout === "single" ? earlySideWorker(project.analyses.filter((a) => a.outcome === "valid").length) : undefined;
  try {
    return await compileEmitWrite(opts, project, run, side?.start);
  } finally {
    side?.discard();
  }
}

async function compileEmitWrite(opts: BuildOptions, project: ProjectAnalysis, run: LaidOut, sideWorker: SideWorkerStart | undefined): Promise<BuildResult> {
  const { config } = opts;
  const { outDir, layout, stage, reuse, profile } = run;
  const { reporter, resolved } = project;
  // The templates compile in emit, while the side worker renders what needs none (emit/index.ts).
  const compiled = await compileSkills(project, reuse, config, run.streamed, run.onAnalysed, true);
  await stage?.retire();
  const { skills, diagnostics: skillDiagnostics } = await withToolsets(compiled, reporter, opts.toolsets ?? "evaluate");
  const diagnostics = [...project.diagnostics, ...skillDiagnostics];
  const emitted = await emit({
    reuse,
    layout,
    chunks: stage,
    index: layout === "single" ? run.indexStage : undefined,
    sideWorker,
    templates: (list) => compileTemplates(list, config),
    // mcp.js serves each SKILL.md's text after index.js is written: kept then.
    written: config.mcp ? undefined : letGoOfText,
    skills,
    collisions: resolved.collisions,
    diagnostics,
    config: { ...config, profile },
    reporter,
    stats: { skills: skills.length, files: skills.reduce((n, s) => n + s.files.length, 0), bytes: skills.reduce((n, s) => n + s.files.reduce((m, f) => m + f.bytes, 0), 0) },
  });
  // Appended in a loop: one catalog diagnostic a dropped skill, past what push(...)'s arguments can take at ~125,000.
  pushAll(diagnostics, catalogDiagnostics(skills, emitted.catalogReport, reporter, config.catalog));
  pushAll(diagnostics, emitted.diagnostics);
  pushAll(diagnostics, checkPermissions(config, skills.map((s) => s.name), reporter));
  const rated = reporter.rate(diagnostics).sort(compareDiagnostics);
  const written = await writeOutputs(opts, outDir, rated, emitted, reuse, stage ?? (layout === "single" ? run.indexStage : undefined), run.onCommitted);
  return { diagnostics: rated, skills, collisions: resolved.collisions, files: emitted.files, written, outDir, bundleBytes: emitted.bundleBytes, found: project.sources.length, layout, ...(emitted.chunks !== undefined && { chunks: emitted.chunks }) };
}

/** Writes the outputs when the build may (clean, or emitOnError); whether it wrote. */
async function writeOutputs(
  opts: BuildOptions,
  outDir: string,
  diagnostics: Diagnostic[],
  emitted: EmitOutput,
  reuse: BuildReuse | undefined,
  stage: ChunkStage | IndexStage | undefined,
  onCommitted: (() => void) | undefined,
): Promise<boolean> {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  const failed = errors > 0 || (opts.strict === true && warnings > 0);
  if (opts.write === false) return false;
  if (failed && opts.emitOnError !== true) {
    // Nothing to write, but a build killed while writing is finished, so the folder kept is whole.
    await recoverOutDir(outDir, opts.onLockWait);
    return false;
  }
  // Emit has read every spliced line: the previous index.js is closed before the renames (Windows
  // cannot rename over a file this process holds open).
  reuse?.close();
  // Outputs the build cache vouches for are not read back to compare.
  const unchanged = reuse?.unchanged() ?? new Set<string>();
  // A single build removes the chunks an earlier split build left (none refer to them any more),
  // and commits its staged index.js (when its bytes changed).
  const chunks = stage instanceof ChunkStage ? stage : { tmp: stage?.tmp, staged: stage?.staged ?? [], keep: new Set<string>() };
  // A single build's cache records are encoded while its commit waits on the disk (index.js's last
  // syncs; saved after it). Not a split build's: its chunks are synced by now, so its commit waits
  // little, and the 10,000 records held through it (~13 MB, kept into the old generation) raised a
  // cold split build's peak RSS by ~20 MB at 10,000 skills (4 alternating pairs); save() encodes
  // each record as it writes it instead.
  const encoding = stage instanceof ChunkStage ? undefined : reuse?.encodeAhead();
  encoding?.catch(() => undefined); // awaited below, after the commit
  // The commit record must follow chunks (and index.js) on disk: their background syncs end here
  // (a single build's index.js: while writeOutDir writes the other files, before its commit record).
  const durable = stage instanceof IndexStage ? stage.flush() : undefined;
  durable?.catch(() => undefined); // awaited in writeOutDir, and below
  if (!durable) await stage?.flush();
  await writeOutDir(outDir, emitted.files, {
    stagedDurable: durable,
    unchanged,
    onWait: opts.onLockWait,
    chunks,
    heldIndex: reuse && stage instanceof IndexStage ? () => reuse.indexUnmoved() : undefined,
    committed: reuse && (() => (reuse.noteIndex(), onCommitted?.())),
  });
  // writeOutDir waits for it only when it commits something (a rebuild may change nothing).
  await durable;
  await encoding;
  await reuse?.save();
  return true;
}

function catalogDiagnostics(
  skills: EmitSkill[],
  report: { shortened: string[]; dropped: string[] },
  reporter: Reporter,
  catalog: ResolvedConfig["catalog"],
): Diagnostic[] {
  const out: Diagnostic[] = [];
  let grouped: Map<string, EmitSkill[]> | undefined;
  const byName = () => {
    if (grouped) return grouped;
    grouped = new Map();
    for (const s of skills) {
      const same = grouped.get(s.name);
      if (same) same.push(s);
      else grouped.set(s.name, [s]);
    }
    return grouped;
  };
  // One message per rule, the skill being the position: one cause (the budget) makes one message,
  // which the formatters for people print once with a count (RuleMeta.shared).
  const budget = { chars: catalog.budgetChars, format: catalog.format };
  for (const [names, ruleId] of [
    [report.shortened, "catalog-shortened"],
    [report.dropped, "catalog-dropped"],
  ] as const) {
    // Its message made once, not once a skill: the same text (a budget that drops 9,000 skills made
    // 9,000 copies, all kept to the end of the run).
    const rule = getRule(ruleId);
    const message = messageOf(rule, budget);
    const once = { ...rule, message: () => message };
    // With collisions: "keep", one name can stand for several skills: each is reported at its own file.
    for (const name of new Set(names)) {
      for (const skill of byName().get(name) ?? []) {
        const pos = skill.positions["/description"]?.key ?? skill.frontmatterRange;
        const d = reporter.make(skill.source.file, once, pos, budget);
        if (d) out.push(d);
      }
    }
  }
  return out;
}
