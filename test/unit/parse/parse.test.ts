import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { locatorOf, remarkFrontmatterOf } from "../../helpers/frontmatter-oracle.js";
import type { SkillSource } from "../../../src/types.js";
import { parseSkill } from "../../../src/pipeline/parse.js";
import { decodeSkill, locateFrontmatter, toOriginalOffset } from "../../../src/pipeline/frontmatter/locate.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(HERE, "../../fixtures");

/** Every SKILL.md (any case) the project itself holds. */
function projectSkills(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      if (entry === "node_modules" || entry === ".skillc") continue;
      const p = path.join(dir, entry);
      if (statSync(p).isDirectory()) walk(p);
      else if (entry.toLowerCase() === "skill.md") out.push(p);
    }
  };
  for (const dir of ["../../../skills", "../../../examples", "../../fixtures"]) walk(path.resolve(HERE, dir));
  return out;
}

const source = (relDir = "pdf-tools"): SkillSource => ({
  root: { dir: "skills", scope: "skills", precedence: 0 },
  dir: `skills/${relDir}`,
  relDir,
  file: `skills/${relDir}/SKILL.md`,
  fileName: "SKILL.md",
  absDir: `/nowhere/skills/${relDir}`,
});
const ctx = { file: "skills/pdf-tools/SKILL.md", profile: "skillc" as const, settings: {} };
const parse = (text: string | Uint8Array) => parseSkill(source(), typeof text === "string" ? new TextEncoder().encode(text) : text, ctx);

const TRICKY = [
  "---\nname: a\ndescription: a --- b\n---\nbody",
  "---\nname: a\n---\nintro\n\n---\n\nafter the rule\n",
  "----\nname: a\n----\nbody",
  "---   \nname: a\n---  \nbody",
  "---\t\nname: a\n---\t \nbody",
  "---\r\nname: a\r\ndescription: b\r\n---\r\nbody\r\n",
  "\uFEFF---\nname: a\n---\nbody",
  "\uFEFF---\r\nname: a\r\n---\r\n",
  "---\n---\nbody",
  "---\n\n---\n",
  "---\n\n\n---\nx",
  "---\nname: a\n",
  "---\nname: a",
  "---",
  "---\n",
  " ---\nname: a\n---\n",
  "--- x\nname: a\n---\n",
  "---\nname: a\n --- \n---\n",
  "---\nname: a\n--- x\n---\nbody",
  "---\nname: a\n----\n---\nbody",
  "---\nname: a\n---",
  "---\rname: a\r---\rbody",
  "\n---\nname: a\n---\n",
  "# Title\n\n---\nname: a\n---\n",
  "---\nname: a\n...\n---\n",
  "---\ndescription: |\n  line\n  ---\n---\n",
];

describe("frontmatter locator ≡ remark-frontmatter", () => {
  it("agrees on ~25 tricky inputs", () => {
    for (const input of TRICKY) expect(locatorOf(input), JSON.stringify(input)).toEqual(remarkFrontmatterOf(input));
  });

  it("agrees on every SKILL.md in the project (skills/, examples/, test fixtures)", () => {
    // Fixtures that are deliberately not UTF-8 text have no frontmatter to compare.
    const files = projectSkills().filter((f) => decodeSkill(readFileSync(f)).ok);
    expect(files.length).toBeGreaterThanOrEqual(20);
    for (const file of files) {
      const original = readFileSync(file, "utf8");
      expect(locatorOf(original), file).toEqual(remarkFrontmatterOf(original));
    }
  });

  it("agrees on generated inputs built from fence-like lines", () => {
    const line = fc.constantFrom("---", "--- ", "---\t", "----", " ---", "--- x", "a: 1", "", "b: ---", "-", "***", "\u00a0---");
    const eol = fc.constantFrom("\n", "\r\n", "\r");
    const input = fc.tuple(fc.boolean(), fc.array(fc.tuple(line, eol), { maxLength: 6 }), line).map(([bom, lines, last]) => (bom ? "\uFEFF" : "") + lines.map(([l, e]) => l + e).join("") + last);
    fc.assert(
      fc.property(input, (s) => {
        expect(locatorOf(s), JSON.stringify(s)).toEqual(remarkFrontmatterOf(s));
      }),
      { numRuns: 300 },
    );
  });
});

