// The Vercel AI SDK with a skillc bundle: the skill tools and the catalog, in a multi-step
// generateText. The model here is ai/test's mock, scripted to load release-notes and then run its
// toolset's semver-bump, so the example runs offline; use a real one (e.g. openai("gpt-5-mini")).
//
//   npx skillc build && node examples/ai-sdk/index.mjs
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { skillsForAiSdk } from "skillc/ai-sdk";

// Your app imports the bundle directly: import { skills } from "./.skillc/index.js".
const { skills } = await import(process.env.SKILLC_BUNDLE ?? new URL("../../.skillc/index.js", import.meta.url).href);

const usage = { inputTokens: { total: 0, noCache: 0 }, outputTokens: { total: 0, text: 0 } };
const steps = [
  { type: "tool-call", toolCallId: "1", toolName: "load_skill", input: JSON.stringify({ name: "release-notes", args: "1.5.0 v1.4.2" }) },
  { type: "tool-call", toolCallId: "2", toolName: "semver-bump", input: JSON.stringify({ version: "1.4.2", subjects: ["feat: search"] }) },
  { type: "text", text: "Drafted the notes for 1.5.0." },
].map((part) => ({ content: [part], finishReason: { unified: part.type === "text" ? "stop" : "tool-calls" }, usage, warnings: [] }));
let step = 0;
const model = new MockLanguageModelV3({ doGenerate: async () => steps[step++] });

const { system, tools } = await skillsForAiSdk(skills.session());
const result = await generateText({ model, system, tools, prompt: "Draft the release notes", stopWhen: stepCountIs(5) });

for (const s of result.steps) for (const r of s.toolResults) console.log(`${r.toolName} → ${r.output.content[0].text.split("\n")[0]}`);
console.log(result.text);
