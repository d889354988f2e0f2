// The error for a problem with how skillc was called (arguments, config, outDir), as opposed to a
// problem in a skill (a Diagnostic). Lives here, below config/ and emit/ which throw it, so that
// neither imports the CLI; the CLI prints its message and exits 2 (src/commands/context.ts).

/** Thrown by argument parsing and config loading; the CLI prints the message and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}
