// What the framework adapters need from a bundle's `skills` object, typed so that both layouts fit:
// the single layout answers load/file/call with values, the split layout with Promises (design.md,
// "Split output"). Every adapter awaits those results, which works for both. Types only: the adapters
// import nothing of the runtime's code, only the API's declarations (src/runtime/api.ts).
import type { LoadResult, SkillMeta, Skills, ToolInclude } from "../runtime/api.js";

type Awaitable<T> = T | PromiseLike<T>;

/** MCP's tool result shape, as `skills.call` resolves it. */
export type SkillToolResult = Awaited<ReturnType<Skills["call"]>>;
/** A tool definition in MCP's shape, as `skills.tools({ format: "mcp" })` gives it. */
export type SkillToolDef = Extract<ReturnType<Skills["tools"]>[number], { inputSchema: unknown }>;

/** The parts of a bundle's `skills` (or of `skills.session()`) that the adapters use. */
export interface SkillsLike {
  list(): SkillMeta[];
  catalog(opts?: Parameters<Skills["catalog"]>[0]): string;
  tools(opts: { format: "mcp"; include?: ToolInclude }): Awaitable<SkillToolDef[]>;
  load(nameOrPath: string, args?: string | string[]): Awaitable<LoadResult>;
  file(nameOrPath: string, relPath: string): Awaitable<string | Uint8Array>;
  call(toolName: string, input: unknown): Awaitable<SkillToolResult>;
  /** Split layout: preloads every permitted skill's chunk (the adapters call it without arguments). Absent in the single layout. */
  ready?(): PromiseLike<unknown>;
}

/** Which toolset tools an adapter offers beside the three skill tools. */
export type ToolsetChoice = ToolInclude | "none";

/**
 * The tool definitions: the three skill tools, then the toolset tools `toolsets` asks for. A
 * split bundle's chunks are loaded first, since listing toolset tools evaluates their code.
 */
export async function toolDefs(skills: SkillsLike, toolsets: ToolsetChoice = "all"): Promise<SkillToolDef[]> {
  if (toolsets !== "none" && skills.ready) await skills.ready();
  return await skills.tools(toolsets === "none" ? { format: "mcp" } : { format: "mcp", include: toolsets });
}

/** The text of a tool result, as a model should read it. */
export function resultText(result: SkillToolResult): string {
  return result.content.map((c) => c.text).join("\n");
}

/** Runs a tool through the bundle; always awaited, so a split bundle's Promise and a value both work. */
export async function callTool(skills: SkillsLike, name: string, input: unknown): Promise<SkillToolResult> {
  return await skills.call(name, input);
}

/** A failed tool result as an Error: frameworks report a thrown error to the model as the tool's failure. */
export class SkillToolError extends Error {
  readonly code: string;
  readonly result: SkillToolResult;
  constructor(result: SkillToolResult) {
    super(resultText(result));
    this.name = "SkillToolError";
    this.result = result;
    const code = result.structuredContent?.code;
    this.code = typeof code == "string" ? code : "EXECUTION_ERROR";
  }
}

/** A tool's result, or a SkillToolError thrown for an `isError` result. */
export async function callOrThrow(skills: SkillsLike, name: string, input: unknown): Promise<SkillToolResult> {
  const result = await callTool(skills, name, input);
  if (result.isError) throw new SkillToolError(result);
  return result;
}

/** The system-prompt text that lists the skills ("" when none is visible). */
export function catalogPrompt(skills: SkillsLike, opts?: Parameters<Skills["catalog"]>[0]): string {
  const catalog = skills.catalog(opts);
  return catalog && `Skills are available. When a task matches one, call load_skill with its name first and follow it.\n\n${catalog}`;
}
