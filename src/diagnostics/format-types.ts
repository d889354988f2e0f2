// The shapes every formatter reads: one checked file's diagnostics and the formatting options. Kept
// apart from format.ts, which picks a formatter by name, so that the formatters (format-*.ts) import
// these types without importing the module that imports them.
import type { Diagnostic } from "../types.js";
import type { RuleMeta } from "./rule.js";

/** The diagnostics of one checked file. */
export interface LintFileResult {
  /** posix, relative to cwd (an absolute path is made relative to `FormatOptions.cwd`). */
  file: string;
  diagnostics: Diagnostic[];
  /** Diagnostics that a `<!-- skillc-disable… -->` comment suppressed (json only: `suppressedMessages`). */
  suppressed?: Diagnostic[];
  /** The file's text; only the json formatter prints it, as ESLint's `source`. */
  source?: string;
}

export interface FormatOptions {
  /** ANSI colours (stylish only). */
  color: boolean;
  /** Absolute working directory, used only to make absolute `file` paths relative. */
  cwd?: string;
  /** skillc's version, for SARIF's `tool.driver.version`. */
  version: string;
  /** Rule descriptions, for SARIF's `tool.driver.rules`. */
  rules: ReadonlyMap<string, RuleMeta>;
}
