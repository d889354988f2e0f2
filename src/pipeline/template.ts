// Substitution → template parts. The scan decides once, at build time, what is a placeholder, so
// the runtime (src/runtime/render.ts) only joins parts. Rules: design.md §5; reference.md §3, §6.
import type { Dialect, Placeholder, TemplatePart } from "../runtime/data.js";
import { compareCodeUnits } from "../util/compare.js";

export interface TemplateOptions {
  /** `claude-code`: `$N` and `$ARGUMENTS[N]` are 0-based. `opencode`: 1-based, the highest `$N` takes the rest. */
  dialect: Dialect;
  /** Names declared by `arguments:`, in positional order. */
  argumentNames: string[];
}

const NAME = /^[A-Za-z_][\w-]*$/;
/** `${CLAUDE_…}` variable → placeholder kind (data.ts). */
const VARS: Record<string, Placeholder[0]> = { SKILL_DIR: 3, SESSION_ID: 4, PROJECT_DIR: 5, EFFORT: 6 };
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One left-to-right scan whose alternation order is Claude Code's replacement order (named
 * arguments, `$ARGUMENTS[N]`, `$N`, `$ARGUMENTS`); since a replaced value is never expanded
 * again, that is the same as its successive passes, except that a whole `$ARGUMENTS[N]` with no
 * argument N is kept as written (a later `$ARGUMENTS` pass does not eat its prefix).
 * Groups: 1 backslash, 2 named, 3 `$ARGUMENTS[N]` index, 4 `$N` index, 5 `${CLAUDE_SKILL_DIR}`.
 */
function placeholderPattern(names: string[]): RegExp {
  const named = names
    .filter((n) => NAME.test(n))
    .sort((a, b) => b.length - a.length || compareCodeUnits(a, b))
    .map(escapeRe);
  const namedAlt = named.length ? `(${named.join("|")})(?![\\w])|` : "()(?!)|";
  return new RegExp(`(\\\\?)\\$(?:${namedAlt}ARGUMENTS\\[(\\d+)\\]|(\\d+)(?!\\w)|(\\{CLAUDE_SKILL_DIR\\})|ARGUMENTS)`, "g");
}

/**
 * Compiles a skill body into literal strings and placeholders (see `Placeholder` in
 * src/runtime/data.ts). Escapes: a `\` right before a placeholder is removed and the placeholder
 * becomes literal text; a `\$` before anything else (`\$HOME`, `\$`) stays as written, backslash
 * included. There is no escape for the backslash itself: `\\$0` renders `\$0`.
 * In the `opencode` dialect `$0` and `$ARGUMENTS[0]` are not placeholders.
 */
export function compileTemplate(body: string, opts: TemplateOptions): TemplatePart[] {
  if (opts.dialect === "claude-code") return compileClaude(body, opts.argumentNames);
  const oneBased = opts.dialect === "opencode";
  const names = opts.argumentNames;
  const parts: TemplatePart[] = [];
  const numbered: Placeholder[] = [];
  let literal = "";
  let last = 0;
  for (const m of body.matchAll(placeholderPattern(names))) {
    const [text, backslash, name, indexed, positional, skillDir] = m;
    const digits = indexed ?? positional;
    let ph: Placeholder | undefined;
    if (name) ph = [2, names.indexOf(name), text.slice(backslash.length)];
    else if (skillDir) ph = [3, 0, text.slice(backslash.length)];
    else if (digits === undefined) ph = [0, 0, text.slice(backslash.length)];
    else {
      const n = Number(digits) - (oneBased ? 1 : 0);
      if (n >= 0) ph = [1, n, text.slice(backslash.length)];
    }
    literal += body.slice(last, m.index);
    last = m.index + text.length;
    if (!ph) literal += text;
    else if (backslash) literal += ph[2];
    else {
      if (literal) parts.push(literal);
      literal = "";
      parts.push(ph);
      if (positional !== undefined) numbered.push(ph);
    }
  }
  literal += body.slice(last);
  if (literal) parts.push(literal);
  if (oneBased && numbered.length) {
    // A loop, not Math.max(...): a 1 MiB body holds 340,000 `$1`, past what a call's arguments can take (a stack overflow).
    let top = 0;
    for (const p of numbered) if (p[1] > top) top = p[1];
    for (const p of numbered) if (p[1] === top) p[3] = 1;
  }
  return parts;
}

/**
 * The `claude-code` dialect, as Claude Code 2.1.330 substitutes (its skill loader, read from the
 * npm package's binary; reference.md §8): `${CLAUDE_SKILL_DIR}`, `${CLAUDE_SESSION_ID}`,
 * `${CLAUDE_PROJECT_DIR}`, `${CLAUDE_EFFORT}` first and with no escape; then a `\$` that no
 * backslash precedes, before a digit, `ARGUMENTS` or a named argument not followed by `[` or a word
 * character, is a literal `$` (`\$1abc` → `$1abc`; `\\$0` is a backslash and `$0`); then named
 * arguments (longest first, not followed by `[` or a word character; at most 64 names of at most
 * 64 characters, as Claude Code takes), `$ARGUMENTS[N]`, `$N` (not followed by a word character),
 * `$ARGUMENTS`. Claude Code runs these as passes over the text with inserted values shielded
 * (their `$` masked, their edges marked), which is this one scan. It turns U+FFFE and U+FFFF in
 * the body into U+FFFD (its masks): so does this.
 */
function compileClaude(body: string, argumentNames: string[]): TemplatePart[] {
  const named = argumentNames
    .map((name, i) => ({ name, i }))
    .filter((n) => n.name && n.name.length <= 64)
    .slice(0, 64)
    .sort((a, b) => b.name.length - a.name.length);
  const alt = named.map((n) => escapeRe(n.name) + "(?![\\[\\w])").join("|");
  const re = new RegExp(
    `(?<!\\\\)\\\\\\$(?=\\d|ARGUMENTS${alt ? "|" + alt : ""})|\\$(?:\\{CLAUDE_(?<v>SKILL_DIR|SESSION_ID|PROJECT_DIR|EFFORT)\\}|${alt ? `(?<name>${alt})|` : ""}ARGUMENTS\\[(?<ix>\\d+)\\]|(?<pos>\\d+)(?!\\w)|ARGUMENTS)`,
    "g",
  );
  const parts: TemplatePart[] = [];
  let literal = "";
  let last = 0;
  const text0 = body.replace(/[\uFFFE\uFFFF]/g, "\uFFFD");
  for (const m of text0.matchAll(re)) {
    const [text] = m;
    const { v, name, ix, pos } = m.groups!;
    const digits = ix ?? pos;
    literal += text0.slice(last, m.index);
    last = m.index + text.length;
    if (text[0] === "\\") {
      literal += "$";
      continue;
    }
    const ph: Placeholder = v
      ? [VARS[v], 0, text]
      : name !== undefined
        ? [2, named.find((n) => n.name === name)!.i, text]
        : digits === undefined ? [0, 0, text] : [1, Number(digits), text];
    if (literal) parts.push(literal);
    literal = "";
    parts.push(ph);
  }
  literal += text0.slice(last);
  if (literal) parts.push(literal);
  return parts;
}
