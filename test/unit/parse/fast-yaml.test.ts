// The frontmatter fast path (src/pipeline/frontmatter/fast-yaml.ts) against the yaml path it stands
// in for: whenever it answers, `yaml` must parse the same source without an error or warning into a
// map, with the same data (toPlain(toJS)) and the same node positions (collectPositions). Checked on
// corpus-like frontmatter, hand-picked hostile cases and random sources built from YAML's sharp edges.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isMap, parseDocument } from "yaml";
import { fastFrontmatter } from "../../../src/pipeline/frontmatter/fast-yaml.js";
import { collectPositions, spanPositions, toPlain } from "../../../src/pipeline/frontmatter/yaml-positions.js";
import { LineIndex } from "../../../src/pipeline/frontmatter/locate.js";

/** What parse.ts's yaml path makes of `src`, or undefined when it reports anything. */
function viaYaml(src: string) {
  const doc = parseDocument(src, { uniqueKeys: true, prettyErrors: false, strict: true });
  if (doc.errors.length > 0 || doc.warnings.length > 0 || !isMap(doc.contents)) return undefined;
  const data = toPlain(doc.toJS({ maxAliasCount: 100 }));
  return { data, positions: collectPositions(doc.contents, 0, new LineIndex(src)) };
}

function viaFast(src: string) {
  const fast = fastFrontmatter(src);
  return fast && { data: fast.data, positions: spanPositions(fast.spans, 0, new LineIndex(src)) };
}

/** The fast path answers only what yaml answers the same way. */
function agrees(src: string): boolean {
  const fast = viaFast(src);
  if (!fast) return false;
  const yaml = viaYaml(src);
  expect(yaml, JSON.stringify(src)).toBeDefined();
  expect(fast.data, JSON.stringify(src)).toStrictEqual(yaml!.data);
  expect({ ...fast.positions }, JSON.stringify(src)).toStrictEqual({ ...yaml!.positions });
  expect(Object.keys(fast.positions)).toEqual(Object.keys(yaml!.positions));
  return true;
}

const CORPUS_LIKE = [
  "name: saml-parser-2\ndescription: 'Measure configs. Use when the user''s asks: check it.'\nargument-hint: \"[issue]\"",
  "name: grafana-expert\ndescription: >-\n  Convert valid records for queue backpressure with sed. Use when the user asks\n  to cancel or run a template.\nmetadata:\n  author: \"platform-team\"\n  version: \"3.2\"",
  "name: x\ndescription: >\n  folded\n  clipped\nallowed-tools:\n  - Read\n  - Grep\n  - Bash(git status:*)",
  "name: x\ndescription: |\n  literal\n  kept #1\n  - not a list\nk: v",
  "name: x\ndescription: |-\n  literal: stripped\n  two",
  "arguments: [branch, target-dir, x_y]\nname: yy   \ndescription: \"a # b: c\"   ",
  "metadata:\n    deep: 'x'\n    other: plain words, [not] {a} flow\nname: nn",
  "a: [one]\nb: c'd\"e\nc: 'it''s'\nd: ''''",
  "__proto__: x\nconstructor: yy\nhasOwnProperty: z",
  "metadata:\n  tags: [a, b]\n  nn: m",
  "triggers:\n  keywords: [key, rag]\n  patterns: ['\\bdescribe(ing|ed)? (the |a )?patchs?\\b', 'x''y, z]', '']\nname: nn",
  "user-invocable: false\ndisable-model-invocation: true\ntriggers:\n  keywords: [label, security scanning, a-1 2]",
  "name: héllo wörld 日本\ndescription: \"“quoted” — dash\"",
];

