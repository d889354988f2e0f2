// Tool definitions in each SDK's shape, and `call`, which runs one and never throws.
import { SkillError } from "./errors.js";
import type { SkillTool, ToolResult } from "./data.js";
import { INPUT_MAX, capped, show } from "./limits.js";

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

/** MCP's tool result shape (CallToolResult); failures are results with `isError: true`. */
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
  search(query: unknown, limit: number, scope?: string): { text: string; structured: Record<string, unknown> };
  /** Runs a toolset tool by exact name: undefined when no reachable skill defines it. */
  tool(name: string, input: unknown): Promise<ToolResult> | undefined;
}

const TOOLS = "load_skill, search_skills, read_skill_file";
// Other systems' tool names (reference.md §5) map onto the three tools. No prototype: "constructor",
// "__proto__" or "toString" must be unknown tools, not inherited properties.
const ALIAS: Record<string, number> = { __proto__: null, load_skill: 0, skill: 0, use_skill: 0, skill_load: 0, search_skills: 1, skill_search: 1, read_skill_file: 2 } as {};

const text = (t: string, structuredContent?: Record<string, unknown>, isError?: boolean): ToolResult => ({
  content: [{ type: "text", text: t }],
  ...(structuredContent && { structuredContent }),
  ...(isError && { isError }),
});
const err = (t: string, code: string) => text(t, { code }, true);

/** A thrown value as an error result, whatever it is (a throwing getter, a Proxy, a Symbol). */
function failure(e: unknown): ToolResult {
  try {
    if (e instanceof SkillError) return err(String(e.message), String(e.code));
    const m = e instanceof Error ? e.message : e;
    return err(`Skill tool failed: ${String(m).slice(0, 500)}`, "EXECUTION_ERROR");
  } catch {
    return err("Skill tool failed.", "EXECUTION_ERROR");
  }
}

/**
 * Runs a tool; never throws, whatever `tool` and `input` are. Built-in tools return a ToolResult; a
 * toolset tool returns the Promise its host gives (the bundle's `runTool`, which never rejects).
 */
export function callTool(host: ToolHost, tool: unknown, input: unknown): ToolResult | Promise<ToolResult> {
  try {
    return run(host, tool, input);
  } catch (e) {
    return failure(e);
  }
}

function run(host: ToolHost, tool: unknown, input: unknown): ToolResult | Promise<ToolResult> {
  if (typeof tool != "string") return err(`The tool name must be a string; use ${TOOLS}.`, "INVALID_PARAM");
  const k = ALIAS[tool.toLowerCase()];
  // Tool names are at most 64 characters (OpenAI's and Anthropic's limit), so a longer one is unknown.
  if (k === undefined) return (tool.length <= 64 && host.tool(tool, input)) || err(`Unknown tool ${show(tool)}; use ${TOOLS}.`, "NOT_FOUND");
  let a: unknown = input ?? {};
  if (typeof a == "string") {
    try {
      a = JSON.parse(capped(a, INPUT_MAX, "Tool input"));
    } catch (e) {
      if (e instanceof SkillError) throw e;
      a = 0;
    }
  }
  if (!a || typeof a != "object" || Array.isArray(a)) return err("Tool input must be a JSON object.", "INVALID_PARAM");
  const i = a as Record<string, unknown>;
  if (k === 1) {
    const l = i.limit, s = i.scope;
    const r = host.search(i.query, typeof l == "number" || typeof l == "string" ? +l : 0, typeof s == "string" ? s : undefined);
    return text(r.text, r.structured);
  }
  if (k === 2) {
    const v = host.file(i.name ?? i.skill, i.path ?? i.file);
    return typeof v == "string" ? text(v) : text(`Binary file (${v.length} bytes): not shown as text.`, { bytes: v.length });
  }
  const r = host.load(i.path ?? i.name ?? i.skill, i.args ?? i.arguments ?? undefined);
  return text(r.text, r.structured);
}
