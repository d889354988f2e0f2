// Formatters for lint and build diagnostics: pure functions of the results, as ESLint's.
// Every formatter prints paths relative to the working directory with `/` separators (ESLint prints
// absolute paths; skillc never puts an absolute path in an output), sorts files and diagnostics,
// and returns either "" or text ending in a newline.
import path from "node:path";
import { compareDiagnostics } from "./rule.js";
import { compareCodeUnits } from "../util/compare.js";
import type { FormatOptions, LintFileResult } from "./format-types.js";
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

function displayPath(file: string, cwd: string | undefined): string {
  let p = file;
  if (cwd && path.isAbsolute(p)) p = path.relative(cwd, p) || ".";
  return p.replace(/\\/g, "/");
}
