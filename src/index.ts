// The programmatic API. Named exports only.
export type * from "./types.js";
export type { SkillcConfig, ResolvedConfig, SourceConfig, BudgetConfig } from "./config-types.js";
export { defineConfig, resolveDefaults } from "./config-types.js";
export { loadConfig, findConfig } from "./config.js";
export { lint, type LintOptions, type LintReport } from "./lint.js";
export { build, type BuildOptions, type BuildResult } from "./build.js";
export { formatResults, summarize, type FormatName, type FormatOptions, type LintFileResult } from "./diagnostics/format.js";
export { RULES } from "./diagnostics/registry.js";
export type { RuleMeta } from "./diagnostics/rule.js";
