import type { RuleMeta } from "../diagnostics/rule.js";

/** Rules reported by the parse stage. */
export const PARSE_RULES: RuleMeta[] = [];
