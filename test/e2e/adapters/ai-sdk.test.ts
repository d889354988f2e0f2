// skillc/ai-sdk driven by the AI SDK itself: generateText with ai/test's MockLanguageModelV3 runs a
// multi-step loop (stopWhen: stepCountIs) in which the model calls load_skill, then a toolset tool
// of the real example bundle, then answers; the model's prompts show what each tool gave back.
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillsForAiSdk, skillTools } from "../../../src/adapters/ai-sdk.js";
import { asyncShaped, buildExampleBundle, LAYOUTS, type BuiltBundle } from "./bundle.js";
import { answer, toolCall } from "./mock-model.js";


/** A model that plays `steps` in order, one per generate call. */
function scripted(steps: ReturnType<typeof toolCall | typeof answer>[]) {
  let i = 0;
  return new MockLanguageModelV3({ doGenerate: async () => steps[i++]! });
}

/** The text the model was given back for the last tool result in its prompt. */
function lastToolOutput(model: MockLanguageModelV3, call: number): unknown {
  const msgs = model.doGenerateCalls[call]!.prompt.filter((m) => m.role === "tool");
  const parts = msgs.at(-1)!.content as any[];
  return parts.at(-1).output;
}

describe.each(LAYOUTS)("skillc/ai-sdk, %s layout", (layout) => {
  let bundle: BuiltBundle;
  beforeAll(async () => {
    bundle = await buildExampleBundle(layout);
  });
  afterAll(() => bundle.dispose());

  it("generateText: load_skill, then the toolset's semver-bump, then an answer", async () => {
    const { system, tools } = await skillsForAiSdk(bundle.skills.session());
    expect(Object.keys(tools)).toEqual(["load_skill", "search_skills", "read_skill_file", "semver-bump", "group-commits"]);
    expect(system).toContain("release-notes");

    const model = scripted([
      toolCall("c1", "load_skill", { name: "release-notes", args: "1.5.0 v1.4.2" }),
      toolCall("c2", "semver-bump", { version: "1.4.2", subjects: ["feat: x", "fix: y"] }),
      answer("Release 1.5.0 drafted."),
    ]);
    const result = await generateText({ model, system, tools, prompt: "Draft the notes for the next release", stopWhen: stepCountIs(5) });

    expect(result.steps.map((s) => s.finishReason)).toEqual(["tool-calls", "tool-calls", "stop"]);
    expect(result.text).toBe("Release 1.5.0 drafted.");
    // The system prompt and the tool list reached the model.
    expect(model.doGenerateCalls[0]!.prompt[0]).toMatchObject({ role: "system", content: system });
    expect(model.doGenerateCalls[0]!.tools!.map((t: any) => t.name)).toContain("semver-bump");
    // Step 1: the program gets the MCP-shaped result, the model reads its text (toModelOutput).
    const loaded = result.steps[0]!.toolResults[0]!;
    expect(loaded.output.content[0].text).toContain("Write the release notes for version 1.5.0");
    expect(lastToolOutput(model, 1)).toEqual({ type: "text", value: loaded.output.content[0].text });
    // Step 2: the toolset tool ran in the bundle; its structured result is the program's.
    expect(result.steps[1]!.toolResults[0]!.output.structuredContent).toMatchObject({ version: "1.5.0", bump: "minor", previous: "1.4.2" });
    expect((lastToolOutput(model, 2) as any).value).toContain("1.5.0");
  });

  it("a failed call reaches the model as a tool error and the loop goes on", async () => {
    const tools = await skillTools(bundle.skills, { toolsets: "none" });
    expect(Object.keys(tools)).toEqual(["load_skill", "search_skills", "read_skill_file"]);
    const model = scripted([toolCall("c1", "load_skill", { name: "no-such-skill" }), answer("There is no such skill.")]);
    const result = await generateText({ model, tools, prompt: "use no-such-skill", stopWhen: stepCountIs(3) });
    const error = result.steps[0]!.content.find((p) => p.type === "tool-error") as any;
    expect(error.error.code).toBe("NOT_FOUND");
    expect(error.error.message).toMatch(/no-such-skill/);
    expect(JSON.stringify(lastToolOutput(model, 1))).toMatch(/no-such-skill/);
    expect(result.text).toBe("There is no such skill.");
  });

  it("read_skill_file and a bundle whose answers are Promises (the split layout's shape)", async () => {
    const asyncBundle = asyncShaped(bundle.skills);
    const tools = await skillTools(asyncBundle.skills);
    expect(asyncBundle.calls.ready).toBe(1);
    const model = scripted([
      toolCall("c1", "read_skill_file", { name: "release-notes", path: "references/style-guide.md" }),
      toolCall("c2", "group-commits", { subjects: ["feat: a", "fix: b"] }),
      answer("ok"),
    ]);
    const result = await generateText({ model, tools, prompt: "x", stopWhen: stepCountIs(4) });
    expect(asyncBundle.calls.call).toBe(2);
    expect(result.steps[0]!.toolResults[0]!.output.content[0].text).toBe(await bundle.skills.file("release-notes", "references/style-guide.md"));
    expect(result.steps[1]!.toolResults[0]!.output.structuredContent).toMatchObject({ groups: { Features: ["a"], Fixes: ["b"] } });
  });
});
