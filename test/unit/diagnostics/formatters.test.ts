import { describe, expect, it } from "vitest";
import type { RuleMeta } from "../../../src/diagnostics/rule.js";
import { formatResults, summarize, type FormatOptions, type LintFileResult } from "../../../src/diagnostics/format.js";
import { escapeData, escapeProperty } from "../../../src/diagnostics/format-github.js";
import { sarifValidator } from "../../helpers/sarif.js";

// A fixed rule table, so the snapshots do not move when the real registry grows.
const RULES: ReadonlyMap<string, RuleMeta> = new Map(
  (
    [
      { id: "yaml-syntax", severity: "error", description: "The frontmatter is not valid YAML.", help: "Quote values that hold `: `.", fixable: true },
      { id: "unknown-field", severity: "warning", profiles: { agentskills: "error" }, description: "A frontmatter field no profile knows.", help: "Remove it or move it under `metadata`." },
      { id: "placeholder-in-code", severity: "warning", description: "A placeholder inside a code block.", help: "Escape it as `\\$`." },
      { id: "link-missing", severity: "error", description: "A relative link to a missing file.", help: "Fix the path or add the file." },
    ] satisfies RuleMeta[]
  ).map((r) => [r.id, r]),
);

const OPTS: FormatOptions = { color: false, version: "1.2.3", rules: RULES, cwd: "/repo" };

// Deliberately unsorted, with a clean file, an absolute path, a rule the table does not know,
// and a path with a comma and a space in it.
const RESULTS: LintFileResult[] = [
  {
    file: "skills/review-diff/SKILL.md",
    diagnostics: [
      { file: "skills/review-diff/SKILL.md", line: 12, column: 5, endLine: 12, endColumn: 7, ruleId: "placeholder-in-code", severity: "warning", message: "`$1` inside a code block is replaced by an argument; write `\\$1` to keep it literal." },
      { file: "skills/review-diff/SKILL.md", line: 3, column: 14, endLine: 3, endColumn: 40, ruleId: "yaml-syntax", severity: "error", message: "The description holds `: `, which YAML reads as a mapping; quote the value.", fix: { range: [30, 56], text: '"Review a diff: spot bugs"' } },
      { file: "skills/review-diff/SKILL.md", line: 3, column: 1, ruleId: "unknown-field", severity: "warning", message: "Unknown field `tags`; remove it or move it under `metadata`." },
    ],
    source: "---\nname: review-diff\n",
  },
  { file: "skills/clean/SKILL.md", diagnostics: [] },
  {
    file: "/repo/skills/odd name,x/SKILL.md",
    diagnostics: [
      { file: "skills/odd name,x/SKILL.md", line: 101, column: 22, ruleId: "link-missing", severity: "error", message: "Link to `references/a,b.md` points at a missing file: 100% sure.\nCreate it or fix the link." },
      { file: "skills/odd name,x/SKILL.md", line: 2, column: 1, ruleId: "custom-rule", severity: "warning", message: "A rule the table does not know." },
    ],
  },
];

