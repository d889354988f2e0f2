import type { CliContext } from "./context.js";
import { EXIT_USAGE, UsageError, exitCodeFor, useColor } from "./context.js";
import { loadConfig } from "../config/load.js";
import { ConfigError } from "../config/check.js";
import { groupByFile } from "../project/lint.js";
import { lint } from "../project/api.js";
import { fixFiles } from "../project/fix.js";
import { formatResults, summarize, type FormatName } from "../diagnostics/format.js";
import { RULES } from "../diagnostics/registry.js";
import { skillcVersion } from "../util/version.js";
import { clientsFlag, intFlag, profileFlag, ruleFlags } from "./args.js";
import { defineCommand } from "./define.js";
import { LINT } from "./specs.js";
import { cacheOption } from "../cache/analysis-cache.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { checkWritableRoot, rootDirs } from "../project/roots.js";

const FORMATS: FormatName[] = ["stylish", "json", "github", "sarif"];

export const command = defineCommand(LINT, async (values, positionals, ctx) => {
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
  config = { ...config, clients: clientsFlag(values.clients) ?? config.clients };
  const options = { cwd: ctx.cwd, config, paths: positionals, profile: profileFlag(values.profile), rules: ruleFlags(values.rule), cache: cacheOption({ cache: values.cache, noCache: values["no-cache"] }, ctx.env) };

  // --fix writes into the config's roots: never through a committed link out of the project (checked
  // before any work). Given paths need no check: one that leads out through a link is not linted
  // (symlink-escape, or "not inside a skill folder"), so nothing is fixed there.
  if (values.fix && positionals.length === 0) for (const dir of rootDirs(ctx.cwd, config)) checkWritableRoot({ project: config.root, dir, cwd: ctx.cwd });
  let report = await lint(options);
  if (values.fix) {
    const changed = await fixFiles(ctx.cwd, report.results.flatMap((r) => r.diagnostics));
    // The path as the formatters show it: a folder name holding ESC or bidi controls is escaped.
    for (const c of changed) ctx.stderr.write(`fixed ${c.applied} problem${c.applied === 1 ? "" : "s"} in ${escapeTerminal(c.file)}\n`);
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
});
