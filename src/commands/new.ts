import { existsSync, lstatSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { CliContext } from "./context.js";
import { EXIT_FAIL, EXIT_OK, UsageError } from "./context.js";
import { loadConfig } from "../config/load.js";
import { argumentProblem, scaffoldSkill, skillNameProblem } from "./scaffold.js";
import { relPosix, toPosix } from "../util/paths.js";
import { checkWritableRoot } from "../project/roots.js";
import type { ResolvedConfig } from "../config/types.js";
import type { SkillSource } from "../types.js";
import { parseSkill } from "../pipeline/parse.js";
import { validateSkill } from "../pipeline/validate.js";
import { defineCommand } from "./define.js";
import { NEW } from "./specs.js";

export const command = defineCommand(NEW, async (values, positionals, ctx) => {
  if (positionals.length !== 1) throw new UsageError(`expects exactly one skill name, e.g. \`skillc new review-diff\`; got ${positionals.length}.`);
  const name = positionals[0]!;
  const problem = skillNameProblem(name);
  if (problem) throw new UsageError(problem);
  const argNames = (values.args ?? "").split(/[\s,]+/).filter(Boolean);
  for (const a of argNames) {
    const bad = argumentProblem(a);
    if (bad) throw new UsageError(`--args: ${bad}`);
  }
  if (new Set(argNames).size !== argNames.length) throw new UsageError("--args names an argument twice.");

  const { config } = await loadConfig(ctx.cwd, values.config);
  const root = values.dir !== undefined ? path.resolve(ctx.cwd, values.dir) : path.resolve(config.root, config.sources[0]?.dir ?? "skills");
  checkWritableRoot({ project: config.root, dir: root, cwd: ctx.cwd });
  const folder = path.join(root, name);
  const shown = relPosix(ctx.cwd, folder);
  const text = scaffoldSkill({ name, description: values.description, args: argNames });
  const problems = lintScaffold(text, { root, folder, shown, name }, config);
  if (problems.length > 0) throw new UsageError(`the new SKILL.md would not lint, so nothing was written:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  // A checkout can commit a link by the new skill's name: a dangling one made mkdir fail (an
  // internal error), and --force wrote SKILL.md wherever a link (the folder's or the file's) points.
  const link = [folder, path.join(folder, "SKILL.md")].find(isLink);
  if (link) {
    ctx.stderr.write(`skillc new: ${relPosix(ctx.cwd, link)} is a symbolic link; nothing was written. Pick another name, or replace the link with a folder.\n`);
    return EXIT_FAIL;
  }
  if (existsSync(folder) && !values.force) {
    ctx.stderr.write(`skillc new: ${shown}/ already exists; nothing was written. Pick another name, or pass --force to rewrite its SKILL.md.\n`);
    return EXIT_FAIL;
  }
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "SKILL.md"), text);
  const todo = values.description === undefined ? "write its description and instructions" : "write its instructions";
  ctx.stdout.write(`created ${shown}/SKILL.md\nnext: ${todo}, then run \`skillc lint ${shown}\`.\n`);
  return EXIT_OK;
});

/**
 * The errors `skillc lint` would report for the scaffolded text (same parser, schema and profile), so
 * that `new` accepts exactly what lint accepts: no second copy of the description or name rules.
 */
function lintScaffold(text: string, at: { root: string; folder: string; shown: string; name: string }, config: ResolvedConfig): string[] {
  const file = `${at.shown}/SKILL.md`;
  const source: SkillSource = {
    root: { dir: toPosix(path.dirname(at.shown)) || ".", scope: "new", precedence: 0 },
    dir: at.shown,
    relDir: at.name,
    file,
    fileName: "SKILL.md",
    absDir: at.folder,
  };
  const ctx = { file, profile: config.profile, settings: config.rules };
  const parsed = parseSkill(source, new TextEncoder().encode(text), ctx);
  const validated = validateSkill(parsed, { profile: config.profile, settings: config.rules, extraSchema: config.schema });
  return [...parsed.diagnostics, ...validated.diagnostics].filter((d) => d.severity === "error").map((d) => `${d.message} (${d.ruleId})`);
}

/** Whether `p` is itself a symbolic link (not whether it leads to one); false when it cannot be told. */
function isLink(p: string): boolean {
  try {
    return lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return false; // ENOTDIR: a file where a folder on the way should be; mkdir reports it below
  }
}
