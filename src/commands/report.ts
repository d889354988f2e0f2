// Shared human output for build-like commands: diagnostics on stderr (stylish), then a summary line.
import { existsSync } from "node:fs";
import path from "node:path";
import type { CliContext } from "./context.js";
import { useColorOn } from "./context.js";
import type { Diagnostic } from "../types.js";
import { formatResults } from "../diagnostics/format.js";
import { RULES } from "../diagnostics/registry.js";
import { groupByFile } from "../project/lint.js";
import { skillcVersion } from "../util/version.js";
import { relPosix } from "../util/paths.js";
import type { BuildResult } from "../project/build.js";

export function printDiagnostics(ctx: CliContext, diagnostics: Diagnostic[]): void {
  if (diagnostics.length === 0) return;
  const text = formatResults("stylish", groupByFile([], diagnostics), {
    color: useColorOn(ctx, ctx.stderr),
    cwd: ctx.cwd,
    version: skillcVersion(),
    rules: RULES,
  });
  if (text) ctx.stderr.write(text.endsWith("\n") ? text : text + "\n");
}

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
export function reportBuild(ctx: CliContext, result: BuildResult, ms: number, quiet: boolean): void {
  const shown = quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics;
  printDiagnostics(ctx, shown);
  const { errors, warnings } = counts(result.diagnostics);
  const out = relPosix(ctx.cwd, result.outDir);
  const status = result.written
    ? green(ctx, `built ${plural(result.skills.length, "skill")}`) + ` into ${out}/ (index.js ${formatBytes(result.bundleBytes)}${result.chunks !== undefined ? ` + ${plural(result.chunks, "chunk")}` : ""})`
    : existsSync(path.join(result.outDir, "index.js"))
      ? `nothing written: ${out}/ keeps its previous output`
      : `nothing written: ${out}/ has no output yet`;
  const summary = `${status}; ${plural(warnings, "warning")}, ${plural(errors, "error")} in ${ms} ms`;
  if (!quiet || errors > 0) ctx.stderr.write(summary + "\n");
}
