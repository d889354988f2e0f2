// Claude Code's `` !`command` `` in a body (the body checks, body-checks.ts): Claude Code runs each in a
// shell before the model sees the body, and substitutes the skill's arguments first, unescaped
// (anthropics/claude-code#16163), so an argument inside a command is shell code its caller writes, and
// a model that invokes the skill with arguments is its caller. The skillc runtime never runs commands.
import type { ParsedSkill } from "../types.js";
import * as R from "../rules/body-rules.js";
import { nextPlaceholder, placeholderPattern, type Report } from "./placeholder-checks.js";

/** One `` !`command` `` of the body: offsets of the whole form in the text, and the command. */
export interface ShellCommand {
  start: number;
  end: number;
  command: string;
}

/**
 * Claude Code's `` !`command` `` as documented ("- Diff: !`git diff`"): the `!` starts a word and the
 * command is on one line. `#REF!` followed by inline code, or a pair spanning lines, is not flagged.
 */
const SHELL = /(?<![^\s(*_>])!`([^`\n]+)`/g;
/** A `!` that starts a word, right before a `$`: `!$ARGUMENTS` becomes a command when the argument starts with a backtick. */
const BANG_DOLLAR = /(?<![^\s(*_>])!\$/g;

/** The body's commands in text order (none when it holds no `` !` ``, as most do). */
export function shellCommands(parsed: ParsedSkill): ShellCommand[] {
  const text = parsed.text;
  const end = parsed.bodyStart + parsed.body.length;
  if (text.indexOf("!`", parsed.bodyStart) === -1) return [];
  const out: ShellCommand[] = [];
  SHELL.lastIndex = parsed.bodyStart;
  for (let m = SHELL.exec(text); m && m.index < end; m = SHELL.exec(text)) out.push({ start: m.index, end: m.index + m[0].length, command: m[1]! });
  return out;
}

/**
 * Whether offsets, asked in ascending order (the placeholders in text order), are inside one of the
 * commands: a cursor that only moves forward, so all the questions of a body cost one pass over its
 * commands (`steps` counts it, for the tests), not a scan of them per placeholder.
 */
export class CommandSpans {
  private next = 0;
  steps = 0;
  constructor(private readonly commands: readonly ShellCommand[]) {}

  contains(offset: number): boolean {
    const cs = this.commands;
    while (this.next < cs.length && cs[this.next]!.end <= offset) {
      this.next++;
      this.steps++;
    }
    return this.next < cs.length && cs[this.next]!.start <= offset;
  }
}

/** `shell-command-line` for each command; `argument-in-command` for each placeholder an argument would put into one. */
export function checkShellCommands(parsed: ParsedSkill, declaredArguments: string[], commands: readonly ShellCommand[], report: Report): void {
  const text = parsed.text;
  let re: RegExp | undefined;
  for (const c of commands) {
    report(R.SHELL_COMMAND_LINE, c.start, c.end, { command: c.command });
    if (c.command.indexOf("$") === -1) continue;
    re ??= placeholderPattern(declaredArguments);
    // The command runs from after "!`" to before the closing backtick; the search stays inside it.
    for (let m = nextPlaceholder(re, text, c.start + 2, c.end - 1); m; m = nextPlaceholder(re, text, m.index + m[0].length, c.end - 1)) {
      if (m[1] || m[5]) continue; // escaped, or `${CLAUDE_…}` (Claude Code's own, not an argument)
      report(R.ARGUMENT_IN_COMMAND, m.index, m.index + m[0].length, { text: m[0], arg: argOf(m), bang: false });
    }
  }
  const end = parsed.bodyStart + parsed.body.length;
  if (text.indexOf("!$", parsed.bodyStart) === -1) return;
  BANG_DOLLAR.lastIndex = parsed.bodyStart;
  for (let b = BANG_DOLLAR.exec(text); b && b.index < end; b = BANG_DOLLAR.exec(text)) {
    re ??= placeholderPattern(declaredArguments);
    // Only the `$` right after the `!` is tried.
    const m = nextPlaceholder(re, text, b.index + 1, b.index + 2);
    if (!m || m.index !== b.index + 1 || m[5]) continue;
    report(R.ARGUMENT_IN_COMMAND, b.index, m.index + m[0].length, { text: m[0], arg: argOf(m), bang: true });
  }
}

/** What a placeholder match stands for: its declared name, its 0-based index, or the whole argument string. */
function argOf(m: RegExpExecArray): number | string | undefined {
  const digits = m[3] ?? m[4];
  return m[2] || (digits !== undefined ? Number(digits) : undefined);
}
