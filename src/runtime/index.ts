// The runtime's entry: bundled by scripts/build.mjs into dist/runtime.js (an IIFE, `__skillc`),
// to which the emitter appends the data and `export const skills = __skillc.createSkills(DATA)`.
export { createSkills } from "./skills.js";
export { SkillError } from "./errors.js";
export type { SkillErrorCode } from "./errors.js";
export type { Skills, SkillMeta, LoadResult, SearchResult, MatchResult, DisclosureTier, SkillsOptions, ToolInclude, BuiltinToolName } from "./api.js";
export type { SkillTool } from "./data.js";
export type { ToolResult, ToolFormat, OpenAITool, AnthropicTool, McpTool, JsonSchema } from "./tools.js";
export type { CatalogEntry, CatalogResult } from "./catalog.js";
export type { LoadOptions } from "./render.js";
