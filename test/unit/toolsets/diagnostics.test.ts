// Broken toolset entries: each is a positioned diagnostic on its `toolsets` item in the SKILL.md
// (rule id, line, column), never a crash; the other skills still build (emitOnError).
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildResult } from "../../../src/project/build.js";
import type { Diagnostic } from "../../../src/types.js";
import { getRule } from "../../../src/diagnostics/registry.js";
import { buildProject, importBundle, project, skillMd, type Tree } from "../../helpers/toolsets.js";

const TOOL = (name: string) => `{ name: ${JSON.stringify(name)}, description: "d", parameters: { type: "object", properties: {} }, execute: () => "ok" }`;
const entry = (...entries: string[]) => `toolsets:\n${entries.map((e) => `  - "${e}"\n`).join("")}`;

interface Case {
  skill: string;
  extra: string;
  files?: Tree;
  expect: Array<{ ruleId: string; line: number; column: number; message: RegExp }>;
}

const CASES: Case[] = [
  { skill: "missing-file", extra: entry("toolsets/nope:Tools"), expect: [{ ruleId: "toolset-not-found", line: 5, column: 5, message: /no module at any of "toolsets\/nope", "toolsets\/nope\.ts"/ }] },
  {
    skill: "missing-export",
    extra: entry("toolsets/index:Nope"),
    files: { "toolsets/index.ts": `export const Tools = [${TOOL("x1")}];\n` },
    expect: [{ ruleId: "toolset-export-missing", line: 5, column: 5, message: /"toolsets\/index\.ts" does not export "Nope"/ }],
  },
  {
    skill: "missing-export-cjs",
    extra: entry("tools.cjs:Nope"),
    files: { "tools.cjs": `module.exports = { Tools: [] };\n` },
    expect: [{ ruleId: "toolset-export-missing", line: 5, column: 5, message: /"tools\.cjs" does not export "Nope"/ }],
  },
  { skill: "escape-dotdot", extra: entry("../good/tools:Good"), expect: [{ ruleId: "toolset-path-escape", line: 5, column: 5, message: /outside the skill folder/ }] },
  { skill: "escape-absolute", extra: entry("/etc/tools:Tools"), expect: [{ ruleId: "toolset-path-escape", line: 5, column: 5, message: /absolute path/ }] },
  {
    skill: "escape-symlink",
    extra: entry("link:Tools"),
    files: { "link.ts": { symlink: "../../outside.ts" } },
    expect: [{ ruleId: "toolset-path-escape", line: 5, column: 5, message: /symlink to a file outside the skill folder/ }],
  },
  {
    skill: "bare-import",
    extra: entry("tools:Tools"),
    files: { "tools.ts": `import pad from "left-pad-not-installed-anywhere";\nexport const Tools = [${TOOL("x2")}, pad];\n` },
    expect: [{ ruleId: "toolset-unresolved-import", line: 5, column: 5, message: /tools\.ts:1:17: imports the package "left-pad-not-installed-anywhere", which is not installed/ }],
  },
  {
    skill: "node-builtin",
    extra: entry("tools:Tools"),
    files: { "tools.ts": `import { readFileSync } from "node:fs";\nexport const Tools = [{ ...${TOOL("x3")}, execute: () => readFileSync("/etc/hosts", "utf8") }];\n` },
    expect: [{ ruleId: "toolset-unresolved-import", line: 5, column: 5, message: /imports the Node\.js built-in "node:fs"/ }],
  },
  {
    skill: "node-builtin-bare",
    extra: entry("lib/helper-user:Tools"),
    files: { "lib/helper-user.ts": `import { h } from "./helper";\nexport const Tools = [${TOOL("x4")}, h];\n`, "lib/helper.ts": `import path from "path";\nexport const h = path.sep;\n` },
    expect: [{ ruleId: "toolset-unresolved-import", line: 5, column: 5, message: /lib\/helper\.ts:1:18: imports the Node\.js built-in "path"/ }],
  },
  {
    skill: "missing-relative",
    extra: entry("tools:Tools"),
    files: { "tools.ts": `import { h } from "./gone";\nexport const Tools = [h];\n` },
    expect: [{ ruleId: "toolset-unresolved-import", line: 5, column: 5, message: /imports "\.\/gone", which does not exist/ }],
  },
  {
    skill: "bad-shape",
    extra: entry("tools:Tools"),
    files: { "tools.ts": `export const Tools = [{ name: "has space", description: "d", parameters: { type: "object" }, execute: () => 1 }];\n` },
    expect: [{ ruleId: "toolset-invalid", line: 5, column: 5, message: /Tool 0 \("has space"\) of toolset "tools:Tools" needs a `name` of 1-64/ }],
  },
  {
    skill: "not-array",
    extra: entry("tools:Tools"),
    files: { "tools.ts": `export const Tools = { tools: [] };\n` },
    expect: [{ ruleId: "toolset-invalid", line: 5, column: 5, message: /is an object, not an array of tools/ }],
  },
  {
    skill: "throws-at-top",
    extra: entry("tools:Tools"),
    files: { "tools.ts": `if (!(globalThis as any).process) throw new Error("needs a host");\nexport const Tools = [];\n` },
    expect: [{ ruleId: "toolset-build-failed", line: 5, column: 5, message: /threw when evaluated at build time: Error: needs a host/ }],
  },
  {
    skill: "syntax-error",
    extra: entry("tools:Tools"),
    files: { "tools.ts": `export const Tools = [;\n` },
    expect: [{ ruleId: "toolset-build-failed", line: 5, column: 5, message: /failed to compile: tools\.ts:1:23: Unexpected ";"/ }],
  },
  {
    // Second entry clashes with clash-b; third reuses a built-in name.
    skill: "clash-a",
    extra: entry("one:One", "two:Two", "three:Three"),
    files: {
      "one.ts": `export const One = [${TOOL("clash-a-only")}];\n`,
      "two.ts": `export const Two = [${TOOL("shared-name")}];\n`,
      "three.ts": `export const Three = [${TOOL("Load_Skill")}];\n`,
    },
    expect: [
      { ruleId: "toolset-name-clash", line: 6, column: 5, message: /Tool "shared-name" is also defined by skill "clash-b" \(skills\/clash-b\/SKILL\.md\)/ },
      { ruleId: "toolset-name-clash", line: 7, column: 5, message: /Tool "Load_Skill" is the name of a built-in tool/ },
    ],
  },
  {
    skill: "clash-b",
    extra: entry("t:T"),
    files: { "t.js": `export const T = [${TOOL("shared-name")}];\n` },
    expect: [{ ruleId: "toolset-name-clash", line: 5, column: 5, message: /Tool "shared-name" is also defined by skill "clash-a"/ }],
  },
  {
    skill: "dup-in-one",
    extra: entry("t:T"),
    files: { "t.js": `export const T = [${TOOL("twice")}, ${TOOL("twice")}];\n` },
    expect: [{ ruleId: "toolset-name-clash", line: 5, column: 5, message: /defines tool "twice" twice/ }],
  },
];

