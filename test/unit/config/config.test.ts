// The config of design.md §4, loaded by the real loader (JSON, and TypeScript bundled by esbuild),
// with each option's effect on a build asserted.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/load.js";
import { budgetToChars, resolveDefaults } from "../../../src/config/types.js";
import { build } from "../../../src/project/build.js";
import { UsageError } from "../../../src/diagnostics/usage-error.js";
import { tempProject } from "../../helpers/project.js";

let dir: string;
beforeEach(async () => {
  dir = tempProject({}, "skillc-config-");
});

async function skill(root: string, name: string, extra = "", files: Record<string, string> = {}) {
  await mkdir(path.join(dir, root, name), { recursive: true });
  await writeFile(path.join(dir, root, name, "SKILL.md"), `---\nname: ${name}\ndescription: The ${name} skill, for tests.\n${extra}---\n\nBody of ${name} in ${root}.\n`);
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, root, name, rel)), { recursive: true });
    await writeFile(path.join(dir, root, name, rel), text);
  }
}

describe("budgets", () => {
  it("turns chars, tokens and a fraction of a context window into characters", () => {
    expect(budgetToChars(undefined)).toBe(16000);
    expect(budgetToChars({ chars: 1234 })).toBe(1234);
    expect(budgetToChars({ tokens: 1000 })).toBe(4000);
    expect(budgetToChars({ contextTokens: 200_000 })).toBe(8000); // Claude Code's 1% × 4 chars
    expect(budgetToChars({ contextTokens: 200_000, fraction: 0.02 })).toBe(16000);
  });
});

describe("skillc.config.ts", () => {
  it("is bundled by esbuild, and every option shapes the build", async () => {
    await skill("builtin", "shared", "", { "notes/keep.md": "kept", "drafts/skip.md": "left out" });
    await skill("builtin", "only-builtin");
    await skill("project", "shared");
    await writeFile(path.join(dir, "helper.ts"), "export const outDir: string = 'dist-skills';\n");
    await writeFile(
      path.join(dir, "skillc.config.ts"),
      `import { outDir } from "./helper.ts";
export default {
  sources: [{ dir: "builtin", scope: "builtin" }, { dir: "project", scope: "project" }],
  outDir,
  collisions: "override",
  catalog: { format: "markdown", budget: { tokens: 4000 } },
  files: { exclude: ["drafts/**"] },
  permissions: { deny: ["only-builtin"] },
  rules: { "collision-override": "off" },
};
`,
    );
    const { config, dependencies } = await loadConfig(dir);
    expect(dependencies.map((d) => path.basename(d)).sort()).toEqual(["helper.ts", "skillc.config.ts"]);
    expect(config.catalog).toEqual({ format: "markdown", budgetChars: 16000 });

    const result = await build({ cwd: dir, config, cache: false });
    expect(result.written).toBe(true);
    expect(result.diagnostics).toEqual([]); // collision-override is off
    const manifest = JSON.parse(await readFile(path.join(dir, "dist-skills/manifest.json"), "utf8"));
    const shared = manifest.skills.find((s: { name: string }) => s.name === "shared");
    expect(shared.scope).toBe("project"); // the later source wins
    expect(manifest.skills.find((s: { name: string }) => s.name === "only-builtin").files).toEqual([]);
    const builtinShared = result.skills.find((s) => s.source.file === "builtin/shared/SKILL.md");
    expect(builtinShared).toBeUndefined();
    expect(manifest.collisions[0]).toMatchObject({ name: "shared", winner: "project/shared/SKILL.md" });

    const catalog = await readFile(path.join(dir, "dist-skills/catalog.md"), "utf8");
    expect(catalog).toContain("- shared: ");
    expect(catalog).not.toContain("only-builtin"); // denied skills are not in the model's catalog
  });

  it("files.exclude leaves files out of the bundle", async () => {
    await skill("skills", "docs", "", { "notes/keep.md": "kept", "drafts/skip.md": "left out" });
    const result = await build({ cwd: dir, config: resolveDefaults(dir, { files: { exclude: ["drafts/**"] } }), write: false, cache: false });
    expect(result.skills[0]!.files.map((f) => f.path)).toEqual(["notes/keep.md"]);
  });

  it("refuses a config without a default export, and an unknown key, as usage errors", async () => {
    await writeFile(path.join(dir, "skillc.config.mjs"), "export const config = {};\n");
    await expect(loadConfig(dir)).rejects.toThrow(UsageError);
    await rm(path.join(dir, "skillc.config.mjs"));
    await writeFile(path.join(dir, "skillc.config.json"), '{ "catalog": { "fromat": "xml" } }');
    await expect(loadConfig(dir)).rejects.toThrow(/unknown key "fromat"; did you mean "format"\?/);
  });

  it("refuses two config files side by side instead of running one of them silently; --config picks", async () => {
    await writeFile(path.join(dir, "skillc.config.json"), '{ "outDir": "from-json" }');
    await writeFile(path.join(dir, "skillc.config.mjs"), 'export default { outDir: "from-mjs" };\n');
    await expect(loadConfig(dir)).rejects.toThrow('found 2 config files (skillc.config.mjs, skillc.config.json) and will not guess which one you mean. Keep one, or pass --config <file>.');
    expect((await loadConfig(dir, "skillc.config.json")).config.outDir).toBe("from-json");
  });
});
