// A bad config is a usage problem (exit 2) reported as diagnostics with rule ids, so that
// `skillc lint --format json|sarif|github` can report it too — through the real CLI.
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";
import { sarifValidator } from "../helpers/sarif.js";

const project = (files: Record<string, string>) => tempProject(files, "skillc-config-diag-");
const skill = { "skills/good/SKILL.md": "---\nname: good\ndescription: A good skill. Use when testing configs.\n---\nDo it.\n" };
// Line 3: a misspelt key; line 4: a value of the wrong type; line 5: a rule that does not exist.
const badJson = '{\n  "sources": ["skills"],\n  "outdir": "out",\n  "maxBundleBytes": "big",\n  "rules": { "name-formats": "off" }\n}\n';

interface JsonResult {
  filePath: string;
  errorCount: number;
  messages: Array<{ ruleId: string; severity: number; line: number; column: number; message: string }>;
}

describe("a bad config through `skillc lint --format …`", () => {
  it("json: one result for the config file, each problem with its rule id and position; exit 2", async () => {
    const cwd = project({ ...skill, "skillc.config.json": badJson });
    const r = await runCli(["lint", "--format", "json"], { cwd });
    expect(r.code, r.stderr).toBe(2);
    const results = JSON.parse(r.stdout) as JsonResult[];
    expect(results.map((x) => x.filePath)).toEqual(["skillc.config.json"]);
    const got = results[0]!.messages.map((m) => [m.ruleId, m.severity, m.line, m.column]);
    expect(got).toEqual([
      ["config-unknown-key", 2, 3, 3],
      ["config-invalid", 2, 4, 3],
      ["config-unknown-key", 2, 5, 14],
    ]);
    const messages = results[0]!.messages.map((m) => m.message);
    expect(messages[0]).toContain('unknown key "outdir"; did you mean "outDir"?');
    expect(messages[1]).toBe("/maxBundleBytes must be integer");
    expect(messages[2]).toBe('unknown rule "name-formats"; did you mean "name-format"?');
    expect(results[0]!.errorCount).toBe(3);
  });

  it("sarif: a valid SARIF 2.1.0 log whose results point into the config file", async () => {
    const cwd = project({ ...skill, "skillc.config.json": badJson });
    const r = await runCli(["lint", "--format", "sarif"], { cwd });
    expect(r.code, r.stderr).toBe(2);
    const log = JSON.parse(r.stdout);
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    const results = log.runs[0].results as Array<{ ruleId: string; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }> }>;
    expect(results.map((x) => [x.ruleId, x.level, x.locations[0]!.physicalLocation.artifactLocation.uri, x.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ["config-unknown-key", "error", "skillc.config.json", 3],
      ["config-invalid", "error", "skillc.config.json", 4],
      ["config-unknown-key", "error", "skillc.config.json", 5],
    ]);
    const ruleIds = (log.runs[0].tool.driver.rules as Array<{ id: string }>).map((x) => x.id);
    expect(ruleIds).toEqual(expect.arrayContaining(["config-invalid", "config-unknown-key"]));
  });

  it("github: one ::error workflow command per problem, on the config file's line", async () => {
    const cwd = project({ ...skill, "skillc.config.json": badJson });
    const r = await runCli(["lint", "--format", "github"], { cwd });
    expect(r.code, r.stderr).toBe(2);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^::error file=skillc\.config\.json,line=3,col=3,.*title=config-unknown-key.*::unknown key "outdir"/);
    expect(lines[1]).toMatch(/^::error file=skillc\.config\.json,line=4,col=3,.*::\/maxBundleBytes must be integer$/);
  });

  it("stylish (the default) keeps the message on stderr, and exit 2", async () => {
    const cwd = project({ ...skill, "skillc.config.json": badJson });
    const r = await runCli(["lint"], { cwd });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("skillc lint: invalid config:\n  skillc.config.json:3:3: unknown key \"outdir\"");
    expect(r.stderr).toContain("  skillc.config.json:4:3: /maxBundleBytes must be integer\n");
  });

  it("a config that cannot be loaded is `config-load-failed`: JSON that does not parse, positioned", async () => {
    const cwd = project({ ...skill, "skillc.config.json": '{\n  "sources": ["skills"],\n  "outDir" "out"\n}\n' });
    const r = await runCli(["lint", "--format", "json"], { cwd });
    expect(r.code, r.stderr).toBe(2);
    const [result] = JSON.parse(r.stdout) as JsonResult[];
    expect(result!.filePath).toBe("skillc.config.json");
    expect(result!.messages).toHaveLength(1);
    expect(result!.messages[0]).toMatchObject({ ruleId: "config-load-failed", severity: 2, line: 3, column: 12 });
    expect(result!.messages[0]!.message).toMatch(/skillc\.config\.json is not valid JSON: /);
  });

  it("a TypeScript config that throws, and two config files side by side, are `config-load-failed` too", async () => {
    const throwing = project({ ...skill, "skillc.config.mjs": 'throw new Error("no config today");\n' });
    const r1 = await runCli(["lint", "--format", "json"], { cwd: throwing });
    expect(r1.code, r1.stderr).toBe(2);
    const [a] = JSON.parse(r1.stdout) as JsonResult[];
    expect(a!.filePath).toBe("skillc.config.mjs");
    expect(a!.messages.map((m) => m.ruleId)).toEqual(["config-load-failed"]);
    expect(a!.messages[0]!.message).toContain("no config today");

    const two = project({ ...skill, "skillc.config.mjs": "export default {};\n", "skillc.config.json": "{}\n" });
    const r2 = await runCli(["lint", "--format", "github"], { cwd: two });
    expect(r2.code).toBe(2);
    expect(r2.stdout).toMatch(/^::error file=skillc\.config\.mjs,line=1,col=1,.*title=config-load-failed.*::found 2 config files \(skillc\.config\.mjs, skillc\.config\.json\)/);
  });

  it("a good config still lints normally (the config rules are never reported for it)", async () => {
    const cwd = project({ ...skill, "skillc.config.json": '{ "sources": ["skills"] }\n' });
    const r = await runCli(["lint", "--format", "json"], { cwd });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as JsonResult[]).map((x) => x.filePath)).toEqual(["skills/good/SKILL.md"]);
  });
});
