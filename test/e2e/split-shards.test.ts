// A split build of a few hundred skills by the real CLI: manifest.json and index.d.ts stay small
// (their contents in content-addressed shards under chunks/), a rebuild after one changed skill
// writes only that skill's manifest shard and type shard beside index.js, manifest.json and
// index.d.ts (counted by the files whose inode or mtime changed), and tsc --strict still infers the
// literal names, argument tuples and file paths through the type shards.
import { beforeAll, describe, expect, it } from "vitest";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { runCli } from "../helpers/cli.js";
import { skillMd, tempProject, type Tree } from "../helpers/project.js";
import { readManifest } from "../../src/emit/manifest-read.js";

const N = 400;
const name = (i: number) => `s-${String(i).padStart(3, "0")}`;
let root: string;
let out: string;

function tree(): Tree {
  const files: Tree = { "skillc.config.json": JSON.stringify({ output: "split" }) };
  for (let i = 0; i < N; i++) {
    files[`skills/${name(i)}/SKILL.md`] = skillMd(name(i), i % 2 ? "arguments: [file, mode]\n" : "", `Skill ${i}: do it.\n`);
    files[`skills/${name(i)}/references/r${i}.md`] = `# ${i}\n`;
  }
  return files;
}

/** Every file of outDir (chunks/ too) with its inode and mtime. */
function snapshot(): Map<string, string> {
  const all = [...readdirSync(out).filter((f) => f !== "chunks"), ...readdirSync(path.join(out, "chunks")).map((f) => `chunks/${f}`)];
  return new Map(all.map((f) => [f, `${statSync(path.join(out, f)).ino}:${statSync(path.join(out, f)).mtimeMs}`]));
}

/** The files of `after` that are new or were replaced since `before`, chunks by extension. */
function written(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([f, id]) => before.get(f) !== id).map(([f]) => (f.startsWith("chunks/") ? `chunks/*${f.slice(f.indexOf("."))}` : f)).sort();
}

beforeAll(async () => {
  root = tempProject(tree());
  out = path.join(root, ".skillc");
  const r = await runCli(["build"], { cwd: root });
  expect(r.code, r.stderr).toBe(0);
}, 120_000);

describe("split build: manifest and type shards", () => {
  it("keeps manifest.json and index.d.ts small; the shards hold every entry and every name", () => {
    const manifest = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8"));
    expect(manifest.shards.length).toBeGreaterThan(2);
    expect(readManifest(out).skills.map((s) => s.name)).toEqual(Array.from({ length: N }, (_, i) => name(i)));
    const dts = readFileSync(path.join(out, "index.d.ts"), "utf8");
    expect(dts).not.toContain(`"${name(7)}"`);
    const shards = readdirSync(path.join(out, "chunks")).filter((f) => f.endsWith(".d.ts"));
    expect(shards.length).toBeGreaterThan(1);
    expect(shards.filter((f) => readFileSync(path.join(out, "chunks", f), "utf8").includes(`"${name(7)}"`))).toHaveLength(1);
  });

  it("tsc --strict infers literal names, argument tuples and file paths through the type shards", () => {
    writeFileSync(
      path.join(root, "consumer.ts"),
      `import { skills, type SkillName, type SkillArgs } from "./.skillc/index.js";
export async function main(): Promise<string> {
  const r = await skills.load("${name(N - 1)}", ["a.ts", "fast"]);
  const md: string = await skills.file("${name(3)}", "references/r3.md");
  // @ts-expect-error a file of another skill
  await skills.file("${name(3)}", "references/r5.md");
  // @ts-expect-error no such skill
  await skills.load("s-999");
  const n: SkillName = "${name(200)}";
  const a: SkillArgs["${name(201)}"] = ["file", "mode"];
  // @ts-expect-error the arguments' order
  const b: SkillArgs["${name(201)}"] = ["mode", "file"];
  // @ts-expect-error ${name(200)} declares no arguments
  const c: SkillArgs["${name(200)}"] = ["file"];
  return r.text + md + n + a.join() + String(b) + String(c);
}
`,
    );
    const tsc = path.join(process.cwd(), "node_modules/typescript/bin/tsc");
    const args = [tsc, "--noEmit", "--strict", "--target", "es2022", "--lib", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", "consumer.ts"];
    const r = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 60_000);

  it("a rebuild after one changed skill writes its metadata shard and links module, one manifest shard and one type shard beside index.js, manifest.json and index.d.ts", async () => {
    const before = snapshot();
    const file = path.join(root, "skills", name(150), "SKILL.md");
    // Its arguments (in its manifest entry, its index.js line and the types), not its description (also in the catalogs).
    writeFileSync(file, skillMd(name(150), "arguments: [target]\n", "Skill 150: do it.\n"));
    const r = await runCli(["build"], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    const after = snapshot();
    expect(written(before, after)).toEqual(["chunks/*.d.ts", "chunks/*.js", "chunks/*.json", "index.d.ts", "index.js", "manifest.json"]);
    // The replaced shards are gone: as many files as before.
    expect(after.size).toBe(before.size);
    expect(readManifest(out).skills.find((s) => s.name === name(150))!.arguments).toEqual({ names: ["target"] });
    // A cold build writes the same bytes: nothing changes.
    const cold = await runCli(["build", "--no-cache"], { cwd: root });
    expect(cold.code, cold.stderr).toBe(0);
    expect(written(after, snapshot())).toEqual([]);
  }, 120_000);
});
