import type { RuleMeta } from "../diagnostics/rule.js";

/** Rules reported by the body stage. */
export const BODY_RULES: RuleMeta[] = [];
