// A failed skills build as bundlers show errors: one message listing every error as
// file:line:col, severity and rule id (the CLI's stylish order), and the first error's position
// and source frame, which Rollup and Vite print and Vite's dev overlay opens.
import path from "node:path";
import type { Diagnostic } from "../types.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { readRegularFile } from "../util/read-regular.js";
import { noCommandLines, pathAtLineStart } from "../diagnostics/log-lines.js";

export interface BundlerError {
  message: string;
  id: string;
  loc: { file: string; line: number; column: number };
  frame: string;
  plugin: string;
  stack: string;
}

/**
 * `skills/a/SKILL.md:3:14  error  yaml-syntax  …`, the file relative to `root`. Bundlers print it on
 * a terminal: the path and message are escaped as the CLI's formatters escape them.
 */
export function diagnosticLine(d: Diagnostic, root: string): string {
  const file = path.relative(root, d.file).split(path.sep).join("/") || d.file;
  return `${pathAtLineStart(escapeTerminal(file))}:${d.line}:${d.column}  ${d.severity}  ${d.ruleId}  ${noCommandLines(escapeTerminal(d.message, { keepNewlines: true }).split("\n")).join("\n")}`;
}

/**
 * A diagnostic's position as Rollup, Vite and esbuild take it: line 1-based, column 0-based (theirs);
 * skillc's own text keeps its 1-based `line:column`, as the CLI prints it.
 */
export function bundlerLoc(d: Diagnostic): { file: string; line: number; column: number } {
  return { file: d.file, line: d.line, column: Math.max(0, d.column - 1) };
}

/** The error a bundler hook raises for a build that had errors (`errors` is not empty). */
export function bundlerError(errors: readonly Diagnostic[], root: string): BundlerError {
  const first = errors[0]!;
  const count = errors.length === 1 ? "1 error" : `${errors.length} errors`;
  const message = `skillc: ${count} in the skills, nothing built:\n${errors.map((d) => "  " + diagnosticLine(d, root)).join("\n")}`;
  return {
    message,
    id: first.file,
    loc: bundlerLoc(first),
    frame: codeFrame(first),
    plugin: "skillc",
    stack: "",
  };
}

/** Two lines either side of the diagnostic's line, and a caret under its column. */
function codeFrame(d: Diagnostic): string {
  const text = frameSource(d.file);
  if (text === undefined) return "";
  // Bounded: only the lines around the position are shown, each cut at 200 characters.
  const lines = text.split(/\r?\n/);
  if (d.line < 1 || d.line > lines.length) return "";
  const from = Math.max(1, d.line - 2);
  const to = Math.min(lines.length, d.line + 2);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    // A skill's own text on the bundler's terminal: its ESC sequences and bidi controls escaped.
    out.push(`${n === d.line ? ">" : " "} ${String(n).padStart(width)} | ${escapeTerminal(lines[n - 1]!.slice(0, 200), { keepTabs: true })}`);
    if (n === d.line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, Math.min(d.column - 1, 200)))}^`);
  }
  return out.join("\n");
}

/** Far larger than any real SKILL.md; a larger file gets no frame (the read stays bounded). */
const MAX_FRAME_SOURCE = 64 * 1024 * 1024;

/**
 * The text of the file a diagnostic names, when it is a regular file and not a link. An error can
 * be about a link (a supporting file named with a bidi control): through it, the frame printed up to
 * three lines of any file on the machine, /proc/self/environ's secrets among them, and a link to
 * /dev/zero never ended. Such a diagnostic gets no frame.
 */
function frameSource(file: string): string | undefined {
  try {
    const read = readRegularFile(file, MAX_FRAME_SOURCE);
    return "bytes" in read ? read.bytes.toString("utf8") : undefined;
  } catch {
    return undefined;
  }
}
