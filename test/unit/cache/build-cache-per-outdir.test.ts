// The build cache is one file per output folder (src/cache/build-cache.ts buildCacheFile): a project
// built into two folders (a single build and a split build) keeps both warm when they alternate,
// where one shared file made every build after the other one cold. The file of the builds before
// (build-v1.json) is removed when met.
import { existsSync, readdirSync, symlinkSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { isReused } from "../../../src/types.js";
import { buildCacheFile } from "../../../src/cache/build-cache.js";
import { readOutDir } from "../../helpers/project.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "skillc-outdir-cache-"));
  for (let i = 0; i < 4; i++) {
    await mkdir(path.join(dir, `skills/s${i}`), { recursive: true });
    await writeFile(path.join(dir, `skills/s${i}/SKILL.md`), `---\nname: s${i}\ndescription: Does s${i} things. Use it for s${i}.\n---\n\nSkill ${i}.\n`);
  }
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const single = () => build({ cwd: dir, config: resolveDefaults(dir, { outDir: "one" }), cache: true });
const split = () => build({ cwd: dir, config: resolveDefaults(dir, { outDir: "many", output: "split" }), cache: true });
const reused = (r: Awaited<ReturnType<typeof build>>) => r.skills.filter(isReused).map((s) => s.name).sort();
const cacheDir = () => path.join(dir, "node_modules/.cache/skillc");

describe("build cache, one file per outDir", () => {
  it("keeps a single and a split build warm when they alternate", async () => {
    expect(reused(await single())).toEqual([]);
    expect(reused(await split())).toEqual([]);
    expect(reused(await single())).toEqual(["s0", "s1", "s2", "s3"]);
    expect(reused(await split())).toEqual(["s0", "s1", "s2", "s3"]);
    await writeFile(path.join(dir, "skills/s1/SKILL.md"), `---\nname: s1\ndescription: Does s1 things. Use it for s1.\n---\n\nSkill 1, edited.\n`);
    expect(reused(await single())).toEqual(["s0", "s2", "s3"]);
    expect(reused(await split())).toEqual(["s0", "s2", "s3"]);
    expect(buildCacheFile(dir, "one")).not.toBe(buildCacheFile(dir, "many"));
    expect(readdirSync(cacheDir()).filter((n) => n.startsWith("build-")).sort()).toEqual(
      [path.basename(buildCacheFile(dir, "one")), path.basename(buildCacheFile(dir, "many"))].sort(),
    );
    // And what the warm builds wrote is what cold builds write.
    await build({ cwd: dir, config: resolveDefaults(dir, { outDir: "cold-one" }), cache: false });
    await build({ cwd: dir, config: resolveDefaults(dir, { outDir: "cold-many", output: "split" }), cache: false });
    expect(await readOutDir(dir, "one")).toEqual(await readOutDir(dir, "cold-one"));
    expect(await readOutDir(dir, "many")).toEqual(await readOutDir(dir, "cold-many"));
  });

  it("names an outDir by its real path: through a symlink, the same file", async () => {
    await mkdir(path.join(dir, "real"));
    symlinkSync(path.join(dir, "real"), path.join(dir, "link"));
    expect(buildCacheFile(dir, "link")).toBe(buildCacheFile(dir, "real"));
    expect(buildCacheFile(dir, "link/sub")).toBe(buildCacheFile(dir, path.join(dir, "real/sub")));
  });

  it("removes the one shared file of the builds before", async () => {
    await mkdir(cacheDir(), { recursive: true });
    await writeFile(path.join(cacheDir(), "build-v1.json"), "{}");
    await single();
    expect(existsSync(path.join(cacheDir(), "build-v1.json"))).toBe(false);
    expect(existsSync(buildCacheFile(dir, "one"))).toBe(true);
  });
});
