// One cause, one message. A rule marked `shared` (RuleMeta.shared) reports one finding whose cause
// is a single setting — the catalog budget shortens 1,999 descriptions — at every place it touches.
// The formatters for people (stylish, github) print such diagnostics once, with a count, the fix
// (in the message) and the first few places, as TypeScript's "Found N errors in M files" and
// ESLint's summaries do, so one real problem is not buried under 1,999 copies of another. The
// machine formats (json, sarif) keep every diagnostic: tools count, filter and annotate each place.
import type { Diagnostic, Severity } from "../types.js";
import type { LintFileResult } from "./format-types.js";
import type { RuleMeta } from "./rule.js";

export interface SharedCause {
  ruleId: string;
  severity: Severity;
  /** The one message (it says the cause and the fix). */
  message: string;
  /** Every place, in output order (files sorted, then line and column). */
  at: Array<{ file: string; line: number; column: number }>;
}

/** Places a group is printed with before "and N more". */
export const SHOWN_PLACES = 3;

const keyOf = (d: Diagnostic) => `${d.ruleId}\0${d.severity}\0${d.message}`;

/**
 * Takes the diagnostics of `shared` rules that have the same rule, severity and message as at least
 * one other out of `results` (already sorted), into groups sorted by rule id, severity and message.
 */
export function splitShared(results: LintFileResult[], rules: ReadonlyMap<string, RuleMeta>): { results: LintFileResult[]; shared: SharedCause[] } {
  const groups = new Map<string, SharedCause>();
  for (const r of results) {
    for (const d of r.diagnostics) {
      if (!rules.get(d.ruleId)?.shared) continue;
      const k = keyOf(d);
      let g = groups.get(k);
      if (!g) groups.set(k, (g = { ruleId: d.ruleId, severity: d.severity, message: d.message, at: [] }));
      g.at.push({ file: r.file, line: d.line, column: d.column });
    }
  }
  const many = new Set([...groups].filter(([, g]) => g.at.length > 1).map(([k]) => k));
  if (many.size === 0) return { results, shared: [] };
  const grouped = (d: Diagnostic) => rules.get(d.ruleId)?.shared === true && many.has(keyOf(d));
  return {
    // Only a shared rule's diagnostic can be in a group: the others keep their place unkeyed, and a
    // file with none in a group keeps its result as it is (at 10,000 skills most files).
    results: results.map((r) => (r.diagnostics.some(grouped) ? { ...r, diagnostics: r.diagnostics.filter((d) => !grouped(d)) } : r)),
    shared: [...many].sort().map((k) => groups.get(k)!),
  };
}

/** "a:1:1, b:2:1, c:3:1 and 1,996 more" */
export function places(g: SharedCause): string {
  const first = g.at.slice(0, SHOWN_PLACES).map((p) => `${p.file}:${p.line}:${p.column}`).join(", ");
  const rest = g.at.length - SHOWN_PLACES;
  return rest > 0 ? `${first} and ${rest.toLocaleString("en-US")} more` : first;
}
