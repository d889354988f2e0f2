// Rendering a compiled body: join literal parts and fill placeholders. No imports but types:
// this file ships inside every bundle. The rules are design.md §5; src/pipeline/template.ts
// decided at build time what is a placeholder, so nothing here looks at the text itself.
import type { TemplatePart } from "./data.js";
import { splitArgs } from "./args.js";

export interface RenderResult {
  content: string;
  /** Whether an argument placeholder took a value (`${CLAUDE_SKILL_DIR}` does not count). */
  substituted: boolean;
}

/**
 * Expands `parts` with `args`: a raw string (split shell-style) or already-split arguments
 * (raw = the elements joined by spaces). `undefined` means no arguments were given: every
 * placeholder but `${CLAUDE_SKILL_DIR}` is kept as written and nothing is appended.
 */
export function expandTemplate(parts: TemplatePart[], args: string | string[] | undefined, baseDir: string): RenderResult {
  const given = args !== undefined;
  const list = typeof args === "string" ? splitArgs(args) : args || [];
  const raw = typeof args === "string" ? args : list.join(" ");
  let content = "";
  let substituted = false;
  for (const p of parts) {
    if (typeof p === "string") {
      content += p;
      continue;
    }
    const [kind, n, original, rest] = p;
    let value: string | undefined;
    if (kind === 3) {
      content += baseDir;
      continue;
    }
    if (given) {
      if (kind === 0) value = raw;
      else if (kind === 2) value = list[n] ?? "";
      else if (n < list.length) value = rest ? list.slice(n).join(" ") : list[n];
    }
    if (value === undefined) content += original;
    else {
      content += value;
      substituted = true;
    }
  }
  if (given && !substituted && raw.trim()) content += "\n\nARGUMENTS: " + raw;
  return { content, substituted };
}

/** The expanded body only: see `expandTemplate`. */
export function renderTemplate(parts: TemplatePart[], args: string | string[] | undefined, baseDir: string): string {
  return expandTemplate(parts, args, baseDir).content;
}