const HOSTILE = [
  "name: a\nname: b",
  "metadata:\n  a: 1\n  a: 2",
  "name: true",
  "name: null\nx: y",
  "null: x",
  "True: x",
  "name: 012",
  "name: 1.5",
  "name: .inf",
  "name: ~",
  "name: a # comment",
  "# comment\nname: a",
  "name: a\n\nb: c",
  "name: a\n  continued",
  "name: 'a\n  b'",
  "name: \"a\\tb\"",
  "name: \"a\"b\"",
  "name: 'a'b'",
  "name: a:",
  "name: a: b",
  "name:\tx",
  "name: x\t",
  "key:",
  "key:\nnext: x",
  "list:\n- a\n- b",
  "list:\n  - a\n   - b",
  "list:\n  - a\n  b: c",
  "map:\n  a: b\n - c",
  "map:\n  a: b\n    c: d",
  "map:\n  a:\n    b: c",
  "d: >-\n  a\n\n  b",
  "d: >-\n  a\n    b",
  "d: >-\n  a  \n  b",
  "d: >+\n  a",
  "d: >2\n  a",
  "d: >-",
  "d: >-\nx: y",
  "d: [a,b]",
  "d: [a, true]",
  "d: [a, [b]]",
  "d: []",
  "d: &anchor x\ne: *anchor",
  "d: !tag x",
  "d: @x",
  "d: `x`",
  "d: %x",
  "d: -x",
  "d: ? x",
  "? x\n: y",
  "x : y",
  "- a",
  "plain",
  "---\nname: a",
  "name: a\n...",
  "%YAML 1.2\n---\nname: a",
  "name: a\u0085b",
  "name: a\u2028b",
  "name: \ufeffa",
  "name: 😀",
  "k" + "y".repeat(1100) + ": v",
  "n: x\n",
  "",
];

describe("the frontmatter fast path", () => {
  it("answers corpus-like frontmatter, exactly as yaml does", () => {
    for (const src of CORPUS_LIKE) expect(agrees(src), JSON.stringify(src)).toBe(true);
  });

  it("leaves hostile sources to yaml, or answers them exactly as yaml does", () => {
    let answered = 0;
    for (const src of HOSTILE) if (agrees(src)) answered++;
    // Most of these are yaml's to report; the fast path takes none that it would get wrong.
    expect(answered).toBeLessThan(HOSTILE.length / 4);
  });

  it("agrees with yaml on random sources made of YAML's sharp edges", () => {
    const piece = fc.constantFrom(
      "name", "a", "b-c", "x_y", "true", "false", "False", "null", "Yes", "1", "0.5", ".inf", "~",
      ": ", ":", " ", "  ", "    ", "\n", "\n  ", "\n  - ", "\n    ", "- ", "#", " #", "'", "''", '"', "\\",
      "[", "]", ", ", ",", "{", "}", ">", ">-", "|", "|-", "&", "*", "!", "?", "%", "@", "`", "---", "...", "\t", "é", "😀", "__proto__",
    );
    let answered = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        if (agrees(parts.join(""))) answered++;
      }),
      { numRuns: 20000, seed: 20261124 },
    );
    // Built on a corpus-like skeleton so that the fast path answers often enough to be tested.
    const skeleton = fc.tuple(
      fc.constantFrom("name: ", "description: ", "metadata:\n  author: ", "tools:\n  - ", "d: >-\n  ", "d: |\n  ", "args: [", "args: ['", "t:\n  p: ['a', '"),
      fc.array(piece, { maxLength: 12 }),
      fc.constantFrom("", "\nname: x", "\n  version: y", "\n  - z", "]", "\n  more", "']", "', b]", "'']"),
    );
    fc.assert(
      fc.property(skeleton, ([head, mid, tail]) => {
        if (agrees(head + mid.join("") + tail)) answered++;
      }),
      { numRuns: 20000, seed: 20261125 },
    );
    expect(answered).toBeGreaterThan(500);
  });
});

describe("fast path work on hostile frontmatter", () => {
  /** Code units String#indexOf and #includes examine while the fast path reads `src` (counted, not timed). */
  function scanned(src: string): number {
    const { indexOf, includes } = String.prototype;
    let total = 0;
    String.prototype.indexOf = function (this: string, needle: string, from = 0) {
      const at = indexOf.call(this, needle, from);
      total += (at === -1 ? this.length : at) - from;
      return at;
    };
    String.prototype.includes = function (this: string, needle: string, from = 0) {
      const at = indexOf.call(this, needle, from);
      total += (at === -1 ? this.length : at) - from;
      return at !== -1;
    };
    try {
      expect(fastFrontmatter(src)).toBeDefined();
    } finally {
      String.prototype.indexOf = indexOf;
      String.prototype.includes = includes;
    }
    return total;
  }

  it("searches quoted values and flow lists within their line: work grows with the input, not its square", () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 ? `k${i}: "value ${i}"` : `k${i}: [a, b${i}]`)).join("\n") + "\n";
    const small = lines(2_000);
    const large = lines(8_000);
    expect(scanned(small)).toBeLessThan(4 * small.length);
    expect(scanned(large)).toBeLessThan(4 * large.length);
  });
});
