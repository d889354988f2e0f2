// One way to make a diagnostic: the Reporter, with the message from the rule's catalog entry.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RULES } from "../../../src/diagnostics/registry.js";
import { Reporter } from "../../../src/diagnostics/reporter.js";
import { defineRule } from "../../../src/diagnostics/rule.js";
import type { Diagnostic } from "../../../src/types.js";
import { REPO } from "../../helpers/cli.js";

const SRC = path.join(REPO, "src");
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : [],
  );
}
const rel = (f: string) => path.relative(REPO, f).split(path.sep).join("/");

const RULE = defineRule<{ what: string }>({
  id: "link-absolute",
  severity: "warning",
  profiles: { agentskills: "error" },
  description: "d",
  help: "h",
  message: ({ what }) => `\`${what}\` is absolute.`,
});

describe("the rule catalog", () => {
  it("gives every registered rule a message template (call sites pass data, not prose)", () => {
    const without = [...RULES.values()].filter((r) => typeof r.message !== "function").map((r) => r.id);
    expect(without).toEqual([]);
  });

  it("has config rules, so config problems have ids in every format", () => {
    expect([...RULES.keys()]).toEqual(expect.arrayContaining(["config-invalid", "config-unknown-key", "config-load-failed"]));
  });
});

describe("the Reporter", () => {
  it("words the message from the rule's template and rates it by profile and settings", () => {
    const out: Diagnostic[] = [];
    new Reporter({ profile: "skillc", settings: {} }).to(out, "a/SKILL.md")(RULE, { line: 2, column: 3, endLine: 2, endColumn: 9 }, { what: "/etc" });
    new Reporter({ profile: "agentskills", settings: {} }).to(out, "b/SKILL.md")(RULE, { line: 1, column: 1 }, { what: "~/x" });
    new Reporter({ profile: "agentskills", settings: { "link-absolute": "off" } }).to(out, "c/SKILL.md")(RULE, { line: 1, column: 1 }, { what: "/y" });
    expect(out).toEqual([
      { file: "a/SKILL.md", line: 2, column: 3, endLine: 2, endColumn: 9, ruleId: "link-absolute", severity: "warning", message: "`/etc` is absolute." },
      { file: "b/SKILL.md", line: 1, column: 1, ruleId: "link-absolute", severity: "error", message: "`~/x` is absolute." },
    ]);
  });

  it("re-rates finished diagnostics through the run's per-path overrides", () => {
    const d: Diagnostic = { file: "legacy/SKILL.md", line: 1, column: 1, ruleId: "link-absolute", severity: "warning", message: "m" };
    const reporter = new Reporter({ profile: "skillc", settings: {} }, (ds) => ds.filter((x) => !x.file.startsWith("legacy/")));
    expect(reporter.rate([d])).toEqual([]);
    expect(new Reporter({ profile: "skillc", settings: {} }).rate([d])).toEqual([d]);
  });
});

describe("no stage bypasses the reporter", () => {
  it("calls diagnose() only inside src/diagnostics/", () => {
    const callers = sources().filter((f) => !rel(f).startsWith("src/diagnostics/") && /\bdiagnose\(/.test(readFileSync(f, "utf8")));
    expect(callers.map(rel)).toEqual([]);
  });

  it("writes no diagnostic as an object literal with its own rule id and severity", () => {
    const literal = /ruleId:\s*[^,}\n]+,\s*\n?\s*severity:\s*"(?:error|warning)"/;
    const found = sources().filter((f) => !rel(f).startsWith("src/diagnostics/") && literal.test(readFileSync(f, "utf8")));
    expect(found.map(rel)).toEqual([]);
  });
});