let cwd: string;
let result: BuildResult;

beforeAll(async () => {
  const tree: Tree = {
    "outside.ts": `export const Tools = [${TOOL("outside")}];\n`,
    "skills/good/SKILL.md": skillMd("good", entry("tools:Good") + "scripts:\n  - scripts/run.sh\n  - ./scripts/missing.py\n"),
    "skills/good/tools.ts": `export const Good = [${TOOL("good-tool")}];\n`,
    "skills/good/scripts/run.sh": { text: "#!/usr/bin/env bash\necho hi\n", mode: 0o755 },
    "skills/good/scripts/other.py": "#!/usr/bin/python3\nprint(1)\n",
    "skills/good/helper.sh": "#!/bin/sh\n",
  };
  for (const c of CASES) {
    tree[`skills/${c.skill}/SKILL.md`] = skillMd(c.skill, c.extra);
    for (const [rel, v] of Object.entries(c.files ?? {})) tree[`skills/${c.skill}/${rel}`] = v;
  }
  cwd = project(tree);
  result = await buildProject(cwd, { emitOnError: true });
}, 60_000);
afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
});

const of = (skill: string): Diagnostic[] => result.diagnostics.filter((d) => d.file === `skills/${skill}/SKILL.md`);

describe("broken toolset entries", () => {
  for (const c of CASES) {
    it(`${c.skill}: ${c.expect.map((e) => e.ruleId).join(", ")}`, () => {
      const got = of(c.skill);
      expect(got.map(({ ruleId, line, column }) => ({ ruleId, line, column }))).toEqual(c.expect.map(({ ruleId, line, column }) => ({ ruleId, line, column })));
      for (const [i, e] of c.expect.entries()) {
        expect(got[i]!.message).toMatch(e.message);
        expect(got[i]!.severity).toBe("error");
        expect(getRule(got[i]!.ruleId).id).toBe(got[i]!.ruleId);
      }
    });
  }

  it("leaves the broken skills out and builds the good one (emitOnError)", async () => {
    expect(result.written).toBe(true);
    expect(result.skills.map((s) => s.name)).toEqual(["good"]);
    const { skills } = await importBundle(cwd);
    expect(await skills.call("good-tool", {})).toEqual({ content: [{ type: "text", text: "ok" }] });
  });
});

