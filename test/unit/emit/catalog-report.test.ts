// The budget is never silent: the build reports each skill whose description it shortened
// (catalog-shortened) or that it left out (catalog-dropped), at the skill's `description` key.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { build } from "../../../src/project/build.js";
import { resolveDefaults, type SkillcConfig } from "../../../src/config/types.js";
import { tempProject } from "../../helpers/project.js";

let dir: string;
beforeEach(async () => {
  dir = tempProject({}, "skillc-catalog-");
});

async function skill(root: string, name: string, description: string) {
  await mkdir(path.join(dir, root, name), { recursive: true });
  await writeFile(path.join(dir, root, name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n\nBody.\n`);
}
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const run = (config: SkillcConfig) => build({ cwd: dir, config: resolveDefaults(dir, config), write: false, cache: false });
const catalogDiagnostics = async (config: SkillcConfig) =>
  (await run(config)).diagnostics.filter((d) => d.ruleId.startsWith("catalog-")).map((d) => [d.ruleId, d.file, d.line, d.column]);

describe("catalog budget reports", () => {
  beforeEach(async () => {
    await skill("skills", "alpha", words(40));
    await skill("skills", "beta", words(40));
    await skill("skills", "gamma", "Short.");
  });

  it("says nothing when everything fits", async () => {
    expect(await catalogDiagnostics({ catalog: { format: "markdown", budget: { chars: 100_000 } } })).toEqual([]);
  });

  it("reports each shortened description at its description key, and only those", async () => {
    expect(await catalogDiagnostics({ catalog: { format: "markdown", budget: { chars: 300 } } })).toEqual([
      ["catalog-shortened", "skills/alpha/SKILL.md", 3, 1],
      ["catalog-shortened", "skills/beta/SKILL.md", 3, 1],
    ]);
  });

  it("reports each dropped skill when names alone do not fit", async () => {
    const found = await catalogDiagnostics({ catalog: { format: "markdown", budget: { chars: 20 } } });
    const dropped = found.filter(([ruleId]) => ruleId === "catalog-dropped").map(([, file]) => file);
    const shortened = found.filter(([ruleId]) => ruleId === "catalog-shortened").map(([, file]) => file);
    expect(dropped.length).toBeGreaterThan(0);
    // Each skill is reported once: a dropped skill is not also "shortened"; every skill is accounted for.
    expect(dropped.filter((f) => shortened.includes(f))).toEqual([]);
    expect(new Set([...dropped, ...shortened]).size).toBeLessThanOrEqual(3);
  });

  it("with collisions: keep, reports a shortened name at each file that holds it", async () => {
    await skill("more", "alpha", words(40));
    const result = await build({
      cwd: dir,
      config: resolveDefaults(dir, { sources: ["skills", "more"], collisions: "keep", catalog: { format: "markdown", budget: { chars: 400 } } }),
      write: false,
      cache: false,
    });
    const files = result.diagnostics.filter((d) => d.ruleId === "catalog-shortened" && d.file.endsWith("/alpha/SKILL.md")).map((d) => d.file);
    expect(files.sort()).toEqual(["more/alpha/SKILL.md", "skills/alpha/SKILL.md"]);
  });
});
