// The programmatic API. Named exports only.
// The shapes a caller handles (diagnostics, rule settings, the compiled skills of a build); the
// pipeline's stage types (ParsedSkill, ValidSkill, …) stay internal.
export type { Diagnostic, Fix, Range, Severity, RuleSetting, Profile, Collision, CollisionPolicy, CompiledSkill, SkillFile } from "./types.js";
export type { SkillcConfig, ResolvedConfig, SourceConfig, BudgetConfig } from "./config/types.js";
export { defineConfig, resolveDefaults } from "./config/types.js";
export { loadConfig, findConfig } from "./config/load.js";
export { lint, build } from "./project/api.js";
export type { LintOptions, LintReport, BuildApiOptions as BuildOptions, BuildApiResult as BuildResult } from "./project/api-types.js";
export { formatResults, summarize, type FormatName, type FormatOptions, type LintFileResult } from "./diagnostics/format.js";
export { RULES } from "./diagnostics/registry.js";
export type { RuleMeta } from "./diagnostics/rule.js";
