// analyzeAll in this thread (no worker script under vitest): a lint's sure cache misses are analysed
// as the shared lint analyses its own (share-wire.ts analyzeMiss: the text decoded again only when
// read, not kept to the end of the run), with exactly analyzeSkill's results; a build's skills and a
// lint's skills the cache may hold go through analyzeSkill.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeAll } from "../../../src/pipeline/analyze-all.js";
import { analyzeSkill, type AnalyzeOptions, type SkillAnalysis } from "../../../src/pipeline/analyze.js";
import type { AnalysisSnapshot, AnalysisStore } from "../../../src/pipeline/analysis-store.js";
import type { SkillSource } from "../../../src/types.js";

let dir: string;
let sources: SkillSource[];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "skillc-analyze-all-"));
  const root = { dir: "skills", scope: "skills", precedence: 0 };
  const texts: Record<string, string> = {
    a: "---\nname: a\ndescription: An A — with $1 in `code $1`. Use when testing.\n---\n\nRun `x $ARGUMENTS` and see [b](b.md).\n",
    b: "No frontmatter at all.\n",
  };
  sources = Object.entries(texts).map(([name, text]) => {
    mkdirSync(path.join(dir, "skills", name), { recursive: true });
    writeFileSync(path.join(dir, "skills", name, "SKILL.md"), text);
    return { root, dir: `skills/${name}`, relDir: name, file: `skills/${name}/SKILL.md`, fileName: "SKILL.md", absDir: path.join(dir, "skills", name) };
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A cache that holds nothing and says so (`held`: the files it may hold). */
const store = (held: string[] = []): AnalysisStore => ({
  get: (): AnalysisSnapshot | undefined => undefined,
  set: () => undefined,
  mayHave: (file: string) => held.includes(file),
});

const options = (o: Partial<AnalyzeOptions> = {}): AnalyzeOptions => ({ profile: "skillc", settings: {}, files: { include: ["**"], exclude: [], maxBytes: 1_000_000 }, readFiles: false, ...o });

/** Whether the analysis's text is decoded only when read (an accessor), not held as a string. */
const lazyText = (a: SkillAnalysis): boolean => a.outcome !== "unreadable" && "parsed" in a && typeof Object.getOwnPropertyDescriptor(a.parsed, "text")?.get === "function";

describe("analyzeAll in this thread", () => {
  it("analyses a lint's sure misses without keeping their text, as analyzeSkill would otherwise", async () => {
    for (const cache of [undefined, store()]) {
      const opts = options({ cache });
      const got = await analyzeAll(sources, opts);
      expect(got.map(lazyText)).toEqual([true, true]);
      const expected = await Promise.all(sources.map((s) => analyzeSkill(s, opts)));
      expect(expected.map(lazyText)).toEqual([false, false]);
      expect(got).toEqual(expected);
      expect(got[0]!.outcome).toBe("valid");
      if (got[0]!.outcome === "valid") expect(got[0]!.parsed.text).toContain("Run `x $ARGUMENTS`");
    }
  });

  it("keeps analyzeSkill for a skill the cache may hold, and for a build", async () => {
    const held = await analyzeAll(sources, options({ cache: store([sources[0]!.file]) }));
    expect(held.map(lazyText)).toEqual([false, true]);
    const built = await analyzeAll(sources, options({ readFiles: true }));
    expect(built.map(lazyText)).toEqual([false, false]);
  });
});
