// "Did you mean": closest() keeps its normalisation and threshold on fastest-levenshtein's distance,
// which must equal the textbook Levenshtein distance (the loop it replaced) on every input.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { distance } from "fastest-levenshtein";
import { closest } from "../../../src/util/closest.js";

/** The dynamic-programming Levenshtein distance over UTF-16 code units: the oracle. */
function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j]!;
      prev[j] = Math.min(above + 1, prev[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return prev[b.length]!;
}

describe("closest", () => {
  it("suggests across case, `_`, `-` and spaces", () => {
    expect(closest("when-to-use", ["when_to_use", "description"])).toBe("when_to_use");
    expect(closest("outdir", ["outDir", "roots"])).toBe("outDir");
    expect(closest("Allowed Tools", ["allowed-tools", "argument-hint"])).toBe("allowed-tools");
  });

  it("suggests within a third of the word's length, at least 1 and at most 3 edits", () => {
    expect(closest("nme", ["name"])).toBe("name"); // 1 edit, limit 1
    expect(closest("nm", ["name"])).toBeUndefined(); // 2 edits, limit 1
    expect(closest("dscrption", ["description"])).toBe("description"); // 2 edits, limit 3
    expect(closest("dscrptn", ["description"])).toBeUndefined(); // 4 edits, limit 2
    expect(closest("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-skill", ["my-skill"])).toBeUndefined(); // limit 3 however long
    expect(closest("anything", [])).toBeUndefined();
  });

  it("picks the first of equally near candidates", () => {
    expect(closest("cat", ["bat", "hat"])).toBe("bat");
    expect(closest("cat", ["hat", "bat"])).toBe("hat");
  });
});

describe("fastest-levenshtein's distance", () => {
  // Short and long strings (the library switches algorithm at 32 code units), astral characters as two units.
  const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ minLength: 30, maxLength: 80 }), fc.string({ unit: "grapheme", maxLength: 20 }));
  it("equals the Levenshtein distance over UTF-16 code units", () => {
    fc.assert(fc.property(text, text, (a, b) => distance(a, b) === levenshtein(a, b)), { numRuns: 500 });
    expect(distance("kitten", "sitting")).toBe(3);
    expect(distance("a".repeat(40) + "😀", "a".repeat(39) + "😁")).toBe(levenshtein("a".repeat(40) + "😀", "a".repeat(39) + "😁"));
  });
});