describe("a toolset that never finishes evaluating", () => {
  it("is stopped by the build's one wall-clock limit (SKILLC_TOOLSET_TIMEOUT_MS) and reported; the entries after it are reported as not checked", async () => {
    const dir = project({
      "skills/a-endless/SKILL.md": skillMd("a-endless", entry("tools:Tools")),
      "skills/a-endless/tools.ts": `while (true) {}\nexport const Tools = [];\n`,
      "skills/b-fine/SKILL.md": skillMd("b-fine", entry("tools:Tools")),
      "skills/b-fine/tools.ts": `export const Tools = [${TOOL("fine")}];\n`,
    });
    process.env.SKILLC_TOOLSET_TIMEOUT_MS = "1000";
    try {
      const r = await buildProject(dir, { emitOnError: true });
      expect(r.diagnostics.map((d) => [d.file, d.ruleId, d.line, d.column])).toEqual([
        ["skills/a-endless/SKILL.md", "toolset-build-failed", 5, 5],
        ["skills/b-fine/SKILL.md", "toolset-build-failed", 5, 5],
      ]);
      expect(r.diagnostics[0]!.message).toMatch(/did not finish evaluating within 1000 ms at build time \(one limit for all toolsets/);
      expect(r.diagnostics[1]!.message).toMatch(/was not checked: the build's toolset check stopped in toolset "tools:Tools" of skills\/a-endless\/SKILL\.md/);
    } finally {
      delete process.env.SKILLC_TOOLSET_TIMEOUT_MS;
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe("scripts", () => {
  it("describes scripts/ and declared scripts in the manifest; a missing declared one is a warning at its entry", async () => {
    expect(of("good")).toEqual([
      expect.objectContaining({ ruleId: "script-not-found", severity: "warning", line: 8, column: 5, message: expect.stringContaining('Script "./scripts/missing.py" is not among the skill\'s files') }),
    ]);
    const manifest = JSON.parse(await readFile(path.join(cwd, ".skillc/manifest.json"), "utf8"));
    expect(manifest.skills[0].scripts).toEqual([
      { declared: false, executable: false, interpreter: "python3", path: "scripts/other.py" },
      { declared: true, executable: true, interpreter: "bash", path: "scripts/run.sh" },
    ]);
    // Served as files, never run.
    const { skills } = await importBundle(cwd);
    expect(skills.file("good", "scripts/run.sh")).toBe("#!/usr/bin/env bash\necho hi\n");
  });
});
