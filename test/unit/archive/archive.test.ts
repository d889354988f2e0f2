import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync, chmodSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readZip } from "../../../src/archive/zip.js";
import { readTar, readTarGz } from "../../../src/archive/tar.js";
import { ArchiveError, DEFAULT_LIMITS, safeEntryPath, type ArchiveEntry } from "../../../src/archive/entries.js";
import { pickSkill } from "../../../src/archive/skill.js";
import { makeTar, makeTarGz, makeZip } from "../../helpers/archive.js";
import { tempProject } from "../../helpers/project.js";

const tmp = tempProject({}, "skillc-archive-");

const text = (e: ArchiveEntry | undefined) => (e && e.type === "file" ? Buffer.from(e.data).toString("utf8") : undefined);
const refused = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ArchiveError);
    return (error as Error).message;
  }
  throw new Error("expected the archive to be refused");
};
/** The zip reader is asynchronous (yauzl): the same check, awaited. */
const refusedAsync = async (fn: () => Promise<unknown>): Promise<string> => {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ArchiveError);
    return (error as Error).message;
  }
  throw new Error("expected the archive to be refused");
};

describe("safeEntryPath", () => {
  it("normalizes harmless forms", () => {
    expect(safeEntryPath("./a//b/./c.md")).toBe("a/b/c.md");
    expect(safeEntryPath("a/")).toBe("a");
    expect(safeEntryPath("./")).toBe("");
    // Near the Windows-reserved forms, but kept as written everywhere.
    expect(safeEntryPath("refs/console.md")).toBe("refs/console.md");
    expect(safeEntryPath("refs/.env.example")).toBe("refs/.env.example");
    expect(safeEntryPath("a.b/c d.md")).toBe("a.b/c d.md");
  });
  it.each([
    ["../evil.md", '".." segment'],
    ["a/../../evil.md", '".." segment'],
    ["/etc/passwd", "absolute path"],
    ["C:/Windows/evil", "drive letter"],
    ["c:evil", "drive letter"],
    ["a\\..\\evil", "backslash"],
    ["a\0b", "NUL"],
    // Names Windows would not keep as written (import's copy must be the same on every system).
    ["refs/a:b.md", "alternate data stream"],
    ["refs/what?.md", '"?"'],
    ["refs/notes.", "ends with a dot or a space"],
    ["refs/notes ", "ends with a dot or a space"],
    ["refs/CON", "device name"],
    ["nul.md", "device name"],
    ["com1/x.md", "device name"],
  ])("refuses %j (%s), naming the entry", (raw, why) => {
    const message = refused(() => safeEntryPath(raw));
    expect(message).toContain(why);
    expect(message).toContain(`entry "${raw.replace("\0", "\\x00")}"`);
  });
});

