// The output folder: a build never writes into `/`, the project folder (its package.json), a source
// root or anything inside one, a folder that holds either, a skill folder, a folder holding a
// package.json of someone else's, or a path that is a file — each a usage error (exit 2) saying
// why, with nothing written. The built CLI as a real process.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkOutDir } from "../../src/emit/out-dir.js";
import { UsageError } from "../../src/diagnostics/usage-error.js";
import { CLI, Recorder, cleanupTmp, ensureCli, runNode, skillMd, tmp, writeTree } from "./helpers.js";

const rec = new Recorder("outdir");
afterAll(() => {
  rec.write();
  cleanupTmp();
});
beforeAll(ensureCli, 180_000);

const PACKAGE = '{ "name": "my-app", "type": "module", "main": "index.js" }\n';

function project(config?: object): string {
  const root = tmp("skillc-outdir-");
  writeTree(root, {
    "package.json": PACKAGE,
    "index.js": "export const app = 1;\n",
    "notes.txt": "my notes\n",
    "skills/a/SKILL.md": skillMd("a"),
    "skills/a/package.json": '{ "name": "a-tool" }\n',
    "skills/a/scripts/run.sh": "#!/bin/sh\necho a\n",
    "vendor/lib/package.json": '{ "name": "lib", "version": "1.0.0" }\n',
    ...(config ? { "skillc.config.json": JSON.stringify(config) } : {}),
  });
  return root;
}

/** Every file below `root` with its hash: a refused build must leave this unchanged. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const abs = path.join(e.parentPath, e.name);
    out[path.relative(root, abs)] = createHash("sha1").update(readFileSync(abs)).digest("hex");
  }
  return out;
}

describe("build refuses an output folder that is not its own (exit 2, says why, writes nothing)", () => {
  it.each([
    [["--out", "."], "it is the project folder"],
    [["--out", "./"], "it is the project folder"],
    [["--out", "skills"], "it is the source root skills, where skills are read from"],
    [["--out", "skills/a"], "it is inside the source root skills"],
    [["--out", "skills/a/scripts"], "it is inside the source root skills"],
    [["--out", ".."], "it holds the project folder"],
    [["--out", "notes.txt"], "it is a file, not a folder"],
    [["--out", "vendor/lib"], "it holds a package.json that skillc did not write (with name, version)"],
    [["skills/a", "--out", "skills"], "it holds the source root skills/a"],
    [["--watch", "--out", "."], "it is the project folder"],
  ])("build %j", async (args, why) => {
    rec.tried("outdir: refused folders");
    const root = project();
    const before = snapshot(root);
    const r = await runNode([CLI, "build", ...args], { cwd: root, timeoutMs: 20_000 });
    expect(r.stderr).toContain(why);
    expect(r.stderr).not.toMatch(/internal error/i);
    expect(r.code, r.stderr).toBe(2);
    expect(snapshot(root)).toEqual(before);
    rec.rejected("outdir: refused folders");
  });

  it('refuses outDir: "." in the config', async () => {
    const root = project({ outDir: "." });
    const before = snapshot(root);
    const r = await runNode([CLI, "build"], { cwd: root });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain("refusing to write the build into .: it is the project folder");
    expect(readFileSync(path.join(root, "package.json"), "utf8")).toBe(PACKAGE);
    expect(snapshot(root)).toEqual(before);
  });

  it("refuses the filesystem root (checked without a process: as root it would write into /)", () => {
    const root = project();
    expect(() => checkOutDir({ root, outDir: "/", sources: [path.join(root, "skills")], cwd: root })).toThrow(UsageError);
    expect(() => checkOutDir({ root, outDir: "/", sources: [path.join(root, "skills")], cwd: root })).toThrow(/it is the filesystem root/);
    // Named as typed, not as a climb of relative steps ("../../..").
    expect(() => checkOutDir({ root, outDir: "/", sources: [path.join(root, "skills")], cwd: root })).toThrow(/^refusing to write the build into \/: /);
  });

  it("accepts its own folders: the default .skillc, a folder beside the project, a hidden folder in a root", async () => {
    const root = project();
    for (const out of [".skillc", "dist/skills", path.join(tmp("skillc-outdir-elsewhere-"), "out"), "skills/.out"]) {
      const r = await runNode([CLI, "build", "--quiet", "--out", out], { cwd: root });
      expect(r.code, `${out}: ${r.stderr}`).toBe(0);
      expect(existsSync(path.resolve(root, out, "index.js"))).toBe(true);
      // A rebuild into the same folder replaces skillc's own package.json without complaint.
      expect((await runNode([CLI, "build", "--quiet", "--out", out], { cwd: root })).code).toBe(0);
    }
    expect(readFileSync(path.join(root, "package.json"), "utf8")).toBe(PACKAGE);
  });
});

describe("a failed build's summary", () => {
  it("says there is no output yet on the first failure, and keeps the previous output after a success", async () => {
    const root = project();
    writeFileSync(path.join(root, "skills/a/SKILL.md"), "---\nname: a\n---\nno description\n");
    const first = await runNode([CLI, "build"], { cwd: root });
    expect(first.code).toBe(1);
    expect(first.stderr).toContain("nothing written: .skillc/ has no output yet");
    expect(first.stderr).not.toContain("keeps its previous output");
    writeFileSync(path.join(root, "skills/a/SKILL.md"), skillMd("a"));
    expect((await runNode([CLI, "build", "--quiet"], { cwd: root })).code).toBe(0);
    writeFileSync(path.join(root, "skills/a/SKILL.md"), "---\nname: a\n---\nno description\n");
    const again = await runNode([CLI, "build"], { cwd: root });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("nothing written: .skillc/ keeps its previous output");
  });
});
