import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { checkBody, type BodyCheckInput } from "../../../src/pipeline/body-checks.js";
import { BODY_RULES } from "../../../src/rules/body-rules.js";
import { CommandSpans, shellCommands } from "../../../src/pipeline/shell-checks.js";
import { placeholderWork } from "../../../src/pipeline/placeholder-checks.js";
import type { ReportContext } from "../../../src/diagnostics/rule.js";
import { parsed } from "../../helpers/parsed-skill.js";

const FIXTURES = join(import.meta.dirname, "../../fixtures/body");
const ctx: ReportContext = { file: "SKILL.md", profile: "skillc", settings: {} };


function listFiles(dir: string, root = dir, out = new Set<string>()): Set<string> {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listFiles(p, root, out);
    else if (name !== "SKILL.md") out.add(relative(root, p).split("\\").join("/"));
  }
  return out;
}

function run(text: string, opts: Partial<BodyCheckInput> = {}) {
  return checkBody({ parsed: parsed(text), declaredArguments: [], hasArgumentHint: false, files: new Set(), ctx, ...opts });
}

function fixture(name: string, opts: Partial<BodyCheckInput> = {}) {
  const dir = join(FIXTURES, name);
  return run(readFileSync(join(dir, "SKILL.md"), "utf8"), { files: listFiles(dir), ...opts });
}

const brief = (ds: ReturnType<typeof run>) => ds.map((d) => [d.ruleId, d.line, d.column]);

describe("link rules (fixture: links)", () => {
  const ds = fixture("links");

  it("reports each bad link at its destination, and nothing else", () => {
    expect(brief(ds)).toEqual([
      ["link-missing-file", 10, 41],
      ["link-missing-file", 12, 17],
      ["link-missing-file", 12, 51],
      ["link-outside-skill", 13, 15],
      ["link-absolute", 13, 57],
      ["reference-depth", 14, 14],
      ["link-missing-file", 23, 8],
    ]);
  });

  it("keeps a sentence's period outside the link, and points out a period inside it", () => {
    const d = ds.find((x) => x.line === 10)!;
    expect(d.severity).toBe("error");
    expect(d.message).toContain("did you mean `references/api.md`?");
    expect([d.endLine, d.endColumn]).toEqual([10, 41 + "references/api.md.".length]);
  });

  it("suggests the right case", () => {
    expect(ds.find((x) => x.line === 12 && x.column === 51)!.message).toContain("`references/api.md`? paths are case-sensitive");
  });

  it("severities follow design.md", () => {
    const sev = Object.fromEntries(ds.map((d) => [d.ruleId, d.severity]));
    expect(sev).toEqual({
      "link-missing-file": "error",
      "link-outside-skill": "warning",
      "link-absolute": "warning",
      "reference-depth": "warning",
    });
  });

  it("resolves against the folder, not the working directory, and honours settings", () => {
    const off = fixture("links", { ctx: { ...ctx, settings: { "link-missing-file": "off", "reference-depth": "error" } } });
    expect(off.some((d) => d.ruleId === "link-missing-file")).toBe(false);
    expect(off.find((d) => d.ruleId === "reference-depth")!.severity).toBe("error");
  });

  it("accepts folders given as entries, a link to SKILL.md, and links in a body with no files", () => {
    expect(brief(run("---\nname: a\n---\n[self](SKILL.md) [r](refs/) [x](./refs/../refs/a.md)\n", { files: new Set(["refs/", "refs/a.md"]) }))).toEqual([]);
    expect(brief(run("---\nname: a\n---\n[x](a.md)\n"))).toEqual([["link-missing-file", 4, 5]]);
  });
});

