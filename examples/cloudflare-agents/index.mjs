// Cloudflare Agents with a skillc bundle: skillcSource() is a SkillSource, returned from an agent's
// getSkills() like skills.workspace() or skills.r2():
//
//   class MyAgent extends Think { getSkills() { return [skillcSource(skills)]; } }
//
// This script does what the agent does with it, offline: loadSkillCatalog(getSkills()), the
// catalog prompt, and the agents package's own skill tools in a generateText loop (a mock model).
//
//   npx skillc build && node examples/cloudflare-agents/index.mjs
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { loadSkillCatalog } from "agents/skills";
import { createSkillTools } from "agents/skills/tools/ai-sdk";
import { skillcSource } from "skillc/cloudflare-agents";

const { skills } = await import(process.env.SKILLC_BUNDLE ?? new URL("../../.skillc/index.js", import.meta.url).href);

const getSkills = () => [skillcSource(skills)];
const catalog = await loadSkillCatalog(getSkills());
console.log(catalog.prompt().split("\n").slice(0, 3).join("\n"));

const usage = { inputTokens: { total: 0, noCache: 0 }, outputTokens: { total: 0, text: 0 } };
const steps = [
  { type: "tool-call", toolCallId: "1", toolName: "activate_skill", input: JSON.stringify({ name: "release-notes" }) },
  { type: "tool-call", toolCallId: "2", toolName: "read_skill_resource", input: JSON.stringify({ path: "release-notes/references/style-guide.md" }) },
  { type: "text", text: "Following the style guide." },
].map((part) => ({ content: [part], finishReason: { unified: part.type === "text" ? "stop" : "tool-calls" }, usage, warnings: [] }));
let step = 0;
const model = new MockLanguageModelV3({ doGenerate: async () => steps[step++] });
const result = await generateText({ model, system: catalog.prompt(), tools: createSkillTools(catalog), prompt: "Draft the notes", stopWhen: stepCountIs(4) });
for (const s of result.steps) for (const r of s.toolResults) console.log(`${r.toolName} → ${String(r.output).split("\n")[0]}`);
console.log(result.text);
