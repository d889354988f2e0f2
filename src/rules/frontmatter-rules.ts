import type { RuleMeta } from "../diagnostics/rule.js";

/** Rules reported by the frontmatter stage. */
export const FRONTMATTER_RULES: RuleMeta[] = [];
