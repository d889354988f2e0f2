// ESLint's `stylish` look: an underlined file header, aligned `line:col  severity  message  ruleId`
// rows, and a summary. Widths are measured on plain text, colour is added afterwards.
import type { FormatOptions, LintFileResult } from "./format-types.js";
import { places, splitShared } from "./shared-cause.js";
import { escapeTerminal } from "../util/hidden-chars.js";

type Paint = (s: string) => string;
const ansi = (open: number, close: number): Paint => (s) => `\u001b[${open}m${s}\u001b[${close}m`;
const STYLES = { underline: ansi(4, 24), dim: ansi(2, 22), bold: ansi(1, 22), red: ansi(31, 39), yellow: ansi(33, 39) };
const PLAIN: Paint = (s) => s;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function formatStylish(results: LintFileResult[], opts: Pick<FormatOptions, "color"> & Partial<Pick<FormatOptions, "rules">>): string {
  const c = opts.color ? STYLES : { underline: PLAIN, dim: PLAIN, bold: PLAIN, red: PLAIN, yellow: PLAIN };
  let out = "";
  // Diagnostics that share one cause are printed once, after the files (shared-cause.ts).
  const { results: own, shared } = opts.rules ? splitShared(results, opts.rules) : { results, shared: [] };
  for (const r of own) {
    if (r.diagnostics.length === 0) continue;
    const rows = r.diagnostics.map((d) => ({
      line: String(d.line),
      column: String(d.column),
      severity: d.severity,
      // As ESLint: a final period is dropped, the rule id follows. Further lines of a long
      // message go under the first, so the columns stay readable.
      message: escapeTerminal(d.message.replace(/([^ ])\.$/u, "$1"), { keepNewlines: true }).split("\n"),
      ruleId: d.ruleId,
    }));
    const w = {
      line: Math.max(...rows.map((x) => x.line.length)),
      column: Math.max(...rows.map((x) => x.column.length)),
      severity: Math.max(...rows.map((x) => x.severity.length)),
      message: Math.max(...rows.map((x) => x.message[0].length)),
    };
    out += `${c.underline(escapeTerminal(r.file))}\n`;
    for (const x of rows) {
      const pos = c.dim(`${x.line}:${x.column}`);
      const sev = (x.severity === "error" ? c.red : c.yellow)(x.severity);
      const [first, ...rest] = x.message;
      const lead = `  ${" ".repeat(w.line - x.line.length)}`;
      const line =
        `${lead}${pos}${" ".repeat(w.column - x.column.length)}` +
        `  ${sev}${" ".repeat(w.severity - x.severity.length)}` +
        `  ${first}${" ".repeat(w.message - first.length)}` +
        `  ${c.dim(x.ruleId)}`;
      out += `${line.trimEnd()}\n`;
      const indent = " ".repeat(2 + w.line + 1 + w.column + 2 + w.severity + 2);
      for (const more of rest) out += `${`${indent}${more}`.trimEnd()}\n`;
    }
    out += "\n";
  }
  for (const g of shared) {
    const sev = g.severity === "error" ? c.red : c.yellow;
    out += `${c.underline(`${g.ruleId} ×${g.at.length.toLocaleString("en-US")}, one cause`)}\n`;
    out += `  ${sev(g.severity)}  ${escapeTerminal(g.message.replace(/([^ ])\.$/u, "$1"))}  ${c.dim(g.ruleId)}\n`;
    const more = g.at.length > 3 ? " (--format json lists each)" : "";
    out += `  ${" ".repeat(g.severity.length)}  ${c.dim(`at ${escapeTerminal(places(g))}${more}`)}\n\n`;
  }
  const all = results.flatMap((r) => r.diagnostics);
  const errors = all.filter((d) => d.severity === "error");
  const s = { errors: errors.length, warnings: all.length - errors.length, fixable: all.filter((d) => d.fix).length };
  const total = all.length;
  if (total === 0) return "";
  const paint: Paint = (t) => c.bold((s.errors > 0 ? c.red : c.yellow)(t));
  out += `${paint(`\u2716 ${plural(total, "problem")} (${plural(s.errors, "error")}, ${plural(s.warnings, "warning")})`)}\n`;
  if (s.fixable > 0) {
    const fe = errors.filter((d) => d.fix).length;
    const fw = s.fixable - fe;
    out += `${paint(`  ${plural(fe, "error")} and ${plural(fw, "warning")} potentially fixable with the \`--fix\` option.`)}\n`;
  }
  return `\n${out}`;
}
