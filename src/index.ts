// The programmatic API. Named exports only.
export type * from "./types.js";
export type { SkillcConfig, ResolvedConfig, SourceConfig, BudgetConfig } from "./config-types.js";
export { defineConfig } from "./config-types.js";
