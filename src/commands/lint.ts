import type { CliContext } from "./context.js";
import { EXIT_OK, EXIT_USAGE, UsageError, exitCodeFor, useColor } from "./context.js";
import { loadConfig } from "../config/load.js";
import { ConfigError } from "../config/check.js";
import { groupByFile } from "../project/lint.js";
import { lint } from "../project/api.js";
import { fixFiles } from "../project/fix.js";
import { formatResults, summarize, type FormatName } from "../diagnostics/format.js";
import { RULES } from "../diagnostics/registry.js";
import { skillcVersion } from "../util/version.js";
import { intFlag, parse, profileFlag, ruleFlags } from "./args.js";
import { cacheOption } from "../cache/analysis-cache.js";

const FORMATS: FormatName[] = ["stylish", "json", "github", "sarif"];

export const HELP = `Usage: skillc lint [paths…] [options]

Check SKILL.md files, skill folders, roots, or files inside skill folders (as lint-staged passes them)
without emitting anything. Default paths: the config's sources (skills/).

Options:
  --format <name>      stylish (default) | json | github | sarif
  --max-warnings <n>   exit 1 when there are more than n warnings (default: unlimited)
  --profile <name>     skillc (default) | agentskills | claude-code | codex
  --rule <id=level>    set a rule to off, warn or error (repeatable)
  --fix                apply safe rewrites (e.g. quote a description holding ": ") and report them
  --config <file>      use this config instead of skillc.config.* in the current folder
  --cache              use node_modules/.cache/skillc even in CI or for a few skills
  --no-cache           re-analyse every skill (ignore node_modules/.cache/skillc)
  -h, --help           show this help
`;

export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parse(args, {
    format: { type: "string" },
    "max-warnings": { type: "string" },
    profile: { type: "string" },
    rule: { type: "string", multiple: true },
    fix: { type: "boolean" },
    config: { type: "string" },
    cache: { type: "boolean" },
    "no-cache": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    ctx.stdout.write(HELP);
    return EXIT_OK;
  }
  const format = (values.format ?? "stylish") as FormatName;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(", ")}; got "${format}".`);
  const maxWarnings = intFlag("max-warnings", values["max-warnings"]);
  let config;
  try {
    ({ config } = await loadConfig(ctx.cwd, values.config));
  } catch (error) {
    // A bad config stops the run (exit 2); a machine format still gets it as diagnostics on stdout.
    if (!(error instanceof ConfigError) || format === "stylish") throw error;
    const output = formatResults(format, groupByFile([], error.diagnostics), { color: useColor(ctx), cwd: ctx.cwd, version: skillcVersion(), rules: RULES });
    ctx.stdout.write(output.endsWith("\n") ? output : output + "\n");
    return EXIT_USAGE;
  }
  const options = { cwd: ctx.cwd, config, paths: positionals, profile: profileFlag(values.profile), rules: ruleFlags(values.rule), cache: cacheOption({ cache: values.cache, noCache: values["no-cache"] }, ctx.env) };

  let report = await lint(options);
  if (values.fix) {
    const changed = await fixFiles(ctx.cwd, report.results.flatMap((r) => r.diagnostics));
    for (const c of changed) ctx.stderr.write(`fixed ${c.applied} problem${c.applied === 1 ? "" : "s"} in ${c.file}\n`);
    if (changed.length > 0) report = await lint(options);
  }
  if (positionals.length > 0 && report.skills === 0 && format === "stylish") {
    ctx.stderr.write(`skillc lint: none of the ${positionals.length === 1 ? "given path" : `${positionals.length} given paths`} is or is inside a skill folder (a folder holding a SKILL.md); nothing was linted.\n`);
  }
  const output = formatResults(format, report.results, { color: useColor(ctx), cwd: ctx.cwd, version: skillcVersion(), rules: RULES });
  if (output) ctx.stdout.write(output.endsWith("\n") ? output : output + "\n");
  const { errors, warnings } = summarize(report.results);
  if (errors === 0 && maxWarnings !== undefined && warnings > maxWarnings) {
    ctx.stderr.write(`skillc found ${warnings} warnings; --max-warnings is ${maxWarnings}.\n`);
  }
  return exitCodeFor(report.results.flatMap((r) => r.diagnostics), { maxWarnings });
}
