// The split build's chunk stage (src/emit/chunk-stage.ts): chunks created and written on the thread
// pool in the background, made durable at flush — one syncfs on Linux, an fdatasync per chunk
// elsewhere (SKILLC_CHUNK_SYNC=each forces that path here) — and each chunk written once however
// many skills put it. Checked through the staged files, not timed.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChunkStage } from "../../../src/emit/chunk-stage.js";
import { ScratchPool, SCRATCH_BYTES } from "../../../src/emit/scratch-pool.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "skillc-stage-"));
});
afterEach(() => {
  delete process.env.SKILLC_CHUNK_SYNC;
  rmSync(dir, { recursive: true, force: true });
});

const chunk = (i: number) => {
  const bytes = Buffer.from(`export default ${JSON.stringify("x".repeat(i * 997))};\n`);
  return { hash: createHash("sha256").update(bytes).digest("hex"), bytes };
};

describe.each(["syncfs", "each"])("ChunkStage (%s)", (mode) => {
  it("stages every chunk once with its bytes, more than the in-flight bound, and flush waits for all", async () => {
    if (mode === "each") process.env.SKILLC_CHUNK_SYNC = "each";
    const stage = ChunkStage.open(path.join(dir, "out"));
    const chunks = Array.from({ length: 300 }, (_, i) => chunk(i));
    // Every chunk put twice at once (two skills with one payload): written once.
    await Promise.all([...chunks, ...chunks].map((c) => stage.put(c.hash, c.bytes)));
    await stage.flush();
    const staged = path.join(stage.tmp!, "chunks");
    expect(readdirSync(staged).sort()).toEqual(chunks.map((c) => `${c.hash}.js`).sort());
    for (const c of chunks) expect(readFileSync(path.join(staged, `${c.hash}.js`)).equals(c.bytes)).toBe(true);
    expect(stage.has(chunks[0]!.hash)).toBe(true);
    await stage.discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("putParts stages files rendered from parts through reused scratch buffers, each with its own bytes, more at once than there are buffers", async () => {
    if (mode === "each") process.env.SKILLC_CHUNK_SYNC = "each";
    const stage = ChunkStage.open(path.join(dir, "out"));
    // Strings (non-ASCII too: UTF-8) and bytes; one file past the scratch size gets a buffer of its own.
    const files = Array.from({ length: 100 }, (_, i) => ["export const m='[", `{"n":${i},"d":"é€${"y".repeat(i * 2011)}"}`, Buffer.from(`,${i}`), "]';\n"]);
    files.push(["x".repeat(SCRATCH_BYTES + 10)]);
    const seen = new Map<string, Buffer>();
    const hashes = await Promise.all([...files, ...files].map((parts) => stage.putParts(parts, "js", (bytes, hash) => seen.set(hash, Buffer.from(bytes)))));
    await stage.flush();
    const staged = path.join(stage.tmp!, "chunks");
    expect(readdirSync(staged).sort()).toEqual([...new Set(hashes)].map((h) => `${h}.js`).sort());
    files.forEach((parts, i) => {
      const bytes = Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p)));
      expect(hashes[i]).toBe(createHash("sha256").update(bytes).digest("hex"));
      expect(readFileSync(path.join(staged, `${hashes[i]}.js`)).equals(bytes)).toBe(true);
      expect(seen.get(hashes[i]!)?.equals(bytes)).toBe(true);
    });
    // A file outDir or the stage has already is not written again.
    expect(await stage.putParts(files[0]!, "js")).toBe(hashes[0]);
    await stage.discard();
  });

  it("putParts gives its scratch buffer back when the caller's `seen` throws (more failures than there are buffers, then a put still completes)", async () => {
    if (mode === "each") process.env.SKILLC_CHUNK_SYNC = "each";
    const stage = ChunkStage.open(path.join(dir, "out"));
    for (let i = 0; i < 12; i++) {
      await expect(stage.putParts([`export const f=${i};\n`], "js", () => {
        throw new Error("seen failed");
      })).rejects.toThrow("seen failed");
    }
    const hash = await stage.putParts(["export const ok=1;\n"], "js");
    await stage.flush();
    expect(readFileSync(path.join(stage.tmp!, "chunks", `${hash}.js`), "utf8")).toBe("export const ok=1;\n");
    await stage.discard();
  });

  it("flush throws when a chunk cannot be created, and discard still removes the staging folder", async () => {
    if (mode === "each") process.env.SKILLC_CHUNK_SYNC = "each";
    const stage = ChunkStage.open(path.join(dir, "out"));
    const a = chunk(1);
    await stage.put(a.hash, a.bytes);
    await stage.flush();
    // The staging folder's chunks/ gone under it: the next create fails.
    rmSync(path.join(stage.tmp!, "chunks"), { recursive: true });
    const b = chunk(2);
    await stage.put(b.hash, b.bytes);
    await expect(stage.flush()).rejects.toThrow(/ENOENT/);
    await stage.discard();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("ChunkStage early syncfs", () => {
  it("runs syncfs in the background every `earlySync` bytes created, one at a time, and once more at flush", async () => {
    // A stand-in for `sync -f`: logs its arguments, and whether another run was still going.
    const log = path.join(dir, "sync.log");
    const bin = path.join(dir, "fake-sync");
    writeFileSync(bin, `#!/bin/sh\n[ -e "${log}.busy" ] && echo overlap >> "${log}"\ntouch "${log}.busy"\nsleep 0.05\necho "$@" >> "${log}"\nrm "${log}.busy"\n`);
    chmodSync(bin, 0o755);
    const stage = ChunkStage.open(path.join(dir, "out"), false, { syncfs: bin, earlySync: 20_000 });
    const chunks = Array.from({ length: 60 }, (_, i) => chunk(i + 1)); // ~1.8 MB in all
    for (const c of chunks) await stage.put(c.hash, c.bytes);
    await stage.flush();
    const lines = readFileSync(log, "utf8").trim().split("\n");
    expect(lines.every((l) => l === `-f ${stage.tmp}`)).toBe(true);
    // At least one early run besides the one at flush; never two at once.
    expect(lines.length).toBeGreaterThan(1);
    expect(existsSync(`${log}.busy`)).toBe(false);
    await stage.discard();
  });
});

describe("ChunkStage flush of a few chunks", () => {
  it("syncs a rebuild's few chunks one by one, without syncfs (which would flush the whole disk's dirty data)", async () => {
    const log = path.join(dir, "sync.log");
    const bin = path.join(dir, "fake-sync");
    writeFileSync(bin, `#!/bin/sh\necho "$@" >> "${log}"\n`);
    chmodSync(bin, 0o755);
    const few = ChunkStage.open(path.join(dir, "out"), false, { syncfs: bin });
    for (const c of Array.from({ length: 5 }, (_, i) => chunk(i + 1))) await few.put(c.hash, c.bytes);
    await few.flush();
    expect(existsSync(log)).toBe(false);
    await few.discard();
    const many = ChunkStage.open(path.join(dir, "out"), false, { syncfs: bin });
    for (const c of Array.from({ length: 40 }, (_, i) => chunk(i + 1))) await many.put(c.hash, c.bytes);
    await many.flush();
    expect(readFileSync(log, "utf8")).toBe(`-f ${many.tmp}\n`);
    await many.discard();
  });

  it("rewrites whole a name it found already made once the writer thread is lost (it may have stopped halfway)", async () => {
    const stage = ChunkStage.open(path.join(dir, "out"));
    const first = chunk(1);
    await stage.put(first.hash, first.bytes);
    const c = chunk(7);
    // The chunk writer thread made this name and died halfway through its bytes.
    const file = path.join(stage.tmp!, "chunks", `${c.hash}.js`);
    writeFileSync(file, c.bytes.subarray(0, 10));
    await stage.put(c.hash, c.bytes);
    await stage.flush();
    expect(readFileSync(file).length).toBe(10);
    // The writer is lost: its skills are rendered here again, and their names written whole.
    stage.rewrite();
    if (!stage.has(c.hash)) await stage.put(c.hash, c.bytes);
    await stage.flush();
    expect(readFileSync(file).equals(c.bytes)).toBe(true);
    await stage.discard();
  });
});

describe("ScratchPool", () => {
  it("makes at most 8 buffers; a ninth take waits for one given back, and gets that one", async () => {
    const pool = new ScratchPool();
    const taken = await Promise.all(Array.from({ length: 8 }, () => pool.take()));
    expect(new Set(taken).size).toBe(8);
    expect(taken.every((b) => b.length === SCRATCH_BYTES)).toBe(true);
    let ninth: Buffer | undefined;
    const waiting = pool.take().then((b) => (ninth = b));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ninth).toBeUndefined();
    pool.give(taken[3]!);
    await waiting;
    expect(ninth).toBe(taken[3]);
  });
});
