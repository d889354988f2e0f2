// The split layout (output: "split") in memory and imported by Node: chunk format and names, what
// index.js holds, the manifest's record, and the same answers as the single layout for every skill.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { emit } from "../../../src/emit/index.js";
import { writeOutDir } from "../../../src/emit/write.js";
import { AUTO_SPLIT_BYTES, resolveLayout } from "../../../src/emit/split.js";
import { readManifestFrom } from "../../../src/emit/manifest-read.js";
import { makeInput, makeSkill, sampleSkills, sha256, tmp } from "./helpers.js";

async function built(output: "single" | "split", skills = sampleSkills()) {
  const result = await emit(makeInput(skills, { output }));
  const out = join(await tmp(`split-${output}`), ".skillc");
  await writeOutDir(out, result.files);
  return { result, out, mod: await import(pathToFileURL(join(out, "index.js")).href) };
}

/** The payload chunks (chunks/ also holds the manifest's and index.d.ts's shards, .json and .d.ts). */
const chunkNames = (files: Map<string, unknown>) => [...files.keys()].filter((n) => n.startsWith("chunks/") && n.endsWith(".js"));

describe("split layout", () => {
  it("writes one content-addressed chunk per distinct payload: `export default ` + JSON + `;\\n`, named by the SHA-256 of its bytes", async () => {
    const { result } = await built("split");
    expect(result.layout).toBe("split");
    const chunks = chunkNames(result.files);
    // dup (builtin) and dup (project) have the same payload: one chunk serves both.
    expect(chunks).toHaveLength(4);
    for (const name of chunks) {
      const bytes = Buffer.from(result.files.get(name) as Uint8Array);
      expect(name).toBe(`chunks/${sha256(bytes)}.js`);
      const text = bytes.toString("utf8");
      expect(text.startsWith("export default ")).toBe(true);
      expect(text.endsWith(";\n")).toBe(true);
      const json = JSON.parse(text.slice("export default ".length, -2));
      expect(Object.keys(json)).toEqual(["template", "files"]);
    }
  });

  it("keeps index.js to metadata: no body or file text, one literal import() per chunk", async () => {
    const { result } = await built("split");
    const js = result.files.get("index.js") as string;
    expect(js).not.toContain("Follow the steps.");
    expect(js).not.toContain("a file named __proto__");
    for (const name of chunkNames(result.files)) expect(js).toContain(`import("./${name}")`);
    expect(js).toMatch(/export const fetchLoader=/);
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
    const js = (await built("split", skills)).result.files.get("index.js") as string;
    expect(js).toContain("JSON.parse('[\\\n");
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
    // The largest file is the skill's own chunk, barely over its content.
    expect(largest).toBeLessThanOrEqual(AUTO_SPLIT_BYTES * 1.1);
    expect((result.files.get("index.js") as string).length).toBeLessThan(100_000);
  });
});