describe("parseSkill", () => {
  it("accepts BOM and CRLF silently, storing text without BOM and with LF", () => {
    const p = parse(readFileSync(path.join(FIXTURES, "parse/bom-crlf/pdf-tools/SKILL.md")));
    expect(p.diagnostics).toEqual([]);
    expect(p.text.startsWith("---\nname: pdf-tools\n")).toBe(true);
    expect(p.text).not.toMatch(/\r|\uFEFF/);
    expect(p.frontmatter?.name).toBe("pdf-tools");
    expect(p.positions["/name"].value).toEqual({ line: 2, column: 7, endLine: 2, endColumn: 16 });
    expect(p.body).toBe("# Title\n\nDo the thing.");
  });

  it("keeps `a --- b` inside a value (the skills-ref split bug)", () => {
    const p = parse("---\nname: pdf-tools\ndescription: a --- b\n---\nbody\n");
    expect(p.frontmatter?.description).toBe("a --- b");
  });

  it("does not cut the body at a `---` horizontal rule", () => {
    const p = parse("---\nname: pdf-tools\ndescription: x\n---\n\nintro\n\n---\n\nafter the rule\n");
    expect(p.body).toBe("intro\n\n---\n\nafter the rule");
    expect(p.bodyOffset).toBe(p.text.indexOf("\n\nintro") + 1); // just after the closing fence's line ending
    expect(p.text.slice(p.bodyStart, p.bodyStart + 5)).toBe("intro");
    expect(p.frontmatterRange).toEqual({ line: 1, column: 1, endLine: 4, endColumn: 4 });
  });

  it("hashes the raw bytes", async () => {
    const p = parse("---\nname: a\n---\n");
    const { createHash } = await import("node:crypto");
    expect(p.hash).toBe(createHash("sha256").update("---\nname: a\n---\n").digest("hex"));
  });

  it("records key and value ranges for nested nodes by JSON pointer", () => {
    const p = parse("---\nname: pdf-tools\ntriggers:\n  patterns:\n    - 'a+'\n    - b\nmetadata:\n  a/b~c: x\n---\n");
    expect(p.positions["/triggers"].key).toEqual({ line: 3, column: 1, endLine: 3, endColumn: 9 });
    expect(p.positions["/triggers/patterns/1"].value).toEqual({ line: 6, column: 7, endLine: 6, endColumn: 8 });
    expect(p.positions["/metadata/a~1b~0c"].value.line).toBe(8);
  });

  it("makes prototype pollution impossible", () => {
    const p = parse("---\n__proto__:\n  polluted: yes\nconstructor:\n  prototype:\n    polluted: yes\ndescription: x\n---\n");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(p.frontmatter)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(p.frontmatter, "__proto__")).toBe(true);
    expect(JSON.parse(JSON.stringify(p.frontmatter))).toEqual(JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"description":"x"}'));
  });

  it("bounds an alias bomb (billion laughs)", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 9; i++) levels.push(`${"abcdefghij"[i]}: &${"abcdefghij"[i]} [${Array(10).fill(`*${"abcdefghij"[i - 1]}`).join(", ")}]`);
    // 10^9 nodes if expanded: refused before (the test's own time limit is the guard against a hang).
    const p = parse(`---\n${levels.join("\n")}\n---\n`);
    expect(p.frontmatter).toBeUndefined();
    expect(p.diagnostics.map((d) => d.ruleId)).toEqual(["yaml-syntax"]);
  });

  it("refuses a merge key: `<<`, which Claude Code (Bun's YAML), PyYAML and js-yaml merge and skillc reads as one field, and `!!merge`, the other way round", () => {
    // Bun.YAML.parse('description: d\n<<: {allowed-tools: "Bash(*)"}') gives { description, "allowed-tools": "Bash(*)" }:
    // a skill lint passes with an unknown field would be granted Bash in Claude Code. Quoted or not,
    // at any depth, by a map, a list of maps or an alias; a `<<` whose value is a plain string merges nothing.
    for (const [yaml, line, column] of [
      ['description: d\n<<: {allowed-tools: "Bash(*)", name: evil}', 3, 1],
      ["description: d\nx: &x {name: evil}\n'<<': *x", 4, 1],
      ['description: d\nmetadata:\n  "<<": [{a: b}]', 4, 3],
      ["description: d\n? <<\n: {name: evil}", 3, 3],
      // The other way round: yaml merges a key tagged !!merge, whatever its text; Bun reads a field `x`.
      ["description: d\n!!merge x: {name: evil}", 3, 9],
    ] as const) {
      const p = parse(`---\n${yaml}\n---\nBody.\n`);
      expect(p.frontmatter, yaml).toBeUndefined();
      // The grant the first one merges is reported too (shell-granted, hook-command.test.ts).
      const syntax = p.diagnostics.filter((d) => d.ruleId !== "shell-granted");
      expect(syntax.map((d) => [d.ruleId, d.line, d.column]), yaml).toEqual([["yaml-syntax", line, column]]);
      expect(p.diagnostics[0]!.message).toMatch(/^this key is a YAML merge key \(`<<` or `!!merge`\)/);
    }
    expect(parse('---\ndescription: d\nmetadata:\n  "<<": x\n---\nBody.\n').frontmatter).toEqual({ description: "d", metadata: { "<<": "x" } });
  });

  it("refuses a key that is a list or a map, which Bun's YAML reads as its items joined (`[allowed-tools]` is `allowed-tools`)", () => {
    // Bun.YAML.parse('[allowed-tools]: "Bash(*)"') gives { "allowed-tools": "Bash(*)" }; skillc read a field "[ allowed-tools ]".
    for (const [yaml, line, column] of [
      ['description: d\n[allowed-tools]: "Bash(*)"', 3, 1],
      ["description: d\n? [name]\n: evil", 3, 3],
      ["description: d\nhooks:\n  {PreToolUse: x}: y", 4, 3],
    ] as const) {
      const p = parse(`---\n${yaml}\n---\nBody.\n`);
      expect(p.frontmatter, yaml).toBeUndefined();
      const syntax = p.diagnostics.filter((d) => d.ruleId !== "shell-granted");
      expect(syntax.map((d) => [d.ruleId, d.line, d.column]), yaml).toEqual([["yaml-syntax", line, column]]);
      expect(p.diagnostics[0]!.message).toMatch(/^this key is a list or a map: Claude Code \(Bun's YAML\)/);
    }
    // The first one's grant is reported as Claude Code reads it (shell-granted.test.ts).
    expect(parse('---\ndescription: d\n[allowed-tools]: "Bash(*)"\n---\nBody.\n').diagnostics.map((d) => d.ruleId)).toEqual(["yaml-syntax", "shell-granted"]);
  });

  it("refuses an explicit tag that skillc applies and Claude Code (Bun's YAML) ignores, at any depth, keys included", () => {
    // Each pair: skillc's value, and Bun.YAML.parse's (bun 1.4.5) of the same text: one frontmatter, two skills.
    //   !!bool 'false' → false | "false";  !!int '12' → 12 | "12";  !!binary aGk= → bytes | "aGk=";
    //   !!set {a} → {} | {a: null};  !!omap [a: 1] → {a: 1} | [{a: 1}];  !!merge << → a symbol | "<<".
    for (const [yaml, line, column, tag] of [
      ["description: d\nuser-invocable: !!bool 'false'", 3, 17, "!!bool"],
      ["description: d\nmetadata:\n  k: !!int '12'", 4, 6, "!!int"],
      ["description: d\nmetadata:\n  k: [a, !!binary aGk=]", 4, 10, "!!binary"],
      ["description: d\nmetadata:\n  k: !!set {a}", 4, 6, "!!set"],
      ["description: d\nmetadata:\n  k: !!omap [a: 1]", 4, 6, "!!omap"],
      ["description: !!merge <<", 2, 14, "!!merge"],
      ["description: d\nmetadata:\n  !!timestamp 2001-01-01: k", 4, 3, "!!timestamp"],
    ] as const) {
      const p = parse(`---\n${yaml}\n---\nBody.\n`);
      expect(p.frontmatter, yaml).toBeUndefined();
      expect(p.diagnostics.map((d) => [d.ruleId, d.line, d.column]), yaml).toEqual([["yaml-syntax", line, column]]);
      expect(p.diagnostics[0]!.message).toContain(`the explicit YAML tag \`${tag}\`, which parsers read differently`);
    }
    // Tags that change nothing pass.
    expect(parse("---\ndescription: !!str d\nmetadata: !!map {k: ! v, l: !!seq [x]}\n---\nBody.\n").frontmatter).toEqual({ description: "d", metadata: { k: "v", l: ["x"] } });
  });

  it("keeps `version: 1.0` a number and dates as strings (YAML 1.2 core schema)", () => {
    const p = parse("---\nversion: 1.0\ncreated: 2024-01-31\nflag: yes\n---\n");
    expect(p.frontmatter).toEqual({ version: 1, created: "2024-01-31", flag: "yes" });
  });

  it("reports tabs used for indentation", () => {
    const p = parse("---\nmetadata:\n\tauthor: x\n---\n");
    expect(p.diagnostics[0]).toMatchObject({ ruleId: "yaml-syntax", line: 3, column: 1 });
    expect(p.diagnostics[0].message).toMatch(/spaces, not tabs/);
  });

  it("reports an empty frontmatter and a scalar one as not a map", () => {
    expect(parse("---\n---\nbody").diagnostics[0]).toMatchObject({ ruleId: "frontmatter-not-map", line: 1, column: 1 });
    expect(parse("---\njust text\n---\nbody").diagnostics[0]).toMatchObject({ ruleId: "frontmatter-not-map", line: 2, column: 1 });
  });

  it("does not treat `----` or an indented fence as frontmatter", () => {
    expect(parse("----\nname: a\n----\n").diagnostics[0]).toMatchObject({ ruleId: "frontmatter-missing", line: 1 });
    expect(parse("  ---\nname: a\n---\n").diagnostics[0].ruleId).toBe("frontmatter-missing");
    expect(parse("---\nname: a\n").diagnostics[0].ruleId).toBe("frontmatter-unclosed");
  });

  it("reports invalid UTF-8 at the first bad byte, after a BOM and CRLF lines", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("---\r\nname: é"), 0xc3, 0x28]);
    expect(parse(bytes).diagnostics).toMatchObject([{ ruleId: "invalid-utf8", line: 2, column: 8 }]);
  });

  it("reports a whitespace-only file as empty", () => {
    expect(parse(" \n\n").diagnostics).toMatchObject([{ ruleId: "empty-file", line: 1, column: 1 }]);
  });

  it("quotes an unquoted `: ` value with a fix whose range is in the original text (BOM, CRLF)", () => {
    const bytes = readFileSync(path.join(FIXTURES, "parse/bom-crlf-colon/pdf-tools/SKILL.md"));
    const p = parse(bytes);
    expect(p.diagnostics).toHaveLength(1);
    const d = p.diagnostics[0];
    expect(d).toMatchObject({ ruleId: "yaml-syntax", line: 3, column: 14 });
    const original = bytes.toString("utf8"); // what --fix reads: BOM and CR kept
    const fixed = original.slice(0, d.fix!.range[0]) + d.fix!.text + original.slice(d.fix!.range[1]);
    expect(fixed).toContain('description: "Use when: a \\"quoted\\" \\\\ path"\r\n');
    const again = parse(new TextEncoder().encode(fixed));
    expect(again.diagnostics).toEqual([]);
    expect(again.frontmatter?.description).toBe('Use when: a "quoted" \\ path');
  });

  it("handles a value ending in a colon and keeps a trailing comment outside the quotes", () => {
    const text = "---\nname: pdf-tools\ndescription: Note: x # why\n---\n";
    const d = parse(text).diagnostics[0];
    const fixed = text.slice(0, d.fix!.range[0]) + d.fix!.text + text.slice(d.fix!.range[1]);
    expect(fixed).toBe('---\nname: pdf-tools\ndescription: "Note: x" # why\n---\n');
  });

  it("offers no fix when the plain value continues on the next line", () => {
    const d = parse("---\ndescription: Use when: x\n  and more\n---\n").diagnostics[0];
    expect(d.ruleId).toBe("yaml-syntax");
    expect(d.fix).toBeUndefined();
  });

  it("maps normalized offsets to original ones", () => {
    const decoded = decodeSkill(new TextEncoder().encode("\uFEFFa\r\nb\r\nc"));
    if (!decoded.ok) throw new Error("decode");
    expect(decoded.text).toBe("a\nb\nc");
    expect(toOriginalOffset(decoded.map, decoded.text.indexOf("c"))).toBe("\uFEFFa\r\nb\r\nc".indexOf("c"));
  });

  it("never throws, whatever the bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        parse(new Uint8Array([...new TextEncoder().encode("---\n"), ...bytes]));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        parse(`---\n${s}\n---\nbody`);
      }),
      { numRuns: 300 },
    );
  });
});
