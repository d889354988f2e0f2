// skillc/openai-agents: a bundle's skills as OpenAI Agents SDK function tools (`tool()` with a JSON
// Schema, non-strict: load_skill's fields are all optional, which strict mode cannot say). Each
// tool's `execute` awaits `skills.call` and returns the result's text; a failed call returns its
// message as text too, so the model reads why (the SDK would replace a thrown error with a generic one).
import { tool, type FunctionTool } from "@openai/agents";
import { callTool, catalogPrompt, resultText, toolDefs, type SkillsLike, type ToolsetChoice } from "./skills-like.js";

export { catalogPrompt, type SkillsLike, type SkillToolResult, type ToolsetChoice } from "./skills-like.js";

export interface SkillToolsOptions {
  /** Toolset tools offered beside the three skill tools; see skillc/ai-sdk. @default "all" */
  toolsets?: ToolsetChoice;
}

type NonStrictParameters = Extract<Parameters<typeof tool>[0], { strict: false }>["parameters"];

/** The skill tools as Agents SDK function tools, for `new Agent({ tools })`. */
export async function skillTools(skills: SkillsLike, options: SkillToolsOptions = {}): Promise<FunctionTool<unknown>[]> {
  return (await toolDefs(skills, options.toolsets)).map((def) =>
    tool({
      name: def.name,
      description: def.description,
      // The runtime's schemas say additionalProperties: false; non-strict mode sends them as they are.
      parameters: def.inputSchema as unknown as NonStrictParameters,
      strict: false,
      execute: async (input: unknown) => resultText(await callTool(skills, def.name, input)),
    }),
  );
}

/** Instructions that list the skills, and the tools: `new Agent({ instructions, tools })`. */
export async function skillsForAgent(skills: SkillsLike, options: SkillToolsOptions = {}): Promise<{ instructions: string; tools: FunctionTool<unknown>[] }> {
  return { instructions: catalogPrompt(skills), tools: await skillTools(skills, options) };
}
