// checkBody runs the markdown scan only when its answer can change the result (body-checks.ts,
// mayReportLinks and the placeholders' code regions): with the scan forced it must give the very same
// diagnostics, on the body fixtures, on every SKILL.md of the project and on random bodies whose links
// point at files that exist, files that do not, folders, other folders and URLs.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkBody, type BodyCheckInput } from "../../../src/pipeline/body-checks.js";
import type { ReportContext } from "../../../src/diagnostics/rule.js";
import { parsed } from "../../helpers/parsed-skill.js";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const ctx: ReportContext = { file: "SKILL.md", profile: "skillc", settings: {} };
const FILES = new Set(["references/api.md", "scripts/run.sh", "assets/icon.png", "a/b/c/deep.md", "b.md", "x.md"]);

function same(text: string, opts: Partial<BodyCheckInput> = {}): void {
  const input: BodyCheckInput = { parsed: parsed(text), declaredArguments: [], hasArgumentHint: false, files: FILES, ctx, ...opts };
  expect(checkBody(input), JSON.stringify(text)).toStrictEqual(checkBody(input, true));
}

function skillFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) skillFiles(p, out);
    else if (name.toLowerCase() === "skill.md") out.push(p);
  }
  return out;
}

describe("checkBody without the scan when it cannot matter", () => {
  it("gives what the scan gives on every SKILL.md of the project", () => {
    const all = ["skills", "examples", "test/fixtures"].flatMap((d) => skillFiles(path.join(ROOT, d)));
    expect(all.length).toBeGreaterThan(50);
    for (const file of all) {
      const text = readFileSync(file, "utf8").replace(/\r\n?/g, "\n");
      same(text);
      same(text, { declaredArguments: ["name"], hasArgumentHint: true });
    }
  });

  it("gives what the scan gives where the destination is not written plainly after `](` or `]:`", () => {
    const SNIPPETS = [
      "[a]( missing.md)", "[a](\nmissing.md)", "[r]:\n  missing.md\n", "[r]: <missing.md>\n", "[a](<missing.md>)", "[a](<b.md> \"t\")",
      "[a](missing\\.md)", "[a](&#47;abs.md)", "[a](b.md&amp;c)", "[a](x(1).md)", "[a](\tmissing.md)", "> [a](\n> missing.md)",
      "[a](%2e%2e/up.md)", "[a](${CLAUDE_SKILL_DIR}/missing.md)", "[a](é.md)", "[a]()", "![i]( /abs.png)", "[a](b.md) `[c]( missing.md)`",
    ];
    for (const body of SNIPPETS) same("---\nname: x\n---\n" + body + "\n");
  });

  it("gives what the scan gives on random bodies", () => {
    const TOKENS = [
      "[a](", "](", "]:", "[r]: ", "[r]", "![i](", ")", "(", " ", "\n", "\n\n", "`", "```\n", "    ", "> ", "- ", "<", ">", "\\", "&amp;",
      "references/api.md", "references/api.md.", "scripts/run.sh", "a/b/c/deep.md", "a/b/c/", "missing.md", "../up.md", "/abs.md",
      "~/x", "https://x.y/z", "#frag", "b.md", "x.md#s", "B.md", "a/", "%62.md", "é.md", "$1", "$ARGUMENTS", "$name", "\\$1", "${CLAUDE_SKILL_DIR}/x.md",
      "$1.00", "!`cmd`", "<!--", "-->", "\t", "text ",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 50 }), fc.boolean(), (tokens, args) => {
        same("---\nname: x\n---\n" + tokens.join(""), args ? { declaredArguments: ["name"] } : {});
      }),
      { numRuns: 5000, seed: 20261124 },
    );
  });

  it("gives what the scan gives on random bodies of placeholders, code, empty lines and definitions", () => {
    // The placeholders' scan stops after the empty line that follows the last one it must place
    // (scanEnd): code blocks, spans across lines, lists, quotes and definitions around that line.
    const TOKENS = [
      "$1", "$0", "$ARGUMENTS", "$ARGUMENTS[1]", "$name", "\\$1", "$1.00", "$5,000", "$1-2", "$1\u2013", "${CLAUDE_SKILL_DIR}", "${CLAUDE_EFFORT}",
      "`", "``", "\n", "\n\n", "\n\n\n", "```\n", "~~~\n", "    ", "\t", "> ", "- ", "1. ", "[`x`]", "[`x`]: /u\n", "[`x`]: b.md\n", "[a][`$ARGUMENTS`]", "[`$arguments`]: b.md\n", "]:", "[a]", "<a href=\"`\">",
      "<!--", "-->", "<pre>\n", "</pre>\n", "\\`", "===\n", "---\n", "text ",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }), fc.constantFrom(0, 1, 2), (tokens, mode) => {
        const opts = mode === 0 ? {} : mode === 1 ? { declaredArguments: ["name"] } : { hasArgumentHint: true };
        same("---\nname: x\n---\n" + tokens.join(""), opts);
      }),
      { numRuns: 20000, seed: 20261124 },
    );
    // A definition after the cut makes the label before it a link's (its backticks are then no code span).
    const labelled = "---\nname: x\n---\n[a][`$ARGUMENTS`]\n\ntext\n\n[`$arguments`]: b.md\n";
    same(labelled);
    same(labelled, { declaredArguments: ["name"] });
  });
});