describe("placeholder rules", () => {
  it("flags placeholders in code of a skill that takes arguments (fixture: placeholders)", () => {
    const ds = fixture("placeholders", { hasArgumentHint: true });
    expect(brief(ds)).toEqual([
      ["placeholder-in-code", 10, 13],
      ["placeholder-in-code", 10, 19],
      ["placeholder-in-code", 11, 7],
      ["placeholder-in-code", 14, 11],
      ["placeholder-price", 15, 10],
      ["placeholder-price", 15, 28],
    ]);
    expect(ds[0].message).toContain("argument 1 (0-based: the second)");
    expect(ds[0].message).toContain("escape it as `\\$1`");
    expect(ds[4].message).toContain("`$1.00`");
    expect(ds[4].message).toContain("followed by `.00`");
    expect([ds[4].endLine, ds[4].endColumn]).toEqual([15, 15]);
  });

  it("does not flag a skill that takes no arguments (fixture: no-args)", () => {
    expect(fixture("no-args")).toEqual([]);
  });

  it("counts $N outside code as taking arguments, but not a price", () => {
    const body = "---\nname: a\n---\nUse $0.\n\n```sh\necho $1\n```\n";
    expect(brief(run(body))).toEqual([["placeholder-in-code", 7, 6]]);
    expect(brief(run("---\nname: a\n---\nCosts $1.00.\n\n```sh\necho $1\n```\n"))).toEqual([]);
  });

  it("follows the claude-code dialect: \\\\$0 is a backslash and a placeholder, $who[0] is not a placeholder", () => {
    const text = "---\nname: a\n---\n`\\\\$0` `$who[0]` `$who` `${CLAUDE_EFFORT}`\n";
    expect(brief(run(text, { hasArgumentHint: true, declaredArguments: ["who"] }))).toEqual([
      ["placeholder-in-code", 4, 4],
      ["placeholder-in-code", 4, 19],
    ]);
  });

  it("$1abc is not a placeholder, $1.00 is, \\$1 is escaped", () => {
    const text = "---\nname: a\n---\n`$1abc` `$1.00` `\\$1` `$1`\n";
    expect(brief(run(text, { hasArgumentHint: true }))).toEqual([
      ["placeholder-price", 4, 10],
      ["placeholder-in-code", 4, 24],
    ]);
  });

  it("knows declared names and ignores ${CLAUDE_SKILL_DIR}", () => {
    const text = "---\nname: a\n---\n    cp $file ${CLAUDE_SKILL_DIR}/x $files $other\n";
    expect(brief(run(text, { declaredArguments: ["file"] }))).toEqual([["placeholder-in-code", 4, 8]]);
  });

  it("treats $ARGUMENTS in prose as taking arguments", () => {
    const text = "---\nname: a\n---\nFix $ARGUMENTS.\n\n~~~\nx=$ARGUMENTS[0]\n~~~\n";
    expect(brief(run(text))).toEqual([["placeholder-in-code", 7, 3]]);
  });
});

describe("shell-command-line", () => {
  it("flags !`cmd` anywhere, code included", () => {
    const text = "---\nname: a\n---\nStatus: !`git status`\n\n```md\nDiff: !`git diff HEAD`\n```\n";
    const ds = run(text);
    expect(brief(ds)).toEqual([
      ["shell-command-line", 4, 9],
      ["shell-command-line", 7, 7],
    ]);
    expect(ds[0]).toMatchObject({ severity: "warning", endLine: 4, endColumn: 22 });
  });

  it("leaves plain inline code and a lone ! alone", () => {
    expect(run("---\nname: a\n---\nRun `git status`! Then ! `x`.\n")).toEqual([]);
  });
});

