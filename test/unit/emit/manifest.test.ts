import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { Ajv2020 } from "ajv/dist/2020.js";
import { emit } from "../../../src/emit/index.js";
import { makeInput, makeSkill, sampleSkills } from "./helpers.js";
import { manifestSkill, sortedSkill, sortKeys } from "../../../src/emit/manifest.js";
import type { EmitSkill } from "../../../src/types.js";
import { randomString, rng } from "./random.js";

const schema = JSON.parse(await readFile(new URL("../../../schema/manifest.schema.json", import.meta.url), "utf8"));
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

function keysSorted(value: unknown, at = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keysSorted(v, `${at}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const keys = Object.keys(value);
  const bad = keys.join() === [...keys].sort().join() ? [] : [at];
  return [...bad, ...keys.flatMap((k) => keysSorted((value as Record<string, unknown>)[k], `${at}.${k}`))];
}

describe("manifest.json", () => {
  it("validates against schema/manifest.schema.json, with sorted keys and 2-space indent", async () => {
    const input = makeInput(
      [
        ...sampleSkills(),
        makeSkill({
          name: "everything",
          frontmatter: { zeta: 1, name: "everything", description: "All fields.", metadata: { b: "2", a: "1" }, ["__proto__"]: "x" },
          fields: {
            license: "MIT",
            compatibility: "node",
            metadata: { b: "2", a: "1" },
            allowedTools: ["Read"],
            disallowedTools: ["Bash"],
            whenToUse: "always",
            argumentHint: "<x>",
            arguments: ["x"],
            model: "opus",
            effort: "high",
            context: "fork",
            agent: "general",
            paths: ["src/**"],
            shell: "bash",
            version: "1.0.0",
            toolsets: ["tools.ts:Tools"],
            triggers: { keywords: ["k"], verbs: ["v"], patterns: ["p+"] },
            scripts: ["scripts/a.sh"],
          },
        }),
      ],
      { profile: "claude-code" },
    );
    input.collisions = [{ name: "dup", policy: "keep", paths: ["builtin/dup/SKILL.md", "project/dup/SKILL.md"] }];
    input.diagnostics = [
      { file: "a", line: 1, column: 1, ruleId: "x", severity: "warning", message: "m" },
      { file: "a", line: 2, column: 1, ruleId: "x", severity: "error", message: "m" },
      { file: "b", line: 1, column: 1, ruleId: "y", severity: "warning", message: "m" },
    ];
    const text = (await emit(input)).files.get("manifest.json") as string;
    const manifest = JSON.parse(text);
    expect(validate(manifest), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(text).toBe(JSON.stringify(manifest, null, 2) + "\n");
    expect(keysSorted(manifest)).toEqual([]);
    expect(manifest.profile).toBe("claude-code");
    expect(manifest.stats).toEqual({ skills: 6, files: 4, bytes: input.stats.bytes, warnings: 2, errors: 1 });
    const rd = manifest.skills.find((s: { name: string }) => s.name === "review-diff");
    expect(rd.files.map((f: { path: string }) => f.path)).toEqual(["__proto__", "assets/logo.png", "references/api.md"]);
    expect(rd.visibility).toEqual({ modelInvocable: true, userInvocable: true });
    const every = manifest.skills.find((s: { name: string }) => s.name === "everything");
    expect(Object.keys(every.frontmatter)).toEqual(["__proto__", "description", "metadata", "name", "zeta"]);
    expect(every.arguments).toEqual({ hint: "<x>", names: ["x"] });
    const notes = manifest.skills.find((s: { name: string }) => s.name === "release-notes");
    expect(notes.files[0]).toMatchObject({ executable: true, interpreter: "bash" });
  });

  it("rejects what the schema must not allow", () => {
    const base = { $schema: "x", skillc: "1", profile: "skillc", skills: [], collisions: [], stats: { skills: 0, files: 0, bytes: 0, warnings: 0, errors: 0 } };
    expect(validate(base)).toBe(true);
    expect(validate({ ...base, profile: "nope" })).toBe(false);
    expect(validate({ ...base, extra: 1 })).toBe(false);
    expect(validate({ ...base, collisions: [{ name: "a", policy: "override", paths: ["/abs/SKILL.md", "b"] }] })).toBe(false);
  });
});

describe("manifest entries built in sorted order", () => {
  it("are the text sortKeys over the whole entry gives, for every shape of skill", () => {
    const r = rng(11);
    const skills: EmitSkill[] = [
      ...sampleSkills(),
      makeSkill({ name: "odd", frontmatter: { z: 1, a: { d: [{ y: 1, b: 2 }], c: undefined }, "10": "n", "2": "m", ["__proto__"]: "x" }, fields: { metadata: { b: "2", a: "1" }, scripts: ["scripts/x.sh"] }, files: [{ path: "scripts/x.sh", content: "#!/bin/sh\n", executable: true, interpreter: "sh" }] }),
      { ...makeSkill({ name: "tools" }), toolsets: { entries: [{ entry: "t.ts", file: "t.ts", exportName: "default", tools: ["b", "a"], body: "" }], tools: ["b", "a"] } } as unknown as EmitSkill,
    ];
    for (let i = 0; i < 200; i++) {
      skills.push(makeSkill({ name: `r${i}`, description: randomString(r) || "d", frontmatter: { [randomString(r)]: randomString(r), [randomString(r)]: [randomString(r), { [randomString(r)]: 1 }] }, fields: { argumentHint: r() < 0.5 ? randomString(r) : undefined, arguments: [randomString(r)] } }));
    }
    for (const skill of skills) {
      for (const chunk of [undefined, "ab".repeat(32)]) {
        expect(JSON.stringify(sortedSkill(skill, chunk), null, 2)).toBe(JSON.stringify(sortKeys(manifestSkill(skill, chunk)), null, 2));
      }
    }
  });
});
