// The build cache with the split layout: a warm rebuild reuses every unchanged skill (its index.js
// line and its chunk, neither read nor serialized again), renders only the changed one, and writes
// exactly what a cold build writes.
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { isReused } from "../../../src/types.js";
import { lockOutDir } from "../../../src/emit/out-lock.js";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { buildCacheFile, sameJson } from "../../../src/cache/build-cache.js";
import { cacheKey, readCacheFile, writeCacheFile } from "../../../src/cache/signed-file.js";
import { piecesOf } from "../../../src/project/build-reuse.js";
import { readOutDir } from "../../helpers/project.js";
import { linePieces } from "../../../src/emit/split-shards.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "skillc-split-cache-"));
  for (let i = 0; i < 8; i++) {
    await mkdir(path.join(dir, `skills/s${i}/references`), { recursive: true });
    await writeFile(path.join(dir, `skills/s${i}/SKILL.md`), `---\nname: s${i}\ndescription: Does s${i} things. Use it for s${i}.\n---\n\nSkill ${i}.\n`);
    await writeFile(path.join(dir, `skills/s${i}/references/r.md`), `reference ${i}\n`);
  }
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (outDir: string, cache = true) => build({ cwd: dir, config: resolveDefaults(dir, { outDir, output: "split" }), cache });

const tree = (outDir: string) => readOutDir(dir, outDir);

describe("build cache, split layout", () => {
  it("reuses every unchanged skill and writes what a cold build writes", async () => {
    expect((await run("out")).written).toBe(true);
    await writeFile(path.join(dir, "skills/s2/SKILL.md"), `---\nname: s2\ndescription: Does s2 things. Use it for s2.\n---\n\nSkill 2, edited.\n`);
    const warm = await run("out");
    expect([warm.layout, warm.chunks]).toEqual(["split", 8]);
    expect(warm.skills.filter((s) => !isReused(s)).map((s) => s.name)).toEqual(["s2"]);
    // The chunks of reused skills never entered emit's output: only the changed one went through it.
    expect([...warm.files.keys()].filter((n) => n.startsWith("chunks/"))).toEqual([]);
    await run("cold", false);
    expect(await tree("out")).toEqual(await tree("cold"));
  });

  it("does not reuse a line across layouts when output: auto changes its mind", async () => {
    const auto = () => build({ cwd: dir, config: resolveDefaults(dir, { outDir: "out", output: "auto" }), cache: true });
    expect((await readFile(path.join(dir, (await auto(), "out/index.js")), "utf8")).includes("import(")).toBe(false);
    // A new skill with a large file: the set passes the threshold, the others are unchanged.
    await mkdir(path.join(dir, "skills/big"), { recursive: true });
    await writeFile(path.join(dir, "skills/big/SKILL.md"), `---\nname: big\ndescription: Does big things. Use it for big.\n---\n\nBig.\n`);
    await writeFile(path.join(dir, "skills/big/data.md"), "x".repeat(900_000));
    for (let i = 0; i < 3; i++) await writeFile(path.join(dir, `skills/big/data${i}.md`), `${i}`.repeat(900_000));
    const split = await auto();
    expect(split.skills.filter(isReused)).toEqual([]);
    // One payload chunk per skill (the big files' pieces beside them).
    const heads = await Promise.all(readdirSync(path.join(dir, "out/chunks")).map(async (n) => (await readFile(path.join(dir, "out/chunks", n), "utf8")).slice(0, 16)));
    expect(heads.filter((h) => h === "export default {")).toHaveLength(9);
    expect(heads.filter((h) => h === 'export default "').length).toBeGreaterThan(0);
    // And back: without the big skill the set is single again; no split line may be reused there.
    await rm(path.join(dir, "skills/big"), { recursive: true });
    const single = await auto();
    expect(single.skills.filter(isReused)).toEqual([]);
    const mod = await import(pathToFileURL(path.join(dir, "out/index.js")).href + "?single");
    expect(mod.skills.load("s1").content).toBe("Skill 1.\n");
  });

  it("builds again, writing every chunk, when another build removed one it found in outDir", async () => {
    await run("out");
    const out = path.join(dir, "out");
    const chunks = readdirSync(path.join(out, "chunks"));
    // Hold outDir's lock as another build would; while this build waits for it, a chunk goes.
    const release = await lockOutDir(out);
    let waited = 0;
    const result = await build({
      cwd: dir,
      config: resolveDefaults(dir, { outDir: "out", output: "split" }),
      cache: false,
      onLockWait: () => {
        if (waited++ === 0) {
          rmSync(path.join(out, "chunks", chunks[0]!));
          void release();
        }
      },
    });
    expect(waited).toBe(1);
    expect(result.written).toBe(true);
    expect(existsSync(path.join(out, "chunks", chunks[0]!))).toBe(true);
    expect(readdirSync(path.join(out, "chunks")).sort()).toEqual([...chunks].sort());
  });
});

