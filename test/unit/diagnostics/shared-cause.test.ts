// One cause, one message (issue 12 item 15): diagnostics of a `shared` rule with one message are
// printed once with a count by the formats for people; the machine formats keep every one.
import { describe, expect, it } from "vitest";
import type { RuleMeta } from "../../../src/diagnostics/rule.js";
import { formatResults, type FormatOptions, type LintFileResult } from "../../../src/diagnostics/format.js";
import { RULES as REAL_RULES } from "../../../src/diagnostics/registry.js";

const RULES: ReadonlyMap<string, RuleMeta> = new Map(
  (
    [
      { id: "budget-cut", severity: "warning", description: "Shortened by the budget.", help: "Raise it.", shared: true },
      { id: "placeholder-in-code", severity: "warning", description: "A placeholder inside code.", help: "Escape it." },
      { id: "link-missing-file", severity: "error", description: "A missing file.", help: "Fix the path." },
    ] satisfies RuleMeta[]
  ).map((r) => [r.id, r]),
);
const OPTS: FormatOptions = { color: false, version: "1.2.3", rules: RULES };
const CUT = "The description was shortened to fit the budget (500 characters); raise `budget`.";

/** `n` skills, each with one budget-cut warning, plus one error and two identical non-shared warnings. */
function results(n: number): LintFileResult[] {
  const out: LintFileResult[] = [];
  for (let i = 0; i < n; i++) {
    const file = `skills/s${String(i).padStart(4, "0")}/SKILL.md`;
    out.push({ file, diagnostics: [{ file, line: 3, column: 1, ruleId: "budget-cut", severity: "warning", message: CUT }] });
  }
  const a = "skills/a/SKILL.md";
  out[0].diagnostics.push({ file: out[0].file, line: 9, column: 4, ruleId: "link-missing-file", severity: "error", message: "`x.md` is missing; fix the path." });
  out.push({
    file: a,
    diagnostics: [
      { file: a, line: 5, column: 2, ruleId: "placeholder-in-code", severity: "warning", message: "`$1` inside code; escape it." },
      { file: a, line: 7, column: 2, ruleId: "placeholder-in-code", severity: "warning", message: "`$1` inside code; escape it." },
    ],
  });
  return out;
}

describe("shared causes", () => {
  it("stylish: 1,999 diagnostics of one cause are one entry with the count, the fix and three places; the rest stays per file", () => {
    const text = formatResults("stylish", results(1999), OPTS);
    expect(text.match(/The description was shortened/g)).toHaveLength(1);
    expect(text).toContain("budget-cut ×1,999, one cause\n  warning  The description was shortened to fit the budget (500 characters); raise `budget`  budget-cut\n");
    expect(text).toContain("at skills/s0000/SKILL.md:3:1, skills/s0001/SKILL.md:3:1, skills/s0002/SKILL.md:3:1 and 1,996 more (--format json lists each)");
    // Per-site findings keep their places, even with one message (placeholder-in-code is not shared).
    expect(text).toMatch(/skills\/a\/SKILL\.md\n {2}5:2 +warning .*\n {2}7:2 +warning /);
    expect(text).toMatch(/skills\/s0000\/SKILL\.md\n {2}9:4 +error +`x\.md` is missing/);
    expect(text).toContain("✖ 2002 problems (1 error, 2001 warnings)");
    expect(text.split("\n").length).toBeLessThan(20);
  });

  it("a cause met once is printed as any diagnostic", () => {
    const text = formatResults("stylish", results(1), OPTS);
    expect(text).not.toContain("one cause");
    expect(text).toMatch(/skills\/s0000\/SKILL\.md\n {2}3:1 +warning +The description was shortened/);
  });

  it("github: one annotation at the first place, with the count", () => {
    const lines = formatResults("github", results(50), OPTS).trimEnd().split("\n");
    const cut = lines.filter((l) => l.includes("budget-cut"));
    expect(cut).toEqual([
      "::warning file=skills/s0000/SKILL.md,line=3,col=1,title=budget-cut::" +
        CUT + " (50 places, one cause: skills/s0000/SKILL.md:3:1, skills/s0001/SKILL.md:3:1, skills/s0002/SKILL.md:3:1 and 47 more; --format json lists each)",
    ]);
    expect(lines).toHaveLength(4);
  });

  it("json and sarif keep every diagnostic (tools count, filter and annotate each place)", () => {
    const json = JSON.parse(formatResults("json", results(30), OPTS)) as Array<{ messages: Array<{ ruleId: string }> }>;
    expect(json.flatMap((r) => r.messages).filter((m) => m.ruleId === "budget-cut")).toHaveLength(30);
    const sarif = JSON.parse(formatResults("sarif", results(30), OPTS)) as { runs: Array<{ results: Array<{ ruleId: string }> }> };
    expect(sarif.runs[0].results.filter((r) => r.ruleId === "budget-cut")).toHaveLength(30);
  });

  it("the catalog rules are the ones marked shared", () => {
    expect([...REAL_RULES.values()].filter((r) => r.shared).map((r) => r.id).sort()).toEqual(["catalog-dropped", "catalog-shortened"]);
  });
});
