// Rules about inline suppression directives in the markdown body (`<!-- skillc-disable … -->`).
import { defineRule as rule, type AnyRule } from "../diagnostics/rule.js";

/** The directive kinds, as written after `skillc-`. */
export const DIRECTIVES = ["disable-next-line", "disable-line", "disable", "enable"] as const;
export type DirectiveKind = (typeof DIRECTIVES)[number];

export type InvalidSuppression =
  | { kind: "directive"; written: string; hint?: string }
  | { kind: "not-body-rule"; id: string }
  | { kind: "runs"; id: string }
  | { kind: "unknown-rule"; id: string; hint?: string };

export const UNUSED_SUPPRESSION = rule<{ directive: DirectiveKind; unused: string[] | "all" }>({
  id: "unused-suppression",
  severity: "warning",
  description: "A `<!-- skillc-disable… -->` comment in the body suppresses nothing.",
  help:
    "A suppression that no longer matches a diagnostic hides the next real one. Remove the comment, or narrow it to the rule and line it was written for. " +
    "A rule turned off in the config leaves its suppressions unused too.",
  message: ({ directive, unused }) => {
    const what = unused === "all" ? "any rule" : unused.join(", ");
    const where = directive === "disable-next-line" ? "on the next line" : directive === "disable-line" ? "on this line" : "after it";
    return `"skillc-${directive}" suppresses nothing: there is no diagnostic of ${what} ${where}. Remove the comment (or the rule ids it no longer needs).`;
  },
});

export const INVALID_SUPPRESSION = rule<InvalidSuppression>({
  id: "invalid-suppression",
  severity: "warning",
  description: "A `<!-- skillc-disable… -->` comment names a rule that does not exist or cannot be suppressed in the body.",
  help:
    "Only the body rules (links, placeholders, length) can be suppressed by a comment in the body; the message suggests the nearest rule id for a typo. " +
    "For frontmatter, folder and build rules, use `rules` or `overrides` in the config. `shell-command-line` and `argument-in-command` report what Claude Code runs, " +
    "which the skill's own text must not be able to hide: only the config turns them off.",
  message: (p) => {
    if (p.kind === "directive") {
      return `"skillc-${p.written}" is not a directive${p.hint ? `; did you mean "skillc-${p.hint}"?` : ""} Directives: ${DIRECTIVES.map((x) => "skillc-" + x).join(", ")}.`;
    }
    if (p.kind === "runs") {
      return `"${p.id}" reports a command Claude Code runs, which a comment in the skill cannot hide; only the config can turn it off (\`rules\`, or \`overrides\` per folder).`;
    }
    if (p.kind === "not-body-rule") {
      return `"${p.id}" cannot be suppressed by a comment in the body: only body rules can. Set it per folder with \`overrides\` in the config (or in \`rules\` for the whole project).`;
    }
    return `unknown rule "${p.id}" in a suppression comment${p.hint ? `; did you mean "${p.hint}"?` : ""}`;
  },
});

export const SUPPRESSION_RULES: AnyRule[] = [UNUSED_SUPPRESSION, INVALID_SUPPRESSION];
