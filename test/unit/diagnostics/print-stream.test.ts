// The CLI prints a build's diagnostics as they are formatted (commands/report.ts printDiagnostics),
// in writes of ~64 KB: the bytes must be exactly formatResults("stylish")'s, colour or not.
import { describe, expect, it } from "vitest";
import { printDiagnostics } from "../../../src/commands/report.js";
import { formatResults } from "../../../src/diagnostics/format.js";
import { RULES } from "../../../src/diagnostics/registry.js";
import { compareDiagnostics } from "../../../src/diagnostics/rule.js";
import { groupByFile } from "../../../src/project/lint.js";
import type { Diagnostic } from "../../../src/types.js";
import { skillcVersion } from "../../../src/util/version.js";

function diagnostics(skills: number): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (let i = skills - 1; i >= 0; i--) {
    const file = `skills/s-${i}/SKILL.md`;
    out.push({ file, line: 10 + (i % 7), column: 3, ruleId: "placeholder-in-code", severity: "warning", message: `\`$${i % 3}\` inside code will be replaced by argument ${i % 3}.` });
    if (i % 5 === 0) out.push({ file, line: 1, column: 1, ruleId: "name-mismatch", severity: "error", message: "Two lines:\nthe second under the first.", fix: { range: [0, 1], text: "x" } });
    // One cause for many skills: printed once, after the files, with a count.
    out.push({ file, line: 3, column: 1, ruleId: "catalog-shortened", severity: "warning", message: "The catalog shortened this description." });
  }
  return out;
}

function printed(ds: Diagnostic[], isTTY: boolean): { text: string; writes: number } {
  const writes: string[] = [];
  printDiagnostics({ cwd: "/repo", env: isTTY ? {} : { NO_COLOR: "1" }, stdout: { write: () => {} }, stderr: { write: (t) => void writes.push(t), isTTY } }, ds);
  return { text: writes.join(""), writes: writes.length };
}

describe("printDiagnostics", () => {
  for (const color of [false, true]) {
    it(`writes formatResults' stylish bytes in pieces (colour ${color ? "on" : "off"})`, () => {
      const ds = diagnostics(3000);
      const whole = formatResults("stylish", groupByFile([], ds), { color, cwd: "/repo", version: skillcVersion(), rules: RULES });
      const { text, writes } = printed(ds, color);
      expect(text).toBe(whole);
      expect(whole.length).toBeGreaterThan(200_000);
      expect(writes).toBeGreaterThan(2);
    });
  }

  it("prints a build's sorted diagnostics (cut by file without a sort) as formatResults does, and any others too", () => {
    const sorted = diagnostics(400).sort(compareDiagnostics);
    const odd = [...sorted.slice(0, 50), { ...sorted[60]!, file: "/repo/skills/abs/SKILL.md" }, { ...sorted[61]!, file: "skills\\win\\SKILL.md" }];
    for (const ds of [sorted, odd, odd.sort(compareDiagnostics), [sorted[5]!, sorted[1]!]]) {
      expect(printed(ds, false).text).toBe(formatResults("stylish", groupByFile([], ds), { color: false, cwd: "/repo", version: "", rules: RULES }));
    }
  });

  it("writes nothing for no diagnostics, and a small report in one write", () => {
    expect(printed([], false)).toEqual({ text: "", writes: 0 });
    const ds = diagnostics(2);
    const small = printed(ds, false);
    expect(small.writes).toBe(1);
    expect(small.text).toBe(formatResults("stylish", groupByFile([], ds), { color: false, cwd: "/repo", version: "", rules: RULES }));
  });
});
