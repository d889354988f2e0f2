// trigger-regex-redos (issue 13 item 5): the heuristic plus recheck catch every catastrophic shape the
// hostile suite and the issue list, let the patterns real skills use through, and give one verdict
// on every machine wherever recheck finishes (its time limit, pipeline/trigger-checks.ts, is the
// only clock: test/unit/pipeline/trigger-checks.test.ts). The runtime's match() reads a bounded prefix of a message.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkTriggerRegex, quantifiers, withoutWordBoundaries, staticRedos, TRIGGER_PATTERN_MAX, TRIGGER_QUANTIFIERS_MAX } from "../../../src/pipeline/frontmatter/trigger-regex.js";
import { createSkills } from "../../../src/runtime/index.js";
import { MATCH_MAX } from "../../../src/runtime/limits.js";
import { parse as parseYaml } from "yaml";
import { bundle } from "../runtime/helpers.js";
import { deterministicLoops } from "../../../src/pipeline/frontmatter/trigger-regex-loops.js";

// test/hostile/prompt.test.ts's list, then issue 13's five (the `[a-z]*`×6 one needs something
// after it to fail on: alone it matches the empty string at once and is linear).
const REDOS = [
  "(a+)+$", "^(a|a)*$", "(a*)*b", "(x+x+)+y", "^(a|aa)+$", "(.*a){20}", "^(\\w+\\s?)*$", "([a-zA-Z]+)*$", "(a|a?)+$", "^(([a-z])+.)+[A-Z]([a-z])+$",
  "(\\d+)*x", "(?:a+)+$", "(a+){2,}$", "(.*)*$",
  "(a|b|ab)*c", "(?:x|y|xy)+z", "\\d*\\d*\\d*\\d*\\d*\\d*!", "a*a*a*a*a*a*b", "[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*$", "^[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*!",
  "\\d*\\d*\\d*!", "(?:ab|a|b)+$", "\\s*\\s*\\s*\\s*x",
];
const ISSUE_FIVE = REDOS.slice(14, 20);

/** Trigger patterns of the project's skills and the rule fixtures' `pass` cases. */
function realPatterns(): string[] {
  const out: string[] = [];
  const files = [
    ...readdirSync("skills").map((d) => path.join("skills", d, "SKILL.md")),
    "test/fixtures/frontmatter/trigger-regex-redos/pass/pdf-tools/SKILL.md",
    "test/fixtures/frontmatter/trigger-regex-invalid/pass/pdf-tools/SKILL.md",
  ];
  for (const f of files) {
    const fm = parseYaml(readFileSync(f, "utf8").split(/^---$/m)[1]!) as { triggers?: { patterns?: string[] } };
    out.push(...(fm.triggers?.patterns ?? []));
  }
  return out;
}
const OK = ["^deploy\\b", "pdf|docx", "\\bfix (the )?build\\b", "a+b+c+", "(ab)+c", "\\bPR #\\d+", "\\bselect\\b.*\\bfrom\\b", "\\b\\w+\\.(pdf|docx)\\b", "[a-z]*[a-z]*[a-z]*"];

