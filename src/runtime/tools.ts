// Tool definitions in each SDK's shape, and `call`, which runs one and never throws.
import { SkillError } from "./errors.js";
import type { SkillTool, ToolResult } from "./data.js";

export type JsonSchema = {
  type: "object";
  properties: Record<string, unknown>;
  required: string[];
  additionalProperties: boolean;
};
/** OpenAI Chat Completions function tool. */
export type OpenAITool = { type: "function"; function: { name: string; description: string; parameters: JsonSchema } };
/** Anthropic Messages tool. */
export type AnthropicTool = { name: string; description: string; input_schema: JsonSchema };
/** MCP `tools/list` entry. */
export type McpTool = { name: string; description: string; inputSchema: JsonSchema };
export type ToolFormat = "openai" | "anthropic" | "mcp";

/** MCP's tool result shape (reference.md §7); failures are results with `isError: true`. */
export type { ToolResult };

const str = (description: string) => ({ type: "string", description });
const schema = (properties: Record<string, unknown>, required: string[]): JsonSchema => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});

/** The built-in tools, then `extra` (toolset tools), in `format`'s shape. */
export function toolDefs(format: ToolFormat, catalog: string, extra: SkillTool[] = []): (OpenAITool | AnthropicTool | McpTool)[] {
  const defs: [string, string, JsonSchema][] = [
    [
      "load_skill",
      "Load a skill's instructions, base directory and supporting files. When a task matches a skill, load it first and follow it. Give `name` (or `path` if the name is ambiguous) and any `args`." +
        (catalog ? "\n\nAvailable skills:\n" + catalog : ""),
      schema(
        {
          name: str("Skill name"),
          path: str("SKILL.md path, when a name is ambiguous"),
          args: str("Arguments, as typed after /name"),
        },
        [],
      ),
    ],
    [
      "search_skills",
      "Find skills by words, name or path. Use it when no listed skill fits or some are not listed.",
      schema({ query: str("Words, a name or a path"), limit: { type: "integer", description: "Max results (default 8, at most 50)" } }, ["query"]),
    ],
    [
      "read_skill_file",
      "Read a supporting file of a skill, by its path relative to the skill's base directory.",
      schema({ name: str("Skill name"), path: str('e.g. "references/api.md"') }, ["name", "path"]),
    ],
    ...extra.map((t): [string, string, JsonSchema] => [t.name, t.description, t.parameters as JsonSchema]),
  ];
  return defs.map(([name, description, s]) =>
    format === "openai"
      ? { type: "function", function: { name, description, parameters: s } }
      : format === "anthropic"
        ? { name, description, input_schema: s }
        : { name, description, inputSchema: s },
  );
}

/** What `call` needs from the skill set, with the model's visibility applied. */
export interface ToolHost {
  load(ref: unknown, args: unknown): { text: string; structured: Record<string, unknown> };
  file(ref: unknown, path: unknown): string | Uint8Array;
  search(query: string, limit: number, scope?: string): { text: string; structured: Record<string, unknown> };
  /** Runs a toolset tool by exact name: undefined when no reachable skill defines it. */
  tool(name: string, input: unknown): Promise<ToolResult> | undefined;
}

const TOOLS = "load_skill, search_skills, read_skill_file";
// Other systems' tool names (reference.md §5) map onto the three tools.
const ALIAS: Record<string, number> = { load_skill: 0, skill: 0, use_skill: 0, skill_load: 0, search_skills: 1, skill_search: 1, read_skill_file: 2 };

const text = (t: string, structuredContent?: Record<string, unknown>, isError?: boolean): ToolResult => ({
  content: [{ type: "text", text: t }],
  ...(structuredContent && { structuredContent }),
  ...(isError && { isError }),
});

/**
 * Runs a tool; never throws. Built-in tools return a ToolResult; a toolset tool returns the Promise
 * its host gives (the bundle's `runTool`, which never rejects).
 */
export function callTool(host: ToolHost, tool: unknown, input: unknown): ToolResult | Promise<ToolResult> {
  try {
    const k = ALIAS[String(tool).toLowerCase()];
    if (k === undefined) return host.tool(String(tool), input) || text(`Unknown tool "${tool}"; use ${TOOLS}.`, { code: "NOT_FOUND" }, true);
    let a: unknown = input ?? {};
    if (typeof a === "string") {
      try {
        a = JSON.parse(a);
      } catch {
        a = null;
      }
    }
    if (!a || typeof a !== "object" || Array.isArray(a))
      return text("Tool input must be a JSON object.", { code: "INVALID_PARAM" }, true);
    const i = a as Record<string, unknown>;
    if (k === 1) {
      const r = host.search(String(i.query ?? ""), Number(i.limit), i.scope as string | undefined);
      return text(r.text, r.structured);
    }
    if (k === 2) {
      const v = host.file(i.name ?? i.skill, i.path ?? i.file);
      return typeof v === "string"
        ? text(v)
        : text(`Binary file (${v.length} bytes): not shown as text.`, { bytes: v.length });
    }
    const r = host.load(i.path ?? i.name ?? i.skill, (i.args ?? i.arguments ?? undefined) as string);
    return text(r.text, r.structured);
  } catch (e) {
    const se = e instanceof SkillError;
    return text(se ? e.message : `Skill tool failed: ${e instanceof Error ? e.message : String(e)}`, { code: se ? e.code : "EXECUTION_ERROR" }, true);
  }
}
