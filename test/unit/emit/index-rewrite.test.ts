// A writing single build streams index.js through a staging folder (emit/index-stage.ts): a rebuild
// whose bytes come out equal leaves the file in place (same inode, same mtime), one with a change
// replaces it whole and leaves no staging folder behind.
import { cp, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";

const REPO = path.resolve(import.meta.dirname, "../../..");
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "skillc-rewrite-"));
  await cp(path.join(REPO, "skills"), path.join(dir, "skills"), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (cache = true) => build({ cwd: dir, config: resolveDefaults(dir, { outDir: "out" }), cache });
const index = () => path.join(dir, "out", "index.js");

describe("index.js rewrite", () => {
  it("is left in place when a rebuild's bytes are equal, replaced when one skill changed, and no staging folder stays", async () => {
    const first = await run();
    expect(first.written).toBe(true);
    expect(first.files?.has("index.js")).toBe(false);
    const before = await stat(index());
    expect(first.bundleBytes).toBe(before.size);

    await run();
    const same = await stat(index());
    expect([same.ino, same.mtimeMs, same.size]).toEqual([before.ino, before.mtimeMs, before.size]);

    const skills = (await readdir(path.join(dir, "skills"))).sort();
    const md = path.join(dir, "skills", skills[skills.length - 1]!, "SKILL.md");
    await writeFile(md, (await readFile(md, "utf8")) + "\nOne more line.\n");
    const changed = await run();
    expect((await stat(index())).ino).not.toBe(before.ino);
    const spliced = await readFile(index());
    await run(false);
    expect((await readFile(index())).equals(spliced)).toBe(true);
    expect(changed.bundleBytes).toBe(spliced.length);
    expect((await readdir(dir)).filter((n) => n.startsWith("out.tmp-"))).toEqual([]);
  });
});
