// A long-lived process's memory of its cache files (src/cache/memory.ts): a kept file is used only
// while the file on disk has the fingerprint it had when read or written (exactly when a read would
// give the same bytes), decoded values follow their record's bytes, and what is kept after N
// rebuilds is no more than after one.
import { appendFileSync, copyFileSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CacheMemory } from "../../../src/cache/memory.js";
import { readRecordFile, writeRecordFile } from "../../../src/cache/signed-file.js";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { isReused } from "../../../src/types.js";
import { StatThread } from "../../../src/pipeline/stat-thread.js";
import { skillMd, tempProject } from "../../helpers/project.js";

/** Every file under `dir` (chunks too) by relative path, with its bytes. */
function outputs(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) out[name] = readFileSync(file).toString("base64");
  }
  return out;
}

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);

describe("CacheMemory with signed record files", () => {
  it("serves a file as written while it keeps its fingerprint, and reads it again once changed", async () => {
    const file = path.join(tempProject({}, "skillc-memory-"), "c.json");
    const memory = new CacheMemory();
    await memory.run(async (m) => writeRecordFile(file, KEY, { key: "k" }, [["a", '{"v":1}'], ["b", '{"v":2}']], m));
    const kept = await memory.run(async (m) => readRecordFile(file, KEY, m));
    expect(kept?.records.get("a")?.toString()).toBe('{"v":1}');
    // The same object again: nothing was read.
    expect(await memory.run(async (m) => readRecordFile(file, KEY, m))).toBe(kept);
    // Another key never gets what the first one signed.
    expect(await memory.run(async (m) => readRecordFile(file, OTHER_KEY, m))).toBeUndefined();

    // Another process writes the file (same size, another record value): read from disk.
    await writeRecordFile(file, KEY, { key: "k" }, [["a", '{"v":3}'], ["b", '{"v":2}']]);
    const again = await memory.run(async (m) => readRecordFile(file, KEY, m));
    expect(again).not.toBe(kept);
    expect(again?.records.get("a")?.toString()).toBe('{"v":3}');

    // Edited in place (signature broken): a miss, as without memory.
    appendFileSync(file, "x");
    expect(await memory.run(async (m) => readRecordFile(file, KEY, m))).toBeUndefined();
    expect(memory.size().files).toBe(0);
  });

  it("never serves a link put in the kept file's place (a read refuses it too)", async () => {
    const dir = tempProject({}, "skillc-memory-");
    const file = path.join(dir, "c.json");
    const memory = new CacheMemory();
    await memory.run(async (m) => writeRecordFile(file, KEY, { key: "k" }, [["a", "1"]], m));
    copyFileSync(file, path.join(dir, "copy.json"));
    symlinkSync("copy.json", path.join(dir, "link.json"));
    renameSync(path.join(dir, "link.json"), file);
    expect(await memory.run(async (m) => readRecordFile(file, KEY, m))).toBeUndefined();
  });

  it("keeps a record's decoded value while the record is written back as the same bytes", async () => {
    const file = path.join(tempProject({}, "skillc-memory-"), "c.json");
    const memory = new CacheMemory();
    await memory.run(async (m) => writeRecordFile(file, KEY, { key: "k" }, [["a", "1"], ["b", "2"]], m));
    const first = (await memory.run(async (m) => readRecordFile(file, KEY, m)))!;
    first.decoded!.set(first.records.get("a")!, "decoded a");
    first.decoded!.set(first.records.get("b")!, "decoded b");
    // a written back as its Buffer, b as new bytes, c new.
    await memory.run(async (m) => writeRecordFile(file, KEY, { key: "k" }, [["a", first.records.get("a")!], ["b", "3"], ["c", "4"]], m));
    const second = (await memory.run(async (m) => readRecordFile(file, KEY, m)))!;
    expect(second.decoded!.get(second.records.get("a")!)).toBe("decoded a");
    expect(second.decoded!.size).toBe(1);
    expect(memory.size()).toEqual({ files: 1, records: 3, decoded: 1 });
  });

  it("runs one build at a time: a build asked for while another runs waits for it", async () => {
    const memory = new CacheMemory();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = memory.run(async () => {
      order.push("first starts");
      await gate;
      order.push("first ends");
    });
    const second = memory.run(async () => void order.push("second runs"));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(["first starts"]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(["first starts", "first ends", "second runs"]);
  });

  it("drops the files a build did not touch, and everything when a build throws", async () => {
    const dir = tempProject({}, "skillc-memory-");
    const memory = new CacheMemory();
    await memory.run(async (m) => {
      await writeRecordFile(path.join(dir, "one.json"), KEY, { key: "k" }, [["a", "1"]], m);
      await writeRecordFile(path.join(dir, "two.json"), KEY, { key: "k" }, [["a", "1"]], m);
    });
    expect(memory.size().files).toBe(2);
    await memory.run(async (m) => readRecordFile(path.join(dir, "one.json"), KEY, m));
    expect(memory.size().files).toBe(1);
    await expect(memory.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(memory.size()).toEqual({ files: 0, records: 0, decoded: 0 });
  });
});

describe("builds given one CacheMemory", () => {
  const tree = () => {
    const t: Record<string, string> = {};
    for (let i = 0; i < 40; i++) t[`skills/s${i}/SKILL.md`] = skillMd(`s${i}`);
    t["skills/s1/ref.md"] = "# Reference\n";
    return t;
  };

  it.each(["single", "split"] as const)("keeps no more after many rebuilds than after one, and writes what a build without it writes (%s)", async (output) => {
    const cwd = tempProject(tree(), "skillc-memory-build-");
    const plain = tempProject(tree(), "skillc-memory-plain-");
    const memory = new CacheMemory();
    const withMemory = () => memory.run((m) => build({ cwd, config: resolveDefaults(cwd, { output }), cache: true, memory: m }));
    const without = () => build({ cwd: plain, config: resolveDefaults(plain, { output }), cache: true });
    const edit = (root: string, i: number, text: string) => writeFileSync(path.join(root, `skills/s${i}/SKILL.md`), skillMd(`s${i}`, "", text));
    await Promise.all([withMemory(), without()]);
    const second = await withMemory();
    expect(second.skills.filter(isReused)).toHaveLength(40);
    const afterOne = memory.size();
    expect(afterOne.decoded).toBeGreaterThanOrEqual(80); // an analysis snapshot and a build entry a skill
    const original = readFileSync(path.join(cwd, "skills/s3/SKILL.md"));
    for (let n = 0; n < 6; n++) {
      // Edits, and one put back to its earlier bytes (its fingerprint is new, its analysis record the old one).
      const text = n === 5 ? undefined : `# s3\n\nEdit ${n}.\n`;
      for (const root of [cwd, plain]) {
        if (text === undefined) writeFileSync(path.join(root, "skills/s3/SKILL.md"), original);
        else edit(root, 3, text);
        edit(root, 10 + n, `# s${10 + n}\n\nChanged in round ${n}.\n`);
      }
      await Promise.all([withMemory(), without()]);
      expect(outputs(path.join(cwd, ".skillc")), `round ${n}`).toEqual(outputs(path.join(plain, ".skillc")));
    }
    // The last round's new records (split: every entry of the shard it rewrote) are decoded by the build after it.
    const afterN = memory.size();
    expect({ ...afterN, decoded: 0 }).toEqual({ ...afterOne, decoded: 0 });
    expect(afterN.decoded).toBeLessThan(afterOne.decoded);
    await withMemory();
    expect(memory.size()).toEqual(afterOne);
  });
});

describe("the stat thread under a CacheMemory", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("is started once for all the builds, and ended by close()", async () => {
    vi.stubEnv("SKILLC_STAT_THREAD", "on");
    const t: Record<string, string> = {};
    for (let i = 0; i < 40; i++) t[`skills/s${i}/SKILL.md`] = skillMd(`s${i}`);
    const cwd = tempProject(t, "skillc-memory-thread-");
    const start = vi.spyOn(StatThread, "start");
    const memory = new CacheMemory();
    for (let n = 0; n < 3; n++) {
      writeFileSync(path.join(cwd, "skills/s2/SKILL.md"), skillMd("s2", "", `# s2\n\nRound ${n}.\n`));
      await memory.run((m) => build({ cwd, config: resolveDefaults(cwd, {}), cache: true, memory: m }));
    }
    expect(start).toHaveBeenCalledTimes(1);
    const thread = start.mock.results[0]!.value as StatThread;
    expect(thread.alive).toBe(true);
    await memory.close();
    expect(thread.alive).toBe(false);
    expect(readFileSync(path.join(cwd, ".skillc/index.js"), "utf8")).toContain("Round 2.");
  });
});
