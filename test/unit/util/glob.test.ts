import { describe, expect, it } from "vitest";
import { compileGlob, createMatcher, matchGlob } from "../../../src/util/glob.js";

const cases: Array<[string, string, boolean]> = [
  ["*.md", "a.md", true],
  ["*.md", "refs/a.md", false],
  ["*.md", ".hidden.md", true],
  ["**/*.md", "a.md", true],
  ["**/*.md", "x/y/a.md", true],
  ["**/*.md", "x/y/a.mdx", false],
  ["**", "anything/at/all", true],
  ["**/*", "a", true],
  ["refs/**", "refs", true],
  ["refs/**", "refs/a/b.txt", true],
  ["refs/**", "refsx/a", false],
  ["a/**/b", "a/b", true],
  ["a/**/b", "a/x/y/b", true],
  ["a/**/b", "a/xb", false],
  ["a**b", "axxb", true],
  ["a**b", "ax/xb", false],
  ["?.txt", "a.txt", true],
  ["?.txt", "ab.txt", false],
  ["a?b", "a/b", false],
  ["[abc].txt", "b.txt", true],
  ["[abc].txt", "d.txt", false],
  ["[a-c]x", "bx", true],
  ["[!a-c]x", "bx", false],
  ["[!a-c]x", "dx", true],
  ["[^a]x", "bx", true],
  ["[!a]", "/", false],
  ["[]]", "]", true],
  ["*.{png,jpg}", "a.jpg", true],
  ["*.{png,jpg}", "a.gif", false],
  ["{a,b/{c,d}}.txt", "b/d.txt", true],
  ["{a,b/{c,d}}.txt", "b/e.txt", false],
  ["{**/x,y}", "p/q/x", true],
  ["\\*.md", "*.md", true],
  ["\\*.md", "a.md", false],
  ["a.b", "axb", false],
  ["a+(b)", "a+(b)", true],
  ["[unclosed", "[unclosed", true],
  ["{unclosed", "{unclosed", true],
  ["./refs/*.md", "refs/a.md", true],
  ["refs/", "refs", true],
  ["/refs", "refs", true],
];

describe("compileGlob", () => {
  it.each(cases)("%s vs %s → %s", (pattern, p, expected) => {
    expect(matchGlob(pattern, p)).toBe(expected);
  });

  it("is anchored", () => {
    expect(compileGlob("b").test("ab")).toBe(false);
    expect(compileGlob("a").test("ab")).toBe(false);
  });
});

describe("createMatcher", () => {
  it("matches nothing when empty", () => {
    expect(createMatcher([])("a")).toBe(false);
  });

  it("counts a match on a parent folder", () => {
    const m = createMatcher(["drafts", "**/tmp"]);
    expect(m("drafts/a/b.md")).toBe(true);
    expect(m("x/tmp/y.txt")).toBe(true);
    expect(m("draftsy/a.md")).toBe(false);
    expect(m("x/tmpy")).toBe(false);
  });

  it("tries every pattern", () => {
    const m = createMatcher(["*.png", "scripts/*.sh"]);
    expect(m("a.png")).toBe(true);
    expect(m("scripts/run.sh")).toBe(true);
    expect(m("scripts/run.py")).toBe(false);
  });
});

// file-walk.ts skips testing a list that holds `**` or `**/*` (the default include): they must match every path.
describe("the match-all globs", () => {
  it("`**` and `**/*`, however spelled, match every path", async () => {
    const { rng } = await import("../../helpers/prng.js");
    const next = rng(15);
    const alphabet = ["a", "/", ".", "\n", " ", "é", "*", "-", "\u202e"];
    const spellings = ["**", "**/*", "./**", "/**/", "./**/*", "**/*/"];
    const sources = new Set(["**", "**/*"].map((p) => compileGlob(p).source));
    for (const p of spellings) expect(sources.has(compileGlob(p).source)).toBe(true);
    for (let n = 0; n < 2000; n++) {
      let s = "";
      const len = Math.floor(next() * 12);
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(next() * alphabet.length)];
      for (const p of spellings) expect(compileGlob(p).test(s)).toBe(true);
    }
  });
});
