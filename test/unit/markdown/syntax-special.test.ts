// maybeSpecialAt stands for RE_MAYBE_SPECIAL on the rest of the line (scan.ts asks it once per line).
import { describe, expect, it } from "vitest";
import { RE_MAYBE_SPECIAL, maybeSpecialAt } from "../../../src/markdown/syntax.js";

describe("maybeSpecialAt", () => {
  it("answers as RE_MAYBE_SPECIAL on the slice, for every code unit and past the end", () => {
    for (let c = 0; c < 0x10000; c++) {
      const s = "ab" + String.fromCharCode(c) + "z";
      expect(maybeSpecialAt(s, 2)).toBe(RE_MAYBE_SPECIAL.test(s.slice(2)));
    }
    expect(maybeSpecialAt("ab", 2)).toBe(RE_MAYBE_SPECIAL.test(""));
    expect(maybeSpecialAt("ab", 7)).toBe(false);
  });
});
