// skillc/ai-sdk: a bundle's skills as Vercel AI SDK tools. The AI SDK runs only provider-hosted
// skills itself (uploadSkill); this gives local ones: load_skill, search_skills and read_skill_file,
// plus the toolset tools, each a `tool()` with a JSON Schema `inputSchema` whose `execute` awaits
// `skills.call`. The model reads the result's text (toModelOutput); the program gets the whole MCP-
// shaped result. A failed call throws, which the AI SDK hands back to the model as a tool error.
import { jsonSchema, tool, type Tool } from "ai";
import { callOrThrow, catalogPrompt, resultText, toolDefs, type SkillToolResult, type SkillsLike, type ToolsetChoice } from "./skills-like.js";

export { catalogPrompt, SkillToolError, type SkillsLike, type SkillToolResult, type ToolsetChoice } from "./skills-like.js";

export interface SkillToolsOptions {
  /**
   * Toolset tools offered beside the three skill tools: of every visible skill ("all", the
   * default: a `generateText` call's tools are fixed for all its steps), of the skills a session
   * has loaded so far ("loaded"), or none.
   */
  toolsets?: ToolsetChoice;
}

/** One AI SDK tool per skill tool, keyed by name, ready for `generateText({ tools })`. */
export type SkillToolSet = Record<string, Tool<Record<string, unknown>, SkillToolResult>>;

type Schema = Parameters<typeof jsonSchema>[0];

/**
 * The skill tools as AI SDK tools. Pass a session (`skills.session()`) to get the runtime's
 * per-conversation memory (a repeated load answers with a short reminder).
 */
export async function skillTools(skills: SkillsLike, options: SkillToolsOptions = {}): Promise<SkillToolSet> {
  const out: SkillToolSet = {};
  for (const def of await toolDefs(skills, options.toolsets)) {
    out[def.name] = tool({
      description: def.description,
      inputSchema: jsonSchema<Record<string, unknown>>(def.inputSchema as Schema),
      execute: (input) => callOrThrow(skills, def.name, input),
      toModelOutput: ({ output }) => ({ type: "text", value: resultText(output) }),
    });
  }
  return out;
}

/** The tools and the system-prompt text for one conversation: `generateText({ system, tools })`. */
export async function skillsForAiSdk(skills: SkillsLike, options: SkillToolsOptions = {}): Promise<{ system: string; tools: SkillToolSet }> {
  return { system: catalogPrompt(skills), tools: await skillTools(skills, options) };
}
