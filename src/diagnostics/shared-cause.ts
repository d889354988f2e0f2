// One cause, one message. A rule marked `shared` (RuleMeta.shared) reports one finding whose cause
// is a single setting — the catalog budget shortens 1,999 descriptions — at every place it touches.
// The formatters for people (stylish, github) print such diagnostics once, with a count, the fix
// (in the message) and the first few places, as TypeScript's "Found N errors in M files" and
// ESLint's summaries do, so one real problem is not buried under 1,999 copies of another. The
// machine formats (json, sarif) keep every diagnostic: tools count, filter and annotate each place.
import type { Diagnostic, Severity } from "../types.js";
import type { LintFileResult } from "./format-types.js";
import type { RuleMeta } from "./rule.js";
import { thousands } from "./thousands.js";

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

/**
 * Takes the diagnostics of `shared` rules that have the same rule, severity and message as at least
 * one other out of `results` (already sorted), into groups sorted by rule id, severity and message.
 * Each diagnostic is looked up once, by rule and severity, then by its message as it is: a key made
 * by joining the three (a copy of a ~200-character message each) cost ~40% of printing a
 * 10,000-skill build's 21,800 diagnostics when made for every lookup.
 */
export function splitShared(results: LintFileResult[], rules: ReadonlyMap<string, RuleMeta>): { results: LintFileResult[]; shared: SharedCause[] } {
  const groups = new Map<string, Map<string, SharedCause & { ds: Diagnostic[] }>>();
  for (const r of results) {
    for (const d of r.diagnostics) {
      if (!rules.get(d.ruleId)?.shared) continue;
      const head = `${d.ruleId}\0${d.severity}`;
      let byMessage = groups.get(head);
      if (!byMessage) groups.set(head, (byMessage = new Map()));
      let g = byMessage.get(d.message);
      if (!g) byMessage.set(d.message, (g = { ruleId: d.ruleId, severity: d.severity, message: d.message, at: [], ds: [] }));
      g.at.push({ file: r.file, line: d.line, column: d.column });
      g.ds.push(d);
    }
  }
  const many: Array<[key: string, group: SharedCause]> = [];
  const grouped = new Set<Diagnostic>();
  for (const [head, byMessage] of groups) {
    for (const [message, { ds, ...g }] of byMessage) {
      if (ds.length < 2) continue;
      many.push([`${head}\0${message}`, g]);
      for (const d of ds) grouped.add(d);
    }
  }
  if (many.length === 0) return { results, shared: [] };
  const isGrouped = (d: Diagnostic) => grouped.has(d);
  return {
    // Only a shared rule's diagnostic can be in a group: the others keep their place, and a file
    // with none in a group keeps its result as it is (at 10,000 skills most files).
    results: results.map((r) => (r.diagnostics.some(isGrouped) ? { ...r, diagnostics: r.diagnostics.filter((d) => !isGrouped(d)) } : r)),
    shared: many.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, g]) => g),
  };
}

/** "a:1:1, b:2:1, c:3:1 and 1,996 more" */
export function places(g: SharedCause): string {
  const first = g.at.slice(0, SHOWN_PLACES).map((p) => `${p.file}:${p.line}:${p.column}`).join(", ");
  const rest = g.at.length - SHOWN_PLACES;
  return rest > 0 ? `${first} and ${thousands(rest)} more` : first;
}
