// Which chunks in outDir a build keeps by name (emit/chunk-prints.ts): those whose file is still the
// one the record names; the record's text round-trips.
import { describe, expect, it } from "vitest";
import { mkdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodePrints, encodePrints, listChunks, trustedChunks } from "../../../src/emit/chunk-prints.js";
import { filePrint } from "../../../src/util/file-print.js";
import { tempProject } from "../../helpers/project.js";

const name = (c: string, ext = "js") => `${c.repeat(64)}.${ext}`;

function folder(): string {
  const dir = path.join(tempProject(), "chunks");
  mkdirSync(dir);
  for (const c of ["a", "b", "c"]) writeFileSync(path.join(dir, name(c)), `export default "${c}";\n`);
  writeFileSync(path.join(dir, "notes.txt"), "not a chunk\n");
  symlinkSync(path.join(dir, name("a")), path.join(dir, name("d")));
  return dir;
}

describe("trustedChunks", () => {
  it("lists regular files with a chunk's name only (a link under one is not kept)", () => {
    expect(listChunks(folder()).sort()).toEqual([name("a"), name("b"), name("c")]);
  });

  it("without a record keeps every chunk, each with its fingerprint", () => {
    const dir = folder();
    const kept = trustedChunks(dir, listChunks(dir), undefined);
    expect([...kept.keys()].sort()).toEqual([name("a"), name("b"), name("c")]);
    expect(kept.get(name("b"))).toBe(filePrint(statSync(path.join(dir, name("b")))));
  });

  it("with a record keeps only the chunks whose fingerprint it holds: not one rewritten, nor one it does not name", () => {
    const dir = folder();
    const recorded = trustedChunks(dir, listChunks(dir), undefined);
    recorded.delete(name("c"));
    // Same length, other bytes: its mtime and ctime change (the mtime set apart here: timestamps are coarse, a write
    // within a few ms of the first may keep them).
    writeFileSync(path.join(dir, name("b")), `export default "B";\n`);
    utimesSync(path.join(dir, name("b")), new Date(1_000_000), new Date(1_000_000));
    const kept = trustedChunks(dir, listChunks(dir), recorded);
    expect([...kept.keys()]).toEqual([name("a")]);
  });

  it("a removed chunk is simply not kept", () => {
    const dir = folder();
    expect(trustedChunks(dir, [name("a"), name("z")], undefined).has(name("z"))).toBe(false);
  });
});

describe("the record's text", () => {
  it("round-trips, and a text that is not one is no record", () => {
    const prints = new Map([[name("a"), "1:2.5:3.25:4"], [name("b", "d.ts"), "5:6:7:8"]]);
    expect(decodePrints(encodePrints(prints))).toEqual(prints);
    expect(decodePrints(encodePrints(new Map()))).toEqual(new Map());
    expect(decodePrints(`${name("a")} 1:2:3:4 ${name("b")}`)).toBeUndefined();
  });
});
