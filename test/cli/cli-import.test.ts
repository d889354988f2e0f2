import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, runInProcess } from "../helpers/cli.js";
import { makeTarGz, makeZip, type ZipItem } from "../helpers/archive.js";
import { tempProject } from "../helpers/project.js";

const tmp = tempProject({}, "skillc-import-test-");
let n = 0;
const project = () => {
  const dir = path.join(tmp, `p${n++}`);
  mkdirSync(dir);
  return dir;
};

const GOOD = (name: string) => `---\nname: ${name}\ndescription: Summarize a file. Use when asked for a summary.\n---\n\n# ${name}\n\nRead [the guide](references/guide.md).\n`;
const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath ?? (d as unknown as { path: string }).path, d.name)).split(path.sep).join("/"))
    .sort();

function skillFolder(root: string, name: string, skillMd = GOOD(name)): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, "references"), { recursive: true });
  mkdirSync(path.join(dir, "scripts"), { recursive: true });
  writeFileSync(path.join(dir, "SKILL.md"), skillMd);
  writeFileSync(path.join(dir, "references", "guide.md"), "# Guide\n");
  writeFileSync(path.join(dir, "scripts", "run.sh"), "#!/bin/sh\necho ok\n", { mode: 0o755 });
  return dir;
}

describe("skillc import <folder>", () => {
  it("validates, then copies the skill into skills/<name>/ (real process)", async () => {
    const cwd = project();
    const src = skillFolder(path.join(tmp, "src-a"), "summarize");
    const r = await runCli(["import", src], { cwd });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("imported summarize into skills/summarize/ (3 files, 0 warnings)\n");
    const dest = path.join(cwd, "skills", "summarize");
    expect(files(dest)).toEqual(["SKILL.md", "references/guide.md", "scripts/run.sh"]);
    expect(readFileSync(path.join(dest, "SKILL.md"), "utf8")).toBe(GOOD("summarize"));
    expect(statSync(path.join(dest, "scripts", "run.sh")).mode & 0o111).not.toBe(0);
    expect((await runCli(["lint"], { cwd })).code).toBe(0);
    // No staging folders left beside it.
    expect(readdirSync(path.join(cwd, "skills"))).toEqual(["summarize"]);
  });

  it("refuses a skill with errors (exit 1), prints the diagnostics and writes nothing", async () => {
    const cwd = project();
    const src = skillFolder(path.join(tmp, "src-b"), "broken", "---\nname: broken\ndescription: Fix: this has a colon\n---\nbody\n");
    const r = await runCli(["import", src], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken\/SKILL\.md/);
    expect(r.stderr).toMatch(/error/);
    expect(r.stderr).toContain(`would not build: `);
    expect(r.stderr).toContain("Nothing was written; fix the source and import it again.");
    // import has no --fix: neither the summary nor a message may suggest it.
    expect(r.stderr).not.toContain("--fix");
    expect(existsSync(path.join(cwd, "skills"))).toBe(false);
  });

  it("never overwrites an existing skill without --force; --force replaces it", async () => {
    const cwd = project();
    const src = skillFolder(path.join(tmp, "src-c"), "summarize");
    mkdirSync(path.join(cwd, "skills", "summarize"), { recursive: true });
    writeFileSync(path.join(cwd, "skills", "summarize", "SKILL.md"), "old");
    writeFileSync(path.join(cwd, "skills", "summarize", "stale.md"), "old");
    const r = await runInProcess(["import", src], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("skills/summarize/ already exists; nothing was written. Pass --force to replace it");
    expect(readFileSync(path.join(cwd, "skills", "summarize", "SKILL.md"), "utf8")).toBe("old");
    const forced = await runInProcess(["import", src, "--force"], { cwd });
    expect(forced.code).toBe(0);
    expect(files(path.join(cwd, "skills", "summarize"))).toEqual(["SKILL.md", "references/guide.md", "scripts/run.sh"]);
    expect(readdirSync(path.join(cwd, "skills"))).toEqual(["summarize"]);
  });

  it("names the folder by --name, else the frontmatter name, and honours --to", async () => {
    const cwd = project();
    const src = skillFolder(path.join(tmp, "src-d"), "Odd Folder Name", GOOD("tidy-name"));
    expect((await runInProcess(["import", src, "--to", "vendor/skills"], { cwd })).stdout).toContain("imported tidy-name into vendor/skills/tidy-name/");
    const renamed = await runInProcess(["import", src, "--name", "other-name"], { cwd });
    expect(renamed.stderr).toBe("");
    expect(renamed.code).toBe(0);
    // --name renames the skill itself: its frontmatter name, not only its folder.
    expect(renamed.stdout).toContain("imported other-name into skills/other-name/ (3 files, 0 warnings)");
    expect(readFileSync(path.join(cwd, "skills", "other-name", "SKILL.md"), "utf8")).toBe(GOOD("tidy-name").replace("name: tidy-name", "name: other-name"));
    expect((await runInProcess(["import", src, "--name", "Bad Name"], { cwd })).code).toBe(2);
  });

  it("refuses a folder link that leaves the skill, naming it", async () => {
    const cwd = project();
    const src = skillFolder(path.join(tmp, "src-e"), "leaky");
    symlinkSync("/etc/hostname", path.join(src, "references", "host"));
    const r = await runInProcess(["import", src], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/"references\/host" is a link to .* outside the skill folder/);
    expect(existsSync(path.join(cwd, "skills"))).toBe(false);
  });

  it("exits 2 for a missing source or a non-archive file", async () => {
    const cwd = project();
    expect((await runInProcess(["import", "nope"], { cwd })).code).toBe(2);
    writeFileSync(path.join(cwd, "notes.txt"), "hello");
    const r = await runInProcess(["import", "notes.txt"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is neither a folder nor a .zip, .skill, .tar.gz or .tgz archive");
  });
});

describe("skillc import <archive>", () => {
  const items = (prefix: string): ZipItem[] => [
    { name: `${prefix}SKILL.md`, data: GOOD("zipped") },
    { name: `${prefix}references/guide.md`, data: "# Guide\n" },
    { name: `${prefix}scripts/run.sh`, data: "#!/bin/sh\n", mode: 0o100755 },
  ];

  it.each([
    ["a .zip with one top-level folder", "zipped.zip", () => makeZip([{ name: "zipped/" }, ...items("zipped/")])],
    ["a .skill (zip) with SKILL.md at its top", "anything.skill", () => makeZip(items(""))],
    ["a .tar.gz", "zipped.tar.gz", () => makeTarGz(items("zipped/").map((i) => ({ name: i.name, data: i.data, mode: i.mode ? 0o755 : 0o644 })))],
    ["a .tgz with SKILL.md at its top", "x.tgz", () => makeTarGz(items("").map((i) => ({ name: i.name, data: i.data })))],
  ])("imports %s", async (_label, file, make) => {
    const cwd = project();
    writeFileSync(path.join(cwd, file), make());
    const r = await runInProcess(["import", file], { cwd });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(files(path.join(cwd, "skills", "zipped"))).toEqual(["SKILL.md", "references/guide.md", "scripts/run.sh"]);
  });

  it("imports archives made by the system zip and tar", async () => {
    const cwd = project();
    const src = skillFolder(path.join(tmp, "src-f"), "summarize");
    execFileSync("zip", ["-qr", path.join(cwd, "s.zip"), "summarize"], { cwd: path.dirname(src) });
    execFileSync("tar", ["-czf", path.join(cwd, "s.tgz"), "-C", src, "."]);
    expect((await runInProcess(["import", "s.zip"], { cwd })).code).toBe(0);
    const again = await runInProcess(["import", "s.tgz", "--name", "summarize-2"], { cwd });
    expect(again.code).toBe(0);
    expect(files(path.join(cwd, "skills", "summarize-2"))).toEqual(["SKILL.md", "references/guide.md", "scripts/run.sh"]);
  });

  it.each([
    ["../evil.md", '".." segment'],
    ["/tmp/evil.md", "absolute path"],
    ["zipped\\..\\..\\evil.md", "backslash"],
    ["C:/evil.md", "drive letter"],
  ])("refuses the zip-slip entry %j, naming it (exit 1, nothing written)", async (name, why) => {
    const cwd = project();
    writeFileSync(path.join(cwd, "evil.zip"), makeZip([...items("zipped/"), { name, data: "x" }]));
    const r = await runCli(["import", "evil.zip"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`entry "${name}"`);
    expect(r.stderr).toContain(why);
    expect(existsSync(path.join(cwd, "skills"))).toBe(false);
    expect(existsSync(path.join(path.dirname(cwd), "evil.md"))).toBe(false);
  });

  it("refuses a symlink entry pointing out", async () => {
    const cwd = project();
    writeFileSync(path.join(cwd, "l.zip"), makeZip([...items("zipped/"), { name: "zipped/references/pw", symlink: "../../../etc/passwd" }]));
    const r = await runInProcess(["import", "l.zip"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('entry "zipped/references/pw" is a symbolic link to "../../../etc/passwd", outside the skill folder');
  });

  it("refuses an archive with several skills or none", async () => {
    const cwd = project();
    writeFileSync(path.join(cwd, "two.zip"), makeZip([...items("a/"), ...items("b/")]));
    const r = await runInProcess(["import", "two.zip"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("holds no SKILL.md at its top nor a single folder with one (it holds: a, b)");
  });

  it("refuses an archive whose skill would not build", async () => {
    const cwd = project();
    writeFileSync(path.join(cwd, "bad.zip"), makeZip([{ name: "bad/SKILL.md", data: "no frontmatter here\n" }]));
    const r = await runInProcess(["import", "bad.zip"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("would not build");
    expect(existsSync(path.join(cwd, "skills"))).toBe(false);
  });
});

describe("skill names on import", () => {
  const zipOf = (name: string, skillMd = GOOD(name)) => makeZip([{ name: `${name}/SKILL.md`, data: skillMd }, { name: `${name}/references/guide.md`, data: "# Guide\n" }]);

  it("--name renames the skill, so importing one archive twice under two names builds (real process)", async () => {
    const cwd = project();
    writeFileSync(path.join(cwd, "x.zip"), zipOf("summarize"));
    expect((await runCli(["import", "x.zip"], { cwd })).code).toBe(0);
    const again = await runCli(["import", "x.zip", "--name", "other"], { cwd });
    expect(again.stderr).toBe("");
    expect(again.code).toBe(0);
    const build = await runCli(["build"], { cwd });
    expect(build.stderr).toContain("built 2 skills");
    expect(build.code).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(cwd, ".skillc", "manifest.json"), "utf8")) as { skills: Array<{ name: string }> };
    expect(manifest.skills.map((s) => s.name).sort()).toEqual(["other", "summarize"]);
  });

  it("refuses a name taken in any configured source, whatever the folder; --force imports anyway", async () => {
    const cwd = project();
    writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ sources: [{ dir: "skills" }, { dir: "vendor" }] }));
    // In the second source, in a folder of another name: only its frontmatter says "summarize".
    mkdirSync(path.join(cwd, "vendor", "summary-tool"), { recursive: true });
    writeFileSync(path.join(cwd, "vendor", "summary-tool", "SKILL.md"), GOOD("summarize"));
    writeFileSync(path.join(cwd, "x.zip"), zipOf("summarize"));
    const r = await runCli(["import", "x.zip"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a skill named "summarize" already exists in vendor/summary-tool/SKILL.md; nothing was written. Pass --name');
    expect(r.stderr).not.toContain("--fix");
    expect(existsSync(path.join(cwd, "skills"))).toBe(false);
    // A skill with no name: field is named by its folder.
    mkdirSync(path.join(cwd, "skills", "tidy"), { recursive: true });
    writeFileSync(path.join(cwd, "skills", "tidy", "SKILL.md"), "---\ndescription: Tidy. Use when tidying.\n---\nbody\n");
    writeFileSync(path.join(cwd, "t.zip"), zipOf("other-folder", GOOD("tidy")));
    const t = await runCli(["import", "t.zip", "--to", "elsewhere"], { cwd });
    expect(t.code).toBe(1);
    expect(t.stderr).toContain('a skill named "tidy" already exists in skills/tidy/SKILL.md');
    const forced = await runCli(["import", "x.zip", "--force"], { cwd });
    expect(forced.code).toBe(0);
    expect(existsSync(path.join(cwd, "skills", "summarize", "SKILL.md"))).toBe(true);
  });

  it("rewrites only the name's characters: comments, quotes, CRLF and a BOM stay; a missing name is added", async () => {
    const { renameSkill, declaredName } = await import("../../src/archive/skill-name.js");
    const text = (s: string) => Buffer.from(renameSkill(Buffer.from(s), "new-name")!).toString("utf8");
    expect(text("---\nname: old # keep\ndescription: d\n---\nname: body\n")).toBe("---\nname: new-name # keep\ndescription: d\n---\nname: body\n");
    expect(text('\ufeff---\r\nname: "old"\r\ndescription: d\r\n---\r\nb\r\n')).toBe("\ufeff---\r\nname: new-name\r\ndescription: d\r\n---\r\nb\r\n");
    expect(text("---\r\ndescription: d\r\n---\r\n")).toBe("---\r\nname: new-name\r\ndescription: d\r\n---\r\n");
    expect(text("---\nname:\ndescription: d\n---\n")).toBe("---\nname: new-name\ndescription: d\n---\n");
    expect(text("---\nname: |\n  old\ndescription: d\n---\n")).toBe("---\nname: new-name\ndescription: d\n---\n");
    expect(renameSkill(Buffer.from("no frontmatter"), "x")).toBeUndefined();
    expect(declaredName(Buffer.from("---\nname: [a, b]\n---\n"))).toBeUndefined();
    expect(text("---\nname: [a, b]\n---\n")).toBe("---\nname: new-name\n---\n");
  });
});
