// A fixture for every rule: test/fixtures/rules/<rule-id>/ holds a minimal project that triggers the
// rule (or names one that exists already) and `expected.json` with the rule, how to run it and the
// diagnostic expected (file, line, column, severity). Each fixture goes through the real code: the
// exported lint() or build() on the fixture's folder, config loading included, so config rules
// come from a bad skillc.config.json. A rule registered without a fixture folder fails here.
// A rule no checked-in tree can trigger (a FIFO, a folder without read permission, a Node without a
// permission model) says so: `"run": "test"` names its dedicated test file and why; this suite
// checks that the file exists and asserts that rule id, and counts those fixtures.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULES } from "../../../src/diagnostics/registry.js";
import { build, lint } from "../../../src/project/api.js";
import type { Diagnostic, Profile } from "../../../src/types.js";
import { REPO } from "../../helpers/cli.js";

const FIXTURES = path.join(REPO, "test", "fixtures", "rules");

interface Expected {
  rule: string;
  /** lint (the default), build (in memory, nothing written), or test (triggered by a dedicated test). */
  run: "lint" | "build" | "test";
  /** The project folder, relative to the fixture folder. Default: project. */
  project?: string;
  paths?: string[];
  profile?: Profile;
  /** The diagnostic expected; `file` relative to the project folder. */
  expect?: { file: string; line: number; column: number; severity: "error" | "warning" };
  /** For run: test, the test file (relative to the repository) that triggers the rule, and why. */
  test?: string;
  reason?: string;
}

const fixtures = readdirSync(FIXTURES).sort();
const expectedOf = (id: string) => JSON.parse(readFileSync(path.join(FIXTURES, id, "expected.json"), "utf8")) as Expected;

/** The diagnostics of one run over the fixture's project, config problems included. */
async function diagnosticsOf(e: Expected, cwd: string): Promise<Diagnostic[]> {
  try {
    if (e.run === "build") return (await build({ cwd, write: false, cache: false, profile: e.profile })).diagnostics;
    const report = await lint({ cwd, paths: e.paths, cache: false, profile: e.profile });
    return report.results.flatMap((r) => r.diagnostics.map((d) => ({ ...d, file: r.file })));
  } catch (err) {
    // A bad config throws a ConfigError that carries its diagnostics (the CLI prints them, exit 2).
    const diagnostics = (err as { diagnostics?: Diagnostic[] }).diagnostics;
    if (!diagnostics) throw err;
    return diagnostics;
  }
}

describe("a fixture folder for every rule (test/fixtures/rules/<rule-id>)", () => {
  it("has one for each registered rule, and none for a rule that does not exist", () => {
    const missing = [...RULES.keys()].filter((id) => !fixtures.includes(id));
    expect(missing, `rules without a fixture folder in test/fixtures/rules/: ${missing.join(", ")}`).toEqual([]);
    const unknown = fixtures.filter((id) => !RULES.has(id));
    expect(unknown, "fixture folders named after no registered rule").toEqual([]);
    for (const id of fixtures) expect(expectedOf(id).rule, `${id}/expected.json`).toBe(id);
  });

  const byTest = fixtures.filter((id) => RULES.has(id) && expectedOf(id).run === "test");
  it(`counts the ${byTest.length} rules triggered by a dedicated test, each naming a test file that asserts the rule`, () => {
    for (const id of byTest) {
      const e = expectedOf(id);
      expect(e.reason, `${id}: why no fixture can trigger it`).toBeTruthy();
      const file = path.join(REPO, e.test ?? "");
      expect(existsSync(file) && e.test!.endsWith(".test.ts"), `${id}: test file ${e.test}`).toBe(true);
      expect(readFileSync(file, "utf8"), `${e.test} mentions ${id}`).toContain(id);
      console.log(`${id}: triggered by ${e.test} (${e.reason})`);
    }
    console.log(`rule fixtures: ${fixtures.length - byTest.length} run here, ${byTest.length} by a dedicated test, ${RULES.size} rules`);
  });

  for (const id of fixtures.filter((id) => RULES.has(id) && expectedOf(id).run !== "test")) {
    it(`${id}: the fixture triggers it at the expected position`, async () => {
      const e = expectedOf(id);
      const cwd = path.resolve(FIXTURES, id, e.project ?? "project");
      const found = await diagnosticsOf(e, cwd);
      if (process.env.SKILLC_PROBE) console.log(id, JSON.stringify(found.map(({ ruleId, file, line, column, severity }) => ({ ruleId, file, line, column, severity }))));
      const hits = found.filter((d) => d.ruleId === id).map(({ file, line, column, severity }) => ({ file, line, column, severity }));
      expect(e.expect, `${id}/expected.json needs "expect"`).toBeDefined();
      expect(hits, `${id}: ${JSON.stringify(found.map((d) => `${d.ruleId} ${d.file}:${d.line}:${d.column}`))}`).toContainEqual(e.expect);
    });
  }
});
