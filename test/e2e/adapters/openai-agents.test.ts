// skillc/openai-agents driven by the Agents SDK's own run loop (run(agent, input)) with a stub Model
// that plays a script: load_skill, then the toolset's semver-bump, then an answer. What the stub
// receives on each turn shows what the function tools returned. Tracing is off: no network.
import { Agent, run, setTracingDisabled, Usage, type Model, type ModelRequest, type ModelResponse } from "@openai/agents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillsForAgent, skillTools } from "../../../src/adapters/openai-agents.js";
import { asyncShaped, buildExampleBundle, LAYOUTS, type BuiltBundle } from "./bundle.js";


const call = (callId: string, name: string, input: unknown): ModelResponse => ({
  usage: new Usage(),
  output: [{ type: "function_call", callId, name, arguments: JSON.stringify(input), status: "completed" }],
});
const say = (text: string): ModelResponse => ({
  usage: new Usage(),
  output: [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text }] }],
});

/** A Model that answers each turn from `turns` and keeps the requests. */
class StubModel implements Model {
  requests: ModelRequest[] = [];
  constructor(private turns: ModelResponse[]) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    return this.turns[this.requests.length - 1]!;
  }
  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("not streamed");
  }
}

/** The output the model was given for `callId` in the request of turn `turn`. */
function outputFor(model: StubModel, turn: number, callId: string): string {
  const input = model.requests[turn]!.input as any[];
  const item = input.find((i) => i.type === "function_call_result" && i.callId === callId);
  return typeof item.output == "string" ? item.output : item.output.text;
}

describe.each(LAYOUTS)("skillc/openai-agents, %s layout", (layout) => {
  let bundle: BuiltBundle;
  beforeAll(async () => {
  setTracingDisabled(true);
    bundle = await buildExampleBundle(layout);
  });
  afterAll(() => bundle.dispose());

  it("run(): load_skill, then semver-bump, then the final output", async () => {
    const { instructions, tools } = await skillsForAgent(bundle.skills.session());
    // The SDK makes tool names identifiers (semver-bump → semver_bump); execute still calls the bundle's name.
    expect(tools.map((t) => t.name)).toEqual(["load_skill", "search_skills", "read_skill_file", "semver_bump", "group_commits"]);
    const model = new StubModel([
      call("c1", "load_skill", { name: "release-notes", args: "1.5.0" }),
      call("c2", "semver_bump", { version: "1.4.2", bump: "minor" }),
      say("Release 1.5.0 drafted."),
    ]);
    const agent = new Agent({ name: "releaser", instructions, tools, model });
    const result = await run(agent, "Draft the notes for the next release");

    expect(result.finalOutput).toBe("Release 1.5.0 drafted.");
    expect(model.requests).toHaveLength(3);
    expect(model.requests[0]!.systemInstructions).toContain("release-notes");
    expect(model.requests[0]!.tools.map((t: any) => t.name)).toContain("semver_bump");
    expect(outputFor(model, 1, "c1")).toContain("Write the release notes for version 1.5.0");
    expect(JSON.parse(outputFor(model, 2, "c2"))).toMatchObject({ version: "1.5.0", bump: "minor" });
  });

  it("an unknown skill: the model reads the message (not the SDK's generic error); a Promise-shaped bundle works", async () => {
    const asyncBundle = asyncShaped(bundle.skills);
    const tools = await skillTools(asyncBundle.skills, { toolsets: "none" });
    const model = new StubModel([call("c1", "load_skill", { name: "nope" }), say("No such skill.")]);
    const result = await run(new Agent({ name: "a", tools, model }), "use nope");
    expect(result.finalOutput).toBe("No such skill.");
    expect(outputFor(model, 1, "c1")).toMatch(/nope/);
    expect(asyncBundle.calls.call).toBe(1);
  });
});