describe("readZip", () => {
  it("reads stored and deflated members, folders and the executable bit", async () => {
    const zip = makeZip([
      { name: "my-skill/" },
      { name: "my-skill/SKILL.md", data: "---\nname: my-skill\n---\nbody\n", method: 8 },
      { name: "my-skill/scripts/run.sh", data: "#!/bin/sh\necho hi\n", method: 0, mode: 0o100755 },
      { name: "my-skill/assets/logo.bin", data: new Uint8Array([0, 1, 2, 255]) },
    ]);
    const entries = await readZip(zip);
    expect(entries.map((e) => [e.type, e.path])).toEqual([
      ["dir", "my-skill"],
      ["file", "my-skill/SKILL.md"],
      ["file", "my-skill/scripts/run.sh"],
      ["file", "my-skill/assets/logo.bin"],
    ]);
    expect(text(entries[1])).toBe("---\nname: my-skill\n---\nbody\n");
    expect(entries[2]).toMatchObject({ executable: true });
    expect(entries[1]).toMatchObject({ executable: false });
    expect([...(entries[3] as { data: Uint8Array }).data]).toEqual([0, 1, 2, 255]);
  });

  it("reads what the system zip tool writes", async () => {
    const src = path.join(tmp, "zip-src", "tool-skill");
    mkdirSync(path.join(src, "references"), { recursive: true });
    writeFileSync(path.join(src, "SKILL.md"), "---\nname: tool-skill\ndescription: d\n---\n" + "words ".repeat(500));
    writeFileSync(path.join(src, "references", "a.md"), "# A\n");
    const out = path.join(tmp, "tool.zip");
    execFileSync("zip", ["-qr", out, "tool-skill"], { cwd: path.dirname(src) });
    const entries = await readZip(readFileSync(out));
    expect(entries.filter((e) => e.type === "file").map((e) => e.path).sort()).toEqual(["tool-skill/SKILL.md", "tool-skill/references/a.md"]);
    expect(text(entries.find((e) => e.path === "tool-skill/SKILL.md"))).toContain("words words");
  });

  it.each([
    ["../escape.md", '".." segment'],
    ["/abs.md", "absolute path"],
    ["C:\\evil.md", "backslash"],
    ["D:/evil.md", "drive letter"],
    ["a\\..\\..\\evil.md", "backslash"],
  ])("refuses the zip-slip entry %j", async (name, why) => {
    const message = await refusedAsync(() => readZip(makeZip([{ name: "ok/SKILL.md", data: "x" }, { name, data: "x" }])));
    expect(message).toContain(why);
    expect(message).toContain("nothing was written");
  });

  it("refuses a symlink pointing out of the archive, and names it", async () => {
    const message = await refusedAsync(() => readZip(makeZip([{ name: "s/SKILL.md", data: "x" }, { name: "s/link", symlink: "../../etc/passwd" }])));
    expect(message).toBe('entry "s/link" is a symbolic link to "../../etc/passwd", outside the skill folder; the archive was refused and nothing was written.');
    expect(await refusedAsync(() => readZip(makeZip([{ name: "s/abs", symlink: "/etc/passwd" }])))).toContain("outside the skill folder");
  });

  it("refuses a symlink that stays inside too (links are not imported)", async () => {
    const message = await refusedAsync(() => readZip(makeZip([{ name: "s/SKILL.md", data: "x" }, { name: "s/link.md", symlink: "SKILL.md" }])));
    expect(message).toContain('entry "s/link.md" is a symbolic link');
    expect(message).toContain("replace it with a copy");
  });

  it("refuses more entries than the limit before reading any", async () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ name: `s/f${i}.md`, data: "x" }));
    expect(await refusedAsync(() => readZip(makeZip(items), { ...DEFAULT_LIMITS, maxEntries: 5, maxTotalBytes: 1e6 }))).toContain("more than 5");
  });

  it("refuses declared sizes over the total budget (zip bomb) without inflating", async () => {
    const zip = makeZip([{ name: "s/SKILL.md", data: "x", method: 0, declaredSize: 0 }]);
    // A member whose header claims 2 GB: refused from the central directory alone.
    const bomb = makeZip([{ name: "s/big.bin", data: "x", declaredSize: 2 ** 31 }]);
    expect(await refusedAsync(() => readZip(bomb, { ...DEFAULT_LIMITS, maxEntries: 10, maxTotalBytes: 1 << 20 }))).toMatch(/more than 1048576 bytes .*"s\/big.bin".*zip bomb/);
    expect(await refusedAsync(() => readZip(zip))).toContain("holds 1 bytes but declares 0");
  });

  it("refuses a member that inflates past its declared size", async () => {
    const bomb = makeZip([{ name: "s/zeros.bin", data: new Uint8Array(1 << 20), declaredSize: 1000 }]);
    expect(await refusedAsync(() => readZip(bomb))).toContain('entry "s/zeros.bin" inflates to more than its declared 1000 bytes');
  });

  it("refuses a CRC mismatch, encryption, unknown methods, ZIP64 and non-zips", async () => {
    const good = makeZip([{ name: "a.md", data: "hello", method: 0 }]);
    const corrupt = Buffer.from(good);
    corrupt[30 + "a.md".length] = "j".charCodeAt(0);
    expect(await refusedAsync(() => readZip(corrupt))).toContain("CRC-32");
    expect(await refusedAsync(() => readZip(makeZip([{ name: "a.md", data: "x", flags: 0x801 }])))).toContain("encrypted");
    expect(await refusedAsync(() => readZip(makeZip([{ name: "a.md", data: "x", method: 12 }])))).toContain("compression method 12");
    expect(await refusedAsync(() => readZip(makeZip([{ name: "a.md", data: "x" }], { zip64Locator: true })))).toContain("ZIP64");
    expect(await refusedAsync(() => readZip(Buffer.from("not a zip at all, just some text padding it out")))).toContain("not a zip archive");
    expect(await refusedAsync(() => readZip(good.subarray(0, good.length - 5)))).toContain("not a zip archive");
  });

  it("refuses a duplicate path", async () => {
    expect(await refusedAsync(() => readZip(makeZip([{ name: "a.md", data: "1" }, { name: "./a.md", data: "2" }])))).toContain('entry "a.md" appears twice');
  });
});

