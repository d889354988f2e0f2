// A missing link's "did you mean" (body-checks.ts, suggest) looks the path up in an index of the
// skill's files made once per skill: it walked every file for each missing link, so a body of
// 130,000 broken links in a skill of 50,000 files was minutes of a lint. Work is counted as the
// files the checks iterate (a Set that counts), and the suggestions stay what they were.
import { describe, expect, it } from "vitest";
import { checkBody, type BodyCheckInput } from "../../../src/pipeline/body-checks.js";
import type { ReportContext } from "../../../src/diagnostics/rule.js";
import { parsed } from "../../helpers/parsed-skill.js";

const ctx: ReportContext = { file: "SKILL.md", profile: "skillc", settings: {} };

/** A Set that counts the entries its iteration yields. */
class CountingSet extends Set<string> {
  yielded = 0;
  override *[Symbol.iterator](): SetIterator<string> {
    for (const v of super.values()) {
      this.yielded++;
      yield v;
    }
    return undefined;
  }
}

const run = (body: string, files: Set<string>) => {
  const input: BodyCheckInput = { parsed: parsed(body), declaredArguments: [], hasArgumentHint: false, files, ctx };
  return checkBody(input).filter((d) => d.ruleId === "link-missing-file");
};

describe("link-missing-file's suggestion", () => {
  it("walks the files a bounded number of times, however many links are missing (it walked them once per link)", () => {
    const files = new CountingSet(Array.from({ length: 2_000 }, (_, i) => `references/f${i}.md`));
    const body = Array.from({ length: 3_000 }, (_, i) => `[x](missing-${i}.md)`).join("\n") + "\n";
    const found = run(body, files);
    expect(found).toHaveLength(3_000);
    expect(files.yielded).toBeLessThanOrEqual(3 * files.size);
  });

  it("still suggests the other case, the one file of that name, and nothing when two share it", () => {
    const files = new Set(["references/API.md", "scripts/run.sh", "a/notes.md", "b/notes.md"]);
    const messages = run("[a](references/api.md) [b](run.sh) [c](notes.md) [d](nothing.md)\n", files).map((d) => d.message);
    expect(messages[0]).toContain("references/API.md");
    expect(messages[1]).toContain("scripts/run.sh");
    expect(messages[2]).toBe("`notes.md` does not exist in the skill folder; fix the path or add the file.");
    expect(messages[3]).toBe("`nothing.md` does not exist in the skill folder; fix the path or add the file.");
  });
});
