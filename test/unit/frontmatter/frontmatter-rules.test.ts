// One fixture that triggers and one that does not, per parse and frontmatter rule:
// test/fixtures/{parse,frontmatter}/<rule-id>/{trigger,pass}/<folder>/SKILL.md.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Diagnostic, Profile, SkillSource } from "../../../src/types.js";
import { parseSkill } from "../../../src/pipeline/parse.js";
import { validateSkill } from "../../../src/pipeline/validate.js";
import { PARSE_RULES } from "../../../src/rules/parse-rules.js";
import { FRONTMATTER_RULES } from "../../../src/rules/frontmatter-rules.js";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures");

function run(rel: string, profile: Profile = "skillc") {
  const relDir = path.basename(rel);
  const dir = `test/fixtures/${rel}`;
  const source: SkillSource = {
    root: { dir: path.dirname(dir), scope: "test", precedence: 0 },
    dir,
    relDir,
    file: `${dir}/SKILL.md`,
    fileName: "SKILL.md",
    absDir: path.join(FIXTURES, rel),
  };
  const bytes = readFileSync(path.join(FIXTURES, rel, "SKILL.md"));
  const ctx = { file: source.file, profile, settings: {} };
  const parsed = parseSkill(source, bytes, ctx);
  const validated = validateSkill(parsed, { profile, settings: {} });
  return { parsed, validated, all: [...parsed.diagnostics, ...validated.diagnostics] };
}

interface Case {
  rule: string;
  folder: string;
  passFolder?: string;
  profile?: Profile;
  line: number;
  column: number;
  severity: "error" | "warning";
}

const CASES: Case[] = [
  { rule: "parse/empty-file", folder: "pdf-tools", line: 1, column: 1, severity: "error" },
  { rule: "parse/invalid-utf8", folder: "pdf-tools", line: 3, column: 17, severity: "error" },
  { rule: "parse/binary-file", folder: "pdf-tools", line: 3, column: 3, severity: "error" },
  { rule: "parse/frontmatter-missing", folder: "pdf-tools", line: 1, column: 1, severity: "error" },
  { rule: "parse/frontmatter-unclosed", folder: "pdf-tools", line: 1, column: 1, severity: "error" },
  { rule: "parse/yaml-syntax", folder: "pdf-tools", line: 3, column: 14, severity: "error" },
  { rule: "parse/yaml-duplicate-key", folder: "pdf-tools", line: 4, column: 1, severity: "error" },
  { rule: "parse/yaml-multi-document", folder: "pdf-tools", line: 4, column: 1, severity: "error" },
  { rule: "parse/frontmatter-not-map", folder: "pdf-tools", line: 2, column: 1, severity: "error" },
  { rule: "parse/lone-carriage-return", folder: "pdf-tools", line: 3, column: 78, severity: "warning" },
  { rule: "frontmatter/field-type", folder: "pdf-tools", line: 4, column: 27, severity: "error" },
  { rule: "frontmatter/unknown-field", folder: "pdf-tools", line: 4, column: 1, severity: "warning" },
  { rule: "frontmatter/unknown-field", folder: "pdf-tools", profile: "agentskills", line: 4, column: 1, severity: "error" },
  { rule: "frontmatter/name-missing", folder: "pdf-tools", profile: "agentskills", line: 1, column: 1, severity: "error" },
  { rule: "frontmatter/name-format", folder: "pdf-tools", line: 2, column: 7, severity: "error" },
  { rule: "frontmatter/name-reserved", folder: "claude-pdf", passFolder: "pdf-tools", line: 2, column: 7, severity: "warning" },
  { rule: "frontmatter/name-mismatch", folder: "template", passFolder: "template-skill", line: 2, column: 7, severity: "warning" },
  { rule: "frontmatter/name-mismatch", folder: "template", passFolder: "template-skill", profile: "agentskills", line: 2, column: 7, severity: "error" },
  { rule: "frontmatter/xml-in-field", folder: "pdf-tools", line: 3, column: 14, severity: "warning" },
  { rule: "frontmatter/description-missing", folder: "pdf-tools", line: 3, column: 13, severity: "error" },
  { rule: "frontmatter/description-fallback", folder: "pdf-tools", profile: "claude-code", line: 1, column: 1, severity: "warning" },
  { rule: "frontmatter/description-too-long", folder: "pdf-tools", line: 3, column: 14, severity: "error" },
  { rule: "frontmatter/compatibility-too-long", folder: "pdf-tools", line: 4, column: 16, severity: "error" },
  { rule: "frontmatter/metadata-value-type", folder: "pdf-tools", line: 6, column: 12, severity: "warning" },
  { rule: "frontmatter/metadata-value-type", folder: "pdf-tools", profile: "agentskills", line: 6, column: 12, severity: "warning" },
  { rule: "frontmatter/version-number", folder: "pdf-tools", line: 4, column: 10, severity: "warning" },
  { rule: "frontmatter/trigger-regex-invalid", folder: "pdf-tools", line: 7, column: 7, severity: "error" },
  { rule: "frontmatter/trigger-regex-redos", folder: "pdf-tools", line: 6, column: 7, severity: "error" },
  { rule: "frontmatter/hook-command", folder: "pdf-tools", line: 9, column: 20, severity: "warning" },
  { rule: "frontmatter/shell-granted", folder: "pdf-tools", line: 4, column: 16, severity: "warning" },
];