describe("readTar / readTarGz", () => {
  it("reads ustar files, folders, modes and pax long names, gzipped or not", () => {
    const long = "my-skill/references/" + "deep-".repeat(30) + "name.md";
    const items = [
      { name: "my-skill/", type: "5" },
      { name: "my-skill/SKILL.md", data: "---\nname: my-skill\n---\n" },
      { name: "my-skill/scripts/run.sh", data: "#!/bin/sh\n", mode: 0o755 },
      { name: long, data: "long", pax: true },
    ];
    for (const entries of [readTar(makeTar(items)), readTarGz(makeTarGz(items))]) {
      expect(entries.map((e) => [e.type, e.path])).toEqual([
        ["dir", "my-skill"],
        ["file", "my-skill/SKILL.md"],
        ["file", "my-skill/scripts/run.sh"],
        ["file", long],
      ]);
      expect(entries[2]).toMatchObject({ executable: true });
      expect(text(entries[3])).toBe("long");
    }
  });

  it("reads what the system tar writes, including its ./ entry", () => {
    const src = path.join(tmp, "tar-src");
    mkdirSync(path.join(src, "scripts"), { recursive: true });
    writeFileSync(path.join(src, "SKILL.md"), "---\nname: t\ndescription: d\n---\nbody\n");
    writeFileSync(path.join(src, "scripts", "x.sh"), "#!/bin/sh\n");
    chmodSync(path.join(src, "scripts", "x.sh"), 0o755);
    const out = path.join(tmp, "t.tgz");
    execFileSync("tar", ["-czf", out, "-C", src, "."]);
    const entries = readTarGz(readFileSync(out));
    expect(entries.filter((e) => e.type === "file").map((e) => e.path).sort()).toEqual(["SKILL.md", "scripts/x.sh"]);
    expect(entries.find((e) => e.path === "scripts/x.sh")).toMatchObject({ executable: true });
  });

  it("refuses symlinks and hard links, naming them, whether they point in or out", () => {
    expect(refused(() => readTar(makeTar([{ name: "s/l", type: "2", linkname: "../../etc/passwd" }])))).toContain('entry "s/l" is a symbolic link to "../../etc/passwd", outside the skill folder');
    expect(refused(() => readTar(makeTar([{ name: "s/l", type: "2", linkname: "SKILL.md" }])))).toContain("links are not imported");
    expect(refused(() => readTar(makeTar([{ name: "s/h", type: "1", linkname: "/etc/shadow" }])))).toContain('entry "s/h" is a hard link');
  });

  it("refuses devices and fifos", () => {
    expect(refused(() => readTar(makeTar([{ name: "s/dev", type: "3" }])))).toContain('entry "s/dev" is not a regular file or folder');
    expect(refused(() => readTar(makeTar([{ name: "s/fifo", type: "6" }])))).toContain('tar type "6"');
  });

  it("refuses zip-slip names, including one hidden in a pax record", () => {
    expect(refused(() => readTar(makeTar([{ name: "../x.md", data: "x" }])))).toContain('entry "../x.md"');
    expect(refused(() => readTar(makeTar([{ name: "/tmp/x.md", data: "x" }])))).toContain("absolute path");
    expect(refused(() => readTar(makeTar([{ name: "ok/../../x.md", data: "x", pax: true }])))).toContain('entry "ok/../../x.md"');
  });

  it("bounds entries, total size and the gunzipped size", () => {
    const many = Array.from({ length: 4 }, (_, i) => ({ name: `f${i}`, data: "x" }));
    expect(refused(() => readTar(makeTar(many), { ...DEFAULT_LIMITS, maxEntries: 3, maxTotalBytes: 1e6 }))).toContain("more than 3 entries");
    const big = [{ name: "big", data: new Uint8Array(5000) }];
    expect(refused(() => readTar(makeTar(big), { ...DEFAULT_LIMITS, maxEntries: 10, maxTotalBytes: 4000 }))).toContain("zip bomb");
    // 64 MB of zeros gzips to ~64 KB: refused while decompressing, before it is all in memory.
    const gz = makeTarGz([{ name: "zeros", data: new Uint8Array(8 << 20) }]);
    expect(refused(() => readTarGz(gz, { ...DEFAULT_LIMITS, maxEntries: 10, maxTotalBytes: 1 << 20 }))).toMatch(/unpacks to more than \d+ bytes/);
  });

  it("refuses bad checksums and truncation", () => {
    const tar = makeTar([{ name: "a.md", data: "hello" }]);
    const bad = Buffer.from(tar);
    bad[0] = "b".charCodeAt(0);
    expect(refused(() => readTar(bad))).toContain("checksum");
    expect(refused(() => readTar(tar.subarray(0, 514)))).toContain("runs past the end of the archive");
    expect(refused(() => readTar(tar.subarray(0, 1024)))).toContain("no end-of-archive marker");
    expect(refused(() => readTarGz(Buffer.from([0x1f, 0x8b, 1, 2, 3])))).toContain("cannot be decompressed");
  });
});

