// The split layout's manifest.json and index.d.ts, bounded: manifest.json lists content-addressed
// shards (chunks/<sha256>.json) whose entries are exactly the single layout's; index.d.ts imports
// type shards (chunks/<sha256>.d.ts). Both shapes against the schema; sizes that do not grow with
// the skill count.
import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import { Ajv2020 } from "ajv/dist/2020.js";
import { emit } from "../../../src/emit/index.js";
import { readManifestFrom } from "../../../src/emit/manifest-read.js";
import { MANIFEST_SHARDS } from "../../../src/emit/manifest-shards.js";
import { manifestShardParts, renderManifestShard } from "../../../src/emit/manifest.js";
import { DTS_SHARDS } from "../../../src/emit/dts-shards.js";
import type { CompiledSkill } from "../../../src/types.js";
import { makeInput, makeSkill, sampleSkills, sha256 } from "./helpers.js";

const schema = JSON.parse(await readFile(new URL("../../../schema/manifest.schema.json", import.meta.url), "utf8"));
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validate = ajv.compile(schema);
const validateShard = ajv.getSchema(`${schema.$id}#/$defs/shard`)!;

/** `n` skills with arguments, files and long frontmatter (an entry of ~2 KB), some names repeated across roots. */
function manySkills(n: number): CompiledSkill[] {
  return Array.from({ length: n }, (_, i) => {
    const name = `skill-${String(i).padStart(5, "0")}`;
    const root = i % 50 === 7 ? { dir: "extra", scope: "extra", precedence: 1 } : undefined;
    const description = `Does ${name} things with care. `.repeat(12);
    return makeSkill({
      name: i % 50 === 7 ? `skill-${String(i - 1).padStart(5, "0")}` : name,
      description,
      ...(root && { root }),
      fields: { arguments: i % 3 ? ["file", "mode"] : [] },
      files: [
        { path: "references/guide.md", content: `# ${name}\n` },
        { path: `scripts/run-${i}.sh`, content: "#!/bin/sh\necho hi\n", executable: true, interpreter: "sh" },
      ],
    });
  });
}

const files = (m: Map<string, string | Uint8Array>, ext: string) => [...m.keys()].filter((k) => k.startsWith("chunks/") && k.endsWith(ext));
const size = (v: string | Uint8Array | undefined) => (typeof v === "string" ? Buffer.byteLength(v) : v!.byteLength);
const withoutChunk = (entries: Array<Record<string, unknown>>) => entries.map(({ chunk: _c, ...rest }) => rest);

describe("split manifest.json", () => {
  it("reads back, shard by shard, as exactly the single layout's entries; both shapes validate", async () => {
    const skills = [...sampleSkills(), ...manySkills(300)];
    const single = await emit(makeInput(skills, { output: "single" }));
    const split = await emit(makeInput(skills, { output: "split" }));
    const singleManifest = JSON.parse(single.files.get("manifest.json") as string);
    const top = JSON.parse(split.files.get("manifest.json") as string);
    expect(validate(singleManifest), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(top), JSON.stringify(validate.errors)).toBe(true);
    expect(top.skills).toBeUndefined();
    expect(top.shards.length).toBeGreaterThan(1);
    expect(top.shards).toEqual(files(split.files, ".json").sort((a, b) => top.shards.indexOf(a) - top.shards.indexOf(b)));
    for (const name of top.shards) {
      const text = split.files.get(name) as string;
      expect(name).toBe(`chunks/${sha256(text)}.json`);
      expect(text).toBe(JSON.stringify(JSON.parse(text), null, 2) + "\n");
      expect(validateShard(JSON.parse(text)), JSON.stringify(validateShard.errors)).toBe(true);
    }
    const read = readManifestFrom((n) => split.files.get(n)!);
    // The same entries in the same order, byte for byte apart from each one's `chunk`.
    expect(withoutChunk(read.skills)).toEqual(singleManifest.skills);
    for (const s of read.skills) expect(split.files.has(s.chunk as string)).toBe(true);
    const { shards: _s, output, ...rest } = top;
    const { skills: _k, ...singleRest } = singleManifest;
    expect(output).toBe("split");
    expect(rest).toEqual(singleRest);
  });

  it("a shard staged from parts is JSON.stringify's text of `{ skills }`, byte for byte, the entries as the single manifest indents them", () => {
    for (const skills of [[], [{ name: "a" }], [1, "é", 3]]) {
      const entries = skills.map((v) => "    " + JSON.stringify(v, null, 2).replaceAll("\n", "\n    "));
      const want = JSON.stringify({ skills }, null, 2) + "\n";
      expect(manifestShardParts(entries).join("")).toBe(want);
      expect(renderManifestShard(entries)).toBe(want);
    }
  });

  it("an empty split build: no shards, an empty list read back, `never` for every name", async () => {
    const out = await emit(makeInput([], { output: "split" }));
    const top = JSON.parse(out.files.get("manifest.json") as string);
    expect(validate(top), JSON.stringify(validate.errors)).toBe(true);
    expect(top.shards).toEqual([]);
    expect(readManifestFrom((n) => out.files.get(n)!).skills).toEqual([]);
    const dts = out.files.get("index.d.ts") as string;
    expect(dts).toContain("export type SkillName = never;");
    expect(dts).toContain("export interface SkillArgs {");
    expect(files(out.files, ".d.ts")).toEqual([]);
  });

  it("the schema refuses a manifest with both shapes, shards without the layout, or a shard outside chunks/", () => {
    const base = { $schema: "x", skillc: "1", profile: "skillc", collisions: [], stats: { skills: 0, files: 0, bytes: 0, warnings: 0, errors: 0 } };
    const shard = `chunks/${"a".repeat(64)}.json`;
    expect(validate({ ...base, output: "split", shards: [shard] })).toBe(true);
    expect(validate({ ...base, output: "split", shards: [shard], skills: [] })).toBe(false);
    expect(validate({ ...base, shards: [shard] })).toBe(false);
    expect(validate(base)).toBe(false);
    expect(validate({ ...base, output: "split", shards: ["../manifest.json"] })).toBe(false);
    expect(validateShard({ skills: [], extra: 1 })).toBe(false);
  });

  it("the reader refuses a shard that is not a chunk's name or whose bytes do not match it", () => {
    const top = (shards: string[]) => JSON.stringify({ output: "split", shards });
    const good = '{\n  "skills": []\n}\n';
    const name = `chunks/${sha256(good)}.json`;
    expect(readManifestFrom((n) => (n === "manifest.json" ? top([name]) : good)).skills).toEqual([]);
    expect(() => readManifestFrom((n) => (n === "manifest.json" ? top(["../../etc/passwd"]) : good))).toThrow(/not chunks/);
    expect(() => readManifestFrom((n) => (n === "manifest.json" ? top([name]) : good.replace("[]", "[ ]")))).toThrow(/SHA-256/);
  });

  it("keeps every file but index.js bounded as the skill count grows: manifest.json, index.d.ts and each shard", async () => {
    const sizes = async (n: number) => {
      const out = await emit(makeInput(manySkills(n), { output: "split" }));
      const json = files(out.files, ".json").map((f) => size(out.files.get(f)));
      const dts = files(out.files, ".d.ts").map((f) => size(out.files.get(f)));
      return { manifest: size(out.files.get("manifest.json")), dts: size(out.files.get("index.d.ts")), json, types: dts };
    };
    const small = await sizes(200);
    const large = await sizes(3000);
    // manifest.json grows by one shard name (~80 bytes) per ~64 skills, index.d.ts by ~250 bytes per ~128 names.
    expect(large.manifest - small.manifest).toBeLessThan(((3000 - 200) / MANIFEST_SHARDS.every) * 3 * 90);
    expect(large.manifest).toBeLessThan(16_000);
    expect(large.dts - small.dts).toBeLessThan(((3000 - 200) / DTS_SHARDS.every) * 3 * 300);
    // Every shard under its bound.
    expect(Math.max(...large.json)).toBeLessThanOrEqual(MANIFEST_SHARDS.maxBytes);
    expect(Math.max(...large.types)).toBeLessThanOrEqual(DTS_SHARDS.maxBytes);
    expect(large.json.length).toBeGreaterThan(3000 / MANIFEST_SHARDS.every / 3);
    expect(large.types.length).toBeGreaterThan(1);
  }, 60_000);
});

