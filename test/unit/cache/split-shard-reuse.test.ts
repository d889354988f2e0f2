// A split rebuild keeps the metadata shards and links modules whose contents are unchanged: not
// rendered, not hashed, not written. Counted by the hashing of each (sha256Hex is the one content
// hash of every output): a shard's bytes start "export const m='[", a links module's "export const i={".
import { readFile, writeFile } from "node:fs/promises";
import { utimesSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { readOutDir, tempProject } from "../../helpers/project.js";

const hashed = vi.hoisted(() => ({ shards: 0, links: 0 }));
vi.mock("../../../src/util/sha256.js", async (original) => {
  const real = await original<typeof import("../../../src/util/sha256.js")>();
  return {
    ...real,
    sha256Hex: (data: string | Uint8Array) => {
      const head = typeof data === "string" ? data.slice(0, 16) : Buffer.from(data.subarray(0, 16)).toString("latin1");
      if (head === "export const m='") hashed.shards++;
      if (head === "export const i={") hashed.links++;
      return real.sha256Hex(data);
    },
  };
});

const SKILLS = 400;
const skillMd = (i: number, extra = "") => `---\nname: s${i}\ndescription: Does s${i} things. Use it for s${i}.\n---\n\nSkill ${i}.${extra}\n`;
let dir: string;
beforeEach(() => {
  const tree: Record<string, string> = {};
  for (let i = 0; i < SKILLS; i++) tree[`skills/s${i}/SKILL.md`] = skillMd(i);
  dir = tempProject(tree, "skillc-shard-reuse-");
});

const run = async (outDir: string, cache = true) => {
  hashed.shards = hashed.links = 0;
  const r = await build({ cwd: dir, config: resolveDefaults(dir, { outDir, output: "split" }), cache });
  expect(r.written).toBe(true);
  return { ...hashed };
};

const tree = (outDir: string) => readOutDir(dir, outDir);

describe("split rebuild: unchanged metadata shards and links modules", () => {
  it("renders none of them when nothing changed, and one shard and one links module for one changed skill", async () => {
    const cold = await run("out");
    // Enough skills for several shards and more than one links module.
    expect(cold.shards).toBeGreaterThan(2);
    expect(cold.links).toBeGreaterThan(0);
    expect(await run("out")).toEqual({ shards: 0, links: 0 });
    await writeFile(path.join(dir, "skills/s123/SKILL.md"), skillMd(123, " Edited."));
    expect(await run("out")).toEqual({ shards: 1, links: 1 });
    await run("cold", false);
    expect(await tree("out")).toEqual(await tree("cold"));
  });

  it("renders a shard again when it is not the file it wrote (a new fingerprint), with the same bytes", async () => {
    await run("out");
    const index = await readFile(path.join(dir, "out/index.js"), "utf8");
    const shard = /import \* as s0 from "\.\/chunks\/([0-9a-f]{64})\.js"/.exec(index);
    expect(shard).not.toBeNull();
    const file = path.join(dir, "out/chunks", `${shard![1]}.js`);
    utimesSync(file, new Date(2001, 1, 1), new Date(2001, 1, 1));
    const warm = await run("out");
    expect(warm.shards).toBeGreaterThanOrEqual(1);
    await run("cold", false);
    expect(await tree("out")).toEqual(await tree("cold"));
  });
});
