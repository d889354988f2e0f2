// Rules about inline suppression directives in the markdown body (`<!-- skillc-disable … -->`).
import type { RuleMeta } from "../diagnostics/rule.js";

const rule = (r: RuleMeta): RuleMeta => r;

export const UNUSED_SUPPRESSION = rule({
  id: "unused-suppression",
  severity: "warning",
  description: "A `<!-- skillc-disable… -->` comment in the body suppresses nothing.",
  help:
    "A suppression that no longer matches a diagnostic hides the next real one. Remove the comment, or narrow it to the rule and line it was written for. " +
    "A rule turned off in the config leaves its suppressions unused too.",
});

export const INVALID_SUPPRESSION = rule({
  id: "invalid-suppression",
  severity: "warning",
  description: "A `<!-- skillc-disable… -->` comment names a rule that does not exist or cannot be suppressed in the body.",
  help:
    "Only the body rules (links, placeholders, `!` commands, length) can be suppressed by a comment in the body; the message suggests the nearest rule id for a typo. " +
    "For frontmatter, folder and build rules, use `rules` or `overrides` in the config.",
});

export const SUPPRESSION_RULES: RuleMeta[] = [UNUSED_SUPPRESSION, INVALID_SUPPRESSION];
