import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import type { Profile, SkillSource } from "../src/types.js";
import { PROFILES } from "../src/types.js";
import { parseSkill } from "../src/pipeline/parse.js";
import { validateSkill } from "../src/pipeline/validate.js";
import { getValidator, loadSkillSchema, standaloneSource } from "../src/pipeline/fm-schema.js";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";

const CORPUS = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../shared/corpus");

function corpusSkills(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const p = path.join(dir, entry);
      if (statSync(p).isDirectory()) walk(p);
      else if (entry === "SKILL.md") out.push(p);
    }
  };
  walk(CORPUS);
  return out;
}

function corpusSource(file: string): SkillSource {
  const relFromCorpus = path.relative(CORPUS, path.dirname(file)).split(path.sep).join("/");
  const [rootName, ...rest] = relFromCorpus.split("/");
  const dir = `../shared/corpus/${relFromCorpus}`;
  return {
    root: { dir: `../shared/corpus/${rootName}`, scope: rootName, precedence: 0 },
    dir,
    relDir: rest.join("/"),
    file: `${dir}/SKILL.md`,
    fileName: "SKILL.md",
    absDir: path.dirname(file),
  };
}

function check(text: string, profile: Profile = "skillc", relDir = "pdf-tools", extraSchema?: Record<string, unknown>) {
  const source: SkillSource = { root: { dir: "skills", scope: "skills", precedence: 0 }, dir: `skills/${relDir}`, relDir, file: `skills/${relDir}/SKILL.md`, fileName: "SKILL.md", absDir: `/nowhere/${relDir}` };
  const parsed = parseSkill(source, new TextEncoder().encode(text), { file: source.file, profile, settings: {} });
  const v = validateSkill(parsed, { profile, settings: {}, extraSchema });
  return { parsed, ...v, all: [...parsed.diagnostics, ...v.diagnostics] };
}

/** reference.md §2, written independently of src/: what skills-ref (plus the spec's metadata rule) accepts. */
function specOracle(file: string): boolean {
  const raw = readFileSync(file, "utf8").replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
  const m = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(raw);
  if (!m) return false;
  let fm: Record<string, unknown>;
  try {
    fm = parseYaml(m[1], { uniqueKeys: true });
  } catch {
    return false;
  }
  if (!fm || typeof fm !== "object" || Array.isArray(fm)) return false;
  const allowed = ["name", "description", "license", "compatibility", "metadata", "allowed-tools"];
  if (Object.keys(fm).some((k) => !allowed.includes(k))) return false;
  const len = (s: string) => Array.from(s).length;
  const { name, description, compatibility, metadata, license } = fm as Record<string, unknown>;
  if (typeof name !== "string" || len(name) < 1 || len(name) > 64 || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) return false;
  if (name !== path.basename(path.dirname(file))) return false;
  if (typeof description !== "string" || description.trim() === "" || len(description) > 1024) return false;
  if (compatibility !== undefined && (typeof compatibility !== "string" || len(compatibility) > 500)) return false;
  if (license !== undefined && typeof license !== "string") return false;
  if (metadata !== undefined && (typeof metadata !== "object" || metadata === null || Object.values(metadata).some((v) => typeof v !== "string"))) return false;
  const tools = fm["allowed-tools"];
  if (tools !== undefined && typeof tools !== "string" && !(Array.isArray(tools) && tools.every((t) => typeof t === "string"))) return false;
  return true;
}

describe("corpus", () => {
  const files = corpusSkills();
  const bytes = files.map((f) => readFileSync(f));

  it("parses and validates all 162 skills under every profile without throwing; agentskills agrees with the spec oracle", () => {
    const counts: Record<string, { accepted: number; rejected: number; errors: number; warnings: number }> = {};
    const timings: Record<string, number> = {};
    const rejectedSkillc: string[] = [];
    for (const profile of PROFILES) {
      getValidator(profile); // compile outside the timing
      const c = { accepted: 0, rejected: 0, errors: 0, warnings: 0 };
      const t0 = performance.now();
      files.forEach((file, i) => {
        const source = corpusSource(file);
        const parsed = parseSkill(source, bytes[i], { file: source.file, profile, settings: {} });
        const v = validateSkill(parsed, { profile, settings: {} });
        const all = [...parsed.diagnostics, ...v.diagnostics];
        for (const d of all) {
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.column).toBeGreaterThanOrEqual(1);
          if (d.severity === "error") c.errors++;
          else c.warnings++;
        }
        if ((profile === "skillc" || profile === "agentskills") && !v.skill) rejectedSkillc.push(...all.filter((d) => d.severity === "error").map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`));
        if (v.skill) c.accepted++;
        else c.rejected++;
        // A skill is dropped exactly when some error-severity diagnostic exists.
        expect(!!v.skill, file).toBe(!all.some((d) => d.severity === "error"));
        if (profile === "agentskills") expect(!!v.skill, `${file}\n${JSON.stringify(all, null, 1)}`).toBe(specOracle(file));
      });
      timings[profile] = performance.now() - t0;
      counts[profile] = c;
    }
    console.log("corpus verdicts per profile:", JSON.stringify(counts), "ms per profile (parse+validate, 162 skills):", JSON.stringify(Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v)]))));
    expect(counts.skillc.accepted + counts.skillc.rejected).toBe(162);
    console.log("rejected under skillc + agentskills:", JSON.stringify(rejectedSkillc));
  });

  it("keeps the 1,068-character block-scalar description of claude-api as an error (over 1024)", () => {
    const file = files.find((f) => f.includes("anthropic-skills/claude-api/"))!;
    const source = corpusSource(file);
    const parsed = parseSkill(source, readFileSync(file), { file: source.file, profile: "skillc", settings: {} });
    const v = validateSkill(parsed, { profile: "skillc", settings: {} });
    const d = v.diagnostics.find((x) => x.ruleId === "description-too-long");
    expect(d).toBeDefined();
    expect(d!.line).toBe(3);
  });
});

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
    const all = check([...base, "toolsets: [tools.ts]", "context: inline", "---", ""].join("\n")).all.sort((a, b) => a.line - b.line);
    expect(all).toMatchObject([
      { ruleId: "field-type", line: 4, column: 12 },
      { ruleId: "field-type", line: 5, column: 10 },
    ]);
    expect(all[0].message).toContain('"path:ExportName"');
    expect(all[1].message).toContain('one of "fork"');
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