describe("argument-in-command", () => {
  const head = "---\nname: a\nargument-hint: <branch>\n---\n";

  it("flags each argument inside a !`command`, instead of placeholder-in-code", () => {
    const text = head + "Log: !`git log $ARGUMENTS --oneline $0`\nPlain `echo $1` and !`echo \\$1 ${CLAUDE_SKILL_DIR}`.\n";
    const ds = run(text, { hasArgumentHint: true });
    expect(brief(ds)).toEqual([
      ["shell-command-line", 5, 6],
      ["argument-in-command", 5, 16],
      ["argument-in-command", 5, 37],
      ["placeholder-in-code", 6, 13],
      ["shell-command-line", 6, 21],
    ]);
    expect(ds[1]).toMatchObject({ severity: "warning", endColumn: 26 });
    expect(ds[1]!.message).toContain("puts the whole argument string into a shell command Claude Code runs unescaped");
    expect(ds[2]!.message).toContain("argument 0 (0-based: the first)");
  });

  it("flags a declared name, and !$ARGUMENTS (an argument starting with a backtick makes it a command)", () => {
    const text = "---\nname: a\narguments: [branch]\n---\nRun !`git checkout $branch`.\n\n!$ARGUMENTS\n(!$0) but not a!$0 or !\\$0.\n";
    const ds = run(text, { declaredArguments: ["branch"] });
    expect(brief(ds)).toEqual([
      ["shell-command-line", 5, 5],
      ["argument-in-command", 5, 20],
      ["argument-in-command", 7, 1],
      ["argument-in-command", 8, 2],
    ]);
    expect(ds[2]).toMatchObject({ endLine: 7, endColumn: 12 });
    expect(ds[2]!.message).toBe("`!$ARGUMENTS` becomes a shell command Claude Code runs when the whole argument string starts with a backtick; keep arguments out of `!` commands.");
  });

  it.each([
    ["commands holding a $ that is no placeholder", "!`echo $HOME` "],
    ["!$ before no placeholder", "!$x "],
    ["placeholders in commands", "!`x $0` "],
  ])("does linear work on many %s (the $ tried, counted)", (_name, unit) => {
    const tries = (n: number) => {
      placeholderWork.tries = 0;
      run(head + unit.repeat(n) + "\n", { hasArgumentHint: true });
      return placeholderWork.tries;
    };
    const small = tries(5_000);
    const large = tries(40_000);
    // 8× the input, about 8× the work (unbounded, each command searched the rest of the text: 64×).
    expect(large / small, `${small} → ${large}`).toBeLessThan(8 * 1.3);
    expect(small).toBeGreaterThan(0);
  });

  it("places placeholders in commands in one pass over the commands (counted, not timed)", () => {
    const n = 20000;
    const text = head + "!`x $0` `$1` ".repeat(n) + "\n";
    const commands = shellCommands(parsed(text));
    const spans = new CommandSpans(commands);
    let inside = 0;
    for (let at = text.indexOf("$"); at !== -1; at = text.indexOf("$", at + 1)) if (spans.contains(at)) inside++;
    expect([commands.length, inside]).toEqual([n, n]);
    expect(spans.steps).toBeLessThanOrEqual(n);
    const ds = run(text, { hasArgumentHint: true });
    expect(ds.filter((d) => d.ruleId === "argument-in-command")).toHaveLength(n);
    expect(ds.filter((d) => d.ruleId === "placeholder-in-code")).toHaveLength(n);
  });
});

describe("body-too-long", () => {
  const head = "---\nname: a\n---\n";

  it("reports at the 501st line", () => {
    const lines = Array.from({ length: 520 }, (_, i) => `line ${i + 1}`).join("\n");
    const ds = run(head + lines + "\n");
    expect(brief(ds)).toEqual([["body-too-long", 4 + 500, 1]]);
    expect(ds[0].message).toContain("520 lines");
  });

  it("reports where ~5,000 tokens are passed", () => {
    const long = "x".repeat(30) + "\n";
    const body = long.repeat(700); // 21,700 chars, 700 lines
    const ds = run(head + body);
    const tokenDiag = ds.filter((d) => d.message.includes("tokens"));
    expect(brief(tokenDiag)).toEqual([["body-too-long", 4 + Math.floor(20000 / 31), 1 + (20000 % 31)]]);
    expect(ds).toHaveLength(2);
  });

  it("counts the trimmed body's lines: blank lines before and after it are not its own", () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n");
    const ds = run(head + "\n \n\t\n" + lines(501) + "\n\n  \n\n");
    expect(brief(ds)).toEqual([["body-too-long", 4 + 3 + 500, 1]]);
    expect(ds[0].message).toContain("501 lines");
    expect(run(head + "\n\n\n" + lines(500) + "\n\n\n\n")).toEqual([]);
    // Blank lines inside the body are its own.
    expect(brief(run(head + "a" + "\n".repeat(500) + "b"))).toEqual([["body-too-long", 4 + 500, 1]]);
  });

  it("is quiet at exactly 500 lines and 20,000 characters", () => {
    expect(run(head + Array.from({ length: 500 }, () => "y").join("\n"))).toEqual([]);
    expect(run(head + "z".repeat(20000))).toEqual([]);
  });
});

describe("rule catalog", () => {
  it("has kebab-case ids, descriptions and help", () => {
    for (const r of BODY_RULES) {
      expect(r.id).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(r.description.length).toBeGreaterThan(10);
      expect(r.help.length).toBeGreaterThan(30);
    }
  });
});
