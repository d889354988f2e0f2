// firstSentence flattens only the sentence it returns; it must give what the former whole-text
// flattening gave, kept here as the reference, on every kind of space, line break and mark.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { firstSentence } from "../../../src/pipeline/frontmatter/fields.js";

function reference(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const m = /^(.+?[.!?])(?=\s|$)/.exec(flat);
  return m ? m[1]! : flat;
}

describe("firstSentence", () => {
  it("cuts at the first mark followed by a space or the end", () => {
    expect(firstSentence("  Does x.  Then\n y. ")).toBe("Does x.");
    expect(firstSentence("v1.2 is out! Yes")).toBe("v1.2 is out!");
    expect(firstSentence(". Starts with a mark. Then")).toBe(". Starts with a mark.");
    expect(firstSentence("no mark\n\there")).toBe("no mark here");
    expect(firstSentence(" \n ")).toBe("");
  });

  it("equals the whole-text flattening on random text", () => {
    const PARTS = [" ", "  ", "\n", "\r\n", "\t", "\u2028", "\u00a0", "\ufeff", ".", "!", "?", "a", "bc", "x.y", "e.g.", "…", "é", "?!"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PARTS), { maxLength: 30 }), (parts) => {
        const text = parts.join("");
        expect(firstSentence(text), JSON.stringify(text)).toBe(reference(text));
      }),
      { numRuns: 20000, seed: 20261124 },
    );
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (text) => {
      expect(firstSentence(text)).toBe(reference(text));
    }), { numRuns: 5000, seed: 7 });
  });
});
