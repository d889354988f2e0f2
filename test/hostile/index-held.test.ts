// A warm single build that finds its index.js bytes equal to the file on disk keeps that file
// (emit/index-stage.ts) instead of writing it again. These are the ways the file on disk can stop
// being the one it was compared with before the build commits, and what must hold then: the outputs
// are one build's, and the build cache never records offsets into another build's index.js.
import { spawn, spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { build } from "../../src/project/build.js";
import { resolveDefaults } from "../../src/config/types.js";
import { CLI, REPO } from "../helpers/cli.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function project(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "skillc-held-"));
  dirs.push(dir);
  await cp(path.join(REPO, "skills"), path.join(dir, "skills"), { recursive: true });
  return dir;
}

const buildInto = (dir: string, outDir: string, cache: boolean) => build({ cwd: dir, config: resolveDefaults(dir, { outDir }), cache });

describe("an index.js kept because its bytes came out equal", () => {
  it("is not kept when an interrupted build's commit is rolled forward over it: the build starts again", async () => {
    const dir = await project();
    await buildInto(dir, "out", true);
    const first = await readFile(path.join(dir, "out", "index.js"));

    // Another build's index.js (one skill changed), committed-but-not-renamed by a build that died.
    const skills = (await readdir(path.join(dir, "skills"))).sort();
    const md = path.join(dir, "skills", skills[0]!, "SKILL.md");
    const text = await readFile(md, "utf8");
    await writeFile(md, text + "\nText of another build, long enough to move every later line.\n");
    await buildInto(dir, "other", false);
    const other = await readFile(path.join(dir, "other", "index.js"));
    await writeFile(md, text);
    expect(other.equals(first)).toBe(false);
    const dead = spawnSync(process.execPath, ["-e", ""]).pid!;
    const tmp = path.join(dir, `out.tmp-${dead}-abcdef`);
    await mkdir(tmp);
    await writeFile(path.join(tmp, "index.js"), other);
    await writeFile(path.join(tmp, ".skillc-commit.json"), JSON.stringify(["index.js"]) + "\n");

    // Same inputs as the first build: its index.js bytes equal the file the cache trusts.
    await buildInto(dir, "out", true);
    expect((await readFile(path.join(dir, "out", "index.js"))).equals(first)).toBe(true);

    // And the cache written after it splices correctly: a further build is byte-identical and imports.
    const result = await buildInto(dir, "out", true);
    const again = await readFile(path.join(dir, "out", "index.js"));
    expect(again.equals(first)).toBe(true);
    const mod = await import(pathToFileURL(path.join(dir, "out", "index.js")).href + "?again");
    const name = result.skills[0]!.name;
    expect(mod.skills.load(name)).toBeTruthy();
  });

  it("a file-system error while index.js is written is said as one (no crash, no stack) and leaves the previous output", async () => {
    const dir = await project();
    await buildInto(dir, "out", false);
    const before = await readFile(path.join(dir, "out", "index.js"));
    const skills = (await readdir(path.join(dir, "skills"))).sort();
    await writeFile(path.join(dir, "skills", skills[0]!, "SKILL.md"), (await readFile(path.join(dir, "skills", skills[0]!, "SKILL.md"), "utf8")) + "\nChanged.\n");
    // A file size limit (in 1 KiB blocks) below the index.js size: its write fails with EFBIG
    // (SIGXFSZ ignored, so the write returns the error instead of killing the process).
    const limit = Math.floor(before.length / 1024 / 2);
    const child = spawn("bash", ["-c", `trap '' XFSZ; ulimit -f ${limit}; exec "$0" "$1" build --no-cache`, process.execPath, CLI], { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1" } });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(2);
    expect(stderr).toContain("skillc build: EFBIG on write: the disk is full, a file size or open-file limit was hit");
    expect(stderr).not.toMatch(/internal error|triggerUncaughtException|\n\s+at /);
    expect((await readFile(path.join(dir, "out", "index.js"))).equals(before)).toBe(true);
  });
});
