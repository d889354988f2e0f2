import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { Profile, SkillSource } from "../../../src/types.js";
import { PROFILES } from "../../../src/types.js";
import { parseSkill } from "../../../src/pipeline/parse.js";
import { validateSkill } from "../../../src/pipeline/validate.js";
import { buildFields } from "../../../src/pipeline/frontmatter/fields.js";
import { getValidator, loadSkillSchema, standaloneSource } from "../../../src/pipeline/frontmatter/schema.js";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";


function check(text: string, profile: Profile = "skillc", relDir = "pdf-tools", extraSchema?: Record<string, unknown>) {
  const source: SkillSource = { root: { dir: "skills", scope: "skills", precedence: 0 }, dir: `skills/${relDir}`, relDir, file: `skills/${relDir}/SKILL.md`, fileName: "SKILL.md", absDir: `/nowhere/${relDir}` };
  const parsed = parseSkill(source, new TextEncoder().encode(text), { file: source.file, profile, settings: {} });
  const v = validateSkill(parsed, { profile, settings: {}, extraSchema });
  return { parsed, ...v, all: [...parsed.diagnostics, ...v.diagnostics] };
}



describe("validateSkill", () => {
  const base = ["---", "name: pdf-tools", "description: Extracts text from PDF files. Use when the user has a PDF."];

  it("flags a non-string name with a message that says how to fix it", () => {
    const { all, skill } = check("---\nname: 123\ndescription: x\n---\n");
    expect(all).toMatchObject([{ ruleId: "field-type", line: 2, column: 7 }]);
    expect(all[0].message).toMatch(/quote it or rename/);
    expect(skill).toBeUndefined();
  });

  it("fails on an empty `description:` and on one of spaces", () => {
    expect(check("---\nname: pdf-tools\ndescription:\n---\n").all.map((d) => d.ruleId)).toEqual(["description-missing"]);
    expect(check("---\nname: pdf-tools\ndescription: '  '\n---\n").all.map((d) => d.ruleId)).toEqual(["description-missing"]);
  });

  it("counts lengths in code points (astral characters count once)", () => {
    const ok = check(`---\nname: pdf-tools\ndescription: ${"𝄞".repeat(1024)}\n---\n`);
    expect(ok.all).toEqual([]);
    const long = check(`---\nname: pdf-tools\ndescription: ${"𝄞".repeat(1025)}\n---\n`);
    expect(long.all.map((d) => d.ruleId)).toEqual(["description-too-long"]);
    expect(long.all[0].message).toContain("1025 characters");
    const name = check(`---\nname: ${"a".repeat(65)}\ndescription: x\n---\n`, "skillc", "a".repeat(65));
    expect(name.all.map((d) => d.ruleId)).toEqual(["name-format"]);
  });

  it("uses the folder name when `name` is absent (skillc), but requires it under agentskills", () => {
    const { skill, all } = check("---\ndescription: Does things.\n---\nbody", "skillc", "group/my-skill");
    expect(all).toEqual([]);
    expect(skill?.fields.name).toBe("my-skill");
    expect(check("---\ndescription: Does things.\n---\nbody", "agentskills", "my-skill").all.map((d) => d.ruleId)).toEqual(["name-missing"]);
  });

  it("falls back to the first paragraph under claude-code, with a warning", () => {
    const { skill, all } = check("---\nname: pdf-tools\n---\n# PDF\n\n```sh\nx\n```\n\nExtracts text\nfrom PDFs. More.\n\nSecond.", "claude-code");
    expect(all.map((d) => d.ruleId)).toEqual(["description-fallback"]);
    expect(skill?.fields.description).toBe("Extracts text from PDFs. More.");
    expect(skill?.fields.briefDescription).toBe("Extracts text from PDFs.");
  });

  it("suggests the closest known field for a typo and names the spec fields under agentskills", () => {
    const typo = check([...base, "disable_model_invocation: true", "---", ""].join("\n"));
    expect(typo.all[0].message).toContain("did you mean `disable-model-invocation`?");
    const spec = check([...base, "when_to_use: Always.", "---", ""].join("\n"), "agentskills");
    expect(spec.all).toMatchObject([{ ruleId: "unknown-field", severity: "error", line: 4, column: 1 }]);
    expect(spec.all[0].message).toContain("`metadata`");
  });

  it("keeps a tool list's strings trimmed, without the blank ones or other values, whatever the list holds", () => {
    const { parsed } = check([...base, "---", "Body."].join("\n"));
    const fields = buildFields(parsed, { name: "pdf-tools", description: "x", "allowed-tools": [" Read ", "", "  ", 3, null, "Write"], "disallowed-tools": [] });
    expect(fields.allowedTools).toEqual(["Read", "Write"]);
    expect(fields.disallowedTools).toEqual([]);
    expect(buildFields(parsed, { name: "pdf-tools", description: "x", "allowed-tools": [7] }).allowedTools).toEqual([]);
  });

  it("normalizes every field into SkillFields", () => {
    const text = [
      ...base,
      "license: MIT",
      "allowed-tools: Bash(git add:*) Read, Write",
      "disallowed-tools: [WebFetch]",
      "arguments: file mode",
      'argument-hint: "[file] [mode]"',
      "disable-model-invocation: true",
      "user-invocable: false",
      "context: fork",
      "agent: Explore",
      "model: sonnet",
      "paths: src/**, docs/**",
      "version: 1.10",
      "metadata:",
      "  author: me",
      "  build: 2.0",
      "toolsets: ['./tools.ts:pdfTools']",
      "triggers:",
      "  keywords: [pdf]",
      "  patterns: ['extract (text|tables)']",
      "default_enabled: false",
      "scripts: [scripts/extract.py]",
      "---",
      "Body.",
    ].join("\n");
    const { skill, all } = check(text);
    expect(all.map((d) => d.ruleId).sort()).toEqual(["metadata-value-type", "version-number"]);
    expect(skill?.fields).toEqual({
      name: "pdf-tools",
      description: "Extracts text from PDF files. Use when the user has a PDF.",
      briefDescription: "Extracts text from PDF files.",
      license: "MIT",
      allowedTools: ["Bash(git add:*)", "Read", "Write"],
      disallowedTools: ["WebFetch"],
      arguments: ["file", "mode"],
      argumentHint: "[file] [mode]",
      disableModelInvocation: true,
      userInvocable: false,
      context: "fork",
      agent: "Explore",
      model: "sonnet",
      paths: ["src/**", "docs/**"],
      version: "1.10",
      metadata: { author: "me", build: "2.0" },
      toolsets: ["./tools.ts:pdfTools"],
      triggers: { keywords: ["pdf"], verbs: [], patterns: ["extract (text|tables)"] },
      defaultEnabled: false,
      scripts: ["scripts/extract.py"],
    });
  });

  it("checks toolsets and enum values with messages that say what is expected", () => {
    const all = check([...base, "toolsets: [tools.ts]", "context: background", "---", ""].join("\n")).all.sort((a, b) => a.line - b.line);
    expect(all).toMatchObject([
      { ruleId: "field-type", line: 4, column: 12 },
      { ruleId: "field-type", line: 5, column: 10 },
    ]);
    expect(all[0].message).toContain('"path:ExportName"');
    expect(all[1].message).toContain('one of "fork", "inline"');
  });

  it("accepts an unquoted `argument-hint: [file]` (a YAML list) and keeps it as written", () => {
    const { skill, all } = check([...base, "argument-hint: [file]", "---", ""].join("\n"));
    expect(all).toEqual([]);
    expect(skill?.fields.argumentHint).toBe("[file]");
  });

  it("merges a project's extra schema", () => {
    const extra = { type: "object", properties: { team: { type: "string", description: "Owning team." } }, required: ["team"] };
    const missing = check([...base, "---", ""].join("\n"), "skillc", "pdf-tools", extra);
    expect(missing.all).toMatchObject([{ ruleId: "field-type", line: 1, column: 1 }]);
    const ok = check([...base, "team: docs", "---", ""].join("\n"), "skillc", "pdf-tools", extra);
    expect(ok.all).toEqual([]); // `team` is known through the extra schema
  });

  it("returns nothing and no skill when the frontmatter did not parse", () => {
    const r = check("---\nname: [\n---\n");
    expect(r.parsed.diagnostics[0].ruleId).toBe("yaml-syntax");
    expect(r.diagnostics).toEqual([]);
    expect(r.skill).toBeUndefined();
  });

  it("has a schema with a definition and property descriptions per profile", () => {
    const schema = loadSkillSchema() as { $defs: Record<string, { properties: Record<string, { $ref: string }> }> };
    for (const profile of PROFILES) {
      const props = schema.$defs[profile].properties;
      expect(Object.keys(props).length).toBeGreaterThanOrEqual(6);
      for (const p of Object.values(props)) {
        const def = (schema.$defs as Record<string, { description?: string }>)[p.$ref.replace("#/$defs/", "")];
        expect(def.description, p.$ref).toBeTruthy();
      }
    }
    expect(Object.keys(schema.$defs.agentskills.properties)).toEqual(["name", "description", "license", "compatibility", "metadata", "allowed-tools"]);
  });

  it("reports unknown keys inside triggers with the allowed ones", () => {
    const { all } = check([...base, "triggers:", "  keyword: [pdf]", "---", ""].join("\n"));
    expect(all).toMatchObject([{ ruleId: "field-type", line: 5, column: 3 }]);
    expect(all[0].message).toContain("`keywords`, `verbs`, `patterns`");
  });

  it("precompiled standalone validators (the package build's fast path) agree with ajv's compile", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "skillc-standalone-"));
    try {
      const file = path.join(dir, "skill-validators.cjs");
      // In the package, dist/ resolves ajv's runtime helpers from node_modules; from a temp dir, point at them.
      const ajvDir = path.dirname(createRequire(import.meta.url).resolve("ajv/package.json"));
      writeFileSync(file, standaloneSource().replace(/require\("ajv\//g, `require(${JSON.stringify(ajvDir + "/").slice(0, -1)}`));
      const standalone = createRequire(import.meta.url)(file) as Record<string, ((d: unknown) => boolean) & { errors?: unknown[] | null }> & { schemaHash: string };
      expect(standalone.schemaHash).toMatch(/^[0-9a-f]{64}$/);
      const samples: unknown[] = [
        { name: "a", description: "b" },
        { name: 1, description: null, context: "x", triggers: { keyword: [] }, metadata: { v: 1 }, toolsets: ["x"], "allowed-tools": 3 },
        { description: "x".repeat(1100), when_to_use: 1, hooks: [] },
      ];
      for (const profile of PROFILES) {
        const compiled = getValidator(profile).validate;
        for (const data of samples) {
          expect(standalone[profile](data)).toBe(compiled(data));
          const strip = (errs: unknown[] | null | undefined) => (errs ?? []).map((e) => { const { instancePath, keyword, params } = e as Record<string, unknown>; return { instancePath, keyword, params }; });
          expect(strip(standalone[profile].errors)).toEqual(strip(compiled.errors));
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
