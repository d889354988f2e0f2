// The literals emit writes into generated JavaScript: json (one JSON.stringify) proven equal to lit
// (the walk) on random plain data, both proven to evaluate back to their input, hostile strings
// included: lone surrogates, U+2028/U+2029, NUL and other controls, `</script`, quotes, backslashes.
import { describe, expect, it } from "vitest";
import { runInNewContext } from "node:vm";
import { json, lit, str } from "../../../src/emit/literal.js";
import { NASTY, randomString, rng } from "./random.js";

/** Plain data of the kinds emit writes: strings, numbers, booleans, null, arrays, objects under chosen keys (undefined values too). */
function randomValue(r: () => number, depth = 0): unknown {
  const p = r();
  if (depth > 3 || p < 0.35) return randomString(r);
  if (p < 0.45) return Math.floor(r() * 1e6) - 5e5;
  if (p < 0.5) return r() < 0.5;
  if (p < 0.55) return r() < 0.5 ? null : undefined;
  if (p < 0.58) return [Infinity, NaN, -0, 1.5e300][Math.floor(r() * 4)];
  if (p < 0.8) return Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 4); i > 0; i--) o[randomString(r).replace("__proto__", "proto")] = randomValue(r, depth + 1);
  return o;
}

const evaluate = (code: string): unknown => runInNewContext(`(${code})`);

describe("literals", () => {
  it("json equals lit on 5,000 random values, and neither holds a raw line separator", () => {
    const r = rng(15);
    for (let i = 0; i < 5000; i++) {
      const v = [randomValue(r)];
      const a = json(v);
      expect(a).toBe(lit(v));
      expect(a).not.toMatch(/[\u2028\u2029]/);
    }
  });

  it("str evaluates back to its input, as JavaScript and as JSON", () => {
    const r = rng(2026);
    for (let i = 0; i < 1000; i++) {
      const s = randomString(r);
      const code = str(s);
      expect(code).not.toMatch(/[\u2028\u2029]/);
      expect(evaluate(code)).toBe(s);
      expect(JSON.parse(code)).toBe(s);
    }
  });

  it("escapes every hostile character in the string on its own", () => {
    for (const c of NASTY) {
      expect(evaluate(str(c))).toBe(c);
      expect(json({ k: [c] })).toBe(lit({ k: [c] }));
    }
    expect(str("\u2028\u2029")).toBe('"\\u2028\\u2029"');
    expect(str("\ud800")).toBe('"\\ud800"');
  });
});
