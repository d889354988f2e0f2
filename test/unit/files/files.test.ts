import { beforeAll, describe, expect, it } from "vitest";
import { chmodSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { collectFiles, isBinary, listFiles, MAX_FILES, shebangInterpreter, type FileOptions } from "../../../src/pipeline/files.js";
import type { SkillSource } from "../../../src/types.js";
import { tempProject } from "../../helpers/project.js";

let tmp: string;
beforeAll(() => {
  tmp = realpathSync(tempProject({}, "skillc-files-"));
});

let n = 0;
/** A skill folder `skills/s` in a fresh project; returns its source (cwd = the project). */
function skill(files: Record<string, string | Uint8Array> = {}): SkillSource & { cwd: string } {
  const cwd = path.join(tmp, `p${n++}`);
  const dir = path.join(cwd, "skills/s");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "SKILL.md"), "---\ndescription: d\n---\n");
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
  return {
    cwd,
    root: { dir: "skills", scope: "skills", precedence: 0 },
    dir: "skills/s",
    relDir: "s",
    file: "skills/s/SKILL.md",
    fileName: "SKILL.md",
    absDir: dir,
  };
}

const opts = (o: Partial<FileOptions> = {}): FileOptions => ({ include: ["**/*"], exclude: [], maxBytes: 1_000_000, settings: {}, profile: "skillc", ...o });
const sha = (b: Uint8Array | string) => createHash("sha256").update(b).digest("hex");

