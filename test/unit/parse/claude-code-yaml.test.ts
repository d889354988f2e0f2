// skillc's frontmatter against Claude Code's YAML reader, run for real: Claude Code 2.1.332 parses a
// SKILL.md's frontmatter with `Bun.YAML.parse` (read from its bundle), and bun 1.4.5 is a
// devDependency. Every frontmatter of a list of tricky values, keys and tags that skillc accepts
// must mean the same to both: one text, one skill. Those that would differ are refused by skillc
// (yaml-syntax: merge keys, collection and null keys, explicit tags), and this test says so too.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SkillSource } from "../../../src/types.js";
import { parseSkill } from "../../../src/pipeline/parse.js";
import { runModule } from "../../helpers/runtimes.js";

const source: SkillSource = { root: { dir: "skills", scope: "skills", precedence: 0 }, dir: "skills/a", relDir: "a", file: "skills/a/SKILL.md", fileName: "SKILL.md", absDir: "/nowhere/skills/a" };
const ctx = { file: source.file, profile: "skillc" as const, settings: {} };

/** Values whose reading differs between YAML 1.1, 1.2, the yaml package and Bun, as a value, a description and a metadata key. */
const VALUES = [
  "yes", "no", "on", "off", "y", "n", "True", "TRUE", "null", "~", "Null", "0x10", "0o17", "012", "+1", "-0", "1_000", "1e3", ".inf", "-.Inf", ".NaN",
  "2001-01-01", "2001-12-14t21:59:43.10-05:00", "12:30:45", "1:20", "!!str 12", "!!int '12'", "!!float 1", "!!bool yes", "!!binary aGVsbG8=", "!!null ''",
  '"\\x41\\u263A\\N\\_\\L\\P\\e"', "'it''s'", '"a\\\n    b"', "a # c", "a#b", "[a, b]", "{a: 1}", "[a, {b: c}]", "'multi\n    line'", "plain\n    continued\n\n    para",
  "|\n    lit\n     more\n", "|-\n    x\n", "|+\n    x\n\n", ">\n    fold\n    ed\n\n    x\n", ">-\n    a\n", "&a v", "! x", '"\\t\\/"', "'\\t'", '"\\uD83D\\uDE00"', '"\\U0001F600"',
  "0b101", "0.", "+.5", "1:2:3", "-", "x:y", "[]", "{}", "[a,]", "{a,}", "=", "<<", "'<<'", "!!set {a}", "!!omap [a: 1]", "{a: [b, {c: d}]}", "? a", "@x", "`x",
];
const SHAPES = ["description: d\nmetadata:\n  k: V", "description: V", "description: d\nmetadata:\n  V: k"];

/** How a parsed value is compared: JSON, with what JSON cannot hold (non-finite numbers, -0, dates, bytes) spelled out. Evaluated in both runtimes. */
const ENCODE = `function encode(v) {
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0) ? v : { $n: Object.is(v, -0) ? "-0" : String(v) };
  if (v instanceof Date) return { $date: v.toISOString() };
  if (ArrayBuffer.isView(v)) return { $bytes: Array.from(v) };
  if (Array.isArray(v)) return v.map(encode);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, encode(x)]));
  return v;
}`;
const encode = new Function(`${ENCODE}; return encode;`)() as (v: unknown) => unknown;

describe("skillc's frontmatter against Claude Code's reader (Bun.YAML.parse, bun 1.4.5)", () => {
  it("every frontmatter skillc accepts means the same to Bun; the rest skillc refuses as yaml-syntax", async () => {
    const texts = VALUES.flatMap((v) => SHAPES.map((shape) => `name: a\n${shape.replace("V", v)}`));
    const accepted: Array<{ yaml: string; skillc: unknown }> = [];
    let refused = 0;
    for (const yaml of texts) {
      const parsed = parseSkill(source, new TextEncoder().encode(`---\n${yaml}\n---\n\nBody.\n`), ctx);
      if (parsed.frontmatter !== undefined) accepted.push({ yaml, skillc: encode(parsed.frontmatter) });
      else {
        refused++;
        expect(parsed.diagnostics.map((d) => d.ruleId), yaml).toContain("yaml-syntax");
      }
    }
    const dir = mkdtempSync(path.join(tmpdir(), "skillc-bun-yaml-"));
    writeFileSync(path.join(dir, "cases.json"), JSON.stringify(accepted.map((c) => c.yaml)));
    writeFileSync(
      path.join(dir, "main.mjs"),
      `import { readFileSync } from "node:fs";\n${ENCODE}\nconst cases = JSON.parse(readFileSync(new URL("./cases.json", import.meta.url), "utf8"));\n` +
        `console.log(JSON.stringify(cases.map((t) => { try { return { ok: encode(Bun.YAML.parse(t)) }; } catch (e) { return { error: String(e.message) }; } })));\n`,
    );
    const ran = await runModule("bun", path.join(dir, "main.mjs"));
    expect(ran.stderr).toBe("");
    const bun = JSON.parse(ran.stdout) as Array<{ ok?: unknown; error?: string }>;
    const differ = accepted.map((c, i) => ({ yaml: c.yaml, skillc: c.skillc, bun: bun[i]!.ok ?? bun[i]!.error })).filter((c) => JSON.stringify(c.skillc) !== JSON.stringify(c.bun));
    expect(differ).toEqual([]);
    // The list is not trivially accepted or refused: both sides hold many.
    expect(accepted.length).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(20);
  }, 90_000);
});
