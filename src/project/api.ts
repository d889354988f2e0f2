// lint() and build() as the package exports them: the config is optional (loaded from `cwd`, as the
// CLI does) and the results carry no internal types.
import { types } from "node:util";
import { isReused, type CompiledSkill, type EmitSkill } from "../types.js";
import type { BuildApiOptions, BuildApiResult, LintOptions, LintReport } from "./api-types.js";
import { loadConfig } from "../config/load.js";
import { lintRun } from "./lint.js";
import { build as buildWith } from "./build.js";

/** Checks skills without emitting anything. */
export async function lint(opts: LintOptions): Promise<LintReport> {
  const { results, skills } = await lintRun(opts);
  return { results, skills };
}

/** Compiles the skills into `config.outDir` (or in memory with `write: false`). */
export async function build(opts: BuildApiOptions): Promise<BuildApiResult> {
  const result = await buildWith({ ...opts, config: opts.config ?? (await loadConfig(opts.cwd)).config });
  return { ...result, skills: result.skills.map(published) };
}

/**
 * The published result keeps CompiledSkill's shape for every skill: a skill a rebuild reused (its
 * line copied from the previous index.js) shows empty text, body, template and file contents, as a
 * written skill's contents are let go after writing.
 */
function published(skill: EmitSkill): CompiledSkill {
  if (!isReused(skill)) return skill;
  const { line: _line, toolsets: _toolsets, ...rest } = skill;
  // Its frontmatter may be a read-only view parsed when first read (cache/analysis-record.ts): a plain copy, as a skill read shows.
  const frontmatter = types.isProxy(skill.frontmatter) ? structuredClone({ ...skill.frontmatter }) : skill.frontmatter;
  return { ...rest, frontmatter, text: "", body: "", template: [], files: skill.files.map((f) => ({ ...f, content: "" })) };
}
