// The config's permissions against the skills a build emits (src/project/permission-checks.ts).
import { describe, expect, it } from "vitest";
import { checkPermissions } from "../../../src/project/permission-checks.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { Reporter } from "../../../src/diagnostics/reporter.js";

const reporter = new Reporter({ profile: "skillc", settings: {} });
const config = (allow: string[], deny: string[], file: string | null = "/p/skillc.config.json") => resolveDefaults("/p", { permissions: { allow, deny } }, file ?? undefined);

describe("permission-unmatched", () => {
  it("reports each entry that matches no emitted name, suggesting the nearest, at the config file", () => {
    const found = checkPermissions(config(["review-*", "Triage"], ["Deploy", "deploy", "gone-*"]), ["deploy", "review-diff", "triage"], reporter);
    expect(found.map((d) => [d.file, d.line, d.ruleId, d.message])).toEqual([
      ["skillc.config.json", 1, "permission-unmatched", 'permissions.allow entry "Triage" matches no skill of this build; did you mean "triage"? (names are compared exactly). Fix the entry or remove it.'],
      ["skillc.config.json", 1, "permission-unmatched", 'permissions.deny entry "Deploy" matches no skill of this build; did you mean "deploy"? (names are compared exactly). Fix the entry or remove it.'],
      ["skillc.config.json", 1, "permission-unmatched", 'permissions.deny entry "gone-*" matches no skill of this build. Fix the entry or remove it.'],
    ]);
  });

  it("says nothing when every entry matches, when there are none, or without a config file", () => {
    expect(checkPermissions(config(["*"], ["deploy"]), ["deploy"], reporter)).toEqual([]);
    expect(checkPermissions(config([], []), ["deploy"], reporter)).toEqual([]);
    expect(checkPermissions(config([], ["Deploy"], null), ["deploy"], reporter)).toEqual([]);
  });

  it("is off like any rule", () => {
    const off = new Reporter({ profile: "skillc", settings: { "permission-unmatched": "off" } });
    expect(checkPermissions(config([], ["Deploy"]), ["deploy"], off)).toEqual([]);
  });
});
