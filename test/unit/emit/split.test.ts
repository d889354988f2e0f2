// The split layout (output: "split") in memory and imported by Node: chunk format and names, what
// index.js holds, the manifest's record, and the same answers as the single layout for every skill.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { emit } from "../../../src/emit/index.js";
import { writeOutDir } from "../../../src/emit/write.js";
import { AUTO_SPLIT_BYTES, CHUNK_CAP, resolveLayout } from "../../../src/emit/split.js";
import { readManifestFrom } from "../../../src/emit/manifest-read.js";
import { makeInput, makeSkill, sampleSkills, sha256, tmp } from "./helpers.js";

async function built(output: "single" | "split", skills = sampleSkills()) {
  const result = await emit(makeInput(skills, { output }));
  const out = join(await tmp(`split-${output}`), ".skillc");
  await writeOutDir(out, result.files);
  return { result, out, mod: await import(pathToFileURL(join(out, "index.js")).href) };
}

/** The modules in chunks/ (it also holds the manifest's and index.d.ts's shards, .json and .d.ts). */
const chunkNames = (files: Map<string, unknown>) => [...files.keys()].filter((n) => n.startsWith("chunks/") && n.endsWith(".js"));
const text = (v: unknown) => (typeof v === "string" ? v : Buffer.from(v as Uint8Array).toString("utf8"));
/** The chunks of one kind: skill payloads (`export default {`), pieces (`export default "`) or metadata shards (`export const m=`). */
const kind = (files: Map<string, unknown>, head: string) => chunkNames(files).filter((n) => text(files.get(n)).startsWith(head));
const payloads = (files: Map<string, unknown>) => kind(files, "export default {");
const shards = (files: Map<string, unknown>) => kind(files, "export const m='[");

