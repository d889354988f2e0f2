import { beforeAll, describe, expect, it } from "vitest";
import { bashWords } from "../../../src/emit/bash-words.js";
import fc from "fast-check";
import { compileTemplate } from "../../../src/pipeline/template.js";
import { renderTemplate, expandTemplate } from "../../../src/runtime/render.js";
import { splitArgs } from "../../../src/runtime/args.js";
import type { Dialect } from "../../../src/runtime/data.js";

const DIR = "skills/demo";

let words: (raw: string) => string[];
beforeAll(async () => {
  words = new Function(`${await bashWords()}; return __skillcWords`)();
});

/** As a bundle renders: claude-code with its emitted splitter (test/unit/template/claude-code.test.ts has Claude Code's own cases). */
function render(body: string, args: string | string[] | undefined, names: string[] = [], dialect: Dialect = "claude-code") {
  const env = dialect === "claude-code" ? { dir: DIR, cc: true, words } : { dir: DIR };
  return renderTemplate(compileTemplate(body, { dialect, argumentNames: names }), args, env);
}

type Row = [label: string, body: string, args: string | string[] | undefined, expected: string, names?: string[]];

const CLAUDE: Row[] = [
  // no args: everything kept but the skill dir
  ["no args is \"\": $ARGUMENTS empty", "run $ARGUMENTS", undefined, "run "],
  ["no args keeps $N", "a $0 $1", undefined, "a $0 $1"],
  ["no args keeps $ARGUMENTS[N]", "x $ARGUMENTS[2]", undefined, "x $ARGUMENTS[2]"],
  ["no args is \"\": named empty", "hi $who", undefined, "hi ", ["who"]],
  ["no args expands skill dir", "cd ${CLAUDE_SKILL_DIR}/x", undefined, `cd ${DIR}/x`],
  ["no args: escape still removed", "cost \\$0.50", undefined, "cost $0.50"],
  ["no args: nothing appended", "plain", undefined, "plain"],
  // $ARGUMENTS
  ["$ARGUMENTS is the raw string", "run $ARGUMENTS now", "a  'b c'", "run a  'b c' now"],
  ["$ARGUMENTS without word boundary", "$ARGUMENTSfoo", "x y", "x yfoo"],
  ["$ARGUMENTS twice", "$ARGUMENTS|$ARGUMENTS", "q", "q|q"],
  ["$ARGUMENTS with empty string", "[$ARGUMENTS]", "", "[]"],
  ["$ARGUMENTS from an array", "[$ARGUMENTS]", ["a b", "c"], "[a b c]"],
  ["$ARGUMENTS_X is still $ARGUMENTS", "$ARGUMENTS_X", "v", "v_X"],
  // $ARGUMENTS[N]
  ["$ARGUMENTS[0]", "<$ARGUMENTS[0]>", "one two", "<one>"],
  ["$ARGUMENTS[1] with quotes", "<$ARGUMENTS[1]>", "one 'two three'", "<two three>"],
  ["$ARGUMENTS[N] missing is kept whole", "<$ARGUMENTS[5]>", "one", "<$ARGUMENTS[5]>\n\nARGUMENTS: one"],
  ["$ARGUMENTS[ x ] is $ARGUMENTS", "$ARGUMENTS[x]", "v", "v[x]"],
  // $N
  ["$0 and $1", "$0-$1", "a b", "a-b"],
  ["$N is 0-based", "$1", "a b c", "b"],
  ["$1.00 is replaced", "$1.00", "a b", "b.00"],
  ["$1abc is not replaced", "$1abc", "a b", "$1abc\n\nARGUMENTS: a b"],
  ["$1_ is not replaced", "$1_", "a b", "$1_\n\nARGUMENTS: a b"],
  ["$10 is the tenth index", "$10", "0 1 2 3 4 5 6 7 8 9 10", "10"],
  ["$N missing kept as written", "$0 $3", "a", "a $3"],
  ["$N missing only → append", "$3", "a", "$3\n\nARGUMENTS: a"],
  ["$N inside code fence replaced", "```\nawk '{print $1}'\n```", "x y", "```\nawk '{print y}'\n```"],
  ["$N with empty args stays", "$0", "", "$0"],
  ["$N from array", "$1", ["a b", "c d"], "c d"],
  ["empty argument via quotes", "[$0][$1]", "'' x", "[][x]"],
  ["$$0: first $ literal", "$$0", "a", "$a"],
  // named
  ["named argument", "hi $who!", "ann bob", "hi ann!", ["who"]],
  ["second named", "$a/$b", "1 2", "1/2", ["a", "b"]],
  ["named missing → empty", "[$b]", "1", "[]", ["a", "b"]],
  ["named with empty args → empty", "[$a]", "", "[]", ["a"]],
  ["named needs a word boundary", "$whoever", "ann", "$whoever\n\nARGUMENTS: ann", ["who"]],
  ["named longest first", "$file $file_name", "f g", "f g", ["file", "file_name"]],
  ["named longest first, reverse order", "$file_name $file", "f g", "g f", ["file", "file_name"]],
  ["named followed by hyphen", "$file-x", "f", "f-x", ["file"]],
  ["kebab name", "$file-name.", "f g", "g.", ["file", "file-name"]],
  ["undeclared $name stays", "$other", "a", "$other\n\nARGUMENTS: a", ["who"]],
  ["a named ARGUMENTS before [ is $ARGUMENTS[N]", "$ARGUMENTS[0]", "v", "v", ["ARGUMENTS"]],
  // escapes
  ["escaped $N with args", "\\$0 $0", "a", "$0 a"],
  ["escaped $ARGUMENTS", "\\$ARGUMENTS", "a", "$ARGUMENTS\n\nARGUMENTS: a"],
  ["escaped $ARGUMENTS[N]", "\\$ARGUMENTS[0]", "a", "$ARGUMENTS[0]\n\nARGUMENTS: a"],
  ["escaped named", "\\$who", "a", "$who\n\nARGUMENTS: a", ["who"]],
  ["no escape for the skill dir", "\\${CLAUDE_SKILL_DIR}", "a", `\\${DIR}\n\nARGUMENTS: a`],
  ["\\$ before a non-placeholder stays, but \\$ + digit escapes", "\\$HOME \\$ \\$1abc", "a", "\\$HOME \\$ $1abc\n\nARGUMENTS: a"],
  ["double backslash: no escape", "\\\\$0", "a", "\\\\a"],
  ["escaped price without args", "\\$1.00", undefined, "$1.00"],
  // values never re-expanded
  ["value holding $1 stays", "$0 $1", "'$1' x", "$1 x"],
  ["raw holding $ARGUMENTS stays", "$ARGUMENTS", "$ARGUMENTS $0", "$ARGUMENTS $0"],
  ["named value holding a placeholder", "$a $b", "'$b' z", "$b z", ["a", "b"]],
  ["skill dir expanded inside args", "$0", "${CLAUDE_SKILL_DIR}", DIR],
  // append rule
  ["nothing matched → append", "plain body", "x y", "plain body\n\nARGUMENTS: x y"],
  ["blank raw appends", "plain body", "   ", "plain body\n\nARGUMENTS:    "],
  ["empty array → no append", "plain body", [], "plain body"],
  ["skill dir alone does not count as a match", "${CLAUDE_SKILL_DIR}", "x", `${DIR}\n\nARGUMENTS: x`],
  ["a $ARGUMENTS match stops the append", "$ARGUMENTS", "x", "x"],
];

