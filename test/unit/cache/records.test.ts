// The cache files as records (src/cache/signed-file.ts): a rebuild writes back the records it did not
// replace as the bytes it read (never serialized again), and a rebuild in which nothing changed
// does not write the build cache at all. Counted through the bytes on disk, not timed.
import { existsSync } from "node:fs";
import { cp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cacheKey, readRecordFile, writeRecordFile } from "../../../src/cache/signed-file.js";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { tempProject } from "../../helpers/project.js";
import { buildCacheFile } from "../../../src/cache/build-cache.js";
import { AnalysisCache, shardFile, shardOf, cacheDir } from "../../../src/cache/analysis-cache.js";
import { encodeAnalysisRecord, type AnalysisSnapshot } from "../../../src/pipeline/analysis-store.js";
import { analysisShards } from "../../helpers/analysis-cache.js";

const REPO = path.resolve(import.meta.dirname, "../../..");
let dir: string;
const cacheFile = (name: string) => path.join(dir, "node_modules/.cache/skillc", name);
/** The build cache file of outDir "out" (one file per outDir), by its name in the cache folder. */
const BUILD_NAME = () => path.basename(buildCacheFile(dir, "out"));
const run = () => build({ cwd: dir, config: resolveDefaults(dir, { outDir: "out" }), cache: true });