describe("trigger-regex-redos", () => {
  it.each(REDOS)("%s is refused", (p) => {
    const v = checkTriggerRegex(p);
    expect(v).toMatchObject({ ok: false, kind: "redos" });
  });

  it("the issue's five pass the old heuristic alone, so recheck is what catches them", () => {
    for (const p of ISSUE_FIVE) expect(staticRedos(p), p).toBeUndefined();
  });

  it("real skills' patterns and the usual safe shapes pass", () => {
    const real = realPatterns();
    expect(real.length).toBeGreaterThanOrEqual(4);
    for (const p of [...real, ...OK]) expect(checkTriggerRegex(p), p).toEqual({ ok: true });
  });

  it("says why, with the part of the pattern at fault", () => {
    const v = checkTriggerRegex("(a|b|ab)*c");
    expect(v.ok === false && v.reason).toMatch(/^matching time is exponential in the input's length around `.*`/);
    const w = checkTriggerRegex("a*a*a*a*a*a*b");
    expect(w.ok === false && w.reason).toMatch(/degree-\d polynomial/);
  });

  it("refuses what it cannot analyse, and patterns over the length limit", () => {
    expect(checkTriggerRegex("(a+)\\1+x")).toMatchObject({ ok: false, reason: expect.stringContaining("back-reference is not supported") });
    expect(checkTriggerRegex("x".repeat(TRIGGER_PATTERN_MAX + 1))).toMatchObject({ ok: false, reason: expect.stringContaining(`over the ${TRIGGER_PATTERN_MAX}`) });
    expect(checkTriggerRegex("x".repeat(TRIGGER_PATTERN_MAX))).toEqual({ ok: true });
  });

  it("refuses many quantifiers: their choices multiply whatever the input's length", () => {
    // 0.3 s in V8 on 24 characters, and recheck calls it safe (constant in the input's length).
    const p = "a?".repeat(24) + "a".repeat(24);
    expect(checkTriggerRegex(p)).toMatchObject({ ok: false, reason: expect.stringContaining(`24 quantifiers, over the ${TRIGGER_QUANTIFIERS_MAX}`) });
    expect(checkTriggerRegex("a?".repeat(TRIGGER_QUANTIFIERS_MAX) + "b")).toEqual({ ok: true });
  });

  it("counts quantifiers outside classes, telling lazy marks, group syntax and literal braces apart", () => {
    expect(quantifiers("\\bissue #\\d+")).toEqual({ single: 1, group: 0, bounded: 0, total: 1 });
    expect(quantifiers("(?:ab)+?x*[+*?{]\\+a{2}b{1,}c{x")).toEqual({ single: 2, group: 1, bounded: 1, total: 4 });
    expect(quantifiers("(ab)?c?")).toEqual({ single: 0, group: 0, bounded: 0, total: 2 });
    expect(quantifiers("(?:a?){9}b{2,5}(?:\\.\\d+){1,3}")).toEqual({ single: 1, group: 0, bounded: 3, total: 1 + 9 + 1 + 1 + 3 });
    // Four groups of nine optional a's: 2^36 ways to try 36 characters, whatever recheck says of growth.
    expect(checkTriggerRegex("(?:a?){9}".repeat(4) + "a".repeat(36))).toMatchObject({ ok: false, reason: expect.stringContaining("quantifiers") });
  });

  it("checks patterns without \\b first (fewer states, same or more paths), then as written when that fails", () => {
    expect(withoutWordBoundaries("\\bx\\B[\\b]\\\\b\\d")).toBe("x[\\b]\\\\b\\d");
    // Relaxed, this one is vulnerable; as written too, so it is refused with positions in the original.
    const v = checkTriggerRegex("\\b(?:a|b|ab)*\\bc");
    expect(v.ok === false && v.reason).toMatch(/exponential/);
  });

  it("knows repeats that can stop in one place only (a sound shortcut before recheck)", () => {
    for (const p of ["\\bworked in v?\\d+\\.\\d+", "\\w+\\s\\w+", "[a-z]+-\\d+$", "x*?y", "a+"]) expect(deterministicLoops(p, "i"), p).toBe(true);
    for (const p of ["\\d+\\d+", "\\w+x", ".*\\bfrom", "a+|b", "(\\d+)", "\\d+\\.?\\d+", "a*A", "\\w+\\1", "[^x]+y"]) expect(deterministicLoops(p, "i"), p).toBe(false);
  });

  it("reads no clock of its own: recheck's time limit is the one the caller gives (none for checkTriggerRegex)", () => {
    const src = readFileSync("src/pipeline/frontmatter/trigger-regex-recheck.ts", "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
    expect(src).not.toMatch(/performance\.now|Date\.now|new Date|setTimeout|hrtime/);
    expect(src).toMatch(/timeout: timeLimitMs \?\? null/);
  });
});

describe("match() bounds what a pattern examines", () => {
  it("runs trigger patterns on the first MATCH_MAX characters only", () => {
    const b = bundle([{ name: "late", description: "x", triggers: { keywords: [], verbs: [], patterns: ["zz$"] } }]);
    const skills = createSkills(b.data);
    expect(skills.match("a".repeat(MATCH_MAX - 2) + "zz")).toHaveLength(1);
    // "zz" past the limit is not seen: the text was cut to its first MATCH_MAX characters.
    expect(skills.match("a".repeat(MATCH_MAX - 1) + "zz")).toHaveLength(0);
  });
});
