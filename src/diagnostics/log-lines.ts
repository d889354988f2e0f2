// Lines a CI runner would run as commands. GitHub Actions reads a log line as a workflow command
// when, after leading blanks, it starts with `::` (actions/runner, ActionCommand.TryParseV2:
// TrimStart, then StartsWith("::")): `::error …::` raises an annotation, `::add-mask::` hides text,
// `::stop-commands::` turns command processing off. A skill's text reaches skillc's output (a YAML
// key holding a line break, quoted in a message; a folder named `::warning::x`), so no line skillc
// lays out from it may start that way.

const COMMAND = /^\s*::/;

/** `lines`, each one that would start (after blanks) with `::` joined to the one before it, its break shown as `\n`. */
export function noCommandLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    if (out.length > 0 && COMMAND.test(line)) out[out.length - 1] += "\\n" + line;
    else out.push(line);
  }
  return out;
}

/** A relative path printed at the start of a line: `./` before one that would start with `::` (the same file). */
export function pathAtLineStart(file: string): string {
  return COMMAND.test(file) ? `./${file}` : file;
}
