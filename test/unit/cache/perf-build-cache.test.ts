// The build cache (src/cache/build-cache.ts): a rebuild copies unchanged skills' lines from the previous
// index.js instead of reading and serializing them again, and falls back to a full render of a
// skill whenever the previous output cannot be trusted. The outputs are byte-identical either way.
import { cacheKey, readCacheFile, writeCacheFile } from "../../../src/cache/signed-file.js";
import { cp, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { buildCacheFile } from "../../../src/cache/build-cache.js";

const REPO = path.resolve(import.meta.dirname, "../../..");
let dir: string;
const cacheFile = () => buildCacheFile(dir, "out");

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "skillc-perf-"));
  await cp(path.join(REPO, "skills"), path.join(dir, "skills"), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function outputs(outDir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(path.join(dir, outDir))).sort()) files[name] = await readFile(path.join(dir, outDir, name), "utf8");
  return files;
}
const run = (outDir: string, cache = true) => build({ cwd: dir, config: resolveDefaults(dir, { outDir }), cache });

interface CacheData {
  index?: string;
  /** Two offsets a record, in record order: its line's and its manifest entry's. */
  at: number[];
  entries: Record<string, { line?: { offset: number; length: number; sha1: string } }>;
}
// The cache file is signed with this user's key (src/cache/signed-file.ts): tests read and write it through the same code.
// The lines' offsets are in the header (`at`), not in the records: put back into each entry here.
const readCache = async () => {
  const data = (await readCacheFile(cacheFile(), cacheKey())) as CacheData;
  Object.values(data.entries).forEach((e, i) => e.line && (e.line.offset = data.at[2 * i]!));
  return data;
};

/** Overwrites the first string `"hash":"…"` of one skill's line in index.js with same-length marker bytes. */
async function tamperLine(outDir: string): Promise<{ file: string; marker: string }> {
  const data = await readCache();
  const [file, entry] = Object.entries(data.entries).find(([, e]) => e.line)!;
  const indexJs = path.join(dir, outDir, "index.js");
  const buf = await readFile(indexJs);
  const line = buf.subarray(entry.line!.offset, entry.line!.offset + entry.line!.length).toString();
  const hash = /"hash":"([0-9a-f]{64})"/.exec(line)![1]!;
  const marker = "f".repeat(64);
  const at = entry.line!.offset + Buffer.byteLength(line.slice(0, line.indexOf(hash)));
  buf.write(marker, at);
  await writeFile(indexJs, buf);
  return { file, marker };
}

