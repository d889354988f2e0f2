// Symbolic links a checkout can hold (a pull request adds them like any file, even under an ignored
// folder with `git add -f`) where skillc writes or reads, through the built CLI as a real process:
// nothing it writes may go through one to a file outside the folder it was told to write (the
// victim is a file outside the project), and nothing it reads whole may be a device that never
// ends (/dev/zero) or a FIFO that never answers. Each read case runs under a 30 s kill: a hang or
// an endless read is a failure, not a slow pass.
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCacheFile } from "../../src/cache/build-cache.js";
import { folderDigest } from "../../src/export/folder-digest.js";
import { CLI, REPO, Recorder, cleanupTmp, ensureCli, runNode, skillMd, tmp, writeTree } from "./helpers.js";

const rec = new Recorder("committed-links");
beforeAll(ensureCli, 180_000);
afterAll(() => {
  rec.write();
  cleanupTmp();
});

const PRECIOUS = "the user's own file\n";

/** A project with one skill, and a file outside it that nothing may change. */
function project(): { cwd: string; victim: string } {
  const base = tmp("skillc-hlinks-");
  const cwd = path.join(base, "repo");
  const victim = path.join(base, "victim.txt");
  writeFileSync(victim, PRECIOUS);
  writeTree(cwd, { "skills/a/SKILL.md": skillMd("a") });
  return { cwd, victim };
}

