// A skill with a TypeScript toolset that imports a relative helper: built by the real pipeline, then
// run in Node and in workerd — listed, called (sync, async, throwing), and evaluated only on demand.
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BuildResult } from "../../src/project/build.js";
import { startWorker, type RunningWorker } from "../helpers/workerd.js";
import { buildProject, importBundle, project, skillMd } from "../helpers/toolsets.js";

const HELPER_TS = `// A relative helper module, bundled into the chunk.
export interface Pair { a: number; b: number }
export const add = ({ a, b }: Pair): number => a + b;
export function shout(s: string): string {
  return s.toUpperCase() + "!";
}
`;

const INDEX_TS = `import { add, shout, type Pair } from "./helpers";
// Top-level side effect: proves when the chunk is evaluated.
(globalThis as any).__evaluated = ((globalThis as any).__evaluated ?? 0) + 1;

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required });

export const CalcTools = [
  {
    name: "add-numbers",
    description: "Adds two numbers.",
    parameters: obj({ a: { type: "number" }, b: { type: "number" } }, ["a", "b"]),
    execute: (input: Pair) => ({ sum: add(input) }),
  },
  {
    name: "shout",
    description: "Shouts text, asynchronously.",
    parameters: obj({ text: { type: "string" } }, ["text"]),
    async execute(input: { text: string }) {
      await new Promise((r) => setTimeout(r, 5));
      return shout(input.text);
    },
  },
  {
    name: "explode",
    description: "Always throws.",
    parameters: obj({}),
    execute(): never {
      throw new Error("kaboom");
    },
  },
  {
    name: "explode-later",
    description: "Always rejects.",
    parameters: obj({}),
    async execute() {
      await Promise.resolve();
      throw new TypeError("async kaboom");
    },
  },
];
`;

const OTHER_TS = `export const Other = [{ name: "other-tool", description: "Other.", parameters: { type: "object", properties: {} }, execute: () => "other" }];
(globalThis as any).__otherEvaluated = true;
`;

let cwd: string;
let result: BuildResult;
let indexJs: string;

beforeAll(async () => {
  cwd = project({
    "skills/calc/SKILL.md": skillMd("calc", 'toolsets:\n  - "toolsets/index:CalcTools"\n'),
    "skills/calc/toolsets/index.ts": INDEX_TS,
    "skills/calc/toolsets/helpers.ts": HELPER_TS,
    "skills/other/SKILL.md": skillMd("other", 'toolsets: ["tools:Other"]\n'),
    "skills/other/tools.mts": OTHER_TS,
    "skills/hidden/SKILL.md": skillMd("hidden", 'disable-model-invocation: true\ntoolsets: ["t:Hidden"]\n'),
    "skills/hidden/t.js": `export const Hidden = [{ name: "hidden-tool", description: "H.", parameters: { type: "object" }, execute: () => "h" }];\n`,
    "skills/plain/SKILL.md": skillMd("plain"),
  });
  result = await buildProject(cwd);
  indexJs = await readFile(path.join(cwd, ".skillc/index.js"), "utf8");
});
afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
});
beforeEach(() => {
  delete (globalThis as any).__evaluated;
  delete (globalThis as any).__otherEvaluated;
});

const names = (tools: Array<{ name: string }>) => tools.map((t) => t.name);
const BUILTIN = ["load_skill", "search_skills", "read_skill_file"];