describe("split layout", () => {
  it("writes one content-addressed chunk per distinct payload: `export default ` + JSON + `;\\n`, named by the SHA-256 of its bytes", async () => {
    const { result } = await built("split");
    expect(result.layout).toBe("split");
    // dup (builtin) and dup (project) have the same payload: one chunk serves both.
    expect(payloads(result.files)).toHaveLength(4);
    // The rest: one metadata shard (a handful of skills) and its links module.
    expect(chunkNames(result.files)).toHaveLength(6);
    expect(kind(result.files, "export const i={")).toHaveLength(1);
    expect(shards(result.files)).toHaveLength(1);
    for (const name of payloads(result.files)) {
      const bytes = Buffer.from(result.files.get(name) as Uint8Array);
      expect(name).toBe(`chunks/${sha256(bytes)}.js`);
      const text = bytes.toString("utf8");
      expect(text.startsWith("export default ")).toBe(true);
      expect(text.endsWith(";\n")).toBe(true);
      const json = JSON.parse(text.slice("export default ".length, -2));
      expect(Object.keys(json)).toEqual(["template", "files"]);
    }
  });

  it("keeps index.js to the runtime, a static import per metadata shard and an import() per links module, which holds one literal import() per chunk", async () => {
    const { result } = await built("split");
    const js = result.files.get("index.js") as string;
    expect(js).not.toContain("review-diff");
    const links = kind(result.files, "export const i={");
    expect([...js.matchAll(/import\("\.\/(chunks\/[0-9a-f]{64}\.js)"\)/g)].map((m) => m[1])).toEqual(links);
    const shardList = shards(result.files);
    for (const name of shardList) expect(js).toContain(`from "./${name}";`);
    const shardText = chunkNames(result.files).filter((n) => !payloads(result.files).includes(n)).map((n) => text(result.files.get(n))).join("");
    expect(shardText).not.toContain("Follow the steps.");
    expect(shardText).not.toContain("a file named __proto__");
    for (const name of payloads(result.files)) expect(shardText).toContain(`import("./${name.slice("chunks/".length)}")`);
    expect(js).toMatch(/export const fetchLoader=/);
  });

  it("groups many skills into shards of bounded size, and one changed skill changes one or two shards", async () => {
    const many = (d: string) => Array.from({ length: 1200 }, (_, k) => makeSkill({ name: `skill-${String(k).padStart(3, "0")}`, description: `Does thing ${k}. ${d}`.padEnd(600, "x") }));
    const a = (await emit(makeInput(many(""), { output: "split" }))).files;
    const list = shards(a);
    expect(list.length).toBeGreaterThan(2);
    for (const n of list) expect(Buffer.byteLength(text(a.get(n)))).toBeLessThanOrEqual(CHUNK_CAP);
    const changed = many("");
    changed[300] = makeSkill({ name: "skill-300", description: "Changed." });
    const b = (await emit(makeInput(changed, { output: "split" }))).files;
    const fresh = shards(b).filter((n) => !a.has(n));
    expect(fresh.length).toBeGreaterThanOrEqual(1);
    expect(fresh.length).toBeLessThanOrEqual(2);
  });

  it("answers every load, file, invoke and call as the single layout does, with Promises", async () => {
    const single = (await built("single")).mod;
    const split = (await built("split")).mod;
    for (const meta of single.skills.list().concat([single.skills.get("secret-tool")])) {
      expect(split.skills.get(meta.path)).toEqual(meta);
      const args = ["1.2", "1.1"];
      expect(await split.skills.load(meta.path, args)).toEqual(single.skills.load(meta.path, args));
      for (const f of meta.files) expect(await split.skills.file(meta.path, f.path)).toEqual(single.skills.file(meta.path, f.path));
    }
    expect(await split.skills.invoke("/release-notes 2.0 1.9")).toEqual(single.skills.invoke("/release-notes 2.0 1.9"));
    expect(await split.skills.invoke("not a command")).toBeNull();
    const input = { name: "review-diff", path: "references/api.md" };
    expect(await split.skills.call("read_skill_file", input)).toEqual(single.skills.call("read_skill_file", input));
    expect(await split.skills.disclose("full", "review-diff please")).toEqual(single.skills.disclose("full", "review-diff please"));
    expect(split.skills.catalog()).toBe(single.skills.catalog());
    expect(split.skills.search("review")).toEqual(single.skills.search("review"));
  });

  it("keeps errors: load rejects with the SkillError, call answers isError, ready names the missing skill", async () => {
    const { mod } = await built("split");
    await expect(mod.skills.load("nope")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(mod.skills.file("review-diff", "../x")).rejects.toMatchObject({ code: "INVALID_PARAM" });
    expect(await mod.skills.call("load_skill", { name: "secret-tool" })).toMatchObject({ isError: true });
    await expect(mod.skills.ready(["nope"])).rejects.toMatchObject({ code: "NOT_FOUND" });
    const denied = mod.createSkills({ deny: ["review-diff"] });
    await expect(denied.load("review-diff")).rejects.toMatchObject({ code: "PERMISSION_DENIED" });
  });

  it("loads each chunk once per instance through the loader option, and a session reminds once", async () => {
    const { mod, out } = await built("split");
    const asked: string[] = [];
    const skills = mod.createSkills({
      loader: async (hash: string) => {
        asked.push(hash);
        return (await import(pathToFileURL(join(out, "chunks", `${hash}.js`)).href)).default;
      },
    });
    await Promise.all([skills.load("review-diff"), skills.load("review-diff"), skills.file("review-diff", "__proto__")]);
    expect(asked).toHaveLength(1);
    await skills.ready();
    expect(asked).toHaveLength(4);
    const session = skills.session();
    expect((await session.load("review-diff")).repeated).toBeUndefined();
    expect((await session.load("review-diff")).repeated).toBe(true);
    // A loader that hands back something else is refused.
    const bad = mod.createSkills({ loader: async () => ({ nope: 1 }) });
    await expect(bad.load("review-diff")).rejects.toMatchObject({ code: "EXECUTION_ERROR", message: expect.stringContaining("not a skill payload") });
  });

  it("records the layout and each skill's chunk in manifest.json; index.d.ts types the Promise API", async () => {
    const { result } = await built("split");
    const manifest = readManifestFrom((n) => result.files.get(n) as string);
    expect(manifest.output).toBe("split");
    expect(manifest.skills).toHaveLength(sampleSkills().length);
    for (const s of manifest.skills) expect(result.files.has(s.chunk as string)).toBe(true);
    const dts = result.files.get("index.d.ts") as string;
    expect(dts).toContain("export interface SkillsCore {");
    expect(dts).toMatch(/load<R extends SkillRef>\(nameOrPath: R, args\?: string \| ArgvOf<R>, opts\?: LoadOptions\): Promise<LoadResult>;/);
    expect(dts).toContain("ready(nameOrPaths?: SkillRef | readonly SkillRef[]): Promise<void>;");
    expect(dts).toContain("export declare function fetchLoader(");
  });

  it("holds the metadata as one JSON.parse of a string literal that any text survives: quotes, backslashes, U+2028/2029, __proto__", async () => {
    const hostile = "It's a \\ back'slash \"quoted\" \u2028 LS \u2029 PS </script> ${x} `tick` \u{1F600} \\u0041 \\' end\\";
    const skills = [
      ...sampleSkills(),
      makeSkill({ name: "hostile-meta", description: hostile, fields: { arguments: ["__proto__", "it's"], argumentHint: hostile }, files: [{ path: "references/it's \\ \u2028.md", content: "x" }] }),
    ];
    const files = (await built("split", skills)).result.files;
    const js = shards(files).map((n) => text(files.get(n))).join("");
    expect(js).toContain("hostile-meta");
    expect(js).not.toMatch(/[\u2028\u2029]/);
    const single = (await built("single", skills)).mod;
    const split = (await built("split", skills)).mod;
    for (const meta of single.skills.list().concat([single.skills.get("secret-tool")])) {
      expect(split.skills.get(meta.path)).toEqual(meta);
      expect(await split.skills.load(meta.path)).toEqual(single.skills.load(meta.path));
    }
    expect(split.skills.get("hostile-meta").description).toBe(hostile);
    expect(split.skills.get("hostile-meta").files[0].path).toBe("references/it's \\ \u2028.md");
  });

  it("stores a file over the cap in piece chunks, none over the cap, and joins them byte-exact", async () => {
    // Text with 1-, 2-, 3- and 4-byte characters (a surrogate pair at every cut is kept whole), escapes and separators.
    const unit = "abc é € \u{1F600} \" \\ ' \u2028 \n\t\u0001 ";
    const big = unit.repeat(Math.ceil((CHUNK_CAP * 2.5) / unit.length));
    const bin = new Uint8Array(CHUNK_CAP + 12345).map((_, k) => (k * 7919 + (k >> 8)) & 255);
    const skills = [...sampleSkills(), makeSkill({ name: "huge", files: [{ path: "big.md", content: big }, { path: "blob.bin", content: bin }, { path: "small.md", content: "small" }] })];
    const { result, mod } = await built("split", skills);
    for (const [name, v] of result.files) if (name.startsWith("chunks/")) expect(Buffer.byteLength(text(v))).toBeLessThanOrEqual(CHUNK_CAP);
    const pieces = kind(result.files, 'export default "');
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    expect(await mod.skills.file("huge", "big.md")).toBe(big);
    expect(Buffer.from(await mod.skills.file("huge", "blob.bin")).equals(Buffer.from(bin))).toBe(true);
    expect(await mod.skills.file("huge", "small.md")).toBe("small");
    // Through a loader: the chunk and each piece once; a piece that is not a string is refused.
    const asked: string[] = [];
    const chunk = (h: string) => JSON.parse(text(result.files.get(`chunks/${h}.js`)).slice("export default ".length, -2));
    const viaLoader = mod.createSkills({ loader: async (h: string) => (asked.push(h), chunk(h)) });
    expect(await viaLoader.file("huge", "big.md")).toBe(big);
    expect(asked.length).toBe(1 + pieces.length);
    const bad = mod.createSkills({ loader: async (h: string) => (pieces.includes(`chunks/${h}.js`) ? { not: "a piece" } : chunk(h)) });
    await expect(bad.file("huge", "big.md")).rejects.toMatchObject({ code: "EXECUTION_ERROR", message: expect.stringContaining("not a piece") });
  });

  it("leaves the single layout as it was: no chunks, no split helper, no manifest record", async () => {
    const def = await emit(makeInput(sampleSkills()));
    const single = await emit(makeInput(sampleSkills(), { output: "single" }));
    expect([...single.files]).toEqual([...def.files]);
    expect(chunkNames(single.files)).toEqual([]);
    expect(single.files.get("index.js")).not.toContain("__skillcSplit");
    expect(JSON.parse(single.files.get("manifest.json") as string).output).toBeUndefined();
  });
});

describe("output: auto", () => {
  it("splits past the threshold, from the files' sizes and the skill count", () => {
    expect(resolveLayout("auto", { skills: 10, bytes: 1000 })).toBe("single");
    expect(resolveLayout("auto", { skills: 10, bytes: AUTO_SPLIT_BYTES })).toBe("split");
    expect(resolveLayout("auto", { skills: 1000, bytes: 0 })).toBe("split");
    expect(resolveLayout("single", { skills: 1e6, bytes: 1e12 })).toBe("single");
    expect(resolveLayout("split", { skills: 1, bytes: 0 })).toBe("split");
  });

  it("emits split when the skills pass it", async () => {
    const big = makeSkill({ name: "big", files: [{ path: "data.md", content: "x".repeat(AUTO_SPLIT_BYTES) }] });
    const result = await emit(makeInput([big], { output: "auto" }));
    expect(result.layout).toBe("split");
    const largest = Math.max(...[...result.files.values()].map((v) => (typeof v === "string" ? Buffer.byteLength(v) : v.byteLength)));
    // The file is cut into piece chunks: none passes the cap.
    expect(largest).toBeLessThanOrEqual(CHUNK_CAP);
    expect((result.files.get("index.js") as string).length).toBeLessThan(100_000);
  });
});
