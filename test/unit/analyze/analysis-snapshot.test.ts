// One snapshot type serves the analysis cache and the worker threads: what analyzeText computes must
// come back whole from its snapshot after a JSON round trip (as the cache file stores it), for
// skills that parse, fail to parse, or fail validation.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeText, restoreText, snapshotOf, type TextOptions } from "../../../src/pipeline/analyze-text.js";
import { isAnalysisSnapshot } from "../../../src/cache/shape.js";
import type { SkillSource } from "../../../src/types.js";

const FIXTURES = path.join(import.meta.dirname, "../../fixtures");
const options: TextOptions = { profile: "skillc", settings: {} };

/** Every fixture SKILL.md under parse/, frontmatter/ and body/: its bytes and a source for it. */
function skills(): Array<{ name: string; source: SkillSource; bytes: Uint8Array }> {
  const root = { dir: "fixtures", scope: "fixtures", precedence: 0 };
  return ["parse", "frontmatter", "body"].flatMap((group) =>
    readdirSync(path.join(FIXTURES, group), { recursive: true, encoding: "utf8" })
      .filter((rel) => path.basename(rel).toLowerCase() === "skill.md")
      .sort()
      .map((rel) => {
        const absDir = path.join(FIXTURES, group, path.dirname(rel));
        const relDir = path.dirname(rel).split(path.sep).join("/");
        const fileName = path.basename(rel);
        const source: SkillSource = { root, dir: `fixtures/${relDir}`, relDir, file: `fixtures/${relDir}/${fileName}`, fileName, absDir };
        return { name: `${group}/${relDir}`, source, bytes: readFileSync(path.join(absDir, fileName)) };
      }),
  );
}

describe("an analysis snapshot", () => {
  const all = skills();

  it("covers skills that parse, fail to parse and fail validation", () => {
    const results = all.map((s) => analyzeText(s.source, s.bytes, new Set(), options));
    expect(results.some((r) => r.parsed.frontmatter === undefined)).toBe(true);
    expect(results.some((r) => r.parsed.frontmatter !== undefined && !r.skill)).toBe(true);
    expect(results.some((r) => r.skill)).toBe(true);
  });

  it.each(all.map((s) => [s.name, s] as const))("restores %s exactly, through JSON", (_name, s) => {
    const own = analyzeText(s.source, s.bytes, new Set(), options);
    const stored: unknown = JSON.parse(JSON.stringify(snapshotOf(own)));
    expect(isAnalysisSnapshot(stored, s.source.file)).toBe(true);
    if (!isAnalysisSnapshot(stored, s.source.file)) return;
    expect(restoreText(s.source, s.bytes, stored, own.parsed.hash)).toEqual(own);
  });
});
