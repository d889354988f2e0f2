import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { CliContext } from "./context.js";
import { EXIT_FAIL, EXIT_OK, UsageError, exitCodeFor } from "./context.js";
import { loadConfig } from "../config/load.js";
import { ArchiveError, printable } from "../archive/entries.js";
import { readSkillSource, type SkillFiles } from "../archive/skill.js";
import { skillNameProblem } from "./scaffold.js";
import { destinationProblem, place, validate } from "./import-steps.js";
import { isRemoteSpec } from "../archive/remote-source.js";
import { relPosix } from "../util/paths.js";
import { checkWritableRoot } from "../project/roots.js";
import { profileFlag, ruleFlags } from "./args.js";
import { defineCommand } from "./define.js";
import { IMPORT } from "./specs.js";
import { counts, plural, printDiagnostics } from "./report.js";

const FIX_HINT = / \(`--fix` does it\)/g;

export const command = defineCommand(IMPORT, async (values, positionals, ctx) => {
  if (positionals.length !== 1) throw new UsageError(`expects exactly one folder or archive, e.g. \`skillc import ./review-diff.zip\`; got ${positionals.length}.`);
  if (isRemoteSpec(positionals[0]!)) return (await import("./import-remote.js")).importRemote(positionals[0]!, values, ctx);
  if (values.frozen) throw new UsageError("--frozen applies to a URL or mcp: source, whose skills skillc-lock.json records.");
  const source = path.resolve(ctx.cwd, positionals[0]!);
  if (!existsSync(source)) throw new UsageError(`"${printable(positionals[0]!)}" does not exist.`);
  if (values.name !== undefined) {
    const problem = skillNameProblem(values.name);
    if (problem) throw new UsageError(`--name: ${problem}`);
  }
  const { config } = await loadConfig(ctx.cwd, values.config);
  const root = values.to !== undefined ? path.resolve(ctx.cwd, values.to) : path.resolve(config.root, config.sources[0]?.dir ?? "skills");
  checkWritableRoot({ project: config.root, dir: root, cwd: ctx.cwd });

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

