// Shared human output for build-like commands: diagnostics on stderr (stylish), then a summary line.
import { existsSync } from "node:fs";
import path from "node:path";
import type { CliContext } from "./context.js";
import { useColorOn } from "./context.js";
import type { Diagnostic } from "../types.js";
import { resultsByFile } from "../diagnostics/format.js";
import { writeStylish } from "../diagnostics/format-stylish.js";
import { RULES } from "../diagnostics/registry.js";
import { relPosix } from "../util/paths.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import type { BuildResult } from "../project/build.js";
import type { ReplayedBuild } from "../project/replay.js";

/**
 * The stylish text of `diagnostics` on stderr, written as it is formatted, in writes of ~64 KB: the
 * same bytes as formatResults("stylish"), without holding them all (3 MB at 10,000 skills).
 */
export function printDiagnostics(ctx: CliContext, diagnostics: Diagnostic[]): void {
  if (diagnostics.length === 0) return;
  const results = resultsByFile(diagnostics, ctx.cwd);
  let pending = "";
  let last = "";
  const flush = () => {
    if (pending) ctx.stderr.write(pending);
    pending = "";
  };
  writeStylish(results, { color: useColorOn(ctx, ctx.stderr), rules: RULES }, (text) => {
    if (!text) return;
    pending += text;
    last = text;
    if (pending.length >= WRITE_CHARS) flush();
  });
  if (last && !last.endsWith("\n")) pending += "\n";
  flush();
}

/** Characters gathered before a write to stderr. */
const WRITE_CHARS = 64 * 1024;

export function counts(diagnostics: Diagnostic[]): { errors: number; warnings: number } {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  return { errors, warnings: diagnostics.length - errors };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Green on stderr (where the summary goes), only when stderr itself is a terminal. */
export function green(ctx: CliContext, text: string): string {
  return useColorOn(ctx, ctx.stderr) ? `\u001b[32m${text}\u001b[39m` : text;
}

/** Diagnostics, then one summary line: skills built, warnings, errors, bundle size, time. */
export function reportBuild(ctx: CliContext, result: BuildResult | ReplayedBuild, ms: number, quiet: boolean): void {
  const shown = quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics;
  printDiagnostics(ctx, shown);
  const { errors, warnings } = counts(result.diagnostics);
  const out = relPosix(ctx.cwd, result.outDir);
  const status = result.written
    ? green(ctx, `built ${plural("replayed" in result ? result.emitted : result.skills.length, "skill")}`) + ` into ${out}/ (index.js ${formatBytes(result.bundleBytes)}${result.chunks !== undefined ? ` + ${plural(result.chunks, "chunk")}` : ""})`
    : existsSync(path.join(result.outDir, "index.js"))
      ? `nothing written: ${out}/ keeps its previous output`
      : `nothing written: ${out}/ has no output yet`;
  const summary = `${status}; ${plural(warnings, "warning")}, ${plural(errors, "error")} in ${ms} ms`;
  if (!quiet || errors > 0) ctx.stderr.write(summary + "\n");
}

/**
 * A skill's own text (a body, a catalog) for stdout: on a terminal, its control, bidi, zero-width
 * and tag characters are shown as escapes, so a stranger's skill cannot send ESC sequences to the
 * reader's terminal (set its title, write the clipboard, clear or hide lines); lines and tabs stay.
 * To a pipe or a file, the text exactly as it is.
 */
export function skillTextOut(ctx: CliContext, text: string): string {
  return ctx.stdout.isTTY ? escapeTerminal(text, { keepNewlines: true, keepTabs: true }) : text;
}
