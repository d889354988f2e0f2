import type { CliContext } from "./context.js";
import { EXIT_OK, UsageError, exitCodeFor } from "./context.js";
import { loadConfig } from "../config/load.js";
import { build } from "../project/build.js";
import { CATALOG_FILES, renderCatalogs } from "../emit/catalog.js";
import type { CatalogFormat } from "../runtime/data.js";
import { intFlag, parse, shown } from "./args.js";
import { plural, printDiagnostics } from "./report.js";

export const HELP = `Usage: skillc catalog [roots…] [options]

Print the catalog prompt (the skills' names and descriptions, within the budget) to stdout;
reports (errors, and each skill the budget shortened or dropped) go to stderr.

Options:
  --format <name>      xml (default: config catalog.format) | markdown (or md) | json
  --budget <chars>     size budget in characters (default: config catalog.budget, 16000)
  --config <file>      use this config instead of skillc.config.* in the current folder
  -h, --help           show this help
`;

const FORMATS: CatalogFormat[] = ["xml", "markdown", "json"];
/** Other spellings people type: `md` is what the file is called (catalog.md). */
const ALIASES: Record<string, CatalogFormat> = { md: "markdown" };

export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parse(args, {
    format: { type: "string" },
    budget: { type: "string" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    ctx.stdout.write(HELP);
    return EXIT_OK;
  }
  const asked = values.format === undefined ? undefined : (ALIASES[values.format] ?? values.format);
  if (asked !== undefined && !FORMATS.includes(asked as CatalogFormat)) {
    throw new UsageError(`--format must be xml, markdown (md) or json; got ${shown(values.format!)}.`);
  }
  const { config } = await loadConfig(ctx.cwd, values.config);
  const format = (asked as CatalogFormat | undefined) ?? config.catalog.format;
  const budget = intFlag("budget", values.budget) ?? config.catalog.budgetChars;
  const result = await build({ cwd: ctx.cwd, config, roots: positionals, write: false, emitOnError: true, toolsets: "check" });
  printDiagnostics(ctx, result.diagnostics.filter((d) => d.severity === "error"));
  // The same function, over the same visible skills, as the build's catalog files and skills.catalog().
  const catalogs = renderCatalogs(result.skills, { format, budget, permissions: config.permissions });
  const fileName = CATALOG_FILES.find(([, f]) => f === format)![0];
  const text = catalogs.files.find(([name]) => name === fileName)?.[1] ?? "";
  if (text) ctx.stdout.write(text.endsWith("\n") ? text : text + "\n");
  if (catalogs.shortened.length > 0) {
    ctx.stderr.write(`budget ${budget} chars: shortened the description of ${plural(catalogs.shortened.length, "skill")}: ${catalogs.shortened.join(", ")}\n`);
  }
  if (catalogs.dropped.length > 0) {
    ctx.stderr.write(`budget ${budget} chars: left out ${plural(catalogs.dropped.length, "skill")} (the catalog says so and points at search_skills): ${catalogs.dropped.join(", ")}\n`);
  }
  return exitCodeFor(result.diagnostics);
}