describe("pickSkill", () => {
  const file = (p: string): ArchiveEntry => ({ type: "file", path: p, data: Buffer.from("x"), executable: false });
  it("takes a SKILL.md at the top, or the single top-level folder holding one", () => {
    expect(pickSkill([file("SKILL.md"), file("references/a.md")], "pkg", "archive")).toMatchObject({ suggestedName: "pkg" });
    const inner = pickSkill([{ type: "dir", path: "x" }, file("x/SKILL.md"), file("x/a.md"), file("__MACOSX/x/._a.md"), file("x/.DS_Store")], "pkg", "archive");
    expect(inner.suggestedName).toBe("x");
    expect(inner.files.map((f) => f.path)).toEqual(["SKILL.md", "a.md"]);
  });
  it("refuses several skills or none, listing what it found", () => {
    expect(refused(() => pickSkill([file("a/SKILL.md"), file("b/SKILL.md")], "pkg", "archive"))).toContain("(it holds: a, b)");
    expect(refused(() => pickSkill([file("x/readme.md")], "pkg", "archive"))).toContain("no SKILL.md");
  });
});

describe("a folder with links", () => {
  it("is read through an inside link and refused for a link out", async () => {
    const { readSkillSource } = await import("../../../src/archive/skill.js");
    const dir = path.join(tmp, "linked");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "SKILL.md"), "---\nname: linked\n---\n");
    symlinkSync("SKILL.md", path.join(dir, "alias.md"));
    const ok = await readSkillSource(dir);
    expect(ok.files.map((f) => f.path).sort()).toEqual(["SKILL.md", "alias.md"]);
    symlinkSync("/etc/hostname", path.join(dir, "out"));
    await expect(readSkillSource(dir)).rejects.toThrow(/"out" is a link to .*outside the skill folder/);
  });
});
