// The parse's two size bounds (src/rules/parse-rules.ts): a frontmatter over 256 KiB is not parsed
// (`frontmatter-too-large`; 7.5 MB of nested YAML took ~16 s to lint, a third of it yaml's parse),
// and a SKILL.md over 1 MiB is not read as a skill (`skill-file-too-large`; a 1.3 MB body of
// 130,000 links was an internal error). Each is checked at the limit and one byte past it, in
// UTF-8 bytes, not characters; import's and remove's name lookup (declaredName) keep the same bounds.
import { describe, expect, it } from "vitest";
import type { SkillSource } from "../../../src/types.js";
import { parseSkill } from "../../../src/pipeline/parse.js";
import { MAX_FRONTMATTER_BYTES, MAX_SKILL_MD_BYTES } from "../../../src/rules/parse-rules.js";
import { declaredName } from "../../../src/archive/skill-name.js";

const source: SkillSource = {
  root: { dir: "skills", scope: "skills", precedence: 0 },
  dir: "skills/big",
  relDir: "big",
  file: "skills/big/SKILL.md",
  fileName: "SKILL.md",
  absDir: "/nowhere/skills/big",
};
const ctx = { file: source.file, profile: "skillc" as const, settings: {} };
const bytesOf = (text: string) => new TextEncoder().encode(text);
const parse = (text: string) => parseSkill(source, bytesOf(text), ctx);
const ids = (text: string) => parse(text).diagnostics.map((d) => d.ruleId);

/** A frontmatter whose YAML (between the fences, without the line break before the closing one) is exactly `bytes` long, padded with `unit`. */
function frontmatterOf(bytes: number, unit = "x"): string {
  const head = "name: big\ndescription: A big skill.\nmetadata:\n  pad: ";
  const unitBytes = Buffer.byteLength(unit);
  const room = bytes - Buffer.byteLength(head);
  const pad = unit.repeat(Math.floor(room / unitBytes)) + "x".repeat(room % unitBytes);
  const yaml = `${head}${pad}`;
  expect(Buffer.byteLength(yaml)).toBe(bytes);
  return `---\n${yaml}\n---\n\nUse big.\n`;
}

describe("frontmatter-too-large", () => {
  it("a frontmatter of exactly 256 KiB is parsed; one byte more is not, with one error at line 1", () => {
    const at = parse(frontmatterOf(MAX_FRONTMATTER_BYTES));
    expect(at.diagnostics).toEqual([]);
    expect(at.frontmatter?.name).toBe("big");
    const over = parse(frontmatterOf(MAX_FRONTMATTER_BYTES + 1));
    expect(over.frontmatter).toBeUndefined();
    expect(over.diagnostics).toMatchObject([{ ruleId: "frontmatter-too-large", severity: "error", line: 1, column: 1 }]);
    expect(over.diagnostics[0]!.message).toContain("257 KiB, over the 256 KiB limit");
  });

  it("counts UTF-8 bytes: 100,000 three-byte characters (300,000 bytes) are over, 87,000 are not", () => {
    expect(ids(frontmatterOf(300_000 + 100, "€"))).toEqual(["frontmatter-too-large"]);
    expect(ids(frontmatterOf(87_000 * 3, "€"))).toEqual([]);
  });

  it("nested YAML is not parsed: 1 MB gets frontmatter-too-large alone, 7.5 MB skill-file-too-large alone (no yaml-syntax, no fields)", () => {
    const nestedOf = (keys: number) => {
      const nested = Array.from({ length: keys }, (_, i) => `${" ".repeat(2 * (i % 12))}k${i}:`).join("\n");
      return `---\nname: big\ndescription: d\nmetadata:\n${nested.replace(/^/gm, "  ")} 1\n---\n\nUse big.\n`;
    };
    const mb = nestedOf(50_000);
    expect(mb.length).toBeGreaterThan(MAX_FRONTMATTER_BYTES * 3);
    expect(mb.length).toBeLessThan(MAX_SKILL_MD_BYTES);
    const huge = nestedOf(500_000);
    expect(huge.length).toBeGreaterThan(7_500_000);
    for (const [text, rule] of [[mb, "frontmatter-too-large"], [huge, "skill-file-too-large"]] as const) {
      const parsed = parse(text);
      expect(parsed.diagnostics.map((d) => d.ruleId)).toEqual([rule]);
      expect(parsed.frontmatter).toBeUndefined();
      expect(parsed.positions).toEqual({});
    }
  });

  it("import's and remove's name lookup does not parse it either", () => {
    expect(declaredName(bytesOf(frontmatterOf(MAX_FRONTMATTER_BYTES)))).toBe("big");
    expect(declaredName(bytesOf(frontmatterOf(MAX_FRONTMATTER_BYTES + 1)))).toBeUndefined();
  });
});

describe("skill-file-too-large", () => {
  const skillOf = (bytes: number) => {
    const head = "---\nname: big\ndescription: A big skill.\n---\n\n";
    return head + "word ".repeat(Math.floor((bytes - head.length) / 5)) + "x".repeat((bytes - head.length) % 5);
  };

  it("a SKILL.md of exactly 1 MiB is read; one byte more is not, with one error at line 1", () => {
    expect(skillOf(MAX_SKILL_MD_BYTES).length).toBe(MAX_SKILL_MD_BYTES);
    expect(ids(skillOf(MAX_SKILL_MD_BYTES))).not.toContain("skill-file-too-large");
    const over = parse(skillOf(MAX_SKILL_MD_BYTES + 1));
    expect(over.text).toBe("");
    expect(over.frontmatter).toBeUndefined();
    expect(over.diagnostics).toMatchObject([{ ruleId: "skill-file-too-large", severity: "error", line: 1, column: 1 }]);
    expect(over.diagnostics[0]!.message).toBe("SKILL.md is 1.0 MiB, over the 1 MiB limit, so it was not read; move reference material into supporting files the body links to.");
  });

  it("import's and remove's name lookup does not read it either", () => {
    expect(declaredName(bytesOf(skillOf(MAX_SKILL_MD_BYTES)))).toBe("big");
    expect(declaredName(bytesOf(skillOf(MAX_SKILL_MD_BYTES + 1)))).toBeUndefined();
  });
});