beforeEach(async () => {
  dir = tempProject({}, "skillc-records-");
  await cp(path.join(REPO, "skills"), path.join(dir, "skills"), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The analysis cache's shard files that exist, by their names in the cache folder. */
const ANALYSIS_NAMES = () => analysisShards(dir).flatMap((f) => (existsSync(f) ? [path.relative(cacheFile(""), f)] : []));

/** Rewrites every record of cache files with a space after its opening brace: the same JSON, other bytes. */
async function respace(...names: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const name of names) {
    const read = (await readRecordFile(cacheFile(name), cacheKey()))!;
    const records = [...read.records].map(([k, v]) => [k, Buffer.from("{ " + v.toString("utf8").slice(1))] as const);
    await writeRecordFile(cacheFile(name), cacheKey(), read.header, records);
    keys.push(...records.map(([k]) => k));
  }
  return keys;
}

async function records(...names: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of names) for (const [k, v] of (await readRecordFile(cacheFile(name), cacheKey()))!.records) out.set(k, v.toString("utf8"));
  return out;
}

describe("cache records", () => {
  it("round-trips a header and thousands of records, keys with tabs and newlines included", async () => {
    const file = cacheFile("many.json");
    const records = Array.from({ length: 3000 }, (_, i) => [`skills/s${i}\t\n/SKILL.md`, JSON.stringify({ i, text: "x".repeat(i % 50) })] as const);
    await writeRecordFile(file, cacheKey(), { key: "k" }, records);
    const read = (await readRecordFile(file, cacheKey()))!;
    expect(read.header).toEqual({ key: "k" });
    expect([...read.records].map(([k, v]) => [k, v.toString("utf8")])).toEqual(records);
    // Another key's signature does not pass.
    expect(await readRecordFile(file, Buffer.alloc(32, 1))).toBeUndefined();
  });

  it("takes a record as its string or as its UTF-8 bytes (a view into a larger buffer), and writes those bytes", async () => {
    const range = { line: 1, column: 1, endLine: 3, endColumn: 4 };
    const snap = (name: string): AnalysisSnapshot => ({ frontmatter: { name, description: "Ünïcode — yes." }, positions: { "/name": { key: range, value: range } }, frontmatterRange: range, bodyOffset: 40, bodyStart: 41, diagnostics: [], parsedCount: 0 });
    const cache = await AnalysisCache.open(dir, { config: 1 });
    const asText = encodeAnalysisRecord("k1", snap("a"));
    const asBytes = encodeAnalysisRecord("k2", snap("b"));
    // A worker's records arrive as views of one buffer holding a whole batch's (share-wire.ts).
    const batch = Buffer.concat([Buffer.from("junk before"), Buffer.from(asBytes), Buffer.from("junk after")]);
    const view = new Uint8Array(batch.buffer, batch.byteOffset + 11, Buffer.byteLength(asBytes));
    cache.setRecord("skills/a/SKILL.md", asText);
    cache.setRecord("skills/b/SKILL.md", view);
    expect(cache.get("skills/a/SKILL.md", "k1")).toEqual(snap("a"));
    expect(cache.get("skills/b/SKILL.md", "k2")).toEqual(snap("b"));
    expect(cache.get("skills/b/SKILL.md", "k1")).toBeUndefined();
    await cache.save();
    const written = new Map<string, string>();
    for (const file of ["skills/a/SKILL.md", "skills/b/SKILL.md"]) {
      const read = (await readRecordFile(shardFile(cacheDir(dir), shardOf(file)), cacheKey()))!;
      written.set(file, read.records.get(file)!.toString("utf8"));
    }
    expect(written).toEqual(new Map([["skills/a/SKILL.md", asText], ["skills/b/SKILL.md", asBytes]]));
    const again = await AnalysisCache.open(dir, { config: 1 });
    expect(again.get("skills/b/SKILL.md", "k2")).toEqual(snap("b"));
  });

  it("writes a shard saved ahead (savePart) once, and again only when a record is set in it since", async () => {
    const range = { line: 1, column: 1, endLine: 3, endColumn: 4 };
    const snap: AnalysisSnapshot = { frontmatter: { name: "a" }, positions: {}, frontmatterRange: range, bodyOffset: 9, bodyStart: 10, diagnostics: [], parsedCount: 0 };
    const file = "skills/a/SKILL.md";
    const shard = shardFile(cacheDir(dir), shardOf(file));
    const cache = await AnalysisCache.open(dir, { config: 2 });
    cache.setRecord(file, encodeAnalysisRecord("k1", snap));
    cache.savePart(shardOf(file));
    await cache.save(); // waits for the part's write, and writes nothing more
    const first = await stat(shard);
    expect((await readRecordFile(shard, cacheKey()))!.records.get(file)!.toString("utf8")).toBe(encodeAnalysisRecord("k1", snap));
    cache.savePart(shardOf(file));
    await cache.save();
    expect((await stat(shard)).ino).toBe(first.ino);
    cache.setRecord(file, encodeAnalysisRecord("k2", snap));
    await cache.save();
    expect((await stat(shard)).ino).not.toBe(first.ino);
    expect((await readRecordFile(shard, cacheKey()))!.records.get(file)!.toString("utf8")).toBe(encodeAnalysisRecord("k2", snap));
  });

  it("keeps the bytes of every record a rebuild did not replace, and serializes the changed skill's", async () => {
    await run();
    await run(); // the second build records every skill's line
    const keys = await respace(...ANALYSIS_NAMES());
    const skills = (await readdir(path.join(dir, "skills"))).sort();
    const changed = `skills/${skills[0]}/SKILL.md`;
    expect(keys).toContain(changed);
    const md = path.join(dir, changed);
    await writeFile(md, (await readFile(md, "utf8")) + "\nOne more line.\n");
    await run();
    const after = await records(...ANALYSIS_NAMES());
    for (const k of keys) expect(after.get(k)!.startsWith("{ "), k).toBe(k !== changed);
  });

  it("rewrites only the analysis cache shard of the skill that changed", async () => {
    await run();
    const skills = (await readdir(path.join(dir, "skills"))).sort();
    const changed = `skills/${skills[0]}/SKILL.md`;
    const shards = analysisShards(dir);
    const mine = shards[shardOf(changed)]!;
    const others = shards.filter((f) => f !== mine && existsSync(f));
    // The sample skills spread over more than one shard, so the test sees shards kept as they are.
    expect(others.length).toBeGreaterThan(0);
    const before = await Promise.all([mine, ...others].map((f) => stat(f)));
    const md = path.join(dir, changed);
    await writeFile(md, (await readFile(md, "utf8")) + "\nOne more line.\n");
    await run();
    const after = await Promise.all([mine, ...others].map((f) => stat(f)));
    // Written by rename: a rewritten shard is a new inode.
    expect(after[0]!.ino).not.toBe(before[0]!.ino);
    for (let i = 1; i < after.length; i++) expect([after[i]!.ino, after[i]!.mtimeMs]).toEqual([before[i]!.ino, before[i]!.mtimeMs]);
    expect((await records(path.relative(cacheFile(""), mine))).has(changed)).toBe(true);
  });

  it("leaves the build cache file alone when nothing changed, and keeps every other entry's bytes otherwise", async () => {
    await run();
    await run();
    const keys = await respace(BUILD_NAME());
    const before = await stat(cacheFile(BUILD_NAME()));
    await run();
    const same = await stat(cacheFile(BUILD_NAME()));
    expect([same.ino, same.mtimeMs, same.size]).toEqual([before.ino, before.mtimeMs, before.size]);

    // The first skill in index.js order grows: every skill after it moves in index.js and
    // manifest.json, yet keeps its record's bytes (the offsets are in the header).
    const skills = (await readdir(path.join(dir, "skills"))).sort();
    const first = `skills/${skills[0]}/SKILL.md`;
    const md = path.join(dir, first);
    const atBefore = (await readRecordFile(cacheFile(BUILD_NAME()), cacheKey()))!.header.at as number[];
    await writeFile(md, (await readFile(md, "utf8")) + "\nOne more line.\n");
    await run();
    const after = await records(BUILD_NAME());
    expect(after.get(first)!.startsWith("{ ")).toBe(false);
    expect(keys.filter((k) => !after.get(k)!.startsWith("{ "))).toEqual([first]);
    const atAfter = (await readRecordFile(cacheFile(BUILD_NAME()), cacheKey()))!.header.at as number[];
    // Other skills did move (their offsets changed), and their records were still not rewritten.
    expect(atAfter.filter((n, i) => n !== atBefore[i]).length).toBeGreaterThanOrEqual(2);
  });
});
