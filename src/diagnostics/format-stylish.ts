// ESLint's `stylish` look: an underlined file header, aligned `line:col  severity  message  ruleId`
// rows, and a summary. Widths are measured on plain text, colour is added afterwards.
import type { FormatOptions, LintFileResult } from "./format-types.js";
import { places, splitShared } from "./shared-cause.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { noCommandLines, pathAtLineStart } from "./log-lines.js";
import { thousands } from "./thousands.js";

type Paint = (s: string) => string;
const ansi = (open: number, close: number): Paint => (s) => `\u001b[${open}m${s}\u001b[${close}m`;
const STYLES = { underline: ansi(4, 24), dim: ansi(2, 22), bold: ansi(1, 22), red: ansi(31, 39), yellow: ansi(33, 39) };
const PLAIN: Paint = (s) => s;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** As ESLint: a final period is dropped (`/([^ ])\.$/u`, without the regex: this runs for every row). */
function withoutFinalPeriod(m: string): string {
  const n = m.length;
  return n >= 2 && m.charCodeAt(n - 1) === 0x2e && m.charCodeAt(n - 2) !== 0x20 ? m.slice(0, n - 1) : m;
}

interface Row {
  line: string;
  column: string;
  severity: string;
  /** The message's lines: further lines of a long message go under the first, so the columns stay readable. */
  message: string[];
  ruleId: string;
}

/**
 * A message's printed lines, made once per distinct text: a 10,000-skill build prints ~12,000 rows
 * with ~1,400 distinct messages, and the escape's scan of each was a third of a file block's cost.
 */
type MessageLines = Map<string, string[]>;

function messageLines(message: string, seen: MessageLines): string[] {
  let lines = seen.get(message);
  if (!lines) seen.set(message, (lines = noCommandLines(escapeTerminal(withoutFinalPeriod(message), { keepNewlines: true }).split("\n"))));
  return lines;
}

/**
 * The widest message that sets the message column. Messages quote skill text (a link, a key), and
 * every row was padded to the longest: one 50 KB link beside 5,000 short rows printed 250 MB. A
 * longer message runs past the column; real ones are shorter.
 */
const ALIGN_MAX = 400;

/** One file's block: its underlined name and aligned rows. Plain loops: at 10,000 skills it runs for 20,000 rows. */
function fileBlock(r: LintFileResult, c: Record<"underline" | "dim" | "red" | "yellow", Paint>, seen: MessageLines): string {
  const rows: Row[] = [];
  const w = { line: 0, column: 0, severity: 0, message: 0 };
  for (const d of r.diagnostics) {
    const x: Row = { line: String(d.line), column: String(d.column), severity: d.severity, message: messageLines(d.message, seen), ruleId: d.ruleId };
    rows.push(x);
    if (x.line.length > w.line) w.line = x.line.length;
    if (x.column.length > w.column) w.column = x.column.length;
    if (x.severity.length > w.severity) w.severity = x.severity.length;
    if (x.message[0]!.length > w.message && x.message[0]!.length <= ALIGN_MAX) w.message = x.message[0]!.length;
  }
  let out = `${c.underline(pathAtLineStart(escapeTerminal(r.file)))}\n`;
  const indent = " ".repeat(2 + w.line + 1 + w.column + 2 + w.severity + 2);
  for (const x of rows) {
    const first = x.message[0]!;
    const line =
      `  ${" ".repeat(w.line - x.line.length)}${c.dim(`${x.line}:${x.column}`)}${" ".repeat(w.column - x.column.length)}` +
      `  ${(x.severity === "error" ? c.red : c.yellow)(x.severity)}${" ".repeat(w.severity - x.severity.length)}` +
      `  ${first}${" ".repeat(Math.max(0, w.message - first.length))}` +
      `  ${c.dim(x.ruleId)}`;
    out += `${line.trimEnd()}\n`;
    for (let i = 1; i < x.message.length; i++) out += `${`${indent}${x.message[i]}`.trimEnd()}\n`;
  }
  return out + "\n";
}

export function formatStylish(results: LintFileResult[], opts: Pick<FormatOptions, "color"> & Partial<Pick<FormatOptions, "rules">>): string {
  let out = "";
  writeStylish(results, opts, (text) => {
    out += text;
  });
  return out;
}

/**
 * formatStylish's text, handed to `write` a file's block at a time (the CLI prints a build's
 * diagnostics so: at 10,000 skills the whole text is 3 MB, with as much again of its parts).
 */
export function writeStylish(results: LintFileResult[], opts: Pick<FormatOptions, "color"> & Partial<Pick<FormatOptions, "rules">>, write: (text: string) => void): void {
  const c = opts.color ? STYLES : { underline: PLAIN, dim: PLAIN, bold: PLAIN, red: PLAIN, yellow: PLAIN };
  let errors = 0;
  let fixable = 0;
  let fixableErrors = 0;
  let total = 0;
  for (const r of results) {
    total += r.diagnostics.length;
    for (const d of r.diagnostics) {
      if (d.severity === "error") errors++;
      if (d.fix) fixable++;
      if (d.fix && d.severity === "error") fixableErrors++;
    }
  }
  if (total === 0) return;
  write("\n");
  // Diagnostics that share one cause are printed once, after the files (shared-cause.ts).
  const { results: own, shared } = opts.rules ? splitShared(results, opts.rules) : { results, shared: [] };
  const seen: MessageLines = new Map();
  for (const r of own) if (r.diagnostics.length > 0) write(fileBlock(r, c, seen));
  for (const g of shared) {
    const sev = g.severity === "error" ? c.red : c.yellow;
    const more = g.at.length > 3 ? " (--format json lists each)" : "";
    write(
      `${c.underline(`${g.ruleId} ×${thousands(g.at.length)}, one cause`)}\n` +
        `  ${sev(g.severity)}  ${escapeTerminal(g.message.replace(/([^ ])\.$/u, "$1"))}  ${c.dim(g.ruleId)}\n` +
        `  ${" ".repeat(g.severity.length)}  ${c.dim(`at ${escapeTerminal(places(g))}${more}`)}\n\n`,
    );
  }
  const paint: Paint = (t) => c.bold((errors > 0 ? c.red : c.yellow)(t));
  write(`${paint(`\u2716 ${plural(total, "problem")} (${plural(errors, "error")}, ${plural(total - errors, "warning")})`)}\n`);
  if (fixable > 0) {
    write(`${paint(`  ${plural(fixableErrors, "error")} and ${plural(fixable - fixableErrors, "warning")} potentially fixable with the \`--fix\` option.`)}\n`);
  }
}
