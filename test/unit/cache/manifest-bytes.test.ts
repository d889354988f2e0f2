// A single-layout rebuild cuts each reused skill's manifest.json entry out of the previous file by
// byte offsets (no 25 MB decode at 10,000 skills): entries after non-ASCII text (where bytes and
// UTF-16 units part ways) land exactly, and only the changed skill's entry is rendered.
import { readFile, readdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { BuildCache } from "../../../src/cache/build-cache.js";
import { tempProject } from "../../helpers/project.js";

const rendered = vi.hoisted(() => ({ entries: 0 }));
vi.mock("../../../src/emit/manifest.js", async (original) => {
  const real = await original<typeof import("../../../src/emit/manifest.js")>();
  return { ...real, manifestEntry: (...args: Parameters<typeof real.manifestEntry>) => (rendered.entries++, real.manifestEntry(...args)) };
});

const WORDS = ["café crème", "日本語の説明", "emoji 😀 and ü", "plain ascii"];
const skillMd = (i: number, body = `Skill ${i}.`) => `---\nname: s${i}\ndescription: Does ${WORDS[i % WORDS.length]} things for s${i}. Use it for s${i}.\n---\n\n${body}\n`;

async function outputs(dir: string, outDir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(path.join(dir, outDir))).sort()) files[name] = await readFile(path.join(dir, outDir, name), "utf8");
  return files;
}

describe("manifest.json entries reused by byte offsets", () => {
  it("renders only the changed skill's entry, and writes what a cold build writes, non-ASCII text before and after it", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`skills/s${i}/SKILL.md`] = skillMd(i);
    const dir = tempProject(files, "skillc-manifest-bytes-");
    const run = async (outDir: string, cache = true) => {
      rendered.entries = 0;
      expect((await build({ cwd: dir, config: resolveDefaults(dir, { outDir, output: "single" }), cache })).written).toBe(true);
      return rendered.entries;
    };
    expect(await run("out")).toBe(12);
    expect(await run("out")).toBe(0);
    // A longer entry in the middle: every entry after it moves, by bytes that are not UTF-16 units.
    await writeFile(path.join(dir, "skills/s5/SKILL.md"), skillMd(5, "Skill 5, edited: ñandú — 長い.").replace("Does", "Now does"));
    expect(await run("out")).toBe(1);
    expect(await run("out")).toBe(0);
    await run("cold", false);
    const [warm, cold] = [await outputs(dir, "out"), await outputs(dir, "cold")];
    expect(warm["manifest.json"]).toContain("Now does");
    expect(warm).toEqual(cold);
    const described = Object.fromEntries(JSON.parse(warm["manifest.json"]!).skills.map((s: { name: string; description: string }) => [s.name, s.description]));
    expect(described).toEqual(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`s${i}`, `${i === 5 ? "Now does" : "Does"} ${WORDS[i % WORDS.length]} things for s${i}. Use it for s${i}.`])));
  });

  it("does not cut entries from a manifest.json another build committed after this one", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) files[`skills/s${i}/SKILL.md`] = skillMd(i);
    const dir = tempProject(files, "skillc-manifest-race-");
    const run = (outDir: string, cache = true) => build({ cwd: dir, config: resolveDefaults(dir, { outDir, output: "single" }), cache });
    await run("out");
    // Between this build's commit (outDir's lock released) and its cache save, another build
    // commits a manifest.json with other entries (same length: offsets that would still "fit").
    const save = BuildCache.prototype.save;
    const spy = vi.spyOn(BuildCache.prototype, "save").mockImplementation(async function (this: BuildCache, ...args) {
      const file = path.join(dir, "out", "manifest.json");
      await writeFile(file + ".other", (await readFile(file, "utf8")).replaceAll("Does", "Xoes"));
      await rename(file + ".other", file);
      return save.apply(this, args);
    });
    await writeFile(path.join(dir, "skills/s2/SKILL.md"), skillMd(2, "Skill 2, edited."));
    await run("out");
    spy.mockRestore();
    await run("out");
    await run("cold", false);
    expect((await outputs(dir, "out"))["manifest.json"]).toBe((await outputs(dir, "cold"))["manifest.json"]);
  });
});
