// The commit's renames of a first split build's chunks as one folder (src/emit/write-chunks.ts
// moveChunkFolder): one rename when outDir has no chunks/ and the temp dir's chunks/ holds exactly
// the chunks to commit; otherwise none (write.ts renames them one by one). Kill safety of the
// whole commit: test/hostile/split-kill.test.ts.
import { describe, expect, it } from "vitest";
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { moveChunkFolder } from "../../../src/emit/write-chunks.js";
import { tmp } from "./helpers.js";

const name = (i: number) => `${String(i).padStart(64, "0")}.js`;

async function staged(n: number): Promise<{ dir: string; temp: string; out: string; names: string[] }> {
  const dir = await tmp();
  const temp = join(dir, "out.tmp-1-ab");
  await mkdir(join(temp, "chunks"), { recursive: true });
  const names = Array.from({ length: n }, (_, i) => `chunks/${name(i)}`);
  for (const n of names) await writeFile(join(temp, n), n);
  return { dir, temp, out: join(dir, "out"), names };
}

describe("moveChunkFolder", () => {
  it("moves the temp dir's chunks/ into an outDir without one: the folder itself, all its names", async () => {
    const { temp, out, names } = await staged(5);
    const ino = (await stat(join(temp, "chunks"))).ino;
    const moved = await moveChunkFolder(temp, out, [...names, "index.js"]);
    expect([...moved].sort()).toEqual(names);
    expect((await stat(join(out, "chunks"))).ino).toBe(ino);
    expect((await readdir(join(out, "chunks"))).sort()).toEqual(names.map((n) => n.slice(7)));
  });

  it("moves nothing when outDir has chunks/, or the temp dir holds a chunk not committed", async () => {
    const a = await staged(4);
    await mkdir(join(a.out, "chunks"), { recursive: true });
    expect((await moveChunkFolder(a.temp, a.out, a.names)).size).toBe(0);
    expect(await readdir(join(a.out, "chunks"))).toEqual([]);
    const b = await staged(4);
    // The last chunk was staged for a skill left out: not in the commit's names.
    expect((await moveChunkFolder(b.temp, b.out, b.names.slice(0, 3))).size).toBe(0);
    expect((await readdir(join(b.temp, "chunks"))).length).toBe(4);
  });
});
