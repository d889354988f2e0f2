// hasHidden (src/util/hidden-chars.ts) is one character class plus a surrogate check instead of the
// HIDDEN_ONE regex with its alternation: it must answer exactly as that regex on any string.
import { describe, expect, it } from "vitest";
import { HIDDEN_ONE_FOR_TESTS, hasHidden } from "../../../src/util/hidden-chars.js";
import { rng } from "../../helpers/prng.js";

/** Every code unit at or next to an edge of the hidden set, plus ordinary text. */
const EDGES = [
  0x00, 0x01, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x1f, 0x20, 0x41, 0x7e, 0x7f, 0x80, 0x9f, 0xa0, 0x61b, 0x61c, 0x61d,
  0x200a, 0x200b, 0x200f, 0x2010, 0x2027, 0x2028, 0x202e, 0x202f, 0x205f, 0x2060, 0x2064, 0x2065, 0x2066, 0x2069, 0x206a,
  0xfefe, 0xfeff, 0xff00, 0xdb3f, 0xdb40, 0xdb41, 0xdbff, 0xdbff, 0xdc00, 0xdc01, 0xdc7f, 0xdc80, 0xdfff, 0xe000, 0xffff,
];

/** A small seeded generator (mulberry32), so a failure reproduces. */

describe("hasHidden", () => {
  it("answers as HIDDEN_ONE on every single code unit", () => {
    for (let c = 0; c <= 0xffff; c++) {
      const s = String.fromCharCode(c);
      expect([c, hasHidden(s)]).toEqual([c, HIDDEN_ONE_FOR_TESTS.test(s)]);
    }
  });

  it("answers as HIDDEN_ONE on 50,000 random strings of edge code units and text", () => {
    const next = rng(15);
    let hidden = 0;
    for (let n = 0; n < 50_000; n++) {
      const len = Math.floor(next() * 12);
      let s = "";
      for (let i = 0; i < len; i++) s += next() < 0.5 ? "a" : String.fromCharCode(EDGES[Math.floor(next() * EDGES.length)]!);
      const want = HIDDEN_ONE_FOR_TESTS.test(s);
      if (hasHidden(s) !== want) expect(hasHidden(s), [...s].map((c) => c.charCodeAt(0).toString(16)).join(" ")).toBe(want);
      if (want) hidden++;
    }
    // Both answers occur often enough for the comparison to mean something.
    expect(hidden).toBeGreaterThan(5_000);
    expect(hidden).toBeLessThan(45_000);
  });

  it("finds a tag after many lone high surrogates, and none in a run of them", () => {
    const lone = "\udb40x".repeat(100_000);
    expect(hasHidden(lone)).toBe(false);
    expect(hasHidden(lone + "\udb40\udc41")).toBe(true);
    expect(hasHidden("\udb40".repeat(100_000))).toBe(false);
  });
});