describe("building a TypeScript toolset", () => {
  it("builds cleanly and embeds the chunk import-free, one skill per line", () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.written).toBe(true);
    const calcLine = indexJs.split("\n").find((l) => l.startsWith('{"name":"calc"'))!;
    const chunk = calcLine.slice(calcLine.indexOf('"toolsets":'));
    expect(chunk).not.toMatch(/\bimport\s*[({"'`]|\bimport\.meta|\brequire\s*\(|node:|export\s*\{/);
    expect(calcLine).toContain('"toolNames":["add-numbers","shout","explode","explode-later"]');
    expect(calcLine).toMatch(/"toolsets":__skillcToolsets\.load\("calc",\(\)=>\[\["toolsets\/index:CalcTools",\(\(\)=>\{/);
    // The helper module is in the chunk (bundled), and the skill without toolsets has no toolset keys.
    expect(calcLine).toContain("toUpperCase");
    expect(indexJs.split("\n").find((l) => l.startsWith('{"name":"plain"'))).not.toContain("toolsets");
  });

  it("describes toolsets and scripts in the manifest, and types them in index.d.ts", async () => {
    const manifest = JSON.parse(await readFile(path.join(cwd, ".skillc/manifest.json"), "utf8"));
    const calc = manifest.skills.find((s: { name: string }) => s.name === "calc");
    expect(calc.toolsets).toEqual([{ entry: "toolsets/index:CalcTools", export: "CalcTools", file: "toolsets/index.ts", tools: ["add-numbers", "shout", "explode", "explode-later"] }]);
    expect(manifest.skills.find((s: { name: string }) => s.name === "other").toolsets[0].file).toBe("tools.mts");
    expect(calc.scripts).toEqual([]);
    const dts = await readFile(path.join(cwd, ".skillc/index.d.ts"), "utf8");
    expect(dts).toContain('export type ToolsetToolName = "add-numbers" | "explode" | "explode-later" | "hidden-tool" | "other-tool" | "shout";');
    expect(dts).toContain("toolsets(nameOrPath: SkillRef): SkillTool[];");
  });

  it("types call(): sync for built-in tools, a Promise for toolset tools (tsc on a consumer)", () => {
    const consumer = path.join(cwd, "consumer.ts");
    writeFileSync(
      consumer,
      `import { skills, type ToolResult, type SkillTool } from "./.skillc/index.js";
export const a: ToolResult = skills.call("load_skill", { name: "calc" });
export const b: Promise<ToolResult> = skills.call("add-numbers", { a: 1, b: 2 });
export const c: ToolResult | Promise<ToolResult> = skills.call(String("x"), {});
export const d: SkillTool[] = skills.toolsets("calc");
export const e = skills.tools({ format: "mcp", include: "all" });
// @ts-expect-error: a toolset tool's result is a Promise
export const f: ToolResult = skills.call("add-numbers", {});
// @ts-expect-error: unknown skill
skills.toolsets("nope");
`,
    );
    const tsc = path.resolve("node_modules/typescript/bin/tsc");
    let out = "";
    try {
      execFileSync(process.execPath, [tsc, "--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", "--allowJs", "false", consumer], { cwd, encoding: "utf8", stdio: "pipe" });
    } catch (err) {
      out = String((err as { stdout?: string }).stdout) + String((err as { stderr?: string }).stderr);
    }
    expect(out).toBe("");
  });
});

describe("in Node", () => {
  it("evaluates nothing on import, list, load, search, catalog or the built-in tools", async () => {
    const { skills } = await importBundle(cwd);
    skills.list();
    skills.load("calc");
    skills.search("calc");
    skills.catalog();
    expect(names(skills.tools({ format: "mcp" }))).toEqual(BUILTIN);
    expect(skills.call("load_skill", { name: "calc" }).isError).toBeUndefined();
    expect(skills.call("nope", {})).toMatchObject({ isError: true, structuredContent: { code: "NOT_FOUND" } });
    expect((globalThis as any).__evaluated).toBeUndefined();
  });

  it('lists toolset tools with include "all" (evaluating each chunk once), in every format', async () => {
    const { skills } = await importBundle(cwd);
    const mcp = skills.tools({ format: "mcp", include: "all" });
    expect(names(mcp)).toEqual([...BUILTIN, "add-numbers", "shout", "explode", "explode-later", "other-tool"]);
    expect(mcp[3]).toEqual({
      name: "add-numbers",
      description: "Adds two numbers.",
      inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
    });
    expect(skills.tools({ format: "openai", include: "all" })[3]).toMatchObject({ type: "function", function: { name: "add-numbers", parameters: { type: "object" } } });
    expect(skills.tools({ format: "anthropic", include: "all" })[4]).toMatchObject({ name: "shout", input_schema: { type: "object" } });
    expect((globalThis as any).__evaluated).toBe(1);
  });

  it("calls toolset tools: a Promise of a ToolResult; throws, sync or async, come back as isError", async () => {
    const { skills } = await importBundle(cwd);
    const p = skills.call("add-numbers", { a: 2, b: 40 });
    expect(p).toBeInstanceOf(Promise);
    expect(await p).toEqual({ content: [{ type: "text", text: '{"sum":42}' }], structuredContent: { sum: 42 } });
    expect(await skills.call("shout", '{"text":"hi"}')).toEqual({ content: [{ type: "text", text: "HI!" }] });
    expect(await skills.call("explode", {})).toEqual({ content: [{ type: "text", text: "Skill tool failed: kaboom" }], structuredContent: { code: "EXECUTION_ERROR" }, isError: true });
    expect(await skills.call("explode-later", {})).toMatchObject({ isError: true, content: [{ text: "Skill tool failed: async kaboom" }] });
    expect(await skills.call("add-numbers", "not json")).toMatchObject({ isError: true, structuredContent: { code: "INVALID_PARAM" } });
    // Calling calc's tools evaluated calc's chunk only, once.
    expect((globalThis as any).__evaluated).toBe(1);
    expect((globalThis as any).__otherEvaluated).toBeUndefined();
  });

  it("toolsets(name) evaluates on first use only, once", async () => {
    const { skills } = await importBundle(cwd);
    expect((globalThis as any).__evaluated).toBeUndefined();
    expect(skills.toolsets("plain")).toEqual([]);
    const tools = skills.toolsets("calc");
    expect(names(tools)).toEqual(["add-numbers", "shout", "explode", "explode-later"]);
    expect(tools[0].execute({ a: 1, b: 2 })).toEqual({ sum: 3 });
    skills.toolsets("skills/calc/SKILL.md");
    skills.tools({ include: "all" });
    await skills.call("add-numbers", { a: 1, b: 1 });
    expect((globalThis as any).__evaluated).toBe(1);
    expect(() => skills.toolsets("nope")).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
  });

  it('include "loaded": the tools of skills loaded in this session (hidden ones too, when loaded)', async () => {
    const { skills } = await importBundle(cwd);
    expect(names(skills.tools({ include: "loaded" }))).toEqual(BUILTIN);
    const s = skills.session();
    expect(names(s.tools({ include: "loaded" }))).toEqual(BUILTIN);
    expect((globalThis as any).__evaluated).toBeUndefined();
    s.call("load_skill", { name: "other" });
    expect(names(s.tools({ include: "loaded" }))).toEqual([...BUILTIN, "other-tool"]);
    expect((globalThis as any).__evaluated).toBeUndefined();
    // Hidden: not in "all", not callable by the model until loaded (by the user or the developer).
    expect(names(s.tools({ include: "all" }))).not.toContain("hidden-tool");
    expect(s.call("hidden-tool", {})).toMatchObject({ isError: true, structuredContent: { code: "NOT_FOUND" } });
    s.invoke("/hidden");
    expect(names(s.tools({ include: "loaded" }))).toEqual([...BUILTIN, "hidden-tool", "other-tool"]);
    expect(await s.call("hidden-tool", {})).toEqual({ content: [{ type: "text", text: "h" }] });
  });
});

const WORKER = `import { skills } from "./index.js";
const json = (v) => new Response(JSON.stringify(v), { headers: { "content-type": "application/json" } });
export default {
  async fetch(req) {
    const u = new URL(req.url);
    switch (u.pathname) {
      case "/state": return json({ evaluated: globalThis.__evaluated ?? 0 });
      case "/builtin": return json(skills.tools({ format: "mcp" }).map((t) => t.name));
      case "/tools": return json(skills.tools({ format: "mcp", include: "all" }));
      case "/call": return json(await skills.call(u.searchParams.get("tool"), await req.text()));
      case "/toolsets": return json(skills.toolsets(u.searchParams.get("name")).map((t) => t.name));
      default: return new Response("ok");
    }
  },
};
`;

describe("in workerd", () => {
  let w: RunningWorker;
  beforeAll(async () => {
    w = await startWorker({ files: { "worker.js": WORKER, "index.js": indexJs } });
  });
  afterAll(async () => {
    await w?.stop();
  });
  const get = async (p: string, body?: unknown) => (await fetch(w.url + p, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) })).json();

  it("evaluates the chunk only when asked, then lists and calls its tools", async () => {
    expect(await get("/state")).toEqual({ evaluated: 0 });
    expect(await get("/builtin")).toEqual(BUILTIN);
    expect(await get("/state")).toEqual({ evaluated: 0 });
    expect(await get("/call?tool=add-numbers", { a: 20, b: 22 })).toEqual({ content: [{ type: "text", text: '{"sum":42}' }], structuredContent: { sum: 42 } });
    expect(await get("/state")).toEqual({ evaluated: 1 });
    const tools = await get("/tools");
    expect(names(tools)).toEqual([...BUILTIN, "add-numbers", "shout", "explode", "explode-later", "other-tool"]);
    expect(tools[4].inputSchema).toEqual({ type: "object", properties: { text: { type: "string" } }, required: ["text"] });
    expect(await get("/call?tool=shout", { text: "edge" })).toEqual({ content: [{ type: "text", text: "EDGE!" }] });
    expect(await get("/call?tool=explode", {})).toMatchObject({ isError: true, content: [{ text: "Skill tool failed: kaboom" }] });
    expect(await get("/call?tool=explode-later", {})).toMatchObject({ isError: true, content: [{ text: "Skill tool failed: async kaboom" }] });
    expect(await get("/toolsets?name=calc")).toEqual(["add-numbers", "shout", "explode", "explode-later"]);
    expect(await get("/state")).toEqual({ evaluated: 1 });
    expect(w.output()).not.toMatch(/uncaught|error:/i);
  });
});
