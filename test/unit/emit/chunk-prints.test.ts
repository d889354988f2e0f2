// Which chunks in outDir a build keeps by name (emit/chunk-prints.ts): those whose file is still the
// one the record names, or with no record those whose bytes hash to their name; the record's text
// round-trips.
import { describe, expect, it } from "vitest";
import { mkdirSync, rmSync, statSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { decodePrints, encodePrints, listChunks, MAX_VERIFY_BYTES, trustedChunks } from "../../../src/emit/chunk-prints.js";
import { filePrint } from "../../../src/util/file-print.js";
import { tempProject } from "../../helpers/project.js";

const sha = (bytes: string | Buffer) => createHash("sha256").update(bytes).digest("hex");
/** The chunks' bytes: each named by its hash, as a build names them (`d`: a link's name). */
const BYTES: Record<string, string> = { a: `export default "a";\n`, b: `export default "b";\n`, c: `export default "c";\n`, d: "a link\n" };
const name = (c: string, ext = "js") => `${sha(BYTES[c] ?? c)}.${ext}`;

function folder(): string {
  const dir = path.join(tempProject(), "chunks");
  mkdirSync(dir);
  for (const c of ["a", "b", "c"]) writeFileSync(path.join(dir, name(c)), BYTES[c]!);
  writeFileSync(path.join(dir, "notes.txt"), "not a chunk\n");
  symlinkSync(path.join(dir, name("a")), path.join(dir, name("d")));
  return dir;
}

describe("trustedChunks", () => {
  it("lists regular files with a chunk's name only (a link under one is not kept)", () => {
    expect(listChunks(folder()).sort()).toEqual([name("a"), name("b"), name("c")]);
  });

  it("without a record keeps every chunk whose bytes hash to its name, each with its fingerprint", () => {
    const dir = folder();
    const kept = trustedChunks(dir, listChunks(dir), undefined);
    expect([...kept.keys()].sort()).toEqual([name("a"), name("b"), name("c")].sort());
    expect(kept.get(name("b"))).toBe(filePrint(statSync(path.join(dir, name("b")))));
  });

  it("without a record keeps no chunk whose bytes are not its name's: edited in place, truncated, emptied, replaced", () => {
    const dir = folder();
    // Same length, other bytes, its timestamps set back: only the content tells.
    const b = path.join(dir, name("b"));
    const st = statSync(b);
    writeFileSync(b, `export default "B";\n`);
    utimesSync(b, st.atime, st.mtime);
    truncateSync(path.join(dir, name("c")), 5);
    // The .json and .d.ts chunks' names hash their bytes too (the extension is no part of it).
    writeFileSync(path.join(dir, name("{}", "json")), "{}");
    writeFileSync(path.join(dir, name("export {};", "d.ts")), "export {};");
    writeFileSync(path.join(dir, name("x", "json")), "");
    // Bytes of another chunk under this one's name.
    writeFileSync(path.join(dir, name("y", "d.ts")), BYTES.a!);
    const kept = trustedChunks(dir, listChunks(dir), undefined);
    expect([...kept.keys()].sort()).toEqual([name("a"), name("{}", "json"), name("export {};", "d.ts")].sort());
  });

  it("without a record keeps no file past MAX_VERIFY_BYTES, nor a link, nor one removed", () => {
    const dir = folder();
    const big = Buffer.alloc(MAX_VERIFY_BYTES + 1, 0x20);
    writeFileSync(path.join(dir, `${sha(big)}.js`), big);
    // A link whose target's bytes are its name's, listed as a chunk (as a listing taken before a swap would): never followed.
    rmSync(path.join(dir, name("d")));
    writeFileSync(path.join(dir, "..", "target"), BYTES.d!);
    symlinkSync(path.join(dir, "..", "target"), path.join(dir, name("d")));
    const kept = trustedChunks(dir, [name("a"), `${sha(big)}.js`, name("d"), name("z")], undefined);
    expect([...kept.keys()]).toEqual([name("a")]);
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
