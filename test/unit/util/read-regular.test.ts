import { execFileSync } from "node:child_process";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRegularFile } from "../../../src/util/read-regular.js";

describe("readRegularFile: a small regular file or why not", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "skillc-regular-"));
  const at = (name: string) => path.join(dir, name);
  writeFileSync(at("small.txt"), "hello\n");
  writeFileSync(at("big.txt"), "x".repeat(101));
  symlinkSync(at("small.txt"), at("link.txt"));
  symlinkSync("/dev/zero", at("zero"));
  execFileSync("mkfifo", [at("fifo")]);

  it("reads a regular file up to max bytes", () => {
    expect(readRegularFile(at("small.txt"), 100)).toEqual({ bytes: Buffer.from("hello\n") });
    expect(readRegularFile(at("big.txt"), 101)).toEqual({ bytes: Buffer.from("x".repeat(101)) });
  });

  it("refuses a file over max, a link (unless followed), a FIFO and a device, without blocking or reading them", () => {
    expect(readRegularFile(at("big.txt"), 100)).toEqual({ refused: "too-large" });
    expect(readRegularFile(at("link.txt"), 100)).toEqual({ refused: "link" });
    expect(readRegularFile(at("link.txt"), 100, { follow: true })).toEqual({ bytes: Buffer.from("hello\n") });
    expect(readRegularFile(at("zero"), 100, { follow: true })).toEqual({ refused: "not-regular" });
    expect(readRegularFile(at("fifo"), 100)).toEqual({ refused: "not-regular" });
    expect(readRegularFile(dir, 100)).toEqual({ refused: "not-regular" });
  });

  it("says a missing file is missing", () => {
    expect(readRegularFile(at("none.txt"), 100)).toEqual({ missing: true });
    expect(readRegularFile(at("small.txt/under"), 100)).toEqual({ missing: true });
  });
});
