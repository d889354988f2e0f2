// `skillc catalog --client claude-code [--context <tokens>]`: what Claude Code's skill listing would
// keep, shorten and drop. Its rules (anthropics/claude-code CHANGELOG.md and reference.md §3): the
// listing's budget is 1% of the context window at 4 characters a token (8,000 characters when the
// window is unknown; SLASH_COMMAND_TOOL_CHAR_BUDGET overrides it); each entry's `description` +
// `when_to_use` is cut at 1,536 characters (2.1.105); skills with `disable-model-invocation` are not
// listed; over budget, the least-used skills' descriptions go first. skillc has no usage counts, so
// it takes the listing's last entries as the least used, and says so.
import type { EmitSkill } from "../types.js";
import { CLAUDE_CODE_ENTRY_CAP } from "../pipeline/portability.js";

export const CLAUDE_CODE_FALLBACK_BUDGET = 8000;

export interface ClientListing {
  budget: number;
  text: string;
  kept: string[];
  shortened: string[];
  dropped: string[];
}

/** Claude Code's budget in characters: the env override, else 1% of the context × 4, else 8,000. */
export function claudeCodeBudget(contextTokens: number | undefined, env: Record<string, string | undefined>): number {
  const override = Number(env.SLASH_COMMAND_TOOL_CHAR_BUDGET);
  if (Number.isInteger(override) && override > 0) return override;
  return contextTokens ? Math.floor(contextTokens * 0.01 * 4) : CLAUDE_CODE_FALLBACK_BUDGET;
}

export function claudeCodeListing(skills: EmitSkill[], budget: number): ClientListing {
  const listed = skills.filter((s) => !s.fields.disableModelInvocation);
  const entries = listed.map((s) => {
    const text = [s.fields.description, s.fields.whenToUse].filter(Boolean).join(" - ");
    return { name: s.name, text: [...text].slice(0, CLAUDE_CODE_ENTRY_CAP).join(""), cut: [...text].length > CLAUDE_CODE_ENTRY_CAP };
  });
  const line = (e: { name: string; text: string }) => (e.text ? `- ${e.name}: ${e.text}` : `- ${e.name}`);
  let total = entries.reduce((n, e) => n + [...line(e)].length + 1, 0);
  const shortened = new Set(entries.filter((e) => e.cut).map((e) => e.name));
  // Least used first: from the end of the listing, descriptions go, then whole entries.
  for (let i = entries.length - 1; i >= 0 && total > budget; i--) {
    total -= [...entries[i]!.text].length + 2;
    entries[i]!.text = "";
    shortened.add(entries[i]!.name);
  }
  const dropped: string[] = [];
  while (entries.length > 0 && total > budget) {
    const e = entries.pop()!;
    total -= [...line(e)].length + 1;
    dropped.push(e.name);
    shortened.delete(e.name);
  }
  const kept = entries.filter((e) => !shortened.has(e.name)).map((e) => e.name);
  return { budget, text: entries.map(line).join("\n"), kept, shortened: [...shortened], dropped: dropped.reverse() };
}
