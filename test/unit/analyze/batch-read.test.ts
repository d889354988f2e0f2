// A batch of SKILL.md files read into one buffer (src/pipeline/batch-read.ts) gives what readFileSync
// gives for each file: the same bytes, or an error with the same code, and the regular files share
// one buffer exactly as large as they are together (what lint's reading worker transfers).
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBatch } from "../../../src/pipeline/batch-read.js";

let base: string;
let files: string[];

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), "skillc-batch-read-"));
  const put = (name: string, content: string | Buffer): string => {
    const file = path.join(base, name);
    writeFileSync(file, content);
    return file;
  };
  mkdirSync(path.join(base, "folder.md"));
  files = [
    put("a.md", "---\nname: a\n---\nBody é.\n"),
    path.join(base, "missing.md"),
    put("empty.md", ""),
    path.join(base, "folder.md"),
    // Past the size read into the batch's buffer: read on its own.
    put("large.md", Buffer.alloc(1024 * 1024 + 7, 0x61)),
    put("b.md", Buffer.from([0x2d, 0x00, 0xc3, 0x28])),
    put("c.md", "x".repeat(9000)),
  ];
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

/** What readFileSync gives for `file`: its bytes, or its error's code. */
function expected(file: string): Buffer | string {
  try {
    return readFileSync(file);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code!;
  }
}

describe("readBatch", () => {
  it("reads each file as readFileSync does, errors included", () => {
    const got = readBatch(files);
    expect(got).toHaveLength(files.length);
    got.forEach((bytes, i) => {
      const want = expected(files[i]!);
      if (typeof want === "string") {
        expect(bytes).not.toBeInstanceOf(Uint8Array);
        expect(((bytes as { error: NodeJS.ErrnoException }).error).code).toBe(want);
      } else {
        expect(bytes).toBeInstanceOf(Uint8Array);
        expect(Buffer.from(bytes as Uint8Array).equals(want)).toBe(true);
      }
    });
    // The errors are the ones a read of each gives: not found, and a folder.
    expect(got.map((b, i) => (b instanceof Uint8Array ? "" : expected(files[i]!)))).toEqual(["", "ENOENT", "", "EISDIR", "", "", ""]);
  });

  it("puts the regular files of up to 1 MB in one buffer as large as they are together, a larger one in its own", () => {
    const got = readBatch(files) as Uint8Array[];
    const small = [0, 2, 5, 6].map((i) => got[i]!);
    const shared = small[0]!.buffer;
    for (const b of small) expect(b.buffer).toBe(shared);
    expect(shared.byteLength).toBe(small.reduce((n, b) => n + b.byteLength, 0));
    expect(got[4]!.buffer).not.toBe(shared);
    expect(got[4]!.byteLength).toBe(got[4]!.buffer.byteLength);
  });

  it("reads an empty batch into nothing", () => {
    expect(readBatch([])).toEqual([]);
  });
});
