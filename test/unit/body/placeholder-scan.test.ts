// The placeholder search jumps from `$` to `$` (body-checks.ts nextPlaceholder) instead of letting the
// regex try every offset: it must find exactly the matches a plain global scan finds.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { nextPlaceholder, placeholderPattern } from "../../../src/pipeline/body-checks.js";

function viaJumps(text: string, names: string[], from: number): Array<[number, string]> {
  const re = placeholderPattern(names);
  const out: Array<[number, string]> = [];
  for (let m = nextPlaceholder(re, text, from); m; m = nextPlaceholder(re, text, m.index + m[0].length)) out.push([m.index, m[0]]);
  return out;
}

function viaScan(text: string, names: string[], from: number): Array<[number, string]> {
  const re = new RegExp(placeholderPattern(names).source, "g");
  re.lastIndex = from;
  const out: Array<[number, string]> = [];
  for (let m = re.exec(text); m; m = re.exec(text)) out.push([m.index, m[0]]);
  return out;
}

describe("nextPlaceholder", () => {
  it("finds what a global scan finds", () => {
    const TOKENS = ["$", "\\", "\\\\", "$$", "1", "12", "ARGUMENTS", "[0]", "[", "name", "names", "{CLAUDE_SKILL_DIR}", "{CLAUDE_X}", "a", " ", ".5", "-", "\n", "`"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), fc.nat(6), fc.boolean(), (tokens, from, named) => {
        const text = tokens.join("");
        const names = named ? ["name", "x"] : [];
        expect(viaJumps(text, names, from)).toEqual(viaScan(text, names, from));
      }),
      { numRuns: 20000, seed: 20261124 },
    );
  });

  it("takes the backslash before a `$` only from the search's start on", () => {
    expect(viaJumps("\\$1 $2", [], 1)).toEqual(viaScan("\\$1 $2", [], 1));
    expect(viaJumps("\\$1 $2", [], 0).map(([, s]) => s)).toEqual(["\\$1", "$2"]);
  });
});
