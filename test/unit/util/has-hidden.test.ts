// hasHidden (src/util/hidden-chars.ts) is one character class plus a surrogate check instead of the
// HIDDEN_ONE regex with its alternation: it must answer exactly as that regex on any string.
import { describe, expect, it } from "vitest";
import { HIDDEN_ONE_FOR_TESTS, bytesMayHoldHidden, hasHidden } from "../../../src/util/hidden-chars.js";
import { decodeSkill } from "../../../src/pipeline/frontmatter/locate.js";
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

/** What bytesMayHoldHidden must answer for SKILL.md bytes: whether the text decodeSkill makes of them holds a hidden character. */
function hiddenInDecoded(bytes: Uint8Array): boolean {
  const d = decodeSkill(bytes);
  return d.ok && hasHidden(d.text);
}

describe("bytesMayHoldHidden", () => {
  const utf8 = (s: string) => Buffer.from(s, "utf8");

  it("answers as the decoded text's hasHidden for every BMP code point and the tag block's neighbours, alone and between text", () => {
    const cps: number[] = [];
    for (let cp = 1; cp <= 0xffff; cp++) if (cp < 0xd800 || cp > 0xdfff) cps.push(cp);
    // The tag characters (F3 A0 80–81 xx) and the 4-byte forms around them and at the planes' ends.
    for (const [from, to] of [[0x10000, 0x100ff], [0x1f300, 0x1f3ff], [0xdff00, 0xe03ff], [0xf0000, 0xf00ff], [0x10ff00, 0x10ffff]] as const) for (let cp = from; cp <= to; cp++) cps.push(cp);
    for (const cp of cps) {
      const ch = String.fromCodePoint(cp);
      for (const s of [ch, `—${ch}—`]) {
        const bytes = utf8(s);
        if (bytesMayHoldHidden(bytes) !== hiddenInDecoded(bytes)) expect([cp.toString(16), s.length, bytesMayHoldHidden(bytes)]).toEqual([cp.toString(16), s.length, hiddenInDecoded(bytes)]);
      }
    }
  });

  it("answers as the decoded text's hasHidden on 50,000 random texts of edge characters, em dashes and CRs", () => {
    const next = rng(16);
    const chars = ["a", "\n", "\r", "\t", "—", "\u2014", "\u2010", "\u2027", "\u2030", "\u205f", "\u2065", "\u206a", "\u00a0", "\u00c2", "\u0600", "\ufefe", "\uff00", "\u{e0080}", "\u{f0000}", "\u{1f3f4}"];
    // No NUL: decodeSkill makes no text of bytes holding one, so the check never runs on them.
    for (const cp of EDGES) if (cp !== 0 && (cp < 0xd800 || cp > 0xdfff)) chars.push(String.fromCharCode(cp));
    chars.push("\u{e0041}", "\u{e007f}", "\ufeff");
    let hidden = 0;
    for (let n = 0; n < 50_000; n++) {
      const len = Math.floor(next() * 10);
      let s = "";
      for (let i = 0; i < len; i++) s += chars[Math.floor(next() * chars.length)]!;
      const bytes = utf8(s);
      const want = hiddenInDecoded(bytes);
      if (bytesMayHoldHidden(bytes) !== want) expect(bytesMayHoldHidden(bytes), [...s].map((c) => c.codePointAt(0)!.toString(16)).join(" ")).toBe(want);
      if (want) hidden++;
    }
    expect(hidden).toBeGreaterThan(5_000);
    expect(hidden).toBeLessThan(45_000);
  });

  it("leaves out the BOM that decoding drops, and finds a second one", () => {
    expect(bytesMayHoldHidden(utf8("\ufeff---\nname: a\n---\n"))).toBe(false);
    expect(bytesMayHoldHidden(utf8("\ufeff\ufeff---\n"))).toBe(true);
    expect(bytesMayHoldHidden(utf8("a\ufeff"))).toBe(true);
  });

  it("reads a view into a larger buffer (a worker's batch) only within its bounds", () => {
    const all = utf8("\u202e—plain text—\u200b");
    const inner = new Uint8Array(all.buffer, all.byteOffset + 3, all.byteLength - 6);
    expect(bytesMayHoldHidden(inner)).toBe(false);
    expect(bytesMayHoldHidden(new Uint8Array(all.buffer, all.byteOffset, all.byteLength))).toBe(true);
  });
});
