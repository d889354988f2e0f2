// GitHub Actions workflow commands: one `::error …::message` or `::warning …::message` line per
// diagnostic, which the runner turns into annotations on the pull request.
import type { Diagnostic } from "../types.js";
import type { LintFileResult } from "./format-types.js";
import type { RuleMeta } from "./rule.js";
import { places, splitShared } from "./shared-cause.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { thousands } from "./thousands.js";

/** Escaping of a command's message, as @actions/core's `escapeData`. */
export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escaping of a command's property values, as @actions/core's `escapeProperty`. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

function command(file: string, d: Diagnostic): string {
  const props: [string, string | number | undefined][] = [
    ["file", escapeTerminal(file)],
    ["line", d.line],
    ["col", d.column],
    ["endLine", d.endLine],
    ["endColumn", d.endColumn],
    ["title", d.ruleId],
  ];
  const list = props
    .filter((p): p is [string, string | number] => p[1] !== undefined)
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`)
    .join(",");
  return `::${d.severity === "error" ? "error" : "warning"} ${list}::${escapeData(escapeTerminal(d.message, { keepNewlines: true }))}`;
}

/** With `rules`, diagnostics that share one cause become one annotation at the first place (shared-cause.ts). */
export function formatGithub(results: LintFileResult[], rules?: ReadonlyMap<string, RuleMeta>): string {
  const { results: own, shared } = rules ? splitShared(results, rules) : { results, shared: [] };
  const lines = own.flatMap((r) => r.diagnostics.map((d) => `${command(r.file, d)}\n`));
  for (const g of shared) {
    const message = `${g.message} (${thousands(g.at.length)} places, one cause: ${places(g)}; --format json lists each)`;
    lines.push(`${command(g.at[0]!.file, { ...g.at[0]!, ruleId: g.ruleId, severity: g.severity, message })}\n`);
  }
  return lines.join("");
}
