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
    const top = Math.max(...numbered.map((p) => p[1]));
    for (const p of numbered) if (p[1] === top) p[3] = 1;
  }
  return parts;
}
