// The shape of the data a bundle embeds: the only contract between the compiler (src/emit) and the
// runtime (src/runtime). Types only; the runtime imports nothing from the compiler side.

/**
 * A compiled body: literal strings and placeholders, so that rendering only joins parts.
 * A placeholder is a tuple [kind, value, original, rest?]:
 *  - kind 0: `$ARGUMENTS` (value unused, 0) → the raw argument string
 *  - kind 1: `$ARGUMENTS[N]` / `$N` (value = 0-based index into the arguments, whatever the dialect:
 *    opencode's `$1` is 0) → that argument, or `original` when missing
 *  - kind 2: `$name` declared by `arguments:` (value = its 0-based position) → its argument or ""
 *  - kind 3: `${CLAUDE_SKILL_DIR}` (value unused, 0) → the skill's base directory (always expanded)
 *  - kinds 4, 5, 6 (claude-code dialect): `${CLAUDE_SESSION_ID}`, `${CLAUDE_PROJECT_DIR}`,
 *    `${CLAUDE_EFFORT}` → the value passed to `load` (LoadOptions), else kept as written
 *  `original` is the text as written; kept when no args are given.
 *  `rest` (opencode dialect only): this placeholder takes its argument and all after it, joined by spaces.
 * `\$` escapes are resolved at build time: the literal part holds `$…` without the backslash.
 * Adjacent literals are merged; no part is an empty string. Rendering: src/runtime/render.ts.
 */
export type Placeholder = [kind: 0 | 1 | 2 | 3 | 4 | 5 | 6, value: number, original: string, rest?: 1];
export type TemplatePart = string | Placeholder;

export type Dialect = "claude-code" | "opencode";
/** `codelia`: Codelia's `<skills_context>` / `<skills_catalog scope truncated>` (its docs/specs/skills.md §6.1). */
export type CatalogFormat = "xml" | "markdown" | "json" | "codelia";
export type LoadFormat = "plain" | "skill_context";

/** The part of a skill that is heavy: decoded only when the skill is first loaded or its files read. */
export interface SkillPayload {
  template: TemplatePart[];
  /**
   * Supporting files by relative path: exactly the paths of the skill's `files` (the runtime serves
   * only listed paths). Text as a string; binary as base64 in `{ b64 }`, decoded on first read.
   */
  files: Record<string, string | { b64: string }>;
}

export interface BundleFile {
  /** posix, relative to the skill folder. */
  path: string;
  bytes: number;
  binary: boolean;
  executable: boolean;
}

/** One skill as the runtime sees it: metadata eagerly, the payload through a thunk. */
export interface BundleSkill {
  name: string;
  /** SKILL.md path, posix, relative to where the build ran: "skills/review-diff/SKILL.md". */
  path: string;
  /** Base directory shown to the model and used for `${CLAUDE_SKILL_DIR}`: "skills/review-diff". */
  dir: string;
  scope: string;
  /** Source precedence: higher wins; used for ties and for catalog dropping order. */
  rank: number;
  description: string;
  brief: string;
  /**
   * disable-model-invocation: absent from list/catalog/search/match/tools/call; user `/name`
   * (`invoke`) and the developer's `get`/`load`/`file` still reach it.
   */
  hidden: boolean;
  /**
   * `default_enabled: false`: not enabled until the host names it in `createSkills({ enable })`;
   * until then it is as if denied (absent from list/catalog/search/match/tools; load refuses).
   */
  off?: 1;
  userInvocable: boolean;
  context?: "fork";
  agent?: string;
  argumentHint?: string;
  /** Named arguments, in positional order. */
  args: string[];
  triggers?: { keywords: string[]; verbs: string[]; patterns: string[] };
  /** Content hash (sha256 hex of the SKILL.md and its files); a session's reminder key. */
  hash: string;
  files: BundleFile[];
  /** Decodes the payload; the runtime calls it at most once per skill, on the first load or file read. */
  payload: () => SkillPayload;
  /**
   * Names of the tools the skill's toolsets define, found at build time: `call` finds a tool's skill
   * by name without evaluating any other skill's toolset code. Absent when the skill has no toolsets.
   */
  toolNames?: string[];
  /**
   * The skill's toolsets (`toolsets:` in the frontmatter), bundled by esbuild into this function:
   * calling it runs the toolset modules' code and returns their tools, shape-checked (a bad shape
   * throws SkillError EXECUTION_ERROR). The emitted function remembers its result or error, and the
   * runtime calls it only when the skill's tools are asked for (`toolsets`, `tools({ include })`,
   * `call`). Absent when the skill has no toolsets.
   */
  toolsets?: () => SkillTool[];
}

/** One tool of a skill's toolset: a plain object (no zod). */
export interface SkillTool {
  /** Unique in the bundle; `^[A-Za-z0-9_-]{1,64}$` (what OpenAI and Anthropic accept). */
  name: string;
  description: string;
  /** JSON Schema of the input: `{ type: "object", properties, required? }`. */
  parameters: Record<string, unknown>;
  /**
   * Runs the tool with the model's input (a JSON object). May be async. Returns a string (the text
   * result), an MCP-shaped result (`{ content: [...] }`, passed through), or any JSON value
   * (its JSON text, and, for an object, `structuredContent`). A throw becomes an `isError` result.
   */
  execute(input: any): unknown;
}

export interface BundleOptions {
  dialect: Dialect;
  loadFormat: LoadFormat;
  catalog: { format: CatalogFormat; budget: number };
  permissions: { allow: string[]; deny: string[] };
}

export interface BundleData {
  version: 1;
  options: BundleOptions;
  /** Sorted by name, then path. Override losers are not present; `keep` duplicates are. */
  skills: BundleSkill[];
  /**
   * Present when a skill has toolsets: runs one toolset tool for `call` and never rejects. `get`
   * evaluates the skill's toolsets (it may throw) and returns the tool. The input is checked (an
   * object, or a JSON string of one), `execute` awaited, its value made a ToolResult (a string is
   * the text; `{ content: [...] }` passes through; other JSON values become their JSON text, objects
   * also `structuredContent`), and any throw an `isError` result (SkillError code, else
   * EXECUTION_ERROR). Emitted once per bundle (src/emit/toolset-helper.ts), not in the shared runtime.
   */
  runTool?: (get: () => SkillTool | undefined, input: unknown) => Promise<ToolResult>;
  /**
   * Present in the claude-code dialect: splits a raw argument string as Claude Code does (the words
   * of the first simple command of a bash parse). Emitted once per bundle (src/emit/bash-words.ts),
   * not in the shared runtime; without it the runtime splits with `splitArgs` (args.ts).
   */
  words?: (raw: string) => string[];
}

/** MCP's tool result shape (the runtime's ToolResult). */
export interface ToolResult {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}
