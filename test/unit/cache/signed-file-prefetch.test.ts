// A cache file read ahead (src/cache/signed-file.ts prefetchRecordFile): the run's readRecordFile
// takes what was read, without reading the file again, unless the file changed (or went) since.
import { randomBytes } from "node:crypto";
import { mkdtempSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const reads = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  return { ...real, readFile: (...args: Parameters<typeof real.readFile>) => (reads.count++, real.readFile(...args)) };
});
const { prefetchRecordFile, readRecordFile, writeRecordFile } = await import("../../../src/cache/signed-file.js");

const key = randomBytes(32);
let dir: string;
let file: string;
beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "skillc-prefetch-"));
  file = path.join(dir, "cache.json");
  await writeRecordFile(file, key, { key: "h" }, [["a", '{"v":1}']]);
  reads.count = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const values = async () => [...((await readRecordFile(file, key))?.records ?? new Map()).values()].map((b) => b.toString());

describe("prefetched cache files", () => {
  it("are read once: the run's read takes the prefetched records", async () => {
    prefetchRecordFile(file, key);
    expect(await values()).toEqual(['{"v":1}']);
    expect(reads.count).toBe(1);
    // Taken: the next read reads the file.
    expect(await values()).toEqual(['{"v":1}']);
    expect(reads.count).toBe(2);
  });

  it("are read again when the file was replaced in between", async () => {
    // Read whole before the file is replaced.
    await prefetchRecordFile(file, key);
    expect(reads.count).toBe(1);
    await writeRecordFile(path.join(dir, "next.json"), key, { key: "h" }, [["a", '{"v":2}']]);
    renameSync(path.join(dir, "next.json"), file);
    expect(await values()).toEqual(['{"v":2}']);
  });

  it("are none when the file went in between, and not taken under another key", async () => {
    await prefetchRecordFile(file, key);
    rmSync(file);
    expect(await readRecordFile(file, key)).toBeUndefined();
    await writeRecordFile(file, key, { key: "h" }, [["a", '{"v":3}']]);
    prefetchRecordFile(file, randomBytes(32));
    expect(await values()).toEqual(['{"v":3}']);
  });
});