describe("collectFiles", () => {
  it("collects every file but SKILL.md, sorted by code unit, with posix paths", async () => {
    const s = skill({ "b.md": "b", "a-b.md": "x", "a/z.md": "z", "references/api.md": "api", "C.md": "C", ".env.example": "K=v" });
    const { files, diagnostics } = await collectFiles(s, opts());
    expect(diagnostics).toEqual([]);
    expect(files.map((f) => f.path)).toEqual([".env.example", "C.md", "a-b.md", "a/z.md", "b.md", "references/api.md"]);
    expect(files[5]).toMatchObject({ bytes: 3, binary: false, executable: false, content: "api", sha256: sha("api") });
    expect(files[5].interpreter).toBeUndefined();
    expect((await listFiles(s, opts())).paths).toEqual(files.map((f) => f.path));
  });

  it("leaves out .git, node_modules, OS junk, and nested skills", async () => {
    const s = skill({
      ".git/config": "x",
      "node_modules/p/index.js": "x",
      "scripts/node_modules/q.js": "x",
      ".DS_Store": "x",
      "Thumbs.db": "x",
      "desktop.ini": "x",
      "._a.md": "x",
      "a.md~": "x",
      ".a.md.swp": "x",
      "a.md": "a",
      "nested/SKILL.md": "---\n---\n",
      "nested/inner.md": "x",
      "lower/skill.md": "---\n---\n",
      "lower/x.md": "x",
    });
    const { files } = await collectFiles(s, opts());
    expect(files.map((f) => f.path)).toEqual(["a.md"]);
  });

  it("detects binary by content, not by extension", async () => {
    const s = skill({
      "nul.txt": new Uint8Array([0x68, 0x69, 0x00, 0x21]),
      "fake.png": "just text\n",
      "latin1.txt": new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
      "utf8.txt": "café ✓ 𝄞",
      "empty.bin": "",
    });
    const { files } = await collectFiles(s, opts());
    const by = Object.fromEntries(files.map((f) => [f.path, f]));
    expect(by["nul.txt"].binary).toBe(true);
    expect(by["nul.txt"].content).toBeInstanceOf(Uint8Array);
    expect([...(by["nul.txt"].content as Uint8Array)]).toEqual([0x68, 0x69, 0x00, 0x21]);
    expect(by["fake.png"]).toMatchObject({ binary: false, content: "just text\n" });
    expect(by["latin1.txt"].binary).toBe(true);
    expect(by["utf8.txt"]).toMatchObject({ binary: false, content: "café ✓ 𝄞" });
    expect(by["empty.bin"]).toMatchObject({ binary: false, content: "", bytes: 0 });
    // invalid UTF-8 far past the first 8 KB still makes it binary
    expect(isBinary(new Uint8Array([...Buffer.from("a".repeat(20_000)), 0xff]))).toBe(true);
  });

  it("round-trips text byte for byte (CRLF, BOM, mixed endings)", async () => {
    const raw = {
      "crlf.md": Buffer.from("line one\r\nline two\r\n"),
      "bom.md": Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from("hello\r\n")]),
      "mixed.txt": Buffer.from("a\nb\r\nc\rd"),
    };
    const s = skill(raw);
    const { files } = await collectFiles(s, opts());
    for (const f of files) {
      const original = readFileSync(path.join(s.absDir, f.path));
      expect(f.binary).toBe(false);
      expect(Buffer.from(f.content as string, "utf8").equals(original)).toBe(true);
      expect(sha(Buffer.from(f.content as string, "utf8"))).toBe(f.sha256);
      expect(f.sha256).toBe(sha(original));
      expect(f.bytes).toBe(original.length);
    }
    expect((files.find((f) => f.path === "bom.md")!.content as string).charCodeAt(0)).toBe(0xfeff);
  });

  it("leaves out files over maxBytes with a warning", async () => {
    const s = skill({ "big.txt": "x".repeat(101), "ok.txt": "x".repeat(100) });
    const { files, diagnostics } = await collectFiles(s, opts({ maxBytes: 100 }));
    expect(files.map((f) => f.path)).toEqual(["ok.txt"]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ ruleId: "file-too-large", severity: "warning", file: "skills/s/big.txt", line: 1, column: 1 });
    expect(diagnostics[0].message).toContain("files.maxBytes");
    expect((await listFiles(s, opts({ maxBytes: 100 }))).paths).toEqual(["ok.txt"]);
  });

  it("records the exec bit and the shebang interpreter", async () => {
    const s = skill({
      "scripts/run.py": "#!/usr/bin/env python3\nprint(1)\n",
      "scripts/run.sh": "#!/bin/bash -e\r\necho\r\n",
      "scripts/tool": "#!/usr/bin/env -S node --no-warnings\n",
      "scripts/lib.py": "x = 1\n",
    });
    chmodSync(path.join(s.absDir, "scripts/run.py"), 0o755);
    chmodSync(path.join(s.absDir, "scripts/run.sh"), 0o744);
    const { files } = await collectFiles(s, opts());
    const by = Object.fromEntries(files.map((f) => [f.path, f]));
    expect(by["scripts/run.py"]).toMatchObject({ executable: true, interpreter: "python3" });
    expect(by["scripts/run.sh"]).toMatchObject({ executable: true, interpreter: "bash" });
    expect(by["scripts/tool"]).toMatchObject({ executable: false, interpreter: "node" });
    expect(by["scripts/lib.py"].executable).toBe(false);
    expect(by["scripts/lib.py"].interpreter).toBeUndefined();
  });

  it("parses shebang lines", () => {
    expect(shebangInterpreter("#!/usr/bin/env python3")).toBe("python3");
    expect(shebangInterpreter("#! /bin/sh\n")).toBe("sh");
    expect(shebangInterpreter("#!/usr/bin/env FOO=1 -i deno run\n")).toBe("deno");
    expect(shebangInterpreter("#!\n")).toBeUndefined();
    expect(shebangInterpreter("# not\n")).toBeUndefined();
  });

  it("applies include and exclude globs relative to the skill folder", async () => {
    const s = skill({ "a.md": "", "refs/b.md": "", "refs/c.png": "", "drafts/d.md": "", "scripts/e.py": "" });
    const ex = await collectFiles(s, opts({ exclude: ["drafts", "**/*.png"] }));
    expect(ex.files.map((f) => f.path)).toEqual(["a.md", "refs/b.md", "scripts/e.py"]);
    const inc = await collectFiles(s, opts({ include: ["**/*.md"], exclude: ["drafts/**"] }));
    expect(inc.files.map((f) => f.path)).toEqual(["a.md", "refs/b.md"]);
    const top = await collectFiles(s, opts({ include: ["*.md", "scripts"] }));
    expect(top.files.map((f) => f.path)).toEqual(["a.md", "scripts/e.py"]);
    expect((await listFiles(s, opts({ include: ["*.md", "scripts"] }))).paths).toEqual(["a.md", "scripts/e.py"]);
  });

  it("follows symlinks inside the skill folder and refuses ones leaving it", async () => {
    const s = skill({ "real/data.txt": "data", "a.md": "a" });
    const outside = path.join(s.cwd, "outside.txt");
    writeFileSync(outside, "secret");
    symlinkSync(path.join(s.absDir, "a.md"), path.join(s.absDir, "alias.md"));
    symlinkSync("real", path.join(s.absDir, "linked-dir"));
    symlinkSync("/etc/passwd", path.join(s.absDir, "passwd"));
    symlinkSync("/etc", path.join(s.absDir, "etc"));
    symlinkSync(outside, path.join(s.absDir, "up.txt"));
    symlinkSync("..", path.join(s.absDir, "parent"));
    symlinkSync("missing.txt", path.join(s.absDir, "broken.txt"));
    symlinkSync(".", path.join(s.absDir, "real/loop"));
    const { files, diagnostics } = await collectFiles(s, opts());
    expect(files.map((f) => [f.path, f.content])).toEqual([
      ["a.md", "a"],
      ["alias.md", "a"],
      ["real/data.txt", "data"],
    ]);
    // real/ is reached first; linked-dir points at the same folder and is walked once
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.file, d.line, d.column])).toEqual([
      ["read-error", "warning", "skills/s/broken.txt", 1, 1],
      ["symlink-escape", "warning", "skills/s/etc", 1, 1],
      ["symlink-escape", "warning", "skills/s/parent", 1, 1],
      ["symlink-escape", "warning", "skills/s/passwd", 1, 1],
      ["symlink-escape", "warning", "skills/s/up.txt", 1, 1],
    ]);
    expect(JSON.stringify(files)).not.toContain("secret");
  });

  it("skips a FIFO with a warning and never blocks", async () => {
    const s = skill({ "a.md": "a" });
    try {
      execFileSync("mkfifo", [path.join(s.absDir, "pipe")]);
    } catch {
      return; // no mkfifo here
    }
    symlinkSync("pipe", path.join(s.absDir, "pipe-link"));
    const { files, diagnostics } = await collectFiles(s, opts());
    expect(files.map((f) => f.path)).toEqual(["a.md"]);
    expect(diagnostics.map((d) => [d.ruleId, d.file])).toEqual([
      ["special-file", "skills/s/pipe"],
      ["special-file", "skills/s/pipe-link"],
    ]);
  });

  it("stops at MAX_FILES with an error", async () => {
    const s = skill();
    const big = path.join(s.absDir, "data");
    mkdirSync(big);
    execFileSync("bash", ["-c", `seq -f "f%g" 1 ${MAX_FILES + 500} | xargs touch`], { cwd: big });
    const { files, diagnostics } = await collectFiles(s, opts());
    expect(files).toHaveLength(MAX_FILES);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ ruleId: "too-many-files", severity: "error", file: "skills/s/SKILL.md" });
    const excluded = await collectFiles(s, opts({ exclude: ["data"] }));
    // Excluded folders are not listed; the reason is kept for link-missing-file (left-out.ts).
    expect(excluded).toEqual({ files: [], diagnostics: [], leftOut: new Map([["data/", "exclude:data"]]) });
  });

  // lint reads each file into one buffer to look for hidden characters, its first 8 KB alone (a NUL
  // there: binary, unread past them), and stops at the size fstat gave: a character in the last bytes
  // of a file is found at every length around those cuts, and a NUL past the first 8 KB is text.
  it("lint looks at every byte of a supporting file, whatever its length", async () => {
    const lengths = [0, 1, 8190, 8191, 8192, 8193, 16_384, 65_535, 65_536, 65_537, 200_001];
    const files: Record<string, string | Uint8Array> = {};
    for (const n of lengths) files[`f${n}.md`] = "a".repeat(Math.max(0, n - 3)) + (n >= 3 ? "\u202E" : "");
    files["late-nul.md"] = Buffer.concat([Buffer.from("x".repeat(9000)), Buffer.from([0]), Buffer.from("\u202E")]);
    const s = skill(files);
    const { paths, diagnostics } = await listFiles(s, opts());
    expect(paths).toHaveLength(lengths.length + 1);
    const hidden = new Set(diagnostics.filter((d) => d.ruleId === "hidden-character").map((d) => d.file));
    for (const n of lengths) expect(hidden.has(`skills/s/f${n}.md`), `${n} bytes`).toBe(n >= 3);
    expect(hidden.has("skills/s/late-nul.md")).toBe(true);
  });
});
