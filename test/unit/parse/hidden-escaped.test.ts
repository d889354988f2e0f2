// checkHiddenText walks the frontmatter's values for escaped hidden characters only when the
// frontmatter's source holds a backslash or a hidden character: these cases must be reported still.
import { describe, expect, it } from "vitest";
import type { SkillSource } from "../../../src/types.js";
import { parseSkill } from "../../../src/pipeline/parse.js";
import { checkHiddenText } from "../../../src/pipeline/text-checks.js";

const source: SkillSource = {
  root: { dir: "skills", scope: "skills", precedence: 0 },
  dir: "skills/pdf-tools",
  relDir: "pdf-tools",
  file: "skills/pdf-tools/SKILL.md",
  fileName: "SKILL.md",
  absDir: "/nowhere/skills/pdf-tools",
};
const ctx = { file: "skills/pdf-tools/SKILL.md", profile: "skillc" as const, settings: {} };
const kinds = (text: string) => {
  const parsed = parseSkill(source, new TextEncoder().encode(text), ctx);
  return checkHiddenText(parsed, ctx).map((d) => `${d.line}:${(d as { params?: { kind?: string } }).params?.kind ?? d.message}`);
};

describe("hidden characters in frontmatter values", () => {
  it("reports a value that holds one only through an escape", () => {
    const found = kinds('---\nname: pdf-tools\ndescription: "Reads PDFs.\\u202e Use when asked."\n---\n\nBody.\n');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^3:`description` holds .* written as a YAML escape/);
  });
  it("reports nothing for a frontmatter without a backslash or hidden character, even with a backslash in the body", () => {
    expect(kinds('---\nname: pdf-tools\ndescription: "Reads PDFs. Use when asked."\n---\n\nA \\u202e in prose.\n')).toEqual([]);
  });
  it("reports a raw hidden character once (the text's report, not again as a value)", () => {
    const found = kinds("---\nname: pdf-tools\ndescription: Reads PDFs.\u202e Use when asked.\n---\n\nBody.\n");
    expect(found).toHaveLength(1);
  });
});
