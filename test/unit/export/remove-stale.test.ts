// removeStale (export/record.ts) reads the digest of each folder a `.skillc-export` record names. The
// record is untrusted (a checkout can commit one): on macOS and Windows `foo`, `FOO`, `Foo`… are one
// folder, so a 1 MB record naming thousands of case forms of one big folder made export read it
// thousands of times. An export never records two names of one folder, so each is examined once.
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { removeStale } from "../../../src/export/record.js";
import { folderDigest } from "../../../src/export/folder-digest.js";

describe("removeStale", () => {
  it("examines each folder once, names compared as macOS and Windows compare them", async () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "skillc-stale-"));
    // Two folders on a case-sensitive file system, one on macOS or Windows: same bytes in each.
    for (const name of ["foo", "FOO"]) {
      mkdirSync(path.join(out, name));
      writeFileSync(path.join(out, name, "SKILL.md"), "same\n");
    }
    const digest = (await folderDigest(path.join(out, "foo")))!;
    const before = new Map([["foo", digest], ["FOO", digest], ["Foo", digest]]);
    const result = await removeStale(out, before, []);
    expect(result).toEqual({ removed: ["foo"], kept: [] });
    expect(existsSync(path.join(out, "foo"))).toBe(false);
  });
});