const OPENCODE: Row[] = [
  ["oc: $1 is the first", "$1|", "a", "a|"],
  ["oc: last takes the rest", "$1 then $2", "a b c d", "a then b c d"],
  ["oc: only placeholder takes all", "do $1", "a b c", "do a b c"],
  ["oc: highest, not last in text, takes rest", "$2 / $1", "a b c", "b c / a"],
  ["oc: every copy of the highest takes rest", "$2 $2 $1", "a b c", "b c b c a"],
  ["oc: $0 is literal", "$0 $1", "a b", "$0 a b"],
  ["oc: missing kept", "$1 $3", "a", "a $3"],
  ["oc: missing rest kept", "$1 $2", "a", "a $2"],
  ["oc: $ARGUMENTS raw", "$ARGUMENTS", "a  b", "a  b"],
  ["oc: $ARGUMENTS[1] is 1-based", "$ARGUMENTS[1]", "a b", "a"],
  ["oc: $ARGUMENTS[0] is literal", "$ARGUMENTS[0]", "a", "$ARGUMENTS[0]\n\nARGUMENTS: a"],
  ["oc: named", "$who $1", "a b", "a a b", ["who"]],
  ["oc: escapes", "\\$1 $1", "a", "$1 a"],
  ["oc: escaped highest does not take rest", "$1 \\$2", "a b", "a b $2"],
  ["oc: no args keeps", "$1 $2", undefined, "$1 $2"],
  ["oc: append", "plain", "x", "plain\n\nARGUMENTS: x"],
];

describe("renderTemplate, claude-code dialect", () => {
  it.each(CLAUDE)("%s", (_label, body, args, expected, names) => {
    expect(render(body, args, names ?? [])).toBe(expected);
  });
});

describe("renderTemplate, opencode dialect", () => {
  it.each(OPENCODE)("%s", (_label, body, args, expected, names) => {
    expect(render(body, args, names ?? [], "opencode")).toBe(expected);
  });
});