describe("build cache, split layout: the metadata shards", () => {
  const cacheFile = () => buildCacheFile(dir, "out");
  type Cache = { shards?: Record<string, string>; entries: Record<string, { line: { sha1: string; file: string } }> };
  /** Every line's recorded sha1 made wrong: a line is reused now only if its shard is not hashed again. */
  async function wrongHashes(): Promise<Cache> {
    const data = (await readCacheFile(cacheFile(), cacheKey())) as Cache;
    for (const e of Object.values(data.entries)) e.line.sha1 = "0".repeat(40);
    await writeCacheFile(cacheFile(), cacheKey(), data);
    return data;
  }

  it("trusts a shard that has the fingerprint it was written with: its lines are not hashed again", async () => {
    await run("out");
    const data = await wrongHashes();
    const shards = new Set(Object.values(data.entries).map((e) => e.line.file));
    expect(Object.keys(data.shards ?? {}).sort()).toEqual([...shards].sort());
    const warm = await run("out");
    expect(warm.skills.filter((s) => !isReused(s))).toEqual([]);
  });

  it("hashes the lines of a shard rewritten since (a new fingerprint), and renders those skills again", async () => {
    await run("out");
    const data = await wrongHashes();
    const file = data.entries["skills/s3/SKILL.md"]!.line.file;
    const shard = path.join(dir, "out", file);
    writeFileSync(shard, readFileSync(shard));
    const warm = await run("out");
    const rendered = warm.skills.filter((s) => !isReused(s)).map((s) => s.source.file);
    expect(rendered).toContain("skills/s3/SKILL.md");
    expect(rendered.sort()).toEqual(Object.keys(data.entries).filter((k) => data.entries[k]!.line.file === file).sort());
    await run("cold", false);
    expect(await tree("out")).toEqual(await tree("cold"));
  });

  it("leaves the build cache file alone when nothing changed (its shards' fingerprints included)", async () => {
    await run("out");
    await run("out");
    const before = statSync(cacheFile());
    const warm = await run("out");
    expect(warm.skills.filter((s) => !isReused(s))).toEqual([]);
    const after = statSync(cacheFile());
    expect([after.ino, after.mtimeMs, after.size]).toEqual([before.ino, before.mtimeMs, before.size]);
  });

  it("compares cache headers as JSON values, key order aside", () => {
    expect(sameJson({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, u: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: [] }, { a: {} })).toBe(false);
    expect(sameJson({ a: "1" }, { a: 1 })).toBe(false);
    expect(sameJson({ a: { b: { c: 1 } } }, { a: { b: { c: 2 } } })).toBe(false);
  });

  it("reads a line's piece chunks as linePieces does", () => {
    const h = (c: string) => c.repeat(64);
    for (const line of [
      `{"name":"a","payload":"${h("a")}"}`,
      `{"name":"a","payload":["${h("a")}","${h("b")}","${h("c")}"]}`,
      `{"name":"a","payload":["${h("a")}"]}`,
      `{"name":"a","x":",\\"payload\\":\\"${h("d")}\\"","payload":["${h("a")}","${h("e")}"]}`,
      `{"name":"a"}`,
    ]) {
      expect(piecesOf(Buffer.from(line))).toEqual(linePieces(Buffer.from(line)));
    }
    expect(piecesOf(Buffer.from(`{"name":"a","payload":["${h("a")}","${h("b")}"]}`))).toEqual([h("b")]);
  });
});