const only = (all: Diagnostic[], id: string) => all.filter((d) => d.ruleId === id);

describe("each rule: a fixture that triggers it and one that does not", () => {
  for (const c of CASES) {
    const id = c.rule.split("/")[1];
    const profile = c.profile ?? "skillc";
    it(`${id} (${profile}) triggers at ${c.line}:${c.column}`, () => {
      const { all, validated } = run(`${c.rule}/trigger/${c.folder}`, profile);
      const found = only(all, id);
      expect(found, JSON.stringify(all, null, 1)).toHaveLength(1);
      expect(found[0]).toMatchObject({ line: c.line, column: c.column, severity: c.severity });
      expect(found[0].message).not.toMatch(/line \d|column \d|^Error/i);
      if (c.severity === "error") expect(validated.skill).toBeUndefined();
    });
    it(`${id} (${profile}) passes on the fixed fixture`, () => {
      const { all, validated } = run(`${c.rule}/pass/${c.passFolder ?? c.folder}`, profile);
      expect(all.filter((d) => d.severity === "error" || d.ruleId === id)).toEqual([]);
      expect(validated.skill).toBeDefined();
    });
  }

  it("covers every parse and frontmatter rule with a default severity", () => {
    const covered = new Set(CASES.map((c) => c.rule.split("/")[1]));
    // The size bounds need a file over 256 KiB or 1 MiB: their test writes it, at the limit and one byte past.
    const byTest: Record<string, string> = { "frontmatter-too-large": "test/unit/parse/size-bounds.test.ts", "skill-file-too-large": "test/unit/parse/size-bounds.test.ts" };
    for (const [id, file] of Object.entries(byTest)) expect(readFileSync(path.resolve(FIXTURES, "../..", file), "utf8"), file).toContain(id);
    for (const rule of [...PARSE_RULES, ...FRONTMATTER_RULES]) if (!(rule.id in byTest)) expect(covered, rule.id).toContain(rule.id);
  });

  it("rule metadata is complete and ids are kebab-case and unique", () => {
    const ids = new Set<string>();
    for (const rule of [...PARSE_RULES, ...FRONTMATTER_RULES]) {
      expect(rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(ids.has(rule.id)).toBe(false);
      ids.add(rule.id);
      expect(rule.description.length).toBeGreaterThan(10);
      expect(rule.help.length).toBeGreaterThan(20);
    }
  });

  it("settings turn a rule off or change its severity", () => {
    const rel = "frontmatter/unknown-field/trigger/pdf-tools";
    const bytes = readFileSync(path.join(FIXTURES, rel, "SKILL.md"));
    const source: SkillSource = { root: { dir: "x", scope: "x", precedence: 0 }, dir: "x/pdf-tools", relDir: "pdf-tools", file: "x/pdf-tools/SKILL.md", fileName: "SKILL.md", absDir: "/x/pdf-tools" };
    const parsed = parseSkill(source, bytes, { file: source.file, profile: "skillc", settings: {} });
    expect(only(validateSkill(parsed, { profile: "skillc", settings: { "unknown-field": "off" } }).diagnostics, "unknown-field")).toEqual([]);
    const strict = validateSkill(parsed, { profile: "skillc", settings: { "unknown-field": "error" } });
    expect(only(strict.diagnostics, "unknown-field")[0].severity).toBe("error");
    expect(strict.skill).toBeUndefined();
    // codex ignores unknown keys, as Codex does
    expect(only(validateSkill(parsed, { profile: "codex", settings: {} }).diagnostics, "unknown-field")).toEqual([]);
  });
});
