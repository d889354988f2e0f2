// The runtime facing a model (issue 13 item 5), through a real build's index.js: what a steered model
// can send to the tools. Every call answers at once with a result (never a throw), and over-long input
// is refused with the limit before any other work (names of 80 KB of slashes took 11–14 s before).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Recorder, cleanupTmp, importBundle, rejectionProblems, runBoth, tmp, writeTree } from "./helpers.js";

const rec = new Recorder("runtime");
afterAll(() => {
  rec.write();
  cleanupTmp();
});

let indexJs = "";
beforeAll(async () => {
  const root = tmp("skillc-rt-hostile-");
  writeTree(root, {
    "skills/pdf/SKILL.md": `---\nname: pdf\ndescription: Extract text from PDF files.\ntriggers:\n  patterns: ['\\bpdfs?\\b']\n---\nUse $ARGUMENTS.\n`,
    "skills/pdf/references/r.md": "R",
  });
  const run = await runBoth(root);
  expect(rejectionProblems(run)).toEqual([]);
  indexJs = path.join(run.build.outDir, "index.js");
});

const slashes = "/".repeat(80_000) + "a";
const cyclic: Record<string, unknown> = { query: "pdf" };
cyclic.self = cyclic;
const throwing = { toString: () => { throw new Error("toString"); } };
const trap = new Proxy({}, { get: () => { throw new Error("trap"); }, getPrototypeOf: () => { throw new Error("proto"); } });

/** [label, tool, input]: each must be an isError result. */
const ATTACKS: [string, unknown, unknown][] = [
  ["80 KB name of slashes (load_skill)", "load_skill", { name: slashes }],
  ["80 KB name of slashes (read_skill_file)", "read_skill_file", { name: slashes, path: "references/r.md" }],
  ["80 KB path", "read_skill_file", { name: "pdf", path: "a/".repeat(40_000) }],
  ["80 KB query", "search_skills", { query: "pdf ".repeat(20_000) }],
  ["1 MB args", "load_skill", { name: "pdf", args: "x".repeat(1 << 20) }],
  ["1 MB JSON input", "load_skill", JSON.stringify({ name: "pdf", pad: "x".repeat(1 << 20) })],
  ["BigInt name", "load_skill", { name: 10n }],
  ["Symbol name", "load_skill", { name: Symbol("x") }],
  ["throwing toString name", "load_skill", { name: throwing }],
  ["Proxy input", "load_skill", trap],
  ["BigInt limit", "search_skills", { query: 10n, limit: 10n }],
  ["Symbol tool", Symbol("t"), {}],
  ["throwing tool", throwing, {}],
  ["constructor", "constructor", { name: "pdf" }],
  ["__proto__", "__proto__", { name: "pdf" }],
  ["toString", "toString", { name: "pdf" }],
  ["hasOwnProperty", "hasOwnProperty", { name: "pdf" }],
];

describe("hostile tool calls", () => {
  it.each(ATTACKS.map(([l, t, i]) => [l, t, i]))("%s → an isError result", async (_label, tool, input) => {
    const { skills } = await importBundle(indexJs);
    rec.tried("runtime: hostile tool calls");
    let r: ReturnType<typeof skills.call>;
    try {
      r = await skills.call(tool as string, input);
    } catch (e) {
      rec.crash("runtime: hostile tool calls");
      throw e;
    }
    if (r.isError) rec.rejected("runtime: hostile tool calls");
    else rec.escape("runtime: hostile tool calls");
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text.length).toBeLessThan(400);
  });

  it("a cyclic input is still read (its query searches)", async () => {
    const { skills } = await importBundle(indexJs);
    expect(skills.call("search_skills", cyclic).content[0]!.text).toMatch(/^- pdf /);
  });

  it("match() runs trigger patterns on the first 2,000 characters only", async () => {
    const { skills } = await importBundle(indexJs);
    rec.tried("runtime: match() text bound");
    expect(skills.match("pdf " + "a".repeat(100_000))).toHaveLength(1);
    const late = skills.match("x".repeat(2_000) + " pdf");
    if (late.length === 0) rec.rejected("runtime: match() text bound");
    expect(late).toEqual([]);
  });
});
