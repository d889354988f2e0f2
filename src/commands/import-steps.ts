// The steps of `skillc import` that a local source and a remote one share: lint the skill in a
// staging folder under the name it will have, check where it goes, and place it atomically.
import { rm } from "node:fs/promises";
import path from "node:path";
import type { CliContext } from "./context.js";
import type { ResolvedConfig } from "../config/types.js";
import { lintRun, type LintRun } from "../project/lint.js";
import type { Profile, RuleSetting } from "../types.js";
import { writeSkillFiles, type SkillFiles } from "../archive/skill.js";
import { skillNameProblem, suggestName } from "./scaffold.js";
import { renameSkill } from "../archive/skill-name.js";
import { skillFileCandidates } from "../pipeline/discover.js";
import { skillNamed } from "./import-names.js";
import { relPosix } from "../util/paths.js";
import { entryAt, replaceFolder } from "../util/replace-folder.js";

/**
 * Why the skill may not go to `dest`, or undefined: the folder exists, or a skill of that name
 * exists in any configured source (two skills with one name fail the next build). --force allows both.
 */
export async function destinationProblem(
  name: string,
  dest: string,
  o: { ctx: CliContext; config: ResolvedConfig; root: string; force: boolean },
): Promise<string | undefined> {
  if (o.force) return undefined;
  const shown = relPosix(o.ctx.cwd, dest);
  if (entryAt(dest)) return `${shown}/ already exists; nothing was written. Pass --force to replace it, or --name to import under another name.`;
  const taken = await skillNamed(name, o.ctx.cwd, o.config, o.root);
  if (taken) return `a skill named "${name}" already exists in ${taken}; nothing was written. Pass --name to import it under another name, or --force to import it anyway.`;
  return undefined;
}

export interface ValidateOptions {
  config: ResolvedConfig;
  name?: string;
  profile?: Profile;
  rules: Record<string, RuleSetting>;
}

/**
 * Lints the skill in a staging folder named as it will be imported: --name, else its frontmatter
 * name, else the source's name (made kebab-case when it is not). A rename means a second lint, so
 * what was checked is exactly what gets written.
 */
export async function validate(skill: SkillFiles, staging: string, opts: ValidateOptions): Promise<{ name: string; report: LintRun }> {
  const lintAs = async (name: string) => {
    await rm(path.join(staging, "skill"), { recursive: true, force: true });
    const dir = path.join(staging, "skill", name);
    await writeSkillFiles(dir, skill.files);
    const config = { ...opts.config, root: staging };
    return lintRun({ cwd: path.join(staging, "skill"), config, paths: [name], profile: opts.profile, rules: opts.rules });
  };
  if (opts.name !== undefined) skill.files = renamed(skill.files, opts.name);
  let name = opts.name ?? (skillNameProblem(skill.suggestedName) ? suggestName(skill.suggestedName) || "imported-skill" : skill.suggestedName);
  let report = await lintAs(name);
  const declared = report.analyses[0]?.skill?.fields.name;
  if (opts.name === undefined && declared && declared !== name && !skillNameProblem(declared)) {
    name = declared;
    report = await lintAs(name);
  }
  return { name, report };
}

/** The files with SKILL.md's frontmatter name set to `name` (rewritten in place, or added). */
function renamed(files: SkillFiles["files"], name: string): SkillFiles["files"] {
  const [skillMd] = skillFileCandidates(files.filter((f) => !f.path.includes("/")).map((f) => f.path));
  return files.map((f) => {
    if (f.path !== skillMd) return f;
    const data = renameSkill(f.data, name);
    return data ? { ...f, data } : f;
  });
}

/** Writes beside the destination, then renames into place, so a failure never leaves half a skill. */
export async function place(dest: string, files: SkillFiles["files"]): Promise<void> {
  await replaceFolder(dest, "import", (fresh) => writeSkillFiles(fresh, files));
}
