// Rendering a compiled body: join literal parts and fill placeholders. Imports only the runtime's
// own modules: this file ships inside every bundle. The rules are design.md §5; src/pipeline/template.ts
// decided at build time what is a placeholder, so nothing here looks at the text itself.
import type { TemplatePart } from "./data.js";
import { splitArgs } from "./args.js";
import { FILLED_MAX, over } from "./limits.js";

export interface RenderResult {
  content: string;
  /** Whether an argument placeholder took a value (the `${CLAUDE_…}` variables do not count). */
  substituted: boolean;
}

/** Values for `${CLAUDE_SESSION_ID}`, `${CLAUDE_PROJECT_DIR}` and `${CLAUDE_EFFORT}`; one left out is kept as written. */
export interface LoadOptions {
  sessionId?: string;
  projectDir?: string;
  effort?: string;
}

/** What a render needs beside the parts and arguments. */
export interface RenderEnv extends LoadOptions {
  /** The skill's base directory: `${CLAUDE_SKILL_DIR}`. */
  dir: string;
  /** The claude-code dialect's rules (no args is "", values escaped, see expandTemplate). */
  cc?: boolean;
  /** The argument splitter (BundleData.words); default `splitArgs`. */
  words?: (raw: string) => string[];
}

/**
 * Expands `parts` with `args`: a raw string (split by `env.words`, else shell-style) or
 * already-split arguments (raw = the elements joined by spaces). `undefined` means no arguments
 * were given: every argument placeholder is kept as written and nothing is appended — except in
 * the claude-code dialect (`env.cc`), where no arguments is "" as Claude Code always passes.
 * claude-code also does what Claude Code 2.1.330 does to each value it inserts (the `$ARGUMENTS`
 * raw string, a word, the appended `ARGUMENTS:` line): U+FFFE/U+FFFF become U+FFFD, the
 * `${CLAUDE_…}` variables in it are expanded, then `!` is defused (`!x` → `\!x`, `` !` `` →
 * `` ! ` ``) so that a value cannot start a shell-command line.
 */
export function expandTemplate(parts: TemplatePart[], args: string | string[] | undefined, e: RenderEnv): RenderResult {
  const vars = [, , , e.dir, e.sessionId, e.projectDir, e.effort];
  if (e.cc) args ??= "";
  const given = args !== undefined;
  const list = typeof args === "string" ? (e.words || splitArgs)(args) : args || [];
  const raw = typeof args === "string" ? args : list.join(" ");
  const fill = (v: string) =>
    e.cc
      ? v
          .replace(/[\uFFFE\uFFFF]/g, "\uFFFD")
          .replace(/\$\{CLAUDE_(SKILL_DIR|SESSION_ID|PROJECT_DIR|EFFORT)\}/g, (m, k: string) => vars[3 + ["SKILL_DIR", "SESSION_ID", "PROJECT_DIR", "EFFORT"].indexOf(k)] ?? m)
          .replace(/`!/g, "` !")
          .replace(/!`/g, "! `")
          .replace(/(^|\s)!/gm, "$1\\!")
      : v;
  let content = "";
  let substituted = false;
  // Characters filled in so far: measured before each value is filled, so a body with thousands of
  // placeholders stops at FILLED_MAX instead of filling (and escaping) a 64 KB value each time.
  let added = 0;
  const put = (v: string) => {
    over((added += v.length), FILLED_MAX, "args filled into this skill");
    return fill(v);
  };
  for (const p of parts) {
    if (typeof p === "string") {
      content += p;
      continue;
    }
    const [kind, n, original, rest] = p;
    let value: string | undefined;
    if (kind > 2) {
      content += vars[kind] ?? original;
      continue;
    }
    if (given) {
      if (kind === 0) value = raw;
      else if (kind === 2) value = list[n] ?? "";
      else if (n < list.length) value = rest ? list.slice(n).join(" ") : list[n];
    }
    if (value === undefined) content += original;
    else {
      content += put(value);
      substituted = true;
    }
  }
  if (given && !substituted && (e.cc ? raw : raw.trim())) content += "\n\nARGUMENTS: " + put(raw);
  return { content, substituted };
}

/** The expanded body only: see `expandTemplate`. */
export function renderTemplate(parts: TemplatePart[], args: string | string[] | undefined, env: RenderEnv): string {
  return expandTemplate(parts, args, env).content;
}
