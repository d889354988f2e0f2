import type { RuleMeta } from "../diagnostics/rule.js";

/** Rules reported by the discovery stage. */
export const DISCOVERY_RULES: RuleMeta[] = [];
