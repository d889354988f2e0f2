// The build cache's records encoded ahead (src/cache/build-cache.ts encodeAhead): a writing build
// encodes them while its commit waits on the disk, and save() then writes them without encoding
// them again. The file is the same bytes either way.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BuildCache, buildCacheFile } from "../../../src/cache/build-cache.js";
import type { BuildEntry } from "../../../src/pipeline/analysis-store.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "skillc-ahead-"));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** `n` entries as a build makes them, some with a non-ASCII path, with line offsets (kept in the header). */
function entries(n: number): Record<string, BuildEntry> {
  const out: Record<string, BuildEntry> = {};
  for (let i = 0; i < n; i++) {
    const file = `skills/s-${String(i).padStart(4, "0")}${i % 7 === 0 ? "-é" : ""}/SKILL.md`;
    out[file] = {
      fp: `SKILL.md\0${i}:1:2:3`,
      hash: "a".repeat(64),
      files: [{ path: `references/${i}.md`, bytes: i, sha256: "b".repeat(64), binary: false, executable: false }],
      line: { key: `["s-${i}"]`, offset: 100 * i, length: 90, sha1: "c".repeat(40) },
      manifest: { offset: 50 * i, length: 40 },
    };
  }
  return out;
}

async function saved(ahead: boolean, n: number): Promise<{ bytes: Buffer; stringified: number }> {
  const root = path.join(dir, ahead ? "ahead" : "plain");
  const cache = await BuildCache.open(root, { config: 1 }, path.join(root, ".skillc"));
  const e = entries(n);
  if (ahead) await cache.encodeAhead(e, new Set());
  const spy = vi.spyOn(JSON, "stringify");
  await cache.save(e);
  const stringified = spy.mock.calls.length;
  spy.mockRestore();
  return { bytes: await readFile(buildCacheFile(root, path.join(root, ".skillc"))), stringified };
}

describe("build cache records encoded ahead of the commit", () => {
  it("save() writes the same file, without encoding the records again", async () => {
    const n = 600;
    const plain = await saved(false, n);
    const ahead = await saved(true, n);
    expect(ahead.bytes.equals(plain.bytes)).toBe(true);
    // Without encodeAhead every record is encoded in save() (besides the header and the keys).
    expect(plain.stringified).toBeGreaterThanOrEqual(n);
    expect(ahead.stringified).toBeLessThanOrEqual(plain.stringified - n);
  });

  it("records encoded for other entries are not used", async () => {
    const root = path.join(dir, "other");
    const cache = await BuildCache.open(root, { config: 1 }, path.join(root, ".skillc"));
    const stale = entries(10);
    await cache.encodeAhead(stale, new Set());
    const fresh = entries(10);
    for (const k in fresh) fresh[k]!.hash = "d".repeat(64);
    await cache.save(fresh);
    const text = await readFile(buildCacheFile(root, path.join(root, ".skillc")), "utf8");
    expect(text).toContain("d".repeat(64));
    expect(text).not.toContain("a".repeat(64));
  });
});