describe("export --out a folder of the checkout", () => {
  it("a committed .skillc-export linking out of the checkout is refused, not overwritten (it was: export wrote its marker through the link)", async () => {
    rec.tried("links: export");
    const { cwd, victim } = project();
    mkdirSync(path.join(cwd, ".claude/skills"), { recursive: true });
    symlinkSync(path.relative(path.join(cwd, ".claude/skills"), victim), path.join(cwd, ".claude/skills/.skillc-export"));
    const r = await runNode([CLI, "export", "--client", "claude-code", "--out", ".claude/skills"], { cwd, timeoutMs: 30_000 });
    if (readFileSync(victim, "utf8") !== PRECIOUS) rec.escape("links: export");
    expect(readFileSync(victim, "utf8")).toBe(PRECIOUS);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("refusing to export into .claude/skills: its .skillc-export is not a regular file (a link or a folder)");
    expect(existsSync(path.join(cwd, ".claude/skills/a"))).toBe(false);
    rec.rejected("links: export");
  });

  it("a committed link named as an exported skill is replaced by the folder; its target is left alone", async () => {
    rec.tried("links: export");
    const { cwd, victim } = project();
    const elsewhere = path.join(path.dirname(victim), "docs");
    writeTree(elsewhere, { "keep.md": PRECIOUS });
    writeTree(cwd, { "out/.skillc-export": "marker\n" });
    symlinkSync(elsewhere, path.join(cwd, "out/a"));
    const r = await runNode([CLI, "export", "--client", "codex", "--out", "out"], { cwd, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(path.join(cwd, "out/a")).isDirectory()).toBe(true);
    expect(readFileSync(path.join(elsewhere, "keep.md"), "utf8")).toBe(PRECIOUS);
    expect(existsSync(path.join(elsewhere, "SKILL.md"))).toBe(false);
  });

  it("an export marker of an older skillc (plain text) is taken as one, records nothing to remove, and becomes the record", async () => {
    const { cwd } = project();
    writeTree(cwd, { "out/.skillc-export": "marker\n", "out/mine/notes.md": PRECIOUS });
    const r = await runNode([CLI, "export", "--client", "codex", "--out", "out"], { cwd, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(cwd, "out/.skillc-export"), "utf8")).projects).toEqual({ "..": { a: await folderDigest(path.join(cwd, "out/a")) } });
    expect(existsSync(path.join(cwd, "out/a/SKILL.md"))).toBe(true);
    expect(readFileSync(path.join(cwd, "out/mine/notes.md"), "utf8")).toBe(PRECIOUS);
  });

  it("a record a pull request edits removes only a real folder directly in --out that holds exactly what it records: never a path out, a link, a file, or a folder of the user's", async () => {
    rec.tried("links: export");
    const { cwd, victim } = project();
    const elsewhere = path.join(path.dirname(victim), "docs");
    writeTree(elsewhere, { "SKILL.md": PRECIOUS });
    writeTree(cwd, { "skills/keep-me/SKILL.md": skillMd("keep-me"), "out/file.txt": PRECIOUS, "out/stale/SKILL.md": "old\n", "out/A/SKILL.md": "old\n", "out/mine/SKILL.md": PRECIOUS });
    symlinkSync(elsewhere, path.join(cwd, "out/link"));
    const stale = (await folderDigest(path.join(cwd, "out/stale")))!;
    // Each name recorded with the digest of the files it holds (or would hold), so only the check of the folder itself stops it.
    const same = (await folderDigest(elsewhere))!;
    const folders: Record<string, string> = { "../skills": same, "../../docs": same, "..": same, ".": same, "": same, "a/../../skills": same, link: same, "file.txt": same, stale, A: stale };
    // The user's own folder: the pull request cannot know its bytes, so any digest it records is wrong.
    folders.mine = stale;
    writeFileSync(path.join(cwd, "out/.skillc-export"), `{"projects":{"..":${JSON.stringify(folders)},"__proto__":{"x":"${stale}"}}}`);
    const r = await runNode([CLI, "export", "--client", "codex", "--out", "out"], { cwd, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    if (!existsSync(path.join(cwd, "skills/keep-me/SKILL.md")) || !existsSync(path.join(elsewhere, "SKILL.md")) || !existsSync(path.join(cwd, "out/mine"))) rec.escape("links: export");
    expect(readFileSync(path.join(elsewhere, "SKILL.md"), "utf8")).toBe(PRECIOUS);
    expect(existsSync(path.join(cwd, "skills/keep-me/SKILL.md"))).toBe(true);
    expect(lstatSync(path.join(cwd, "out/link")).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(cwd, "out/file.txt"), "utf8")).toBe(PRECIOUS);
    expect(readFileSync(path.join(cwd, "out/mine/SKILL.md"), "utf8")).toBe(PRECIOUS);
    // Only the recorded, unchanged folder export no longer writes is gone; `A` (the folder `a` on macOS and Windows) is not touched.
    expect(readdirSync(path.join(cwd, "out")).sort()).toEqual([".skillc-export", "A", "a", "file.txt", "keep-me", "link", "mine"]);
    expect(r.stderr).toContain("removed 1 folder an earlier export wrote and this one does not (stale); kept 1 folder an earlier export wrote that changed since (mine)");
    // A record past 1 MiB names nothing.
    writeTree(cwd, { "out/stale/SKILL.md": "old\n" });
    writeFileSync(path.join(cwd, "out/.skillc-export"), JSON.stringify({ projects: { "..": { stale, x: "y".repeat(1024 * 1024) } } }));
    expect((await runNode([CLI, "export", "--client", "codex", "--out", "out"], { cwd, timeoutMs: 30_000 })).code).toBe(0);
    expect(existsSync(path.join(cwd, "out/stale/SKILL.md"))).toBe(true);
    rec.rejected("links: export");
  });
});

/** `target` as the file at `rel` in `cwd`: a link to /dev/zero, or a FIFO (no writer: opening it to read blocks). */
function plant(cwd: string, rel: string, target: "zero" | "fifo"): void {
  const file = path.join(cwd, rel);
  rmSync(file, { force: true });
  if (target === "zero") symlinkSync("/dev/zero", file);
  else execFileSync("mkfifo", [file]);
}

describe("files read whole that a checkout can make endless", () => {
  for (const target of ["fifo", "zero"] as const) {
    it(`skillc-lock.json as ${target === "zero" ? "a link to /dev/zero (it read 16 GB in a minute)" : "a FIFO (it hung)"}: import refuses it before any network access`, async () => {
      rec.tried("links: reads");
      const { cwd } = project();
      plant(cwd, "skillc-lock.json", target);
      const r = await runNode(["--max-old-space-size=512", CLI, "import", "http://127.0.0.1:9/"], { cwd, timeoutMs: 30_000 });
      expect(r.signal, `killed after ${r.ms} ms`).toBeNull();
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("skillc-lock.json is not a regular file (a device, FIFO or folder, or a link to one); it was not read.");
      rec.rejected("links: reads");
    });

    it(`.skillc/index.js as ${target === "zero" ? "a link to /dev/zero (a warm build read 5.7 GB in 20 s)" : "a FIFO (a warm build hung)"}: a build with the cache replaces it`, async () => {
      rec.tried("links: reads");
      const { cwd } = project();
      const first = await runNode([CLI, "build", "--cache"], { cwd, timeoutMs: 30_000 });
      expect(first.code, first.stderr).toBe(0);
      for (const name of ["index.js", "manifest.json"]) plant(cwd, `.skillc/${name}`, target);
      const r = await runNode(["--max-old-space-size=512", CLI, "build", "--cache"], { cwd, timeoutMs: 30_000 });
      expect(r.signal, `killed after ${r.ms} ms`).toBeNull();
      expect(r.code, r.stderr).toBe(0);
      expect(lstatSync(path.join(cwd, ".skillc/index.js")).isFile()).toBe(true);
      expect(readFileSync(path.join(cwd, ".skillc/index.js"), "utf8")).toContain("createSkills");
    });
  }
});

describe("a folder beside outDir named like a killed build's temp folder", () => {
  // A build finishes the renames a killed one recorded (write.ts, recoverTempDirs): it reads the
  // record of every `<outDir>.tmp-<pid>-<hex>` whose pid is gone, and a checkout can hold such folders.
  for (const target of ["fifo", "zero"] as const) {
    it(`whose commit record is ${target === "zero" ? "a link to /dev/zero (eight such folders: 2.3 GB and 10 s of a build)" : "a FIFO, as an unpacked archive can hold (the build hung)"}: the record is not read, the build writes`, async () => {
      rec.tried("links: reads");
      const { cwd } = project();
      mkdirSync(path.join(cwd, ".skillc"), { recursive: true });
      mkdirSync(path.join(cwd, ".skillc.tmp-999999-ab"));
      plant(cwd, ".skillc.tmp-999999-ab/.skillc-commit.json", target);
      const r = await runNode(["--max-old-space-size=256", CLI, "build"], { cwd, timeoutMs: 30_000 });
      expect(r.signal, `killed after ${r.ms} ms`).toBeNull();
      expect(r.code, r.stderr).toBe(0);
      expect(readFileSync(path.join(cwd, ".skillc/index.js"), "utf8")).toContain("createSkills");
      expect(existsSync(path.join(cwd, ".skillc.tmp-999999-ab")), "the stale folder is removed, as before").toBe(false);
      rec.rejected("links: reads");
    });
  }

  it("that is a link to a folder outside holding a record: nothing is moved out of that folder (its file was)", async () => {
    rec.tried("links: writes");
    const { cwd, victim } = project();
    const elsewhere = path.join(path.dirname(victim), "elsewhere");
    writeTree(elsewhere, { ".skillc-commit.json": '["keep.txt"]', "keep.txt": PRECIOUS });
    mkdirSync(path.join(cwd, ".skillc"), { recursive: true });
    symlinkSync(elsewhere, path.join(cwd, ".skillc.tmp-999999-ab"));
    const r = await runNode([CLI, "build"], { cwd, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    if (!existsSync(path.join(elsewhere, "keep.txt"))) rec.escape("links: writes");
    expect(readFileSync(path.join(elsewhere, "keep.txt"), "utf8")).toBe(PRECIOUS);
    expect(existsSync(path.join(cwd, ".skillc/keep.txt"))).toBe(false);
    rec.rejected("links: writes");
  });
});

describe("cache files a checkout commits under node_modules/.cache/skillc", () => {
  /** Every cache file a lint or build of `cwd` reads: the 16 analysis shards, the listings and the build cache of `.skillc`. */
  const cacheFiles = (cwd: string) => [
    ...Array.from({ length: 16 }, (_, i) => `node_modules/.cache/skillc/analysis-v2/${i.toString(16).padStart(2, "0")}.json`),
    "node_modules/.cache/skillc/listings-v1.json",
    path.relative(cwd, buildCacheFile(cwd, ".skillc")),
  ];

  for (const target of ["fifo", "zero"] as const) {
    it(`as ${target === "zero" ? "links to /dev/zero (one shard: 4.7 GB in 20 s)" : "FIFOs, as a restored CI cache can hold (lint and build hung)"}: lint and build ignore them, as any foreign cache file`, async () => {
      rec.tried("links: reads");
      const { cwd } = project();
      mkdirSync(path.join(cwd, "node_modules/.cache/skillc/analysis-v2"), { recursive: true });
      for (const rel of cacheFiles(cwd)) plant(cwd, rel, target);
      for (const command of ["lint", "build"]) {
        const r = await runNode(["--max-old-space-size=512", CLI, command, "--cache"], { cwd, timeoutMs: 30_000 });
        expect(r.signal, `${command} killed after ${r.ms} ms`).toBeNull();
        expect(r.code, r.stderr).toBe(0);
      }
      expect(readFileSync(path.join(cwd, ".skillc/index.js"), "utf8")).toContain("createSkills");
      rec.rejected("links: reads");
    });
  }
});

describe("the bundler plugin's code frame", () => {
  /** Rollup with skillc's plugin in a fresh process (a child, so an endless read cannot grow the test's own): its error's frame. */
  async function rollupFrame(cwd: string): Promise<{ frame: string; proc: Awaited<ReturnType<typeof runNode>> }> {
    writeFileSync(path.join(cwd, "main.js"), 'import { skills } from "skillc:skills";\nconsole.log(skills.list().length);\n');
    const script = [
      `const { rollup } = await import(${JSON.stringify(path.join(REPO, "node_modules/rollup/dist/es/rollup.js"))});`,
      `const { default: skillc } = await import(${JSON.stringify(path.join(REPO, "dist/rollup.js"))});`,
      `try { await rollup({ input: "main.js", plugins: [skillc()], logLevel: "silent" }); process.stdout.write(JSON.stringify("built")); }`,
      `catch (e) { process.stdout.write(JSON.stringify(e.frame ?? "")); }`,
    ].join("\n");
    const proc = await runNode(["--max-old-space-size=512", "--input-type=module", "-e", script], { cwd, timeoutMs: 30_000 });
    return { frame: proc.code === 0 && proc.stdout ? (JSON.parse(proc.stdout) as string) : "", proc };
  }

  for (const target of ["secret", "zero"] as const) {
    it(`an error about a link (a file named with a bidi control) to ${target === "secret" ? "a file outside the checkout prints none of its lines (it printed three)" : "/dev/zero gives no frame (it read 4 GB in 10 s)"}`, async () => {
      rec.tried("links: reads");
      const { cwd, victim } = project();
      writeFileSync(victim, "SECRET_LINE_1\nSECRET_LINE_2\n");
      symlinkSync(target === "zero" ? "/dev/zero" : victim, path.join(cwd, "skills/a/evil\u202e.md"));
      const { frame, proc } = await rollupFrame(cwd);
      expect(proc.signal, `killed after ${proc.ms} ms`).toBeNull();
      expect(proc.code, proc.stderr).toBe(0);
      if (frame.includes("SECRET_LINE")) rec.escape("links: reads");
      expect(frame).toBe("");
      rec.rejected("links: reads");
    });
  }

  it("an error in a SKILL.md still gets its frame", async () => {
    const { cwd } = project();
    writeFileSync(path.join(cwd, "skills/a/SKILL.md"), "---\nname: a\ndescription: Does a.\nfoo: [unclosed\n---\n\nUse a.\n");
    const { frame } = await rollupFrame(cwd);
    expect(frame).toContain("foo: [unclosed");
  });
});

describe("the bundler plugin's skillc-env.d.ts", () => {
  /** Rollup with skillc's plugin in a fresh process (a child, so an endless read cannot grow the test's own). */
  async function rollupBuild(cwd: string) {
    writeFileSync(path.join(cwd, "main.js"), 'import { skills } from "skillc:skills";\nconsole.log(skills.list().length);\n');
    const script = [
      `const { rollup } = await import(${JSON.stringify(path.join(REPO, "node_modules/rollup/dist/es/rollup.js"))});`,
      `const { default: skillc } = await import(${JSON.stringify(path.join(REPO, "dist/rollup.js"))});`,
      `await rollup({ input: "main.js", plugins: [skillc()], logLevel: "silent" });`,
    ].join("\n");
    return runNode(["--max-old-space-size=512", "--input-type=module", "-e", script], { cwd, timeoutMs: 30_000 });
  }

  for (const target of ["victim", "zero"] as const) {
    it(`committed as a link to ${target === "victim" ? "a file of the user's is replaced, the file left alone (it was overwritten)" : "/dev/zero is replaced, not read without end"}`, async () => {
      rec.tried("links: writes");
      const { cwd, victim } = project();
      writeFileSync(victim, "the user's own file\n");
      symlinkSync(target === "zero" ? "/dev/zero" : victim, path.join(cwd, "skillc-env.d.ts"));
      const proc = await rollupBuild(cwd);
      expect(proc.signal, `killed after ${proc.ms} ms`).toBeNull();
      expect(proc.code, proc.stderr).toBe(0);
      const written = path.join(cwd, "skillc-env.d.ts");
      expect(lstatSync(written).isFile()).toBe(true);
      expect(readFileSync(written, "utf8")).toContain('declare module "skillc:skills"');
      if (readFileSync(victim, "utf8") !== "the user's own file\n") rec.escape("links: writes");
      expect(readFileSync(victim, "utf8")).toBe("the user's own file\n");
      rec.rejected("links: writes");
    });
  }
});

describe("a committed link by the name of a skill that new or import writes", () => {
  it("new --force: a link to a folder outside is refused, its SKILL.md left alone (it was overwritten); a dangling link is refused (it was an internal error)", async () => {
    rec.tried("links: writes");
    const { cwd, victim } = project();
    const elsewhere = path.join(path.dirname(victim), "theirs");
    writeTree(elsewhere, { "SKILL.md": PRECIOUS });
    symlinkSync(path.relative(path.join(cwd, "skills"), elsewhere), path.join(cwd, "skills/b"));
    symlinkSync("../../nowhere/c", path.join(cwd, "skills/c"));
    const description = "Use when a committed link stands where the new skill goes";
    const b = await runNode([CLI, "new", "b", "--force", "--description", description], { cwd, timeoutMs: 30_000 });
    const c = await runNode([CLI, "new", "c", "--description", description], { cwd, timeoutMs: 30_000 });
    if (readFileSync(path.join(elsewhere, "SKILL.md"), "utf8") !== PRECIOUS) rec.escape("links: writes");
    expect(readFileSync(path.join(elsewhere, "SKILL.md"), "utf8")).toBe(PRECIOUS);
    expect([b.code, c.code], b.stderr + c.stderr).toEqual([1, 1]);
    expect(b.stderr).toContain("skills/b is a symbolic link; nothing was written");
    expect(c.stderr).toContain("skills/c is a symbolic link; nothing was written");
    expect(existsSync(path.join(path.dirname(victim), "nowhere"))).toBe(false);
    rec.rejected("links: writes");
  });

  it("import: a dangling link by the skill's name is reported as existing, and --force replaces the link (both were an internal error)", async () => {
    rec.tried("links: writes");
    const { cwd } = project();
    writeTree(cwd, { "incoming/d/SKILL.md": skillMd("d") });
    symlinkSync("../../nowhere/d", path.join(cwd, "skills/d"));
    const plain = await runNode([CLI, "import", "incoming/d"], { cwd, timeoutMs: 30_000 });
    expect(plain.code, plain.stderr).toBe(1);
    expect(plain.stderr).toContain("skills/d/ already exists; nothing was written");
    const forced = await runNode([CLI, "import", "incoming/d", "--force"], { cwd, timeoutMs: 30_000 });
    expect(forced.code, forced.stderr).toBe(0);
    expect(lstatSync(path.join(cwd, "skills/d")).isDirectory()).toBe(true);
    expect(readFileSync(path.join(cwd, "skills/d/SKILL.md"), "utf8")).toBe(skillMd("d"));
    rec.rejected("links: writes");
  });
});

describe("an output folder of the project that a committed link takes out of it", () => {
  /** The project, and `link` (a path in it) committed as a link to a folder outside holding a file of the user's. */
  function linkedOut(link: string): { cwd: string; elsewhere: string } {
    const { cwd, victim } = project();
    const elsewhere = path.join(path.dirname(victim), "elsewhere");
    writeTree(elsewhere, { "index.js": PRECIOUS });
    mkdirSync(path.dirname(path.join(cwd, link)), { recursive: true });
    symlinkSync(path.relative(path.dirname(path.join(cwd, link)), elsewhere), path.join(cwd, link));
    return { cwd, elsewhere };
  }

  it.each([
    ["build into .skillc", ".skillc", ["build"]],
    ["export --out .claude/skills (.claude linking to another .claude: the skills would load in every project)", ".claude", ["export", "--client", "claude-code", "--out", ".claude/skills"]],
    ["publish --out public", "public", ["publish", "--out", "public"]],
  ])("%s: refused, nothing written there (the build replaced its index.js, export created skills/ in it)", async (_label, link, args) => {
    rec.tried("links: writes");
    const { cwd, elsewhere } = linkedOut(link);
    const r = await runNode([CLI, ...args], { cwd, timeoutMs: 30_000 });
    const left = readdirSync(elsewhere);
    if (left.length !== 1 || readFileSync(path.join(elsewhere, "index.js"), "utf8") !== PRECIOUS) rec.escape("links: writes");
    expect(left).toEqual(["index.js"]);
    expect(readFileSync(path.join(elsewhere, "index.js"), "utf8")).toBe(PRECIOUS);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain("a symbolic link on the way leads out of the project");
    rec.rejected("links: writes");
  });

  it("an output folder named outside the project is still written", async () => {
    const { cwd, elsewhere } = linkedOut(".unused");
    const out = path.join(path.dirname(elsewhere), "built");
    const r = await runNode([CLI, "build", "--out", out], { cwd, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(path.join(out, "index.js"))).toBe(true);
  });
});

describe("a source root of the project that a committed link takes out of it", () => {
  const FIXABLE = "---\nname: a\ndescription: Does a things: when asked.\n---\n\nUse a.\n";

  /** The project with `skills` committed as a link to a folder outside holding skill `a` (a value `--fix` would quote). */
  function linkedRoot(): { cwd: string; elsewhere: string; base: string } {
    const base = tmp("skillc-hroot-");
    const cwd = path.join(base, "repo");
    const elsewhere = path.join(base, "elsewhere");
    writeTree(elsewhere, { "a/SKILL.md": FIXABLE });
    writeTree(cwd, { "incoming/b/SKILL.md": skillMd("b") });
    symlinkSync("../elsewhere", path.join(cwd, "skills"));
    return { cwd, elsewhere, base };
  }

  it.each([
    ["lint --fix (it quoted the description in elsewhere/a/SKILL.md)", ["lint", "--fix"]],
    ["new c (it created elsewhere/c)", ["new", "c"]],
    ["import incoming/b (it wrote elsewhere/b)", ["import", "incoming/b"]],
    ["remove a --yes (it deleted elsewhere/a)", ["remove", "a", "--yes"]],
  ])("%s: refused (exit 2), nothing written there", async (_label, args) => {
    rec.tried("links: writes");
    const { cwd, elsewhere } = linkedRoot();
    const r = await runNode([CLI, ...args], { cwd, timeoutMs: 30_000 });
    const left = readdirSync(elsewhere);
    if (left.length !== 1 || readFileSync(path.join(elsewhere, "a/SKILL.md"), "utf8") !== FIXABLE) rec.escape("links: writes");
    expect(left).toEqual(["a"]);
    expect(readFileSync(path.join(elsewhere, "a/SKILL.md"), "utf8")).toBe(FIXABLE);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain("refusing to write into the source root skills: a symbolic link on the way leads out of the project");
    expect(r.stderr).toContain("name it itself");
    rec.rejected("links: writes");
  });

  it("lint --fix given paths through the link lints none of them, so writes nothing there", async () => {
    const { cwd, elsewhere } = linkedRoot();
    for (const given of ["skills", "skills/a", "skills/a/SKILL.md"]) {
      const r = await runNode([CLI, "lint", "--fix", given], { cwd, timeoutMs: 30_000 });
      expect(r.stderr).toContain("nothing was linted");
      expect(readFileSync(path.join(elsewhere, "a/SKILL.md"), "utf8")).toBe(FIXABLE);
    }
  });

  it("read-only commands still read the linked root (lint finds the problem, build writes the skill)", async () => {
    const { cwd, elsewhere } = linkedRoot();
    const lint = await runNode([CLI, "lint"], { cwd, timeoutMs: 30_000 });
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain("skills/a/SKILL.md");
    writeFileSync(path.join(elsewhere, "a/SKILL.md"), skillMd("a"));
    const build = await runNode([CLI, "build"], { cwd, timeoutMs: 30_000 });
    expect(build.code, build.stderr).toBe(0);
    expect(readFileSync(path.join(cwd, ".skillc/manifest.json"), "utf8")).toContain('"a"');
  });

  it("a root the config names outside the project is written as before (lint --fix, new)", async () => {
    const { cwd, elsewhere } = linkedRoot();
    rmSync(path.join(cwd, "skills"));
    writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ sources: ["../elsewhere"] }));
    const fix = await runNode([CLI, "lint", "--fix"], { cwd, timeoutMs: 30_000 });
    expect(fix.stderr).toContain("fixed 1 problem in ../elsewhere/a/SKILL.md");
    expect(readFileSync(path.join(elsewhere, "a/SKILL.md"), "utf8")).not.toBe(FIXABLE);
    const made = await runNode([CLI, "new", "c"], { cwd, timeoutMs: 30_000 });
    expect(made.code, made.stderr).toBe(0);
    expect(existsSync(path.join(elsewhere, "c/SKILL.md"))).toBe(true);
  });
});

describe("init in a checkout that commits skills/ as a link", () => {
  it("a dangling link: the config is written and the link left alone (it was an internal error after writing the config)", async () => {
    const base = tmp("skillc-hinit-");
    const cwd = path.join(base, "repo");
    mkdirSync(cwd, { recursive: true });
    symlinkSync("../nowhere", path.join(cwd, "skills"));
    const r = await runNode([CLI, "init"], { cwd, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("skills is a symbolic link and was left alone");
    expect(existsSync(path.join(cwd, "skillc.config.json"))).toBe(true);
    expect(lstatSync(path.join(cwd, "skills")).isSymbolicLink()).toBe(true);
    expect(existsSync(path.join(base, "nowhere"))).toBe(false);
  });
});
