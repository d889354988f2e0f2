// The shape checks a cache record passes before use: every field of the wrong type is a miss.
import { describe, expect, it } from "vitest";
import { isAnalysisSnapshot, isBuildEntry, OPTIONAL_STRINGS } from "../../../src/cache/shape.js";

const FILE = "skills/a/SKILL.md";
const R = { line: 1, column: 1, endLine: 1, endColumn: 5 };
const snapshot = () => ({
  frontmatter: { name: "a" },
  positions: { "/name": { value: R, key: R }, "/description": { value: R } },
  frontmatterRange: R,
  bodyOffset: 10,
  bodyStart: 12,
  fields: { name: "a", description: "d", briefDescription: "d", arguments: ["x"], toolsets: [], scripts: [], disableModelInvocation: false, userInvocable: true, defaultEnabled: true, license: "MIT", context: "fork", metadata: { k: "v" } },
  diagnostics: [
    { file: FILE, line: 2, column: 3, ruleId: "placeholder-in-code", severity: "warning", message: "m" },
    { file: FILE, line: 2, column: 3, endLine: 2, endColumn: 4, ruleId: "placeholder-in-code", severity: "error", message: "m", fix: { range: [1, 2], text: "x" } },
  ],
  parsedCount: 1,
});
const H = "a".repeat(64);
const entry = () => ({
  fp: "fp",
  hash: "h",
  files: [{ path: "x.md", bytes: 3, sha256: "s", binary: false, executable: false }],
  line: { key: "k", offset: 0, length: 5, sha1: "s1", file: `chunks/${H}.js` },
  manifest: { offset: 1, length: 2 },
  chunk: H,
});

type Mut = (v: any) => void;

describe("isAnalysisSnapshot", () => {
  it("takes a well-formed snapshot", () => {
    expect(isAnalysisSnapshot(snapshot(), FILE)).toBe(true);
    const bare: any = snapshot();
    delete bare.parsedCount;
    delete bare.frontmatter;
    bare.diagnostics = [];
    expect(isAnalysisSnapshot(bare, FILE)).toBe(true);
    const full: any = snapshot();
    for (const k of OPTIONAL_STRINGS) full.fields[k] = "s";
    Object.assign(full.fields, { allowedTools: ["a"], disallowedTools: [], paths: ["p"], triggers: { keywords: ["k"], verbs: [], patterns: [] } });
    expect(isAnalysisSnapshot(full, FILE)).toBe(true);
  });

  const bad: Array<[string, Mut]> = [
    ["another file's diagnostic", (v) => (v.diagnostics[0].file = "skills/b/SKILL.md")],
    ["an unknown rule", (v) => (v.diagnostics[0].ruleId = "no-such-rule")],
    ["a bad severity", (v) => (v.diagnostics[0].severity = "info")],
    ["line 0", (v) => (v.diagnostics[0].line = 0)],
    ["a string endLine", (v) => (v.diagnostics[0].endLine = "2")],
    ["a fix range backwards", (v) => (v.diagnostics[1].fix.range = [3, 2])],
    ["a fix without text", (v) => delete v.diagnostics[1].fix.text],
    ["a position without value", (v) => (v.positions["/name"] = { key: R })],
    ["a position with a bad key", (v) => (v.positions["/name"].key = { line: 1 })],
    ["a position that is a list", (v) => (v.positions["/name"] = [R])],
    ["parsedCount past the diagnostics", (v) => (v.parsedCount = 3)],
    ["bodyStart before bodyOffset", (v) => (v.bodyStart = 9)],
    ["diagnostics not a list", (v) => (v.diagnostics = {})],
    ["a non-object frontmatter", (v) => (v.frontmatter = "x")],
    ["an argument that is not a string", (v) => (v.fields.arguments = ["x", 1])],
    ["an optional field that is not a string", (v) => (v.fields.model = 4)],
    ["a context other than fork", (v) => (v.fields.context = "main")],
    ["a boolean field missing", (v) => delete v.fields.userInvocable],
    ["metadata with a non-string value", (v) => (v.fields.metadata = { k: 1 })],
  ];
  // isFields checks these one by one, spelled out: each must still be checked.
  for (const k of OPTIONAL_STRINGS) bad.push([`an optional ${k} that is not a string`, (v) => (v.fields[k] = 1)]);
  bad.push(["allowedTools not a list", (v) => (v.fields.allowedTools = "x")], ["paths with a number", (v) => (v.fields.paths = [1])], ["triggers without verbs", (v) => (v.fields.triggers = { keywords: [], patterns: [] })]);
  for (const [what, mut] of bad) {
    it(`misses ${what}`, () => {
      const v = snapshot();
      mut(v);
      expect(isAnalysisSnapshot(v, FILE)).toBe(false);
    });
  }
});

describe("isBuildEntry", () => {
  it("takes a well-formed entry, with and without its optional parts", () => {
    expect(isBuildEntry(entry())).toBe(true);
    const bare: any = entry();
    delete bare.line;
    delete bare.manifest;
    delete bare.chunk;
    expect(isBuildEntry(bare)).toBe(true);
    const single: any = entry();
    delete single.line.file;
    expect(isBuildEntry(single)).toBe(true);
    expect(isBuildEntry({ ...entry(), parts: { catalog: "0123456789abcdef0123456789abcdef01234567" } })).toBe(true);
  });

  const bad: Array<[string, Mut]> = [
    ["a chunk that is not 64 hex digits", (v) => (v.chunk = "../x")],
    ["a shard outside chunks/", (v) => (v.line.file = `../${H}.js`)],
    ["a line without sha1", (v) => delete v.line.sha1],
    ["a negative offset", (v) => (v.line.offset = -1)],
    ["a file without sha256", (v) => delete v.files[0].sha256],
    ["a file whose binary is a string", (v) => (v.files[0].binary = "no")],
    ["a bad manifest span", (v) => (v.manifest = { offset: 1 })],
    ["files not a list", (v) => (v.files = {})],
    ["a group digest that is not 40 hex digits (keys join them unseparated)", (v) => (v.parts = { catalog: "" })],
    ["a group digest of the wrong length", (v) => (v.parts = { types: "ab".repeat(19) })],
  ];
  for (const [what, mut] of bad) {
    it(`misses ${what}`, () => {
      const v = entry();
      mut(v);
      expect(isBuildEntry(v)).toBe(false);
    });
  }
});
