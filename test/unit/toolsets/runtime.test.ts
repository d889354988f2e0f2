// The runtime side of toolsets over hand-built data: the emitted helper (shape checks, memo, runTool)
// run against the real runtime, permissions, and what a broken toolset does to tools/toolsets/call.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../src/runtime/index.js";
import { createSkills, SkillError } from "../../../src/runtime/index.js";
import type { BundleData, SkillTool } from "../../../src/runtime/data.js";
import { toolsetHelper, TOOLSET_GLOBAL } from "../../../src/emit/toolset-helper.js";
import { bundle } from "../runtime/helpers.js";
import { INPUT_MAX } from "../../../src/runtime/limits.js";

/** The emitted helper, evaluated with `__skillc` bound to the runtime (as index.js does). */
async function helper(): Promise<{ load(skill: string, f: () => Array<[string, unknown]>): () => SkillTool[]; run: NonNullable<BundleData["runTool"]> }> {
  return new Function("__skillc", `${await toolsetHelper()}\nreturn ${TOOLSET_GLOBAL};`)(runtime);
}

const tool = (name: string, execute: (i: any) => unknown = () => name) => ({ name, description: `${name} tool`, parameters: { type: "object", properties: {} }, execute });

async function data(toolsets: Record<string, () => Array<[string, unknown]>>, specs = Object.keys(toolsets).map((name) => ({ name }))) {
  const h = await helper();
  const b = bundle(specs);
  const evaluated: Record<string, number> = {};
  for (const s of b.data.skills) {
    const f = toolsets[s.name];
    if (!f) continue;
    evaluated[s.name] = 0;
    const thunk = h.load(s.name, () => (evaluated[s.name]++, f()));
    let names: string[] = [];
    try {
      names = h.load(s.name, f)().map((t) => t.name);
    } catch {
      names = ["broken"];
    }
    Object.assign(s, { toolNames: names, toolsets: thunk });
  }
  b.data.runTool = h.run;
  return { data: b.data, evaluated };
}

