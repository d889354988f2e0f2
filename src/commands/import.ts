import { existsSync } from "node:fs";
import { mkdtemp, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { CliContext } from "./context.js";
import { EXIT_FAIL, EXIT_OK, UsageError, exitCodeFor } from "./context.js";
import { loadConfig } from "../config/load.js";
import type { ResolvedConfig } from "../config/types.js";
import { lintRun, type LintRun } from "../project/lint.js";
import type { Profile, RuleSetting } from "../types.js";
import { ArchiveError, printable } from "../archive/entries.js";
import { readSkillSource, writeSkillFiles, type SkillFiles } from "../archive/skill.js";
import { skillNameProblem, suggestName } from "./scaffold.js";
import { renameSkill } from "../archive/skill-name.js";
import { skillFileCandidates } from "../pipeline/discover.js";
import { skillNamed } from "./import-names.js";
import { relPosix } from "../util/paths.js";
import { profileFlag, ruleFlags } from "./args.js";
import { defineCommand } from "./define.js";
import { IMPORT } from "./specs.js";
import { counts, plural, printDiagnostics } from "./report.js";

const FIX_HINT = / \(`--fix` does it\)/g;

export const command = defineCommand(IMPORT, async (values, positionals, ctx) => {
  if (positionals.length !== 1) throw new UsageError(`expects exactly one folder or archive, e.g. \`skillc import ./review-diff.zip\`; got ${positionals.length}.`);
  const source = path.resolve(ctx.cwd, positionals[0]!);
  if (!existsSync(source)) throw new UsageError(`"${printable(positionals[0]!)}" does not exist.`);
  if (values.name !== undefined) {
    const problem = skillNameProblem(values.name);
    if (problem) throw new UsageError(`--name: ${problem}`);
  }
  const { config } = await loadConfig(ctx.cwd, values.config);
  const root = values.to !== undefined ? path.resolve(ctx.cwd, values.to) : path.resolve(config.root, config.sources[0]?.dir ?? "skills");

  const shownSource = printable(positionals[0]!);
  const skill = await readSource(source, shownSource, ctx);
  if (typeof skill === "number") return skill;

  const staging = await mkdtemp(path.join(os.tmpdir(), "skillc-import-"));
  try {
    const checked = await validate(skill, staging, { config, name: values.name, profile: profileFlag(values.profile), rules: ruleFlags(values.rule) });
    // Shown at the source's paths; fixes are dropped, and so is the "`--fix` does it" hint: import
    // has no --fix (it would edit the staging copy); the source is to be fixed, then imported again.
    const where = relPosix(ctx.cwd, path.join(source, skill.inner));
    const diagnostics = checked.report.results
      .flatMap((r) => r.diagnostics)
      .map(({ fix: _fix, ...d }) => ({ ...d, message: d.message.replace(FIX_HINT, ""), file: d.file.replace(/^[^/]+/, where) }));
    printDiagnostics(ctx, diagnostics);
    const { errors, warnings } = counts(diagnostics);
    if (exitCodeFor(diagnostics) !== EXIT_OK || checked.report.skills !== 1) {
      const why = errors > 0 ? `${plural(errors, "error")} (${plural(warnings, "warning")})` : "no skill was found in it";
      ctx.stderr.write(`skillc import: ${shownSource} would not build: ${why}. Nothing was written; fix the source and import it again.\n`);
      return EXIT_FAIL;
    }
    const dest = path.join(root, checked.name);
    const shown = relPosix(ctx.cwd, dest);
    const problem = await destinationProblem(checked.name, dest, { ctx, config, root, force: Boolean(values.force) });
    if (problem) {
      ctx.stderr.write(`skillc import: ${problem}\n`);
      return EXIT_FAIL;
    }
    await place(dest, skill.files);
    ctx.stdout.write(`imported ${checked.name} into ${shown}/ (${plural(skill.files.length, "file")}, ${plural(warnings, "warning")})\n`);
    return EXIT_OK;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
});

/** The source's files, or the exit code after saying why it cannot be imported. */
async function readSource(source: string, shown: string, ctx: CliContext): Promise<SkillFiles | number> {
  try {
    return await readSkillSource(source);
  } catch (error) {
    // A refused archive, or a source that cannot be read (permissions, a vanished file): a message, not a crash.
    const code = (error as NodeJS.ErrnoException).code;
    if (!(error instanceof ArchiveError) && typeof code !== "string") throw error;
    const why = error instanceof ArchiveError ? error.message : `cannot be read (${code}).`;
    ctx.stderr.write(`skillc import: ${shown}: ${why}\n`);
    return EXIT_FAIL;
  }
}

/**
 * Why the skill may not go to `dest`, or undefined: the folder exists, or a skill of that name
 * exists in any configured source (two skills with one name fail the next build). --force allows both.
 */
async function destinationProblem(
  name: string,
  dest: string,
  o: { ctx: CliContext; config: ResolvedConfig; root: string; force: boolean },
): Promise<string | undefined> {
  if (o.force) return undefined;
  const shown = relPosix(o.ctx.cwd, dest);
  if (existsSync(dest)) return `${shown}/ already exists; nothing was written. Pass --force to replace it, or --name to import under another name.`;
  const taken = await skillNamed(name, o.ctx.cwd, o.config, o.root);
  if (taken) return `a skill named "${name}" already exists in ${taken}; nothing was written. Pass --name to import it under another name, or --force to import it anyway.`;
  return undefined;
}

interface ValidateOptions {
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
async function validate(skill: SkillFiles, staging: string, opts: ValidateOptions): Promise<{ name: string; report: LintRun }> {
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
async function place(dest: string, files: SkillFiles["files"]): Promise<void> {
  const tag = randomBytes(4).toString("hex");
  const parent = path.dirname(dest);
  const fresh = path.join(parent, `.${path.basename(dest)}.import-${tag}`);
  const old = path.join(parent, `.${path.basename(dest)}.replaced-${tag}`);
  let replaced = false;
  try {
    await writeSkillFiles(fresh, files);
    if (existsSync(dest)) {
      await rename(dest, old);
      replaced = true;
    }
    try {
      await rename(fresh, dest);
    } catch (error) {
      if (replaced) await rename(old, dest);
      throw error;
    }
  } finally {
    await rm(fresh, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
}