describe("build cache", () => {
  it("gives byte-identical outputs cold, warm, after a change, and without any cache", async () => {
    await run("out");
    const cold = await outputs("out");
    await run("plain", false);
    expect(await outputs("plain")).toEqual(cold);
    await run("out");
    expect(await outputs("out")).toEqual(cold);

    const skills = (await readdir(path.join(dir, "skills"))).sort();
    const md = path.join(dir, "skills", skills[0]!, "SKILL.md");
    await writeFile(md, (await readFile(md, "utf8")) + "\nOne more line.\n");
    await run("out");
    await run("plain", false);
    expect(await outputs("out")).toEqual(await outputs("plain"));
    expect(await outputs("out")).not.toEqual(cold);
  });

  it("reuses an unchanged skill's line from the previous index.js (a marker planted there survives)", async () => {
    await run("out");
    const { marker } = await tamperLine("out");
    // Make the cache trust the edited index.js as its own: only then does the marker carry over.
    const data = await readCache();
    const st = await stat(path.join(dir, "out", "index.js"));
    data.index = `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
    await writeCacheFile(cacheFile(), cacheKey(), data);
    await run("out");
    expect(await readFile(path.join(dir, "out", "index.js"), "utf8")).toContain(marker);
  });

  it("records each skill's content hash, and one recorded wrong only makes its skill render again", async () => {
    await run("plain", false);
    const clean = await outputs("plain");
    await run("out");
    const data = (await readCache()) as CacheData & { entries: Record<string, { contentHash?: string }> };
    const manifest = JSON.parse(clean["manifest.json"]!) as { skills: Array<{ contentHash: string }> };
    // Every entry (a skill with a toolset has none) records its skill's hash as the manifest has it.
    const recorded = Object.values(data.entries).map((e) => e.contentHash);
    expect(recorded.length).toBeGreaterThan(3);
    for (const h of recorded) expect(manifest.skills.map((s) => s.contentHash)).toContain(h);
    // Signed with this user's key, so taken: the line's key (which holds the real hash) then differs.
    Object.values(data.entries)[0]!.contentHash = "0".repeat(64);
    await writeCacheFile(cacheFile(), cacheKey(), data);
    await run("out");
    expect(await outputs("out")).toEqual(clean);
  });

  it("falls back to a full render when the previous index.js was edited or deleted", async () => {
    await run("plain", false);
    const clean = await outputs("plain");
    await run("out");
    await tamperLine("out");
    await run("out");
    expect(await outputs("out")).toEqual(clean);

    await rm(path.join(dir, "out", "index.js"));
    await run("out");
    expect(await outputs("out")).toEqual(clean);

    await writeFile(cacheFile(), "not json");
    await run("out");
    expect(await outputs("out")).toEqual(clean);
  });

  it("restores catalogs, index.d.ts and manifest.json edited or deleted in outDir, and follows a description change", async () => {
    await run("plain", false);
    const clean = await outputs("plain");
    await run("out");
    await writeFile(path.join(dir, "out", "catalog.md"), "edited");
    await rm(path.join(dir, "out", "manifest.json"));
    await writeFile(path.join(dir, "out", "index.d.ts"), clean["index.d.ts"]!.replace("SkillName", "SkillNane"));
    await run("out");
    expect(await outputs("out")).toEqual(clean);
    // A same-size edit inside a skill's manifest entry: the file is no longer the one the cache recorded.
    await writeFile(path.join(dir, "out", "manifest.json"), clean["manifest.json"]!.replace(/"contentHash": "[0-9a-f]/, '"contentHash": "z'));
    await run("out");
    expect(await outputs("out")).toEqual(clean);

    const skills = (await readdir(path.join(dir, "skills"))).sort();
    const md = path.join(dir, "skills", skills[0]!, "SKILL.md");
    await writeFile(md, (await readFile(md, "utf8")).replace(/^description: .*$/m, "description: A brand new description. Use when testing."));
    await run("out");
    await run("plain", false);
    const after = await outputs("plain");
    expect(after["catalog.md"]).not.toEqual(clean["catalog.md"]);
    expect(await outputs("out")).toEqual(after);
  });

  it("picks up a changed supporting file and a removed one", async () => {
    await run("out");
    const skills = (await readdir(path.join(dir, "skills"))).sort();
    await writeFile(path.join(dir, "skills", skills[0]!, "notes.md"), "first");
    await run("out");
    await writeFile(path.join(dir, "skills", skills[0]!, "notes.md"), "second, longer");
    await run("out");
    await run("plain", false);
    expect(await outputs("out")).toEqual(await outputs("plain"));
    await rm(path.join(dir, "skills", skills[0]!, "notes.md"));
    await run("out");
    await run("plain", false);
    expect(await outputs("out")).toEqual(await outputs("plain"));
  });

  it("round-trips a description with U+2028 and U+2029 through index.js", async () => {
    const skillDir = path.join(dir, "skills", "line-sep");
    await cp(path.join(dir, "skills", (await readdir(path.join(dir, "skills"))).sort()[0]!), skillDir, { recursive: true });
    const description = "Separates\u2028lines and\u2029paragraphs. Use when testing.";
    await writeFile(path.join(skillDir, "SKILL.md"), `---\nname: line-sep\ndescription: "${description}"\n---\n\nBody\u2028text.\n`);
    await run("out");
    await run("out");
    const mod = (await import(pathToFileURL(path.join(dir, "out", "index.js")).href)) as { skills: { list(): Array<{ name: string; description: string }>; load(name: string): { content: string } } };
    // A description is one line wherever it reaches a prompt: the separators become spaces there.
    expect(mod.skills.list().find((s) => s.name === "line-sep")?.description).toBe("Separates lines and paragraphs. Use when testing.");
    // The body keeps them, and index.js carries them intact.
    expect(mod.skills.load("line-sep").content).toContain("Body\u2028text.");
  });
});
