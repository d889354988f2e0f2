/** What a command needs from its process, so tests can run commands in-process with captured output. */
export interface CliContext {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: { write(text: string): void; isTTY?: boolean };
  stderr: { write(text: string): void; isTTY?: boolean };
}

/** Exit codes, as ESLint's. */
export const EXIT_OK = 0;
export const EXIT_FAIL = 1;
export const EXIT_USAGE = 2;

// Thrown by argument parsing, config loading and the outDir checks; defined below config/ and emit/.
export { UsageError } from "../diagnostics/usage-error.js";

/** Colour on stdout is on only when stdout is a TTY and NO_COLOR is unset. */
export function useColor(ctx: CliContext): boolean {
  return useColorOn(ctx, ctx.stdout);
}

/** Colour for text written to `stream`: asks that stream (stderr may be a file while stdout is a TTY). */
export function useColorOn(ctx: CliContext, stream: { isTTY?: boolean }): boolean {
  return Boolean(stream.isTTY) && !("NO_COLOR" in ctx.env && ctx.env.NO_COLOR !== undefined);
}

/**
 * The one exit policy of every command that reports diagnostics (lint, build, list, catalog, render):
 * 1 when any error was reported, or more warnings than `maxWarnings`; 0 otherwise. Usage and config
 * problems are exit 2, raised as UsageError before any diagnostic exists.
 */
export function exitCodeFor(diagnostics: Iterable<{ severity: string }>, limits: { maxWarnings?: number } = {}): number {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === "error") errors++;
    else warnings++;
  }
  if (errors > 0) return EXIT_FAIL;
  return limits.maxWarnings !== undefined && warnings > limits.maxWarnings ? EXIT_FAIL : EXIT_OK;
}
