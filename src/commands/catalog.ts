import type { CliContext } from "./context.js";
import { UsageError, exitCodeFor } from "./context.js";
import { loadConfig } from "../config/load.js";
import { build } from "../project/build.js";
import { renderCatalogs } from "../emit/catalog.js";
import type { CatalogFormat } from "../runtime/data.js";
import { intFlag, shown } from "./args.js";
import { defineCommand } from "./define.js";
import { CATALOG } from "./specs.js";
import { claudeCodeBudget, claudeCodeListing } from "./catalog-client.js";
import { plural, printDiagnostics, skillTextOut } from "./report.js";

const FORMATS: CatalogFormat[] = ["xml", "markdown", "json", "codelia"];
/** Other spellings people type: `md` is what the file is called (catalog.md). */
const ALIASES: Record<string, CatalogFormat> = { md: "markdown" };

export const command = defineCommand(CATALOG, async (values, positionals, ctx) => {
  const asked = values.format === undefined ? undefined : (ALIASES[values.format] ?? values.format);
  if (asked !== undefined && !FORMATS.includes(asked as CatalogFormat)) {
    throw new UsageError(`--format must be xml, markdown (md), json or codelia; got ${shown(values.format!)}.`);
  }
  const { config } = await loadConfig(ctx.cwd, values.config);
  const format = (asked as CatalogFormat | undefined) ?? config.catalog.format;
  const budget = intFlag("budget", values.budget) ?? config.catalog.budgetChars;
  if (values.client !== undefined && values.client !== "claude-code") throw new UsageError(`--client simulates claude-code's listing only; got ${shown(values.client)}.`);
  const contextTokens = intFlag("context", values.context);
  if (contextTokens !== undefined && values.client === undefined) throw new UsageError("--context goes with --client (the client's context window in tokens).");
  const result = await build({ cwd: ctx.cwd, config, roots: positionals, write: false, emitOnError: true, toolsets: "check" });
  printDiagnostics(ctx, result.diagnostics.filter((d) => d.severity === "error"));
  if (values.client !== undefined) {
    const listing = claudeCodeListing(result.skills, claudeCodeBudget(contextTokens, ctx.env));
    if (listing.text) ctx.stdout.write(skillTextOut(ctx, listing.text) + "\n");
    const names = (l: string[]) => (l.length > 0 ? `: ${l.join(", ")}` : "");
    ctx.stderr.write(
      `claude-code listing, budget ${listing.budget} chars${contextTokens ? ` (1% of ${contextTokens} tokens × 4)` : " (its fallback; pass --context <tokens>)"}: ` +
        `kept ${plural(listing.kept.length, "skill")} whole, shortened ${listing.shortened.length}${names(listing.shortened)}, dropped ${listing.dropped.length}${names(listing.dropped)}` +
        (listing.shortened.length + listing.dropped.length > 0 ? " (Claude Code shortens its least-used skills first; skillc, without usage counts, takes the last listed)" : "") +
        "\n",
    );
    return exitCodeFor(result.diagnostics);
  }
  // The same function, over the same visible skills, as the build's catalog files and skills.catalog().
  const catalogs = renderCatalogs(result.skills, { format, budget, permissions: config.permissions });
  const text = skillTextOut(ctx, catalogs.text);
  if (text) ctx.stdout.write(text.endsWith("\n") ? text : text + "\n");
  if (catalogs.shortened.length > 0) {
    ctx.stderr.write(`budget ${budget} chars: shortened the description of ${plural(catalogs.shortened.length, "skill")}: ${catalogs.shortened.join(", ")}\n`);
  }
  if (catalogs.dropped.length > 0) {
    ctx.stderr.write(`budget ${budget} chars: left out ${plural(catalogs.dropped.length, "skill")} (the catalog says so and points at search_skills): ${catalogs.dropped.join(", ")}\n`);
  }
  return exitCodeFor(result.diagnostics);
});
