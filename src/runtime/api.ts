// The API a bundle exports as `skills` (design.md §6), as types: skills.ts implements it, and
// scripts/runtime-types.mjs turns these declarations (doc comments included) into every emitted
// index.d.ts.
import type { BundleFile, CatalogFormat, LoadFormat, SkillTool } from "./data.js";
import type { LoadOptions } from "./render.js";
import type { AnthropicTool, McpTool, OpenAITool, ToolFormat, ToolResult } from "./tools.js";

/** A skill as the API shows it. */
export interface SkillMeta {
  name: string;
  /** SKILL.md path: "skills/review-diff/SKILL.md". */
  path: string;
  /** Base directory: "skills/review-diff". */
  dir: string;
  scope: string;
  description: string;
  brief: string;
  userInvocable: boolean;
  hidden: boolean;
  context?: "fork";
  agent?: string;
  argumentHint?: string;
  args: string[];
  files: BundleFile[];
}

export interface LoadResult {
  name: string;
  path: string;
  baseDir: string;
  /** The expanded body. */
  content: string;
  /** What a tool returns to the model: base directory, body, supporting files (or a reminder, in a session). */
  text: string;
  files: BundleFile[];
  /** `context: fork` skills: hand `task` (the expanded body) to a subagent of type `agent`. */
  context?: "fork";
  agent?: string;
  task?: string;
  /** Set in a session when `text` is a reminder because this exact load was already returned. */
  repeated?: true;
}

export interface SearchResult {
  skill: SkillMeta;
  score: number;
  reason: string;
}
export type MatchResult = SearchResult;

/** Progressive disclosure tiers: the catalog entry, the loaded body, and the supporting files. */
export type DisclosureTier = "none" | "breadcrumb" | "registry" | "full";

export interface SkillsOptions {
  /** Skill names (a `*` matches anything) that may be used; empty or absent: all. Replaces the build's list. */
  allow?: string[];
  /** Skill names never used; added to the build's list. Deny wins over allow. */
  deny?: string[];
  /** How `load().text` is framed. @default the build's `loadFormat` */
  loadFormat?: LoadFormat;
  /** Skills built with `default_enabled: false` that this instance enables (by name); the others stay off. */
  enable?: string[];
  /** `${CLAUDE_SESSION_ID}`, `${CLAUDE_PROJECT_DIR}`, `${CLAUDE_EFFORT}` for every load (the model's too); `load`'s own options win. */
  vars?: LoadOptions;
}

/** The built-in tools and the aliases `call` accepts for them: `call` answers these synchronously. */
export type BuiltinToolName = "load_skill" | "search_skills" | "read_skill_file" | "skill" | "use_skill" | "skill_load" | "skill_search";
/** Which toolset tools `tools()` adds to the built-in three. */
export type ToolInclude = "loaded" | "all";

export interface Skills {
  /** Skills the model may see (not hidden, permitted), sorted by name. */
  list(): SkillMeta[];
  /** By name, `group:name` / `scope:name`, SKILL.md path or base directory; undefined when absent or denied. Throws AMBIGUOUS. */
  get(nameOrPath: string): SkillMeta | undefined;
  /**
   * The skill expanded with `args` (raw string or split arguments) and `opts` (the `${CLAUDE_…}`
   * values; a value left out keeps its placeholder as written). Hidden skills load: this is the
   * trusted API. Throws SkillError.
   */
  load(nameOrPath: string, args?: string | string[], opts?: LoadOptions): LoadResult;
  /** A supporting file: text as a string, binary as bytes. Throws INVALID_PARAM (malformed path) or NOT_FOUND. */
  file(nameOrPath: string, relPath: string): string | Uint8Array;
  /** Ranked: exact path > exact name > name prefix > word overlap; ties by scope rank, then path. */
  search(query: string, opts?: { limit?: number; scope?: string }): SearchResult[];
  /** The catalog prompt of the visible skills ("" when there are none). */
  catalog(opts?: { format?: CatalogFormat; budget?: number }): string;
  /** A user's `/name args`: the load result; null when `text` is not a command naming a skill. Throws NOT_INVOCABLE, PERMISSION_DENIED, AMBIGUOUS. */
  invoke(text: string): LoadResult | null;
  /** Visible skills whose name is mentioned (3), whose trigger phrase occurs (2) or whose pattern matches (1). */
  match(text: string, opts?: { max?: number }): MatchResult[];
  /**
   * What to tell the model about skills at a tier: "none" → ""; "breadcrumb" → one line with the
   * count; "registry" → `- name: brief` lines (within the catalog budget); "full" → the registry,
   * then the loaded text of the top 3 skills that `match(text)` finds.
   */
  disclose(tier: DisclosureTier, text?: string): string;
  /**
   * Tool definitions for the model: load_skill, search_skills, read_skill_file, then, with
   * `include`, the toolset tools of the skills loaded in this session ("loaded"; none outside a
   * session) or of every visible skill and the loaded ones ("all"). Evaluates those skills'
   * toolset code (once each); throws SkillError EXECUTION_ERROR when a toolset is broken.
   */
  tools(opts: { format: "openai"; include?: ToolInclude }): OpenAITool[];
  tools(opts: { format: "anthropic"; include?: ToolInclude }): AnthropicTool[];
  tools(opts?: { format?: "mcp"; include?: ToolInclude }): McpTool[];
  tools(opts?: { format?: ToolFormat; include?: ToolInclude }): (OpenAITool | AnthropicTool | McpTool)[];
  /**
   * Runs a tool for the model. Never throws, and failures are `isError` results.
   * load_skill, search_skills, read_skill_file (and unknown names) return a ToolResult synchronously;
   * a toolset tool (of a visible skill, or of one loaded in this session) returns a Promise<ToolResult>
   * that never rejects: its `execute` may be async, and a throw, sync or async, becomes `isError`.
   * `await skills.call(...)` works for every tool.
   */
  call(toolName: BuiltinToolName, input: unknown): ToolResult;
  call(toolName: string, input: unknown): ToolResult | Promise<ToolResult>;
  /** A skill's toolset tools (`[]` when it has none), evaluating its toolset code once. Throws SkillError (EXECUTION_ERROR for a broken toolset). */
  toolsets(nameOrPath: string): SkillTool[];
  /** The same API with per-conversation state: a repeated, unchanged load returns a short reminder. */
  session(): Skills;
}

const str = (v: unknown) => (typeof v == "string" ? v : undefined);
