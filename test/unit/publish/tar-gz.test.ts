// The archive writer's output is a function of the files alone: pinned here to one digest, so a
// change of header fields, order or gzip settings (or a zlib that deflates differently) shows up
// as a failing test rather than as digests that differ between machines.
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { deterministicTarGz } from "../../../src/publish/tar-gz.js";
import { readTarGz } from "../../../src/archive/tar.js";

const enc = (s: string) => new Uint8Array(Buffer.from(s));
const FILES = [
  { path: "scripts/run.sh", data: enc("#!/bin/sh\necho ok\n"), executable: true },
  { path: "SKILL.md", data: enc("---\nname: beta\ndescription: Beta.\n---\n\n# Beta\n"), executable: false },
  { path: "references/guide.md", data: enc("# Guide\n"), executable: false },
];
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

describe("deterministicTarGz", () => {
  it("gives the same bytes for the same files in any order, and pins them", () => {
    const a = deterministicTarGz(FILES);
    const b = deterministicTarGz([...FILES].reverse());
    expect(sha(b)).toBe(sha(a));
    expect(sha(a)).toBe("507c2ab6be9b7e1cdb064d861ca44f2d99e6bbff5bf597eb0d8bb4f1c8c0004c");
  });

  it("fixes the gzip header (no name, no time, OS byte 255) and every tar header field that varies", () => {
    const gz = Buffer.from(deterministicTarGz(FILES));
    expect([...gz.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 0xff]);
    const tar = gunzipSync(gz);
    const header = (i: number) => tar.subarray(i, i + 512);
    const first = header(0);
    expect(first.subarray(0, 8).toString()).toBe("SKILL.md");
    // uid, gid (octal, zero), mtime (2000-01-01), ustar magic, empty user and group names.
    const octal = (from: number, to: number) => parseInt(first.subarray(from, to).toString().replace(/[\0 ]+$/, ""), 8);
    expect([octal(100, 108), octal(108, 116), octal(116, 124), octal(136, 148)]).toEqual([0o644, 0, 0, 946684800]);
    expect(first.subarray(257, 262).toString()).toBe("ustar");
    expect(first.subarray(265, 297).every((c) => c === 0)).toBe(true);
  });

  it("round-trips through skillc's own reader, with paths beyond ustar's 100 bytes and non-ASCII names", () => {
    const long = `${"deep/".repeat(30)}file.md`;
    const files = [...FILES, { path: long, data: enc("long\n"), executable: false }, { path: "références/été.md", data: enc("é\n"), executable: false }];
    const entries = readTarGz(deterministicTarGz(files));
    expect(entries.map((e) => e.path).sort()).toEqual(files.map((f) => f.path).sort());
    for (const f of files) {
      const e = entries.find((x) => x.path === f.path);
      expect(e?.type === "file" && Buffer.from(e.data).equals(Buffer.from(f.data))).toBe(true);
      expect(e?.type === "file" && e.executable).toBe(f.executable);
    }
  });
});
