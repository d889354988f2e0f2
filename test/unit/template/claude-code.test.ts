// The claude-code dialect against Claude Code 2.1.330's own substitution: one row per case of issue
// 16 item 6, each expected value read off Claude Code's function (scripts/cc-differential.mjs runs it
// from the npm package on generated cases; it is not part of npm test).
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { compileTemplate } from "../../../src/pipeline/template.js";
import { expandTemplate, type LoadOptions } from "../../../src/runtime/render.js";
import { bashWords } from "../../../src/emit/bash-words.js";

const DIR = "skills/demo";
const VARS: LoadOptions = { sessionId: "S1", projectDir: "/proj", effort: "high" };
let words: (raw: string) => string[];
beforeAll(async () => {
  words = new Function(`${await bashWords()}; return __skillcWords`)();
});

const render = (body: string, args: string | string[] | undefined, names: string[] = [], vars: LoadOptions = VARS) =>
  expandTemplate(compileTemplate(body, { dialect: "claude-code", argumentNames: names }), args, { ...vars, dir: DIR, cc: true, words }).content;

type Row = [label: string, body: string, args: string | undefined, expected: string, names?: string[]];

const ISSUE: Row[] = [
  ["a backslash after a backslash does not escape", "[\\\\$0]", "a", "[\\\\a]"],
  ["\\$ + a digit drops the backslash, even in \\$1abc", "[\\$1abc]", "a b", "[$1abc]\n\nARGUMENTS: a b"],
  ["no escape for ${CLAUDE_SKILL_DIR}", "[\\${CLAUDE_SKILL_DIR}]", "x", `[\\${DIR}]\n\nARGUMENTS: x`],
  ["a named argument followed by [ is not matched", "[$who[0]]", "ann", "[$who[0]]\n\nARGUMENTS: ann", ["who"]],
  ["a named argument called ARGUMENTS takes $ARGUMENTS, not $ARGUMENTS[N]", "[$ARGUMENTS] [$ARGUMENTS[1]]", "a b", "[a] [b]", ["ARGUMENTS"]],
  ["whitespace-only args append", "hi", " ", "hi\n\nARGUMENTS:  "],
  ["no args is \"\": named and $ARGUMENTS empty, $N kept", "$who|$ARGUMENTS|$0|$ARGUMENTS[0]", undefined, "||$0|$ARGUMENTS[0]", ["who"]],
  ["split: ann; bob → one word", "$0|$1", "ann; bob", "ann|$1"],
  ["split: an expansion is dropped", "$0|$1", "ann $HOME", "ann|$1"],
  ["split: assignments before the command are skipped", "$0|$1", "x=1 y", "y|$1"],
  ["split: a keyword opens the command", "$0|$1", "if x", "x|$1"],
  ["split: a double-quoted word keeps its backslash", "$0|$1", '"a\\"b"', 'a\\"b|$1'],
  ["split: an unclosed quote runs to the end, quote kept", "$0|$1", "'open x", "'open x|$1"],
  ["split: a redirection ends the words", "$0|$1", "a > f b", "a|$1"],
  ["split: a comment ends the words", "$0|$1", "a # b", "a|$1"],
  ["split: a pipe ends the words", "$0|$1", "a | b", "a|$1"],
  ["split: & ends the words", "$0|$1", "a & b", "a|$1"],
  ["split: ${x} is dropped", "$0|$1", "a ${x} b", "a|b"],
  ["! escaped in every value", "[$0] [$ARGUMENTS]", "!x y", "[\\!x] [\\!x y]"],
  ["! escaped in the appended line", "plain", "!x", "plain\n\nARGUMENTS: \\!x"],
  ["!` is split", "[$0]", "!`cmd`", "[\\! `cmd`]"],
  ["! inside a word stays", "[$0]", "a!b", "[a!b]"],
  ["the CLAUDE_* variables from load's options", "${CLAUDE_SESSION_ID} ${CLAUDE_PROJECT_DIR} ${CLAUDE_EFFORT} ${CLAUDE_SKILL_DIR}", undefined, `S1 /proj high ${DIR}`],
  ["the CLAUDE_* variables inside a value", "[$0]", "${CLAUDE_SESSION_ID}/${CLAUDE_SKILL_DIR}", `[S1/${DIR}]`],
  ["the CLAUDE_* variables inside the appended line", "plain", "${CLAUDE_EFFORT}", "plain\n\nARGUMENTS: high"],
  ["trailing whitespace kept", "x $0  \n\n", "a", "x a  \n\n"],
  ["\\$ escapes only before a digit, ARGUMENTS or a named argument", "\\$ARGUMENTS \\$who \\$whoami \\$HOME \\$", "a", "$ARGUMENTS $who \\$whoami \\$HOME \\$\n\nARGUMENTS: a", ["who"]],
  ["U+FFFE and U+FFFF become U+FFFD", "$0\uFFFF", "a\uFFFE", "a\uFFFD\uFFFD"],
  ["$N not followed by a word character", "$1.00 $1abc $10", "a b", "b.00 $1abc $10"],
  ["a named argument needs its end", "$whoever", "ann", "$whoever\n\nARGUMENTS: ann", ["who"]],
  ["a named argument before -", "$file-x", "f", "f-x", ["file"]],
];

