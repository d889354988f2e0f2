// Type-checked by test/unit/runtime/types.test.ts (tsc --noEmit on this file): the tool definitions are
// assignable to what the installed SDKs accept.
import type OpenAI from "openai";
import type Anthropic from "@anthropic-ai/sdk";
import { createSkills, type Skills, type ToolResult } from "../../../../src/runtime/index.js";

declare const skills: Skills;

export const openai: OpenAI.Chat.Completions.ChatCompletionTool[] = skills.tools({ format: "openai" });
export const anthropic: Anthropic.Messages.Tool[] = skills.tools({ format: "anthropic" });
export const anthropicTools: Anthropic.Messages.ToolUnion[] = skills.tools({ format: "anthropic" });
export const mcp: { name: string; description?: string; inputSchema: { type: "object" } }[] = skills.tools({ format: "mcp" });
export const params: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
  model: "gpt-x",
  messages: [{ role: "user", content: "hi" }],
  tools: skills.tools({ format: "openai" }),
};
export const result: ToolResult = skills.call("load_skill", { name: "x" });
export const session: Skills = createSkills({} as never).session();

// @ts-expect-error: Anthropic's tools have no `function` wrapper
export const wrong: Anthropic.Messages.Tool[] = skills.tools({ format: "openai" });
