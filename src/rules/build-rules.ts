import type { RuleMeta } from "../diagnostics/rule.js";

/** Rules reported by the build stage. */
export const BUILD_RULES: RuleMeta[] = [];
