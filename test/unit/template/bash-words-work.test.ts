// Claude Code's argument splitter (src/emit/bash-words.ts) runs in every claude-code bundle on the
// raw arguments a model passes to load_skill (up to 10,000 characters reach its parser). Its work
// must be linear in their length, as README "Runtime limits" promises: 10,000 `(` cost one
// synchronous call ~0.2 s of CPU when each bracket's closer was searched from scratch. The work is
// counted, not timed: the input is a String behind a Proxy that counts each character read.
import { beforeAll, describe, expect, it } from "vitest";
import { bashWords } from "../../../src/emit/bash-words.js";

let words: (raw: string) => string[];
beforeAll(async () => {
  words = new Function(`${await bashWords()}; return __skillcWords`)();
});

/** The splitter's words for `s` and how many characters of it were read by index. */
function counted(s: string): { out: string[]; reads: number } {
  let reads = 0;
  const target = new String(s);
  const p = new Proxy(target, {
    get(t, k) {
      if (typeof k == "string" && /^\d+$/.test(k)) reads++;
      const v = Reflect.get(t, k);
      return typeof v == "function" ? v.bind(t) : v;
    },
  });
  return { out: words(p as unknown as string), reads };
}

const SHAPES: Record<string, (n: number) => string> = {
  "open brackets": (n) => "(".repeat(n),
  "open brackets and blanks": (n) => "( ".repeat(n / 2),
  "brackets after a word": (n) => "a (".repeat(n / 3),
  "closed brackets": (n) => "(a) ".repeat(n / 4),
  "nested then closed": (n) => "(".repeat(n / 2) + ")".repeat(n / 2),
  "closed inside open": (n) => "(()".repeat(n / 3),
  "dollar brackets": (n) => "$(".repeat(n / 2),
  "quotes": (n) => '"'.repeat(n),
  "backquotes": (n) => "`".repeat(n),
  "pipes": (n) => "a | ".repeat(n / 4),
  "pipes then a redirection": (n) => "a | ".repeat(n / 4) + "b >x",
  "and-lists": (n) => "a && ".repeat(n / 5),
  "keywords": (n) => "if ".repeat(n / 3),
  "assignments": (n) => "x=1 ".repeat(n / 4),
  "assignment brackets": (n) => "x=( ".repeat(n / 4),
  "redirections": (n) => "<".repeat(n),
  "process substitutions": (n) => "<(".repeat(n / 2),
  "comments": (n) => "#\n".repeat(n / 2),
  "escapes": (n) => "\\(".repeat(n / 2),
};

describe("the claude-code argument splitter's work is linear", () => {
  for (const [shape, make] of Object.entries(SHAPES)) {
    it(shape, () => {
      const small = counted(make(2000)), big = counted(make(8000));
      // Four times the input, at most about four times the reads (quadratic work would be sixteen).
      expect(big.reads).toBeLessThanOrEqual(5 * Math.max(small.reads, 2000));
    });
  }
});
