// Build's steps after resolve: each resolved skill → a CompiledSkill (body → template parts), or a
// ReusedSkill when the build cache still holds its line; then the toolsets and declared scripts.
import { sha256Hex } from "../util/sha256.js";
import { extend } from "../util/extend.js";
import { isReused, type CompiledSkill, type Diagnostic, type EmitSkill, type ReusedSkill, type SkillFile, type SkillFileMeta } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import type { Reporter } from "../diagnostics/reporter.js";
import { analyzeSkill, type SkillAnalysis } from "../pipeline/analyze.js";
import { compileToolsets, type ToolsetMode } from "../toolsets/compile.js";
import { checkScripts } from "../toolsets/scripts.js";
import type { ProjectAnalysis } from "./analyze-project.js";
import type { BuildReuse } from "./build-reuse.js";
import { templateOf, type StreamedChunks } from "./chunk-stream.js";

/**
 * A template left to compile (`later` in compileSkills): one shared empty array, replaced by
 * compileTemplates, which emit calls before it renders any (EmitInput.templates).
 */
const LATER: CompiledSkill["template"] = [];

/**
 * The resolved skills without an error from resolve, compiled or reused, in resolve's order. A skill
 * whose chunk was `streamed` while it was analysed carries that chunk instead of a template;
 * `stream` stages a skill read again here the same way. `later`: templates are left to
 * compileTemplates (a single build compiles them while the side worker renders the metadata
 * outputs, which need no template: emit/side-render.ts).
 */
export async function compileSkills(
  project: ProjectAnalysis,
  reuse: BuildReuse | undefined,
  config: ResolvedConfig,
  streamed?: StreamedChunks,
  stream?: (a: SkillAnalysis) => Promise<void>,
  later = false,
): Promise<Array<CompiledSkill | ReusedSkill>> {
  const { resolved } = project;
  const byFile = new Map(project.analyses.map((a) => [a.source.file, a]));
  const out: Array<CompiledSkill | ReusedSkill> = [];
  // One set, not a search of resolve's diagnostics per skill (at 10,000 skills ~20,000 of them each).
  const failed = errorFiles(resolved.diagnostics);
  for (const s of resolved.skills) {
    if (failed.has(s.source.file)) continue;
    const a = byFile.get(s.source.file)!;
    // mcp.js serves each SKILL.md's text, which a reused skill does not carry: with `mcp`, all are read.
    if (a.outcome === "reused" && !config.mcp) {
      // The entry's recorded hash: of the same SKILL.md hash and files (both from that entry).
      const reused = reuse?.reuse(a, s, a.entry.contentHash ?? contentHash(s.hash, a.files));
      if (reused) {
        out.push(reused);
        continue;
      }
    }
    // A reused skill whose previous line is gone, edited or keyed otherwise (e.g. renamed by resolve) is read in full.
    const read = a.outcome === "reused" ? await readAgain(a, project) : a;
    // Staged (and its contents let go) as an analysed skill is: with outDir gone and the caches
    // kept, every skill is read again here (10k split: 840 MB held at once, streamed ~300 MB).
    if (read !== a) await stream?.(read);
    if (read.outcome !== "valid") continue;
    // extend, not a spread: a restored skill's text stays undecoded until its template compiles.
    // One extend with everything (two copied each restored skill's properties twice: ~60 ms at 10,000).
    const files = read.files ?? [];
    const staged = streamed?.get(read);
    const compiled = staged ? { template: [], chunk: staged.chunk, pieces: staged.pieces } : { template: later ? LATER : templateOf(read.skill, config) };
    out.push(extend(read.skill, { name: s.name, ...compiled, files, contentHash: contentHash(read.skill.hash, files) }));
  }
  return out;
}

/**
 * The templates compileSkills left for later, compiled into the skills to emit (the same objects,
 * toolset skills' copies included: a copy carries the body it is compiled from).
 */
export function compileTemplates(skills: readonly EmitSkill[], config: ResolvedConfig): void {
  for (const s of skills) if (!isReused(s) && s.template === LATER) s.template = templateOf(s, config);
}

/**
 * A writing single build's skill whose index.js line is written (emit/index.ts EmitInput.written):
 * its template, text and body are let go, as its files' contents are (project/build-reuse.ts
 * onLine). The result's skills keep their metadata. What this frees: a skill restored from the cache
 * (its text read lazily) lets its text go with it; one analysed in this run keeps its strings in the
 * run's analyses until the build returns. Nothing after emit may read a written skill's text.
 */
export function letGoOfText(skill: EmitSkill): void {
  if (isReused(skill)) return;
  skill.template = [];
  skill.text = "";
  skill.body = "";
}

/** Analyses a reused skill again, reading everything. */
async function readAgain(a: SkillAnalysis, project: ProjectAnalysis): Promise<SkillAnalysis> {
  return analyzeSkill(a.source, project.analyzeOptions);
}

/**
 * Toolsets (each entry bundled by esbuild into a lazily evaluated chunk, checked at build time) and
 * declared scripts. A skill with a toolset or script error of its own is left out, like any skill
 * with an error.
 */
export async function withToolsets(
  compiled: Array<CompiledSkill | ReusedSkill>,
  reporter: Reporter,
  mode: ToolsetMode,
): Promise<{ skills: EmitSkill[]; diagnostics: Diagnostic[] }> {
  const toolsets = await compileToolsets(compiled, reporter, mode);
  const scripts = compiled.flatMap((s) => checkScripts(s, s.files.map((f) => f.path), reporter));
  const diagnostics = reporter.rate([...toolsets.diagnostics, ...scripts]);
  const failed = errorFiles(diagnostics);
  const skills: EmitSkill[] = compiled
    .filter((s) => !failed.has(s.source.file))
    .map((s) => {
      const t = toolsets.toolsets.get(s);
      return t && !isReused(s) ? { ...s, toolsets: t } : s;
    });
  return { skills, diagnostics };
}

/** The files with an error among `diagnostics`. */
function errorFiles(diagnostics: readonly Diagnostic[]): Set<string> {
  const out = new Set<string>();
  for (const d of diagnostics) if (d.severity === "error") out.add(d.file);
  return out;
}

/** Changes when anything the bundle serves for this skill changes: the SKILL.md and every file. */
function contentHash(skillMdHash: string, files: ReadonlyArray<SkillFile | SkillFileMeta>): string {
  // One string hashed at once (the digest of the parts fed in turn): a Hash object and an update
  // per file cost a 10,000-skill rebuild ~30 ms, for every reused skill.
  let text = skillMdHash;
  for (const f of files) text += "\0" + f.path + "\0" + f.sha256;
  return sha256Hex(text);
}
