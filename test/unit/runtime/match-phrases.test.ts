// skills.match finds trigger phrases with the word runs of the text found once per call and each
// skill's phrases alone in its regex (match.ts). These tests hold it to the regex it replaced, which
// said the rule in one line: `(?:^|(?!W)[^])(phrases longest first)(?!W)`, W = [\p{L}\p{N}_], flags
// iu, its first match — over random phrases and texts with case, punctuation, accents, CJK, astral
// letters, emoji and lone surrogates.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { matcher } from "../../../src/runtime/match.js";
import type { BundleSkill } from "../../../src/runtime/data.js";

const W = "[\\p{L}\\p{N}_]";
const reEsc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The phrase the one-regex rule finds in `text` for these phrases, or undefined. */
function byOneRegex(phrases: string[], text: string): string | undefined {
  const sorted = phrases.filter(Boolean).sort((a, b) => b.length - a.length);
  if (!sorted.length) return undefined;
  return new RegExp(`(?:^|(?!${W})[^])(${sorted.map(reEsc).join("|")})(?!${W})`, "iu").exec(text)?.[1];
}

const skill = (i: number, keywords: string[], verbs: string[] = []): BundleSkill =>
  ({ name: `s${i}`, path: `skills/s${i}/SKILL.md`, scope: "project", rank: 0, triggers: { keywords, verbs, patterns: [] } }) as unknown as BundleSkill;

/** What match.ts reports for one skill: the phrase, or undefined. */
function found(phrases: string[], text: string): string | undefined {
  const hit = matcher([skill(0, phrases)], () => [])(text)[0];
  return hit ? /^phrase "([^]*)"$/.exec(hit[2])![1] : undefined;
}

const piece = fc.constantFrom("lint", "Lint", "LINTING", "linter", "test", "tests", "c++", "node.js", "a", "ab", "é", "É", "e\u0301", "日本", "語", "😀", "𝐀", "\ud83d", "\ude00", "_", "-", " ", "  ", ".", "/", "\n", "x1", "1", "ſ", "K", "İ");
const phraseArb = fc.array(piece, { minLength: 1, maxLength: 3 }).map((p) => p.join(""));
const textArb = fc.array(piece, { maxLength: 24 }).map((p) => p.join(""));

describe("match: trigger phrases at word boundaries, as the one regex found them", () => {
  it("random phrases and texts", () => {
    fc.assert(
      fc.property(fc.array(phraseArb, { minLength: 1, maxLength: 5 }), textArb, (phrases, text) => {
        expect(found(phrases, text)).toBe(byOneRegex(phrases, text));
      }),
      { numRuns: 4000 },
    );
  });

  it("a longer phrase that ends inside a word gives way to a shorter one at the same place", () => {
    expect(found(["lint check", "lint"], "please lint checking")).toBe("lint");
    expect(found(["lint check", "lint"], "lint checks, then lint check")).toBe("lint");
    expect(found(["lint"], "linting only")).toBeUndefined();
    expect(found(["😀"], "a😀b 😀")).toBe(byOneRegex(["😀"], "a😀b 😀"));
  });

  it("a skill with patterns but no phrases is still matched by its patterns", () => {
    const s = { ...skill(0, []), triggers: { keywords: [], verbs: [], patterns: ["\\bPR #\\d+"] } } as unknown as BundleSkill;
    expect(matcher([s], () => [])("see PR #7")[0]?.[2]).toBe("pattern /\\bPR #\\d+/");
  });
});
