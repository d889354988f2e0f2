import { describe, expect, it } from "vitest";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { writeOutDir } from "../../../src/emit/write.js";
import { tmp } from "./helpers.js";

const files = (entries: Record<string, string | Uint8Array>) => new Map(Object.entries(entries));
const tempDirs = async (parent: string) => (await readdir(parent)).filter((e) => e.includes(".tmp-"));

describe("writeOutDir", () => {
  it("writes every file, then skips the ones whose bytes are unchanged", async () => {
    const parent = await tmp("write");
    const out = join(parent, ".skillc");
    const first = await writeOutDir(out, files({ "index.js": "a", "manifest.json": "{}", "bin.dat": new Uint8Array([0, 255]) }));
    expect(first).toEqual({ written: ["bin.dat", "manifest.json", "index.js"], unchanged: [] });
    const mtime = (await stat(join(out, "manifest.json"))).mtimeMs;

    const second = await writeOutDir(out, files({ "index.js": "b", "manifest.json": "{}", "bin.dat": new Uint8Array([0, 255]) }));
    expect(second).toEqual({ written: ["index.js"], unchanged: ["bin.dat", "manifest.json"] });
    expect(await readFile(join(out, "index.js"), "utf8")).toBe("b");
    expect((await stat(join(out, "manifest.json"))).mtimeMs).toBe(mtime);
    expect(await tempDirs(parent)).toEqual([]);
  });

  it("leaves the previous output whole when a write fails midway, and no temp dir behind", async () => {
    const parent = await tmp("write");
    const out = join(parent, "out");
    await writeOutDir(out, files({ "index.js": "old js", "index.d.ts": "old dts" }));
    // "a" is written into the temp dir, then "a/b" cannot be (its parent is a file): phase 1 fails.
    const failing = files({ "index.js": "new js", "index.d.ts": "new dts", a: "x", "a/b": "y" });
    await expect(writeOutDir(out, failing)).rejects.toThrow();
    expect(await readFile(join(out, "index.js"), "utf8")).toBe("old js");
    expect(await readFile(join(out, "index.d.ts"), "utf8")).toBe("old dts");
    expect((await readdir(out)).sort()).toEqual(["index.d.ts", "index.js"]);
    expect(await tempDirs(parent)).toEqual([]);
  });

  it("writes the other files while a staged file is made durable, and commits only once it is", async () => {
    const parent = await tmp("write");
    const out = join(parent, "out");
    await writeOutDir(out, files({ "index.js": "old js", "manifest.json": "old" }));
    let durable!: () => void;
    const stagedDurable = new Promise<void>((resolve) => (durable = resolve));
    const writing = writeOutDir(out, files({ "index.js": "new js", "manifest.json": "new", "index.d.ts": "dts" }), { stagedDurable });
    // Until the staged file is durable: the others sit written in the temp dir, nothing is committed.
    let staged: string[] = [];
    for (let i = 0; i < 200 && staged.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 5));
      const dir = (await tempDirs(parent))[0];
      staged = dir ? (await readdir(join(parent, dir))).sort() : [];
    }
    expect(staged).toEqual(["index.d.ts", "index.js", "manifest.json"]);
    expect(await readFile(join(out, "manifest.json"), "utf8")).toBe("old");
    durable();
    await writing;
    expect(await readFile(join(out, "manifest.json"), "utf8")).toBe("new");
    expect(await readFile(join(out, "index.js"), "utf8")).toBe("new js");
    // A staged file that fails to be made durable commits nothing.
    const failed = writeOutDir(out, files({ "index.js": "newer js", "manifest.json": "newer" }), { stagedDurable: Promise.reject(new Error("EIO")) });
    await expect(failed).rejects.toThrow("EIO");
    expect(await readFile(join(out, "manifest.json"), "utf8")).toBe("new");
    expect(await tempDirs(parent)).toEqual([]);
  });

  it("refuses content that is not text or bytes, and names that leave outDir, before touching anything", async () => {
    const parent = await tmp("write");
    const out = join(parent, "out");
    await writeOutDir(out, files({ "index.js": "old" }));
    await expect(writeOutDir(out, new Map<string, never>([["index.js", 42 as never]]))).rejects.toThrow(/neither a string nor bytes/);
    for (const bad of ["../x", "/abs", "a/./b", "a\\b", ""]) await expect(writeOutDir(out, files({ [bad]: "x" }))).rejects.toThrow(/refusing/);
    expect(await readFile(join(out, "index.js"), "utf8")).toBe("old");
    expect(await tempDirs(parent)).toEqual([]);
  });

  it("removes temp dirs left by killed builds, but not those of a live one", async () => {
    const parent = await tmp("write");
    const out = join(parent, "out");
    const dead = join(parent, "out.tmp-999999999-abcdef");
    const live = join(parent, `out.tmp-${process.ppid}-012345`);
    const foreign = join(parent, "out.tmp-notours");
    for (const d of [dead, live, foreign]) await mkdir(d);
    await writeFile(join(dead, "index.js"), "half");
    await writeOutDir(out, files({ "index.js": "x" }));
    expect((await tempDirs(parent)).sort()).toEqual(["out.tmp-notours", `out.tmp-${process.ppid}-012345`].sort());
  });

  it("never leaves a torn file when two writers race on one outDir", async () => {
    const parent = await tmp("write");
    const out = join(parent, "out");
    const big = (c: string) => c.repeat(300_000);
    const writers = Array.from({ length: 4 }, (_, i) => writeOutDir(out, files({ "index.js": big("abcdef"[i]), "manifest.json": big("ABCDEF"[i]) })));
    let reads = 0;
    const reader = (async () => {
      while (reads < 100) {
        reads++;
        try {
          const text = await readFile(join(out, "index.js"), "utf8");
          expect(text.length).toBe(300_000);
          expect(new Set(text).size).toBe(1);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
        }
      }
    })();
    await Promise.all([...writers, reader]);
    const final = await readFile(join(out, "index.js"), "utf8");
    expect(new Set(final).size).toBe(1);
    expect(await tempDirs(parent)).toEqual([]);
  });
});
