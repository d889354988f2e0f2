// The signed cache files written as a stream (src/cache/signed-file.ts): batch by batch to the staged
// file with the HMAC updated as it goes, the signature written over its placeholder at the end. The
// bytes must equal the whole-body writer's (the format is unchanged: a v3 file written before still
// reads, and one written now reads in an older skillc), and only a whole, signed file may ever
// replace the previous one — checked with a real SIGKILL in the middle of a write.
import { spawnSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildSync } from "esbuild";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readRecordFile, WRITE_BATCH, writeRecordFile } from "../../../src/cache/signed-file.js";

const key = randomBytes(32);
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "skillc-signed-stream-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type Rec = readonly [string, Uint8Array | string];

/** The file as the whole-body writer made it: `skillc-cache-v3 <hmac of body>\n<body>`. */
function reference(header: Record<string, unknown>, records: readonly Rec[]): Buffer {
  const parts = [Buffer.from(JSON.stringify(header))];
  for (const [k, v] of records) parts.push(Buffer.from("\n" + JSON.stringify(k) + "\t"), Buffer.from(v));
  const body = Buffer.concat(parts);
  const sig = createHmac("sha256", key).update(body).digest("hex");
  return Buffer.concat([Buffer.from(`skillc-cache-v3 ${sig}\n`, "latin1"), body]);
}

/** ~3.5 batches of records: text and bytes values, keys and values with non-ASCII text. */
function manyRecords(): Rec[] {
  const n = Math.ceil((3.5 * WRITE_BATCH) / 1000);
  return Array.from({ length: n }, (_, i) => {
    const value = JSON.stringify({ i, text: `é✓ ${"x".repeat(960 + (i % 7))}` });
    return [`skills/s${String(i).padStart(6, "0")}/SKILL.md ✓`, i % 2 ? value : Buffer.from(value)] as const;
  });
}

describe("signed cache files, streamed", () => {
  it("read only when the signature is this key's HMAC of the body as it is", async () => {
    const file = path.join(dir, "c.json");
    const good = reference({ key: "k" }, [["a", '{"v":1}']]);
    writeFileSync(file, good);
    expect((await readRecordFile(file, key))!.records.get("a")!.toString()).toBe('{"v":1}');
    // One byte of the body changed, the signature kept.
    const edited = Buffer.from(good);
    edited[edited.length - 2] = 0x32;
    writeFileSync(file, edited);
    expect(await readRecordFile(file, key)).toBeUndefined();
    // Another key; a signature that is not hex (cut short as bytes).
    writeFileSync(file, good);
    expect(await readRecordFile(file, randomBytes(32))).toBeUndefined();
    const sig = good.indexOf(0x20) + 1;
    writeFileSync(file, Buffer.concat([good.subarray(0, sig), Buffer.from("zz"), good.subarray(sig + 2)]));
    expect(await readRecordFile(file, key)).toBeUndefined();
  });

  it("writes the same bytes as the whole-body writer, over several batches", async () => {
    const file = path.join(dir, "c.json");
    const records = manyRecords();
    await writeRecordFile(file, key, { key: "k", n: records.length }, records);
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(3 * WRITE_BATCH);
    expect(bytes.equals(reference({ key: "k", n: records.length }, records))).toBe(true);
    const read = (await readRecordFile(file, key))!;
    expect(read.records.size).toBe(records.length);
  });

  it("writes a record larger than a batch whole, between smaller ones", async () => {
    const file = path.join(dir, "big.json");
    const big = JSON.stringify("y".repeat(Math.floor(2.5 * WRITE_BATCH)));
    const records: Rec[] = [["a", "1"], ["b", big], ["c", Buffer.from("[3]")]];
    await writeRecordFile(file, key, {}, records);
    expect(readFileSync(file).equals(reference({}, records))).toBe(true);
    expect((await readRecordFile(file, key))!.records.get("b")!.toString()).toBe(big);
  });

  it("an error of the records is thrown, and leaves the previous file and no staged file", async () => {
    const file = path.join(dir, "c.json");
    await writeRecordFile(file, key, { key: "old" }, [["a", "1"]]);
    const before = readFileSync(file);
    function* failing(): Generator<Rec> {
      yield* manyRecords().slice(0, 3000); // past two batches: written to the staged file already
      throw new Error("records broke");
    }
    await expect(writeRecordFile(file, key, { key: "new" }, failing())).rejects.toThrow("records broke");
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(dir)).toEqual(["c.json"]);
  });

  it("a process killed in the middle of a write leaves the previous file whole and trusted", async () => {
    const file = path.join(dir, "c.json");
    await writeRecordFile(file, key, { key: "old" }, [["a", "1"]]);
    const before = readFileSync(file);
    // The writer as its own process (bundled from the source), killed once two batches are out.
    const lib = path.join(dir, "signed-file.mjs");
    buildSync({ entryPoints: [path.resolve(import.meta.dirname, "../../../src/cache/signed-file.ts")], bundle: true, platform: "node", format: "esm", outfile: lib, logLevel: "silent" });
    const script = path.join(dir, "kill.mjs");
    writeFileSync(
      script,
      `import { writeRecordFile } from ${JSON.stringify(lib)};
       function* records() {
         for (let i = 0; ; i++) {
           if (i === 3000) process.kill(process.pid, "SIGKILL");
           yield ["k" + i, JSON.stringify("z".repeat(1000))];
         }
       }
       await writeRecordFile(${JSON.stringify(file)}, Buffer.from(process.argv[2], "hex"), { key: "new" }, records());`,
    );
    const res = spawnSync(process.execPath, [script, key.toString("hex")], { encoding: "utf8" });
    expect(res.signal).toBe("SIGKILL");
    // It was killed while writing: its staged file holds batches already, and was never renamed in.
    const staged = readdirSync(dir).filter((n) => n.endsWith(".tmp"));
    expect(staged).toHaveLength(1);
    expect(readFileSync(path.join(dir, staged[0]!)).length).toBeGreaterThanOrEqual(2 * WRITE_BATCH);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect((await readRecordFile(file, key))!.header).toEqual({ key: "old" });
  });

  it("stages into a file of its own: a link a checkout commits by the staged name is never written through (CI's split build overwrote any file with its chunk record)", async () => {
    // node_modules/.cache/skillc can hold committed files (`git add -f`); the staged name was
    // `<file>.<pid>.tmp`, and a pid is easy to guess in a container (or cover with 32,768 links).
    const victim = path.join(dir, "victim.txt");
    writeFileSync(victim, "the user's own file\n");
    const file = path.join(dir, "c.json");
    symlinkSync(victim, `${file}.${process.pid}.tmp`);
    await writeRecordFile(file, key, { key: "k" }, [["a", '{"v":1}']]);
    expect(readFileSync(victim, "utf8")).toBe("the user's own file\n");
    expect(lstatSync(file).isFile()).toBe(true);
    expect((await readRecordFile(file, key))!.header).toEqual({ key: "k" });
  });
});