describe("stylish", () => {
  it("matches the snapshot, plain and coloured", async () => {
    const plain = formatResults("stylish", RESULTS, OPTS);
    await expect(plain).toMatchFileSnapshot("../../fixtures/formatters/stylish.txt");
    const colored = formatResults("stylish", RESULTS, { ...OPTS, color: true });
    await expect(colored).toMatchFileSnapshot("../../fixtures/formatters/stylish-color.txt");
    expect(plain).not.toContain("\u001b[");
    expect(colored).toContain("\u001b[31merror\u001b[39m");
    expect(colored.replace(/\u001b\[\d+m/g, "")).toBe(plain);
  });

  it("aligns rows, sorts, prints relative paths and the summary", () => {
    const lines = formatResults("stylish", RESULTS, OPTS).split("\n");
    expect(lines[0]).toBe("");
    expect(lines[1]).toBe("skills/odd name,x/SKILL.md");
    const rows = lines.filter((l) => /^\s+\d+:\d+/.test(l));
    // The severity column starts at the same place within a file.
    const starts = rows.slice(0, 2).map((r) => r.search(/(error|warning)/));
    expect(starts[0]).toBe(starts[1]);
    expect(lines).toContain("\u2716 5 problems (2 errors, 3 warnings)");
    expect(lines).toContain("  1 error and 0 warnings potentially fixable with the `--fix` option.");
    expect(lines.some((l) => l.includes("/repo"))).toBe(false);
  });

  it("shows a backslash in a file's name as it is (a name's character off Windows), never as a folder separator", () => {
    const d = { file: "skills/x/refs\\a.md", line: 1, column: 1, severity: "warning" as const, ruleId: "unservable-file-name", message: "m" };
    const results = [{ file: d.file, diagnostics: [d] }];
    expect(formatResults("stylish", results, OPTS).split("\n")[1]).toBe("skills/x/refs\\a.md");
    expect(JSON.parse(formatResults("json", results, OPTS))[0].filePath).toBe("skills/x/refs\\a.md");
  });

  it("prints nothing when there is nothing to report", () => {
    expect(formatResults("stylish", [], OPTS)).toBe("");
    expect(formatResults("stylish", [{ file: "a/SKILL.md", diagnostics: [] }], OPTS)).toBe("");
  });

  it("drops a message's final period as ESLint does, only after a non-space", () => {
    const d = RESULTS[0].diagnostics[2]!;
    const row = (message: string) => formatResults("stylish", [{ file: "a/SKILL.md", diagnostics: [{ ...d, file: "a/SKILL.md", message }] }], OPTS).split("\n")[2]!;
    expect(row("Ends here.")).toMatch(/ Ends here {2}unknown-field$/);
    expect(row("Spaced .")).toMatch(/ Spaced \. {2}unknown-field$/);
    expect(row(".")).toMatch(/ \. {2}unknown-field$/);
    expect(row("Emoji \u{1F600}.")).toMatch(/ Emoji \u{1F600} {2}unknown-field$/u);
    expect(row("Two dots..")).toMatch(/ Two dots\. {2}unknown-field$/);
  });

  it("a message over 400 characters does not widen the column: every row was padded to it (one 50 KB link beside 5,000 rows printed 250 MB)", () => {
    const d = RESULTS[0].diagnostics[2]!;
    const long = `\`${"r".repeat(50_000)}\` does not exist in the skill folder.`;
    const diagnostics = [{ ...d, file: "a/SKILL.md", message: long }, ...Array.from({ length: 5_000 }, () => ({ ...d, file: "a/SKILL.md", message: "Short." }))];
    const out = formatResults("stylish", [{ file: "a/SKILL.md", diagnostics }], OPTS);
    expect(out.length).toBeLessThan(300_000);
    const rows = out.split("\n");
    expect(rows.filter((r) => r.endsWith("` does not exist in the skill folder  unknown-field"))).toHaveLength(1);
    expect(rows.filter((r) => / {2}Short {2}unknown-field$/.test(r))).toHaveLength(5_000);
  });

  it("uses the singular and a yellow summary for a single warning", () => {
    const one: LintFileResult[] = [{ file: "a/SKILL.md", diagnostics: [{ ...RESULTS[0].diagnostics[0], file: "a/SKILL.md" }] }];
    expect(formatResults("stylish", one, OPTS)).toContain("\u2716 1 problem (0 errors, 1 warning)\n");
    expect(formatResults("stylish", one, { ...OPTS, color: true })).toContain("\u001b[1m\u001b[33m\u2716 1 problem");
  });
});

describe("json", () => {
  it("matches the snapshot", async () => {
    await expect(formatResults("json", RESULTS, OPTS)).toMatchFileSnapshot("../../fixtures/formatters/eslint.json");
  });

  it("has ESLint's result shape with relative posix paths", () => {
    const out = JSON.parse(formatResults("json", RESULTS, OPTS));
    expect(out.map((r: { filePath: string }) => r.filePath)).toEqual([
      "skills/clean/SKILL.md",
      "skills/odd name,x/SKILL.md",
      "skills/review-diff/SKILL.md",
    ]);
    const review = out[2];
    expect(Object.keys(review).sort()).toEqual(
      ["errorCount", "fatalErrorCount", "filePath", "fixableErrorCount", "fixableWarningCount", "messages", "source", "suppressedMessages", "usedDeprecatedRules", "warningCount"],
    );
    expect(review).toMatchObject({ errorCount: 1, warningCount: 2, fixableErrorCount: 1, fixableWarningCount: 0, source: "---\nname: review-diff\n" });
    expect(review.messages.map((m: { line: number; severity: number }) => [m.line, m.severity])).toEqual([[3, 1], [3, 2], [12, 1]]);
    expect(review.messages[1]).toEqual({
      ruleId: "yaml-syntax", severity: 2, message: RESULTS[0].diagnostics[1].message,
      line: 3, column: 14, endLine: 3, endColumn: 40, fix: { range: [30, 56], text: '"Review a diff: spot bugs"' },
    });
    expect("endLine" in review.messages[0]).toBe(false);
    expect("source" in out[0]).toBe(false);
    expect(out[0]).toMatchObject({ messages: [], errorCount: 0, warningCount: 0 });
  });
});

describe("github", () => {
  it("matches the snapshot", async () => {
    await expect(formatResults("github", RESULTS, OPTS)).toMatchFileSnapshot("../../fixtures/formatters/github.txt");
  });

  it("escapes data and properties as @actions/core does", () => {
    expect(escapeData("100% done\r\nnext: a, b")).toBe("100%25 done%0D%0Anext: a, b");
    expect(escapeProperty("a:b,c%\n")).toBe("a%3Ab%2Cc%25%0A");
  });

  it("writes one command per diagnostic, severities mapped, messages on one line", () => {
    const lines = formatResults("github", RESULTS, OPTS).trimEnd().split("\n");
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(
      "::error file=skills/odd name%2Cx/SKILL.md,line=101,col=22,title=link-missing::Link to `references/a,b.md` points at a missing file: 100%25 sure.%0ACreate it or fix the link.",
    );
    expect(lines[3]).toBe(
      "::error file=skills/review-diff/SKILL.md,line=3,col=14,endLine=3,endColumn=40,title=yaml-syntax::The description holds `: `, which YAML reads as a mapping; quote the value.",
    );
    expect(lines.filter((l) => l.startsWith("::warning "))).toHaveLength(3);
    expect(formatResults("github", [], OPTS)).toBe("");
  });
});

describe("github: the ten annotations of a kind GitHub shows", () => {
  const warn = (file: string, ruleId: string, line = 2) => ({ file, line, column: 1, ruleId, severity: "warning" as const, message: `${ruleId} here` });
  // A pull request adds twelve harmless warnings in folders sorted before its own skill, whose
  // grant, hook and `!` command GitHub would otherwise not annotate (it shows the first 10 warnings of a step).
  const noise = Array.from({ length: 12 }, (_, i) => ({ file: `skills/a${i}/SKILL.md`, diagnostics: [warn(`skills/a${i}/SKILL.md`, "name-mismatch")] }));
  const hostile = {
    file: "skills/zz/SKILL.md",
    diagnostics: ["shell-granted", "hook-command", "shell-command-line", "argument-in-command", "hidden-character"].map((id, i) => warn("skills/zz/SKILL.md", id, 3 + i)),
  };

  it("print what Claude Code would run or be granted, and hidden text, first within each kind", () => {
    const lines = formatResults("github", [...noise, hostile], OPTS).trimEnd().split("\n");
    const shown = lines.filter((l) => l.startsWith("::warning ")).slice(0, 10);
    for (const id of ["shell-granted", "hook-command", "shell-command-line", "argument-in-command", "hidden-character"]) {
      expect(shown.some((l) => l.includes(`title=${id}::`)), id).toBe(true);
    }
    // The rest keep the usual order after them.
    expect(lines.filter((l) => l.includes("title=name-mismatch")).map((l) => /file=([^,]+)/.exec(l)![1])).toEqual(noise.map((r) => r.file).sort());
  });

  it("end with a notice when a kind passes ten, so a reader knows the log holds more", () => {
    const out = formatResults("github", [...noise, hostile], OPTS).trimEnd().split("\n");
    expect(out.at(-1)).toBe("::notice title=skillc::17 warnings: GitHub shows the first 10 of each kind as annotations (what Claude Code would run or be granted, and hidden characters, first); the log lists every one.");
    expect(formatResults("github", noise.slice(0, 10), OPTS)).not.toContain("::notice");
  });
});

describe("sarif", () => {
  const log = () => JSON.parse(formatResults("sarif", RESULTS, OPTS));

  it("matches the snapshot and is deterministic", async () => {
    const out = formatResults("sarif", RESULTS, OPTS);
    await expect(out).toMatchFileSnapshot("../../fixtures/formatters/sarif.json");
    expect(formatResults("sarif", [...RESULTS].reverse(), OPTS)).toBe(out);
  });

  it("validates against the SARIF 2.1.0 JSON schema", () => {
    const validate = sarifValidator();
    for (const results of [RESULTS, [], [{ file: "a/SKILL.md", diagnostics: [] }]]) {
      const ok = validate(JSON.parse(formatResults("sarif", results, OPTS)));
      expect(validate.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
    }
    // The validator does reject a broken log.
    const bad = log();
    bad.runs[0].results[0].level = "fatal";
    expect(validate(bad)).toBe(false);
  });

  it("lists only the rules that appear, sorted, with ruleIndex pointing at them", () => {
    const run = log().runs[0];
    expect(run.tool.driver).toMatchObject({ name: "skillc", version: "1.2.3" });
    const ids = run.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(ids).toEqual(["custom-rule", "link-missing", "placeholder-in-code", "unknown-field", "yaml-syntax"]);
    expect(run.tool.driver.rules[4]).toMatchObject({
      shortDescription: { text: "The frontmatter is not valid YAML." },
      fullDescription: { text: "Quote values that hold `: `." },
      defaultConfiguration: { level: "error" },
    });
    expect(run.tool.driver.rules[0]).toEqual({ id: "custom-rule" });
    for (const r of run.results) expect(ids[r.ruleIndex]).toBe(r.ruleId);
  });

  it("maps severities and locations with relative URIs", () => {
    const run = log().runs[0];
    expect(run.results.map((r: { level: string }) => r.level)).toEqual(["warning", "error", "warning", "error", "warning"]);
    expect(run.results[1].locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: "skills/odd%20name%2Cx/SKILL.md", uriBaseId: "%SRCROOT%" },
      region: { startLine: 101, startColumn: 22 },
    });
    expect(run.results[3].locations[0].physicalLocation.region).toEqual({ startLine: 3, startColumn: 14, endLine: 3, endColumn: 40 });
    expect(Object.keys(run.originalUriBaseIds)).toEqual(["%SRCROOT%"]);
    expect(JSON.stringify(run)).not.toContain("/repo");
  });
});

describe("summarize", () => {
  it("counts errors, warnings, fixable diagnostics and files with problems", () => {
    expect(summarize(RESULTS)).toEqual({ errors: 2, warnings: 3, fixable: 1, files: 2 });
    expect(summarize([])).toEqual({ errors: 0, warnings: 0, fixable: 0, files: 0 });
  });

  it("does not mutate its input when formatting", () => {
    const copy = structuredClone(RESULTS);
    formatResults("sarif", RESULTS, OPTS);
    formatResults("stylish", RESULTS, OPTS);
    expect(RESULTS).toEqual(copy);
  });
});
