// The OpenAI Agents SDK with a skillc bundle: the skill tools as function tools, run by the SDK's
// loop. The model is a stub scripted to load release-notes and call semver-bump, so the example runs
// offline; drop `model` to use the SDK's default OpenAI model.
//
//   npx skillc build && node examples/openai-agents/index.mjs
import { Agent, run, setTracingDisabled, Usage } from "@openai/agents";
import { skillsForAgent } from "skillc/openai-agents";

const { skills } = await import(process.env.SKILLC_BUNDLE ?? new URL("../../.skillc/index.js", import.meta.url).href);

const call = (callId, name, input) => ({ type: "function_call", callId, name, arguments: JSON.stringify(input), status: "completed" });
const turns = [
  call("1", "load_skill", { name: "release-notes", args: "1.5.0" }),
  call("2", "semver_bump", { version: "1.4.2", bump: "minor" }), // the SDK's name for semver-bump
  { type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "Drafted the notes for 1.5.0." }] },
];
let turn = 0;
const model = {
  async getResponse() {
    return { usage: new Usage(), output: [turns[turn++]] };
  },
  async *getStreamedResponse() {},
};

setTracingDisabled(true); // the stub run sends nothing anywhere
const { instructions, tools } = await skillsForAgent(skills.session());
const agent = new Agent({ name: "release-writer", instructions, tools, model });
const result = await run(agent, "Draft the release notes");

for (const item of result.newItems) if (item.type === "tool_call_output_item") console.log(`${item.rawItem.name} → ${String(item.output).split("\n")[0]}`);
console.log(result.finalOutput);
