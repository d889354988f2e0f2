// The data an emitted mcp.js carries beside its bundle, and the part of the bundle's `skills` API
// the MCP logic uses. Types only. Everything in src/mcp/ is dependency-free (no package, no Node
// built-in): scripts/build.mjs bundles it into dist/mcp.js, which src/emit/mcp.ts puts into every
// emitted mcp.js, and `skillc serve` runs the same code on the official SDK's transports.

/** One skill as the MCP server publishes it (SEP-2640: `skill://<path>/<file-path>`). */
export interface McpSkillData {
  /** The bundle's SKILL.md path, which `skills.get/load/file` resolve unambiguously. */
  ref: string;
  /** `<skill-path>`: the skill's folder below its root, the last segment its `name`, URI-encoded per segment. */
  path: string;
  /** The SKILL.md frontmatter, verbatim, as JSON. */
  fm: Record<string, unknown>;
  /** The SKILL.md text served (UTF-8; CRLF read as LF, BOM removed, as the build read it). */
  md: string;
  /** sha256 hex of the bytes served, by file path relative to the skill folder ("SKILL.md" included). */
  digests: Record<string, string>;
}

export interface McpData {
  version: 1;
  /** skillc's version, the server's `serverInfo.version`. */
  skillc: string;
  /** Sorted by path. */
  skills: McpSkillData[];
}

/** A tool result as MCP's `tools/call` returns it. */
export interface McpToolResult {
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** What the MCP logic needs of a bundle's `skills`; every result is awaited (the split layout returns Promises). */
export interface BundleSkills {
  list(): Array<{ path: string }> | Promise<Array<{ path: string }>>;
  get(ref: string):
    | { name: string; path: string; description: string; userInvocable: boolean; argumentHint?: string; args: string[]; files: Array<{ path: string; bytes: number; binary: boolean }> }
    | undefined;
  load(ref: string, args?: string | string[]): { text: string } | Promise<{ text: string }>;
  file(ref: string, rel: string): string | Uint8Array | Promise<string | Uint8Array>;
  tools(opts: { format: "mcp"; include: "all" }): unknown[] | Promise<unknown[]>;
  call(name: string, input: unknown): McpToolResult | Promise<McpToolResult>;
}

export interface McpOptions {
  /** Entries per page of skills/list, resources/list and resources/directory/read. @default 50 */
  pageSize?: number;
  /** Declare `listChanged` for resources, tools and prompts (a server that sends the notifications). */
  listChanged?: boolean;
}

/** A JSON-RPC error the dispatcher throws: `code` and `message` go into the response as they are. */
export class McpError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const INVALID_PARAMS = -32602;
export const METHOD_NOT_FOUND = -32601;
export const INTERNAL_ERROR = -32603;
