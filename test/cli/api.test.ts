// The package's programmatic API, imported the way users do: from the built dist/index.js.
import { cp, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempProject } from "../helpers/project.js";

const REPO = path.resolve(import.meta.dirname, "../..");
let dir: string;
beforeAll(async () => {
  dir = tempProject({}, "skillc-api-");
  await cp(path.join(REPO, "skills"), path.join(dir, "skills"), { recursive: true });
});

describe("import from skillc (dist/index.js)", () => {
  it("lints, formats and builds like the CLI", async () => {
    const api = await import(path.join(REPO, "dist/index.js"));
    expect(api.defineConfig({ outDir: "x" })).toEqual({ outDir: "x" });
    const { config } = await api.loadConfig(dir);
    const report = await api.lint({ cwd: dir, config });
    expect(report.skills).toBe(6);
    expect(api.summarize(report.results)).toMatchObject({ errors: 0, warnings: 0 });
    const sarif = JSON.parse(api.formatResults("sarif", report.results, { color: false, version: "0", rules: api.RULES }));
    expect(sarif.version).toBe("2.1.0");
    const built = await api.build({ cwd: dir, config, write: false });
    expect(built.skills.map((s: { name: string }) => s.name)).toEqual(["author-skill", "changelog-entry", "commit-message", "release-notes", "review-diff", "triage-bug"]);
    expect(api.RULES.get("yaml-syntax").severity).toBe("error");
  });

  it("lint({ cwd }) and build({ cwd }) load the project's config themselves", async () => {
    const api = await import(path.join(REPO, "dist/index.js"));
    const project = tempProject({}, "skillc-api-config-");
    try {
      // Skills where only the config points (not a default source), output where only the config says.
      await cp(path.join(REPO, "skills"), path.join(project, "my-skills"), { recursive: true });
      await writeFile(path.join(project, "skillc.config.json"), JSON.stringify({ sources: ["my-skills"], outDir: "out-x" }));
      const report = await api.lint({ cwd: project });
      expect(report.skills).toBe(6);
      expect(api.summarize(report.results)).toMatchObject({ errors: 0, warnings: 0 });
      const built = await api.build({ cwd: project });
      expect(built.written).toBe(true);
      expect(built.outDir).toBe(path.join(project, "out-x"));
      expect(built.skills).toHaveLength(6);
      expect(await readdir(path.join(project, "out-x"))).toContain("index.js");
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });
});