describe("claude-code dialect = Claude Code 2.1.330", () => {
  it.each(ISSUE)("%s", (_label, body, args, expected, names) => {
    expect(render(body, args, names ?? [])).toBe(expected);
  });
  it("keeps a CLAUDE_* variable as written when load gives no value", () => {
    expect(render("${CLAUDE_SESSION_ID} ${CLAUDE_PROJECT_DIR} ${CLAUDE_EFFORT} [$0]", "${CLAUDE_EFFORT}", [], {})).toBe(
      "${CLAUDE_SESSION_ID} ${CLAUDE_PROJECT_DIR} ${CLAUDE_EFFORT} [${CLAUDE_EFFORT}]",
    );
  });
  it("compiles the variables to their own placeholder kinds", () => {
    expect(compileTemplate("${CLAUDE_SESSION_ID}${CLAUDE_PROJECT_DIR}${CLAUDE_EFFORT}", { dialect: "claude-code", argumentNames: [] })).toEqual([
      [4, 0, "${CLAUDE_SESSION_ID}"],
      [5, 0, "${CLAUDE_PROJECT_DIR}"],
      [6, 0, "${CLAUDE_EFFORT}"],
    ]);
  });
  it.each([
    ["$0 $1", "'$1' x", "$1 x"],
    ["$ARGUMENTS", "$ARGUMENTS $0", "$ARGUMENTS $0"],
    ["$a $b", "'$b' z", "$b z"],
  ])("never re-expands a value: %j with %j", (body, args, expected) => {
    expect(render(body, args, ["a", "b"])).toBe(expected);
  });
});

describe("the claude-code splitter (emitted per bundle)", () => {
  const rows: Array<[string, string[]]> = [
    ["", []],
    ["  ", []],
    ["a b\tc", ["a", "b", "c"]],
    ["'a b' c\\ d", ["a b", "c d"]],
    ["x=1; y z", ["y", "z"]],
    ["x=1", ["x=1"]],
    ["a=1 b=2 c d", ["c", "d"]],
    ["export a b", ["export"]],
    ["! a b", ["a", "b"]],
    ["(a b)", ["a", "b"]],
    ["{ a; }", ["a"]],
    ["a && b", ["a"]],
    ["a | b > c", ["a", "|", "b", ">", "c"]],
    ["2>f a b", ["a", "b"]],
    ["a <<<x b", ["a", "b"]],
    ["a$HOME b", ["a$HOME", "b"]],
    ["a `b` c", ["a"]],
    ["a $(b) c", ["a"]],
    ["$(x) y", ["$(x)", "y"]],
    ["a (x) b", ["a", "b"]],
    ["#c\na b", ["a", "b"]],
    ["a \\", ["a"]],
    ["`id` a", ["id` a"]],
    ["a '' \"\" b", ["a", "", "", "b"]],
    ["a {b,c} ~d *.md", ["a", "{b,c}", "~d", "*.md"]],
  ];
  it.each(rows)("%j", (raw, expected) => {
    expect(words(raw)).toEqual(expected);
  });
  it("always returns strings, in linear work, for any input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const w = words(s);
        expect(Array.isArray(w) && w.every((x) => typeof x === "string")).toBe(true);
      }),
      { seed: 7, numRuns: 500 },
    );
    // 10,000 opening brackets or dollars: one pass each, not one per character.
    for (const s of ["$(".repeat(5000), "$".repeat(10000), "(".repeat(10000), '"'.repeat(10000)]) expect(words(s).length).toBeLessThanOrEqual(1);
  });
});
