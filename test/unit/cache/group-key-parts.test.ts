// The output groups' keys (catalogs, index.d.ts) take one digest per skill; a rebuild takes a reused
// skill's from the build cache, so only the changed skills' fields are hashed. Counted by the calls
// to the fields functions (emit/group-key.ts), both layouts; the outputs stay those of a cold build.
import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { tempProject } from "../../helpers/project.js";

const calls = vi.hoisted(() => ({ catalog: 0, types: 0 }));
vi.mock("../../../src/emit/group-key.js", async (original) => {
  const real = await original<typeof import("../../../src/emit/group-key.js")>();
  return {
    ...real,
    catalogFields: (s: Parameters<typeof real.catalogFields>[0]) => (calls.catalog++, real.catalogFields(s)),
    typesFields: (s: Parameters<typeof real.typesFields>[0]) => (calls.types++, real.typesFields(s)),
  };
});

const skillMd = (i: number, description = `Does s${i} things. Use it for s${i}.`) => `---\nname: s${i}\ndescription: ${description}\n---\n\nSkill ${i}.\n`;

async function tree(dir: string, outDir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(path.join(dir, outDir), { recursive: true })).sort()) {
    if (name === "chunks") continue;
    files[name] = await readFile(path.join(dir, outDir, name), "utf8");
  }
  return files;
}

describe.each(["single", "split"] as const)("output group keys from per-skill digests (%s)", (output) => {
  it("hashes only the changed skill's fields on a rebuild, and keeps the outputs a cold build writes", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 20; i++) files[`skills/s${i}/SKILL.md`] = skillMd(i);
    const dir = tempProject(files, "skillc-group-key-");
    const run = async (outDir: string, cache = true) => {
      calls.catalog = calls.types = 0;
      expect((await build({ cwd: dir, config: resolveDefaults(dir, { outDir, output }), cache })).written).toBe(true);
      return { ...calls };
    };
    expect(await run("out")).toEqual({ catalog: 20, types: 20 });
    expect(await run("out")).toEqual({ catalog: 0, types: 0 });
    await writeFile(path.join(dir, "skills/s7/SKILL.md"), skillMd(7, "Does s7 things, changed. Use it for s7."));
    expect(await run("out")).toEqual({ catalog: 1, types: 1 });
    await run("cold", false);
    const [warm, cold] = [await tree(dir, "out"), await tree(dir, "cold")];
    expect(warm["catalog.md"]).toContain("changed");
    expect(warm).toEqual(cold);
  });
});