describe("toolsets at run time", () => {
  it("a bad shape is EXECUTION_ERROR from toolsets() and tools(), isError from call, and the code runs once", async () => {
    const { data: d, evaluated } = await data({
      good: () => [["t:Good", [tool("good-tool")]]],
      bad: () => [["t:Bad", [tool("broken"), { name: "broken-2", description: 1 }]]],
      notarray: () => [["t:Obj", { name: "x" }]],
    });
    const skills = createSkills(d);
    let err: unknown;
    try {
      skills.toolsets("bad");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SkillError);
    expect(err).toMatchObject({ code: "EXECUTION_ERROR", message: 'The toolsets of skill "bad" failed: tool 1 ("broken-2") of "t:Bad" needs a string description' });
    expect(() => skills.toolsets("notarray")).toThrow('"t:Obj" is object, not an array of tools');
    expect(() => skills.tools({ include: "all" })).toThrow(SkillError);
    expect(await skills.call("broken", {})).toMatchObject({ isError: true, structuredContent: { code: "EXECUTION_ERROR" } });
    skills.toolsets("good");
    expect(await skills.call("good-tool", {})).toEqual({ content: [{ type: "text", text: "good-tool" }] });
    // The failing chunk is not re-run on every ask: its error is remembered.
    expect(evaluated).toEqual({ good: 1, bad: 1, notarray: 1 });
  });

  it("result shapes: strings, MCP results pass through, JSON values, undefined", async () => {
    const { data: d } = await data({
      r: () => [
        [
          "t:R",
          [
            tool("mcp-shaped", () => ({ content: [{ type: "text", text: "own" }], isError: true })),
            tool("json-array", () => [1, 2]),
            tool("nothing", () => undefined),
            tool("skill-error", () => {
              throw new SkillError("NOT_FOUND", "no such thing");
            }),
            tool("echo", (i) => i),
          ],
        ],
      ],
    });
    const skills = createSkills(d);
    expect(await skills.call("mcp-shaped", {})).toEqual({ content: [{ type: "text", text: "own" }], isError: true });
    expect(await skills.call("json-array", {})).toEqual({ content: [{ type: "text", text: "[1,2]" }] });
    expect(await skills.call("nothing", {})).toEqual({ content: [{ type: "text", text: "" }] });
    expect(await skills.call("skill-error", {})).toEqual({ content: [{ type: "text", text: "no such thing" }], structuredContent: { code: "NOT_FOUND" }, isError: true });
    expect(await skills.call("echo", undefined)).toEqual({ content: [{ type: "text", text: "{}" }], structuredContent: {} });
    expect(await skills.call("echo", [1])).toMatchObject({ isError: true, structuredContent: { code: "INVALID_PARAM" } });
    // Names are exact: built-in aliases are case-insensitive, toolset names are not.
    expect(skills.call("ECHO", {})).toMatchObject({ isError: true, structuredContent: { code: "NOT_FOUND" } });
  });

  it("tool input given as JSON text is capped as for the built-in tools (a toolset tool parsed any length)", async () => {
    const { data: d } = await data({ r: () => [["t:R", [tool("echo", (i) => i)]]] });
    const skills = createSkills(d);
    const long = JSON.stringify({ x: "a".repeat(INPUT_MAX) });
    for (const name of ["echo", "load_skill"]) {
      const r = await skills.call(name, long);
      expect(r).toMatchObject({ isError: true, structuredContent: { code: "INVALID_PARAM" } });
      expect(r.content[0]!.text).toBe(`Tool input is too long (${long.length} characters; the limit is ${INPUT_MAX}).`);
    }
    expect(await skills.call("echo", '{"x":"a"}')).toEqual({ content: [{ type: "text", text: '{"x":"a"}' }], structuredContent: { x: "a" } });
    // The same text as an object is the tool's to check, as the README says.
    expect((await skills.call("echo", JSON.parse(long))).isError).toBeUndefined();
  });

  it("permissions: a denied skill's tools are not listed, not callable, and toolsets() refuses it", async () => {
    const { data: d, evaluated } = await data({ a: () => [["t:A", [tool("a-tool")]]], b: () => [["t:B", [tool("b-tool")]]] });
    const skills = createSkills(d, { deny: ["b"] });
    expect(skills.tools({ include: "all" }).map((t) => t.name)).toEqual(["load_skill", "search_skills", "read_skill_file", "a-tool"]);
    expect(skills.call("b-tool", {})).toMatchObject({ isError: true, structuredContent: { code: "NOT_FOUND" } });
    expect(() => skills.toolsets("b")).toThrow(expect.objectContaining({ code: "PERMISSION_DENIED" }));
    expect(evaluated.b).toBe(0);
  });

  it("fork skills loaded in a session count as loaded (but never get the repeat reminder)", async () => {
    const { data: d } = await data({ f: () => [["t:F", [tool("fork-tool")]]] }, [{ name: "f", context: "fork" } as never]);
    const s = createSkills(d).session();
    expect(s.load("f").repeated).toBeUndefined();
    expect(s.load("f").repeated).toBeUndefined();
    expect(s.tools({ include: "loaded" }).map((t) => t.name)).toContain("fork-tool");
  });

  it("call never rejects, whatever execute throws or returns: each is an isError result or a text, and a failure's text is cut as the built-in tools cut theirs", async () => {
    const badMessage = () => {
      const e = new Error("x");
      Object.defineProperty(e, "message", { get: () => { throw new Error("boom"); } });
      return e;
    };
    const { data: d } = await data({
      r: () => [
        [
          "t:R",
          [
            tool("null-proto", () => { throw Object.create(null); }),
            tool("message-getter", () => { throw badMessage(); }),
            tool("async-null-proto", async () => { throw Object.create(null); }),
            tool("huge", () => { throw new Error("x".repeat(1_000_000)); }),
            tool("huge-string", () => { throw "y".repeat(1_000_000); }),
            tool("symbol", () => Symbol("s")),
            tool("function", () => () => 1),
          ],
        ],
      ],
    });
    const skills = createSkills(d);
    for (const name of ["null-proto", "message-getter", "async-null-proto"]) {
      await expect(skills.call(name, {})).resolves.toEqual({ content: [{ type: "text", text: "Skill tool failed." }], structuredContent: { code: "EXECUTION_ERROR" }, isError: true });
    }
    // The built-in tools' rule (tools.ts): "Skill tool failed: " and at most 500 characters of the message.
    expect(await skills.call("huge", {})).toEqual({ content: [{ type: "text", text: "Skill tool failed: " + "x".repeat(500) }], structuredContent: { code: "EXECUTION_ERROR" }, isError: true });
    expect(((await skills.call("huge-string", {})) as { content: { text: string }[] }).content[0]!.text).toBe("Skill tool failed: " + "y".repeat(500));
    // No JSON text: an empty text, never a content item without one.
    expect(await skills.call("symbol", {})).toEqual({ content: [{ type: "text", text: "" }] });
    expect(await skills.call("function", {})).toEqual({ content: [{ type: "text", text: "" }] });
  });
});
