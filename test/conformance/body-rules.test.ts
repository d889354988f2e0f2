// Conformance on the real corpus (../shared/corpus beside the clone): the body checks over 162 real
// skills. Moved out of test/unit/body/body-rules.test.ts so `npm test` needs nothing beside the clone.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parse as parseYaml } from "yaml";
import { describe, expect, it } from "vitest";
import { checkBody } from "../../src/pipeline/body-checks.js";
import type { ReportContext } from "../../src/diagnostics/rule.js";
import { parsed } from "../helpers/parsed-skill.js";

const ctx: ReportContext = { file: "SKILL.md", profile: "skillc", settings: {} };


describe("the corpus (../shared/corpus, 162 real skills)", () => {
  const CORPUS = join(import.meta.dirname, "../../../shared/corpus");
  const walk = (dir: string, out: string[] = []): string[] => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p, out);
      else out.push(p);
    }
    return out;
  };

  it("is checked without a crash, and every finding is one we have looked at", () => {
    const all = walk(CORPUS);
    const skills = all.filter((f) => f.endsWith("/SKILL.md"));
    const counts: Record<string, number> = {};
    const missing: string[] = [];
    for (const file of skills) {
      const dir = dirname(file);
      const files = new Set(all.filter((f) => f.startsWith(`${dir}/`) && f !== file).map((f) => relative(dir, f)));
      const text = readFileSync(file, "utf8").replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
      const fm = (parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]) ?? {}) as Record<string, unknown>;
      const ds = checkBody({
        parsed: parsed(text),
        declaredArguments: Array.isArray(fm.arguments) ? (fm.arguments as string[]) : [],
        hasArgumentHint: fm["argument-hint"] !== undefined,
        files,
        ctx: { ...ctx, file: relative(CORPUS, file) },
      });
      const lineCount = text.split("\n").length;
      for (const d of ds) {
        counts[d.ruleId] = (counts[d.ruleId] ?? 0) + 1;
        expect(d.line).toBeGreaterThan(4);
        expect(d.line).toBeLessThanOrEqual(lineCount);
        if (d.ruleId === "link-missing-file") missing.push(`${d.file}:${d.line}`);
      }
    }
    // 70 long bodies; neuropixels-analysis links `reference/…` but its folder is `references/`;
    // perplexity-search prices ($0.001, …) in a skill that uses `$5` in prose; obra-superpowers links
    // to sibling skills. No false "missing" from a sentence's period.
    expect(counts).toEqual({ "body-too-long": 70, "link-missing-file": 10, "link-outside-skill": 3, "placeholder-price": 4 });
    expect(new Set(missing.map((m) => m.split(":")[0]))).toEqual(new Set(["k-dense-scientific-skills/neuropixels-analysis/SKILL.md"]));
  });
});
