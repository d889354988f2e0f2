// Mastra with a skillc bundle: the skills as createSkill() inline skills (Mastra's own skill tools
// serve them) and the toolset tools as Mastra tools. The model is ai/test's mock, scripted to
// load release-notes with Mastra's `skill` tool and run semver-bump; use a real one
// (model: "openai/gpt-5-mini") to talk to a provider.
//
//   npx skillc build && node examples/mastra/index.mjs
import { Agent } from "@mastra/core/agent";
import { MockLanguageModelV3 } from "ai/test";
import { mastraSkills, mastraToolsetTools } from "skillc/mastra";

const { skills } = await import(process.env.SKILLC_BUNDLE ?? new URL("../../.skillc/index.js", import.meta.url).href);

const usage = { inputTokens: { total: 0, noCache: 0 }, outputTokens: { total: 0, text: 0 } };
const steps = [
  { type: "tool-call", toolCallId: "1", toolName: "skill", input: JSON.stringify({ name: "release-notes" }) },
  { type: "tool-call", toolCallId: "2", toolName: "semver-bump", input: JSON.stringify({ version: "1.4.2", bump: "minor" }) },
  { type: "text", text: "Drafted the notes for 1.5.0." },
].map((part) => ({ content: [part], finishReason: { unified: part.type === "text" ? "stop" : "tool-calls" }, usage, warnings: [] }));
let step = 0;
const model = new MockLanguageModelV3({ doGenerate: async () => steps[step++] });

const agent = new Agent({
  id: "release-writer",
  name: "release-writer",
  instructions: "You write release notes.",
  model,
  skills: await mastraSkills(skills),
  tools: await mastraToolsetTools(skills),
});
const result = await agent.generate("Draft the release notes", { maxSteps: 5 });
for (const r of result.toolResults) console.log(`${r.payload.toolName} → ${JSON.stringify(r.payload.result).slice(0, 60)}`);
console.log(result.text);
