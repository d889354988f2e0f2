// A writing split build stages each skill's chunk as soon as the skill is analysed, before resolve
// (project/chunk-stream.ts). A skill that resolve then leaves out (it lost a collision) has had its
// chunk staged: it must never reach outDir, and what is written must be what an in-memory build
// renders, byte for byte. The staged skills' contents are let go once their chunk is out.
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { build } from "../../src/project/build.js";
import { resolveDefaults } from "../../src/config/types.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "skillc-split-stream-"));
  const skill = async (root: string, name: string, body: string, ref: string) => {
    await mkdir(path.join(dir, root, name, "references"), { recursive: true });
    await writeFile(path.join(dir, root, name, "SKILL.md"), `---\nname: ${name}\ndescription: Does ${name} things. Use it for ${name}.\n---\n\n${body}\n`);
    await writeFile(path.join(dir, root, name, "references/r.md"), ref);
  };
  for (let i = 0; i < 4; i++) await skill("base", `s${i}`, `Base skill ${i}.`, `base reference ${i}\n`);
  // Overrides s1 (a later root wins): the base s1's chunk is staged during analysis, then left out.
  await skill("local", "s1", "Local skill 1, with $ARGUMENTS.", "local reference 1\n");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const config = (outDir: string) => resolveDefaults(dir, { outDir, output: "split", sources: ["base", "local"], collisions: "override" });

describe("split build, chunks staged while analysing", () => {
  it("writes only the chunks index.js refers to, the same bytes an in-memory build renders, and leaves no staging folder", async () => {
    const memory = await build({ cwd: dir, config: config("mem"), write: false, cache: false });
    // chunks/ holds the payload chunks (4: the base s1's is left out) beside the metadata shard, its
    // links module, and the manifest's and index.d.ts's shards.
    const rendered = [...memory.files!].filter(([name]) => name.startsWith("chunks/"));
    const payloads = rendered.filter(([, bytes]) => Buffer.from(bytes as Uint8Array).toString("utf8").startsWith("export default {"));
    expect(payloads).toHaveLength(4);

    const written = await build({ cwd: dir, config: config("out"), cache: false });
    expect(written.written).toBe(true);
    expect(written.collisions.map((c) => c.name)).toEqual(["s1"]);
    const onDisk = (await readdir(path.join(dir, "out/chunks"))).sort();
    expect(onDisk).toEqual(rendered.map(([name]) => name.slice("chunks/".length)).sort());
    for (const [name, bytes] of rendered) expect(await readFile(path.join(dir, "out", name))).toEqual(Buffer.from(bytes as Uint8Array));
    // Each payload chunk is reached through a literal import() of a links module.
    const modules = (await Promise.all(onDisk.filter((n) => n.endsWith(".js")).map((n) => readFile(path.join(dir, "out/chunks", n), "utf8")))).join("\n");
    for (const [name] of payloads) expect(modules).toContain(`import("./${name.slice("chunks/".length)}")`);
    // Every other output is the in-memory build's too.
    for (const [name, text] of memory.files!) if (!name.startsWith("chunks/")) expect(await readFile(path.join(dir, "out", name), "utf8"), name).toEqual(text);
    expect((await readdir(dir)).filter((n) => n.includes(".tmp-"))).toEqual([]);
  });

  it("lets go of each skill's text, body and file contents once its chunk is staged", async () => {
    const result = await build({ cwd: dir, config: config("out"), cache: false });
    expect(result.skills).toHaveLength(4);
    for (const s of result.skills) {
      expect(s.text).toBe("");
      expect(s.body).toBe("");
      expect(s.files.map((f) => f.content)).toEqual([""]);
      // The metadata stays: every file's size and digest, the fields.
      expect(s.files[0]!.bytes).toBeGreaterThan(0);
      expect(s.fields.description).toMatch(/^Does s\d things/);
    }
    const memory = await build({ cwd: dir, config: config("mem"), write: false, cache: false });
    expect(memory.skills.every((s) => s.text !== "" && s.files[0]!.content !== "")).toBe(true);
    // The kept strings are copies (one per distinct string), equal to what the in-memory build holds.
    expect(result.diagnostics.length).toBeGreaterThan(0);
    expect(result.diagnostics).toEqual(memory.diagnostics);
    expect(result.skills.map((s) => [s.fields, s.frontmatter])).toEqual(memory.skills.map((s) => [s.fields, s.frontmatter]));
  });

  it("with the caches kept and outDir removed, stages the skills it reads again and lets go of them too", async () => {
    const first = await build({ cwd: dir, config: config("out"), cache: true });
    const files = async () => Object.fromEntries(await Promise.all((await readdir(path.join(dir, "out"), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map(async (e) => {
      const f = path.relative(path.join(dir, "out"), path.join(e.parentPath, e.name));
      return [f, await readFile(path.join(dir, "out", f), "utf8")];
    })));
    const before = await files();
    await rm(path.join(dir, "out"), { recursive: true });
    const again = await build({ cwd: dir, config: config("out"), cache: true });
    expect(again.written).toBe(true);
    expect(await files()).toEqual(before);
    expect(again.diagnostics).toEqual(first.diagnostics);
    for (const s of again.skills) {
      expect(s.text).toBe("");
      expect(s.files.map((f) => f.content)).toEqual([""]);
    }
  });

  it("with mcp, keeps every SKILL.md's text for mcp.js and renders the chunks at emit", async () => {
    const cfg = { ...config("out"), mcp: true };
    const result = await build({ cwd: dir, config: cfg, cache: false });
    expect(result.written).toBe(true);
    expect(result.skills.every((s) => s.text.includes("skill"))).toBe(true);
    const names = (await readdir(path.join(dir, "out/chunks"))).filter((n) => n.endsWith(".js"));
    const heads = await Promise.all(names.map(async (n) => (await readFile(path.join(dir, "out/chunks", n), "utf8")).slice(0, 16)));
    expect(heads.filter((h) => h === "export default {")).toHaveLength(4);
  });
});
