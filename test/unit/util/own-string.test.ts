// ownString (src/util/own-string.ts) copies a string to change how V8 stores it, never what it holds.
import { describe, expect, it } from "vitest";
import { ownString } from "../../../src/util/own-string.js";

describe("ownString", () => {
  it("keeps every character: Latin-1, beyond it, lone surrogates, short and long, sliced from a larger text", () => {
    const text = "name: café-skill\u00ff\u0000\u007f — 中文 \u{1f600} \ud800 x\udc00 " + "a".repeat(100);
    const cases = ["", "a", "café", "\u00ff\u0080", "x".repeat(12), "x".repeat(13), text];
    for (let i = 0; i < text.length; i += 3) for (const len of [1, 5, 12, 13, 40]) cases.push(text.slice(i, i + len));
    for (const s of cases) expect(ownString(s)).toBe(s);
  });
});
