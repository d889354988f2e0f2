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

/** Thrown by argument parsing and config loading; the CLI prints the message and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** Colour is on only for a TTY without NO_COLOR. */
export function useColor(ctx: CliContext): boolean {
  return Boolean(ctx.stdout.isTTY) && !("NO_COLOR" in ctx.env && ctx.env.NO_COLOR !== undefined);
}
