// GitHub Actions workflow commands: one `::error …::message` or `::warning …::message` line per
// diagnostic, which the runner turns into annotations on the pull request.
import type { Diagnostic } from "../types.js";
import type { LintFileResult } from "./format-types.js";
import type { RuleMeta } from "./rule.js";
import { places, splitShared } from "./shared-cause.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { thousands } from "./thousands.js";
import { HOOK_COMMAND, SHELL_GRANTED } from "../rules/frontmatter-rules.js";
import { REVIEW_RULES } from "../rules/body-rules.js";
import { HIDDEN_CHARACTER, HIDDEN_CHARACTER_IN_PATH } from "../rules/text-rules.js";

/** GitHub shows the first 10 error and the first 10 warning annotations a step prints (actions/toolkit docs/problem-matchers.md); the rest are only in the log. */
export const SHOWN_PER_KIND = 10;

/**
 * What a reviewer of a pull request must not miss: what Claude Code would run or be allowed to run
 * without asking, and text hidden from the reader. Printed first within each kind: in file order, ten
 * harmless warnings a pull request adds in folders sorted before its own skill pushed these out of the
 * ten annotations GitHub shows.
 */
const FIRST: ReadonlySet<string> = new Set([SHELL_GRANTED.id, HOOK_COMMAND.id, ...REVIEW_RULES, HIDDEN_CHARACTER.id, HIDDEN_CHARACTER_IN_PATH.id]);

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
  const first: string[] = [];
  const rest: string[] = [];
  const count = { error: 0, warning: 0 };
  for (const r of own) {
    for (const d of r.diagnostics) {
      (FIRST.has(d.ruleId) ? first : rest).push(`${command(r.file, d)}\n`);
      count[d.severity === "error" ? "error" : "warning"]++;
    }
  }
  const lines = [...first, ...rest];
  for (const g of shared) {
    const message = `${g.message} (${thousands(g.at.length)} places, one cause: ${places(g)}; --format json lists each)`;
    lines.push(`${command(g.at[0]!.file, { ...g.at[0]!, ruleId: g.ruleId, severity: g.severity, message })}\n`);
    count[g.severity === "error" ? "error" : "warning"]++;
  }
  const over = (["error", "warning"] as const).filter((k) => count[k] > SHOWN_PER_KIND).map((k) => `${thousands(count[k])} ${k}s`);
  if (over.length > 0) {
    lines.push(`::notice title=skillc::${over.join(" and ")}: GitHub shows the first ${SHOWN_PER_KIND} of each kind as annotations (what Claude Code would run or be granted, and hidden characters, first); the log lists every one.\n`);
  }
  return lines.join("");
}