describe("compileTemplate", () => {
  it("produces literal strings and placeholder tuples, merging adjacent literals", () => {
    expect(compileTemplate("a \\$0 $0 $ARGUMENTS[1] $x ${CLAUDE_SKILL_DIR} $ARGUMENTS.", { dialect: "claude-code", argumentNames: ["x"] })).toEqual([
      "a $0 ",
      [1, 0, "$0"],
      " ",
      [1, 1, "$ARGUMENTS[1]"],
      " ",
      [2, 0, "$x"],
      " ",
      [3, 0, "${CLAUDE_SKILL_DIR}"],
      " ",
      [0, 0, "$ARGUMENTS"],
      ".",
    ]);
  });
  it("marks the highest opencode placeholder with rest", () => {
    expect(compileTemplate("$1 $2", { dialect: "opencode", argumentNames: [] })).toEqual([[1, 0, "$1"], " ", [1, 1, "$2", 1]]);
  });
  it("is JSON-safe", () => {
    const parts = compileTemplate("$0 $who \\$1", { dialect: "claude-code", argumentNames: ["who"] });
    expect(JSON.parse(JSON.stringify(parts))).toEqual(parts);
  });
  it("reports whether anything was substituted", () => {
    const parts = compileTemplate("$0", { dialect: "claude-code", argumentNames: [] });
    expect(expandTemplate(parts, "a", { dir: DIR })).toEqual({ content: "a", substituted: true });
    expect(expandTemplate(parts, undefined, { dir: DIR })).toEqual({ content: "$0", substituted: false });
  });
});

describe("splitArgs", () => {
  const rows: Array<[string, string[]]> = [
    ["", []],
    ["   ", []],
    ["a b\tc\nd", ["a", "b", "c", "d"]],
    ["  a   b  ", ["a", "b"]],
    ["'a b' \"c d\"", ["a b", "c d"]],
    ["'' \"\" x", ["", "", "x"]],
    ["a'b c'd", ["ab cd"]],
    ["'it''s'", ["its"]],
    ["\"say \\\"hi\\\"\"", ['say "hi"']],
    ["\"a\\nb\"", ["a\\nb"]],
    ["'a\\b'", ["a\\b"]],
    ["a\\ b", ["a b"]],
    ["\\'x", ["'x"]],
    ["C:\\dir", ["C:dir"]],
    ["a\\\nb", ["ab"]],
    ["x\\", ["x\\"]],
    ["'open quote", ["open quote"]],
    ["\"open", ["open"]],
    ["$HOME *", ["$HOME", "*"]],
  ];
  it.each(rows)("%j", (raw, expected) => {
    expect(splitArgs(raw)).toEqual(expected);
  });
});

// A straightforward reference: one regex replace over the raw body, in the priority order of
// reference.md §3, then the append rule.
function reference(body: string, args: string | string[] | undefined, names: string[], dialect: Dialect): string {
  const sorted = [...names].sort((a, b) => b.length - a.length);
  const namedRe = sorted.length ? sorted.join("|") : "(?!)";
  const re = new RegExp(`(\\\\?)\\$(?:(${namedRe})(?!\\w)|ARGUMENTS\\[(\\d+)\\]|(\\d+)(?!\\w)|(\\{CLAUDE_SKILL_DIR\\})|ARGUMENTS)`, "g");
  const shift = dialect === "opencode" ? 1 : 0;
  let top = -1;
  if (shift) {
    for (const m of body.matchAll(re)) if (!m[1] && !m[2] && m[4] !== undefined && Number(m[4]) > 0) top = Math.max(top, Number(m[4]));
  }
  const list = typeof args === "string" ? splitArgs(args) : args ?? [];
  const raw = typeof args === "string" ? args : list.join(" ");
  let hit = false;
  const out = body.replace(re, (all, bs: string, name?: string, idx?: string, pos?: string, dir?: string) => {
    const digits = idx ?? pos;
    if (!name && !dir && digits !== undefined && Number(digits) - shift < 0) return all;
    if (bs) return all.slice(1);
    if (dir) return DIR;
    if (args === undefined) return all;
    if (name) {
      hit = true;
      return list[names.indexOf(name)] ?? "";
    }
    if (digits === undefined) {
      hit = true;
      return raw;
    }
    const i = Number(digits) - shift;
    if (i >= list.length) return all;
    hit = true;
    return pos !== undefined && Number(pos) === top ? list.slice(i).join(" ") : list[i];
  });
  return args !== undefined && !hit && raw.trim() ? `${out}\n\nARGUMENTS: ${raw}` : out;
}

describe("compile then render equals the reference", () => {
  const fragment = fc.constantFrom("$", "\\", "ARGUMENTS", "[", "]", "0", "1", "2", "12", "a", " ", ".", "{CLAUDE_SKILL_DIR}", "file", "file_name", "who", "\n", "'", '"');
  const body = fc.array(fragment, { maxLength: 30 }).map((xs) => xs.join(""));
  const word = fc.constantFrom("x", "y z", "$1", "$ARGUMENTS", "", "'q r'", '"', "\\", "$who");
  const args = fc.oneof(
    fc.constant(undefined),
    fc.array(word, { maxLength: 6 }).map((xs) => xs.join(" ")),
    fc.array(word, { maxLength: 6 }),
  );
  const names = fc.subarray(["who", "file", "file_name"]);
  // claude-code follows Claude Code's own function instead (claude-code.test.ts, scripts/cc-differential.mjs).
  for (const dialect of ["opencode"] as const) {
    it(dialect, () => {
      fc.assert(
        fc.property(body, args, names, (b, a, n) => {
          expect(render(b, a, n, dialect)).toBe(reference(b, a, n, dialect));
        }),
        { seed: 20261117, numRuns: 500 },
      );
    });
  }
});
