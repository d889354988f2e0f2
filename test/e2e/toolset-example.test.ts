// The example skill that ships a toolset (skills/release-notes/toolsets): lints clean with the built
// CLI, builds, and its tools work through the bundle.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { build, type BuildResult } from "../../src/project/build.js";
import { resolveDefaults } from "../../src/config/types.js";
import { REPO, runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";

let out: string;
let result: BuildResult;
let skills: any;

beforeAll(async () => {
  out = tempProject({}, "skillc-example-");
  result = await build({ cwd: REPO, config: resolveDefaults(REPO, { outDir: out }), roots: ["skills"], cache: false });
  ({ skills } = await import(pathToFileURL(path.join(out, "index.js")).href));
});

describe("skills/release-notes toolset", () => {
  it("lints clean (built CLI) and builds clean", async () => {
    const lint = await runCli(["lint", "skills"], { cwd: REPO });
    expect(lint.stdout + lint.stderr).toBe("");
    expect(lint.code).toBe(0);
    expect(result.diagnostics).toEqual([]);
    expect(result.skills.find((s) => s.name === "release-notes")?.toolsets?.tools).toEqual(["semver-bump", "group-commits"]);
  });

  it("semver-bump: from a bump kind, from commit subjects, and an error for a bad version", async () => {
    const call = async (input: unknown) => (await skills.call("semver-bump", input)).structuredContent;
    expect(await call({ version: "1.4.2", bump: "patch" })).toEqual({ version: "1.4.3", bump: "patch", previous: "1.4.2" });
    expect(await call({ version: "v1.4.2", subjects: ["fix: a", "feat(cli): b"] })).toMatchObject({ version: "1.5.0", bump: "minor" });
    expect(await call({ version: "1.4.2", subjects: ["refactor!: drop node 18"] })).toMatchObject({ version: "2.0.0", bump: "major" });
    expect(await call({ version: "2.0.0-rc.1", bump: "prerelease" })).toMatchObject({ version: "2.0.0-rc.2" });
    expect(await call({ version: "2.0.0-rc.1", bump: "major" })).toMatchObject({ version: "2.0.0" });
    expect(await skills.call("semver-bump", { version: "one" })).toMatchObject({ isError: true, structuredContent: { code: "EXECUTION_ERROR" } });
  });

  it("group-commits: conventional subjects into the notes' groups", async () => {
    const r = await skills.call("group-commits", { subjects: ["feat(api): add x", "fix: y", "docs: z", "feat!: drop w", "Merge branch"] });
    expect(r.structuredContent).toEqual({
      groups: { Features: ["api: add x"], Fixes: ["y"], Internal: ["z"], "Breaking changes": ["drop w"], Other: ["Merge branch"] },
      suggestedBump: "major",
    });
  });
});