describe("split index.d.ts", () => {
  it("imports each type shard by a .js path whose .d.ts is the shard, named by its own hash; the unions come from every shard", async () => {
    const out = await emit(makeInput([...sampleSkills(), ...manySkills(600)], { output: "split" }));
    const dts = out.files.get("index.d.ts") as string;
    const shards = files(out.files, ".d.ts");
    expect(shards.length).toBeGreaterThan(1);
    const imports = [...dts.matchAll(/^import type \* as (_T\d+) from "\.\/chunks\/([0-9a-f]{64})\.js";$/gm)];
    expect(imports.map((m) => `chunks/${m[2]}.d.ts`).sort()).toEqual(shards.sort());
    for (const s of shards) {
      expect(s).toBe(`chunks/${sha256(out.files.get(s) as string)}.d.ts`);
      // No payload chunk answers the same import path.
      expect(out.files.has(s.replace(/\.d\.ts$/, ".js"))).toBe(false);
    }
    expect(dts).toContain(`export type SkillName = ${imports.map((m) => `${m[1]}.SkillName`).join(" | ")};`);
    expect(dts).toMatch(/export interface SkillArgs extends _T0\.SkillArgs, _T1\.SkillArgs/);
    // Every name is in exactly one shard's SkillName; same-named skills (kept from two roots) share it.
    const all = shards.map((s) => /export type SkillName = (.*);/.exec(out.files.get(s) as string)![1]!);
    expect(all.filter((u) => u.includes('"skill-00006"')).length).toBe(1);
    expect(all.join(" | ").split(" | ").length).toBe(new Set([...sampleSkills(), ...manySkills(600)].map((s) => s.name)).size);
  });

  it("declares a key two shards would both have (a name equal to another skill's folder) in index.d.ts, merged as the single layout merges it", async () => {
    // "skills/skill-00010" sorts after every "skill-…" name: the two skills land in different shards.
    const odd = makeSkill({ name: "skills/skill-00010", fields: { arguments: ["other"] }, files: [{ path: "y.md", content: "y" }] });
    const out = await emit(makeInput([...manySkills(600), odd], { output: "split" }));
    const dts = out.files.get("index.d.ts") as string;
    const key = '"skills/skill-00010"';
    for (const s of files(out.files, ".d.ts")) expect(out.files.get(s) as string).not.toContain(`${key}: `);
    const alias = new RegExp(`^  ${key}: (_Files\\d+);$`, "m").exec(dts)![1]!;
    expect(dts).toContain(`type ${alias} = { "references/guide.md": string; "scripts/run-10.sh": string; "y.md": string };`);
    // Different arguments under one key: no tuple, as in the single layout.
    expect(dts).not.toMatch(new RegExp(`${key}: readonly`));
    expect(dts).toContain(`export interface SkillArgs extends _T0.SkillArgs`);
  });
});
