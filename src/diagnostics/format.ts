// Formatters for lint and build diagnostics: pure functions of the results, as ESLint's.
// Every formatter prints paths relative to the working directory with `/` separators (ESLint prints
// absolute paths; skillc never puts an absolute path in an output), sorts files and diagnostics,
// and returns either "" or text ending in a newline.
import path from "node:path";
import { compareDiagnostics } from "./rule.js";
import { compareCodeUnits } from "../util/compare.js";
import type { FormatOptions, LintFileResult } from "./format-types.js";
import type { Diagnostic } from "../types.js";
import { formatStylish } from "./format-stylish.js";
import { formatJson } from "./format-json.js";
import { formatGithub } from "./format-github.js";
import { formatSarif } from "./format-sarif.js";

// The public face of formatting (src/index.ts exports these from here).
export type { FormatOptions, LintFileResult };

export type FormatName = "stylish" | "json" | "github" | "sarif";
export const FORMAT_NAMES: readonly FormatName[] = ["stylish", "json", "github", "sarif"];

export interface Summary {
  errors: number;
  warnings: number;
  /** Diagnostics that carry a fix. */
  fixable: number;
  /** Files with at least one diagnostic. */
  files: number;
}

export function isFormatName(name: string): name is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(name);
}

export function formatResults(name: FormatName, results: LintFileResult[], opts: FormatOptions): string {
  const sorted = normalizeResults(results, opts.cwd);
  switch (name) {
    case "stylish":
      return formatStylish(sorted, opts);
    case "json":
      return formatJson(sorted);
    case "github":
      return formatGithub(sorted, opts.rules);
    case "sarif":
      return formatSarif(sorted, opts);
  }
}

export function summarize(results: readonly LintFileResult[]): Summary {
  const s: Summary = { errors: 0, warnings: 0, fixable: 0, files: 0 };
  for (const r of results) {
    if (r.diagnostics.length > 0) s.files++;
    for (const d of r.diagnostics) {
      if (d.severity === "error") s.errors++;
      else s.warnings++;
      if (d.fix) s.fixable++;
    }
  }
  return s;
}

/** Relative posix paths, files sorted by path, diagnostics in the stable order; inputs are not mutated. */
export function normalizeResults(results: readonly LintFileResult[], cwd?: string): LintFileResult[] {
  return results
    .map((r) => ({ ...r, file: displayPath(r.file, cwd), diagnostics: [...r.diagnostics].sort(compareDiagnostics) }))
    .sort((a, b) => compareCodeUnits(a.file, b.file));
}

/**
 * normalizeResults over the diagnostics grouped by file, as one list. A build's come sorted
 * (compareDiagnostics, file first): when every file also shows as itself (relative, posix), that
 * grouping and its sorts are the runs of one file in the list, cut without sorting (10,000 skills:
 * 12,000 diagnostics sorted twice more, in code that runs once a process, unoptimized).
 */
export function resultsByFile(diagnostics: readonly Diagnostic[], cwd?: string): LintFileResult[] {
  for (let i = 0; i < diagnostics.length; i++) {
    const f = diagnostics[i]!.file;
    if (path.isAbsolute(f) || f.includes("\\") || (i > 0 && compareDiagnostics(diagnostics[i - 1]!, diagnostics[i]!) > 0)) {
      const byFile = new Map<string, Diagnostic[]>();
      for (const d of diagnostics) {
        const list = byFile.get(d.file);
        if (list) list.push(d);
        else byFile.set(d.file, [d]);
      }
      // As project/lint.ts's groupByFile: files in code-unit order, then normalized.
      const files = [...byFile].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return normalizeResults(files.map(([file, list]) => ({ file, diagnostics: list })), cwd);
    }
  }
  const out: LintFileResult[] = [];
  for (let start = 0, i = 1; i <= diagnostics.length; i++) {
    if (i < diagnostics.length && diagnostics[i]!.file === diagnostics[start]!.file) continue;
    out.push({ file: diagnostics[start]!.file, diagnostics: diagnostics.slice(start, i) });
    start = i;
  }
  return out;
}

function displayPath(file: string, cwd: string | undefined): string {
  let p = file;
  if (cwd && path.isAbsolute(p)) p = path.relative(cwd, p) || ".";
  // Only Windows' separator becomes "/": elsewhere a backslash is a character of the name, and
  // `refs\a.md` shown as `refs/a.md` would name another file (one the skill may hold too).
  return path.sep === "\\" ? p.replace(/\\/g, "/") : p;
}
