import { beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import { mkdirSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { discover, type DiscoverOptions } from "../../../src/pipeline/discover.js";
import { resolveTargets } from "../../../src/pipeline/targets.js";
import type { SourceRoot } from "../../../src/types.js";
import { tempProject } from "../../helpers/project.js";

let tmp: string;
beforeAll(() => {
  tmp = realpathSync(tempProject({}, "skillc-discover-"));
});

let n = 0;
/** A fresh project folder with `files` (path → content; a trailing "/" makes a folder). */
function project(files: Record<string, string> = {}): string {
  const dir = path.join(tmp, `p${n++}`);
  mkdirSync(dir);
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    if (rel.endsWith("/")) mkdirSync(abs, { recursive: true });
    else {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }
  }
  return dir;
}

const SKILL = "---\nname: x\ndescription: d\n---\nbody\n";
const opts = (cwd: string, o: Partial<DiscoverOptions> = {}): DiscoverOptions => ({ cwd, maxDepth: 6, maxFolders: 2000, settings: {}, profile: "skillc", ...o });
const root = (dir: string, precedence = 0, scope = dir): SourceRoot => ({ dir, scope, precedence });

describe("discover", () => {
  it("finds top-level and nested skills, sorted, with posix paths", async () => {
    const cwd = project({
      "skills/b/SKILL.md": SKILL,
      "skills/a/SKILL.md": SKILL,
      "skills/a/inner/SKILL.md": SKILL,
      "skills/group/c/SKILL.md": SKILL,
      "skills/group/notes.md": "x",
      "skills/a-b/SKILL.md": SKILL,
    });
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd));
    expect(diagnostics).toEqual([]);
    expect(sources.map((s) => s.relDir)).toEqual(["a", "a-b", "a/inner", "b", "group/c"]);
    const a = sources[0];
    expect(a).toMatchObject({ dir: "skills/a", file: "skills/a/SKILL.md", fileName: "SKILL.md", absDir: path.join(cwd, "skills/a") });
  });

  it("orders by root precedence, then relDir", async () => {
    const cwd = project({ "one/z/SKILL.md": SKILL, "two/a/SKILL.md": SKILL });
    const { sources } = await discover([root("two", 1), root("one", 0)], opts(cwd));
    expect(sources.map((s) => s.dir)).toEqual(["one/z", "two/a"]);
  });

  it("a root that is itself a skill folder yields relDir = its base name", async () => {
    const cwd = project({ "my-skill/SKILL.md": SKILL });
    const { sources } = await discover([root("my-skill")], opts(cwd));
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ dir: "my-skill", relDir: "my-skill", file: "my-skill/SKILL.md" });
    const cwdRoot = await discover([root(".")], opts(path.join(cwd, "my-skill")));
    expect(cwdRoot.sources[0]).toMatchObject({ dir: ".", relDir: "my-skill", file: "SKILL.md" });
  });

  it("joins a root's shown path and a skill's folder as posix paths: cwd as root, a root below or above cwd", async () => {
    const cwd = project({ "skills/g/a/SKILL.md": SKILL, "skills/b/SKILL.md": SKILL });
    const paths = async (dir: string, at: string) => (await discover([root(dir)], opts(at))).sources.map((s) => [s.dir, s.relDir, s.file]);
    expect(await paths(".", path.join(cwd, "skills"))).toEqual([["b", "b", "b/SKILL.md"], ["g/a", "g/a", "g/a/SKILL.md"]]);
    expect(await paths("skills", cwd)).toEqual([["skills/b", "b", "skills/b/SKILL.md"], ["skills/g/a", "g/a", "skills/g/a/SKILL.md"]]);
    expect(await paths("..", path.join(cwd, "skills", "g"))).toEqual([["../b", "b", "../b/SKILL.md"], ["../g/a", "g/a", "../g/a/SKILL.md"]]);
  });

  it("skips .git, node_modules and hidden folders", async () => {
    const cwd = project({
      "skills/.git/x/SKILL.md": SKILL,
      "skills/node_modules/pkg/SKILL.md": SKILL,
      "skills/.hidden/SKILL.md": SKILL,
      "skills/ok/node_modules/dep/SKILL.md": SKILL,
      "skills/ok/SKILL.md": SKILL,
    });
    const { sources } = await discover([root("skills")], opts(cwd));
    expect(sources.map((s) => s.relDir)).toEqual(["ok"]);
  });

  it("a hidden root is searched", async () => {
    const cwd = project({ ".agents/skills/a/SKILL.md": SKILL });
    const { sources } = await discover([root(".agents/skills")], opts(cwd));
    expect(sources.map((s) => s.dir)).toEqual([".agents/skills/a"]);
  });

  it("reports the depth bound with where and how to raise it", async () => {
    const cwd = project({ "skills/a/b/SKILL.md": SKILL, "skills/x/y/z/SKILL.md": SKILL, "skills/x/y/z/w/SKILL.md": SKILL });
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd, { maxDepth: 2 }));
    expect(sources.map((s) => s.relDir)).toEqual(["a/b"]);
    expect(diagnostics).toHaveLength(1);
    // An error by default (issue 12 item 15): a skill the bound leaves out must fail the build.
    expect(diagnostics[0]).toMatchObject({ ruleId: "discovery-limit", severity: "error", file: "skills/x/y/z", line: 1, column: 1 });
    expect(diagnostics[0].message).toContain("discovery.maxDepth");
    expect(diagnostics[0].message).toContain('it holds a skill ("skills/x/y/z"), which is not built');
    expect(diagnostics[0].message).toContain('if the limit is meant, set `rules: { "discovery-limit": "warn" }`');
    const meant = await discover([root("skills")], opts(cwd, { maxDepth: 2, settings: { "discovery-limit": "warn" } }));
    expect(meant.diagnostics[0]).toMatchObject({ ruleId: "discovery-limit", severity: "warning" });
    const deeper = await discover([root("skills")], opts(cwd, { maxDepth: 4 }));
    expect(deeper.diagnostics).toEqual([]);
    expect(deeper.sources.map((s) => s.relDir)).toEqual(["a/b", "x/y/z", "x/y/z/w"]);
  });

  it("does not report bounds cut inside skill folders (supporting files)", async () => {
    const cwd = project({ "skills/a/SKILL.md": SKILL, "skills/a/scripts/deep/er/x.py": "" });
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd, { maxDepth: 2 }));
    expect(sources.map((s) => s.relDir)).toEqual(["a"]);
    expect(diagnostics).toEqual([]);
  });

  it("reports the folder-count bound and cuts deterministically", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`skills/s${String(i).padStart(2, "0")}/SKILL.md`] = SKILL;
    const cwd = project(files);
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd, { maxFolders: 11 }));
    // the root counts as one folder
    expect(sources.map((s) => s.relDir)).toEqual(Array.from({ length: 10 }, (_, i) => `s${String(i).padStart(2, "0")}`));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ ruleId: "discovery-limit", file: "skills/s10" });
    expect(diagnostics[0].message).toContain("discovery.maxFolders");
    expect(diagnostics[0].message).toContain("20 more");
  });

  it("does not count folders inside skill folders against the folder-count bound", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) {
      const d = `skills/s${String(i).padStart(2, "0")}`;
      files[`${d}/SKILL.md`] = SKILL;
      for (const sub of ["references", "scripts", "assets"]) files[`${d}/${sub}/x.txt`] = "x";
    }
    const cwd = project(files);
    // 1 root + 30 skill folders; their 90 subfolders are searched (for nested skills) but not counted.
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd, { maxFolders: 31 }));
    expect(sources).toHaveLength(30);
    expect(diagnostics).toEqual([]);
  });

  it("finds lowercase skill.md with a warning, and prefers SKILL.md", async () => {
    const cwd = project({ "skills/low/skill.md": SKILL, "skills/mixed/Skill.md": SKILL });
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd));
    expect(sources.map((s) => [s.relDir, s.fileName, s.file])).toEqual([
      ["low", "skill.md", "skills/low/skill.md"],
      ["mixed", "Skill.md", "skills/mixed/Skill.md"],
    ]);
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.file])).toEqual([
      ["skill-file-case", "warning", "skills/low/skill.md"],
      ["skill-file-case", "warning", "skills/mixed/Skill.md"],
    ]);
    expect(diagnostics[0].message).toContain("SKILL.md");

    // Both names: only possible on a case-sensitive filesystem.
    const both = project({ "skills/x/SKILL.md": SKILL });
    writeFileSync(path.join(both, "skills/x/skill.md"), SKILL);
    const r = await discover([root("skills")], opts(both));
    expect(r.sources.map((s) => s.fileName)).toEqual(["SKILL.md"]);
    const caseSensitive = r.diagnostics.length > 0;
    if (caseSensitive) expect(r.diagnostics[0]).toMatchObject({ ruleId: "skill-file-case", file: "skills/x/skill.md" });
  });

  it("the rule can be turned off by settings", async () => {
    const cwd = project({ "skills/low/skill.md": SKILL });
    const { diagnostics } = await discover([root("skills")], opts(cwd, { settings: { "skill-file-case": "off" } }));
    expect(diagnostics).toEqual([]);
  });

  it("reports a missing root and a root that is a file", async () => {
    const cwd = project({ "file.txt": "x" });
    const { sources, diagnostics } = await discover([root("nope"), root("file.txt", 1)], opts(cwd));
    expect(sources).toEqual([]);
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.file])).toEqual([
      ["root-not-folder", "error", "file.txt"],
      ["root-missing", "error", "nope"],
    ]);
  });

  it("follows a symlinked folder inside the root, searching each real folder once", async () => {
    const inside = project({ "skills/_store/real/SKILL.md": SKILL });
    symlinkSync(path.join(inside, "skills/_store/real"), path.join(inside, "skills/alias"));
    const r = await discover([root("skills")], opts(inside));
    expect(r.diagnostics).toEqual([]);
    // the real path wins over the link
    expect(r.sources.map((s) => s.relDir)).toEqual(["_store/real"]);
    expect(r.sources[0].absDir).toBe(path.join(inside, "skills/_store/real"));
  });

  it("follows an in-root link whose target is not otherwise reachable", async () => {
    const cwd = project({ "skills/.store/real/SKILL.md": SKILL });
    symlinkSync(path.join(cwd, "skills/.store/real"), path.join(cwd, "skills/visible"));
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd));
    expect(diagnostics).toEqual([]);
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatchObject({ dir: "skills/visible", relDir: "visible", absDir: path.join(cwd, "skills/.store/real") });
  });

  it("refuses symlinks leaving the root (to /etc and to a parent), without reading them", async () => {
    const cwd = project({ "outside/secret/SKILL.md": SKILL, "skills/ok/SKILL.md": SKILL });
    symlinkSync("/etc", path.join(cwd, "skills/etc"));
    symlinkSync(path.join(cwd, "outside/secret"), path.join(cwd, "skills/secret"));
    symlinkSync("..", path.join(cwd, "skills/up"));
    symlinkSync(path.join(cwd, "outside/secret/SKILL.md"), path.join(cwd, "skills/ok2-SKILL.md"));
    mkdirSync(path.join(cwd, "skills/ok2"));
    symlinkSync(path.join(cwd, "outside/secret/SKILL.md"), path.join(cwd, "skills/ok2/SKILL.md"));
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd));
    expect(sources.map((s) => s.relDir)).toEqual(["ok"]);
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.file, d.line, d.column])).toEqual([
      ["symlink-escape", "warning", "skills/etc", 1, 1],
      ["symlink-escape", "warning", "skills/ok2/SKILL.md", 1, 1],
      ["symlink-escape", "warning", "skills/secret", 1, 1],
      ["symlink-escape", "warning", "skills/up", 1, 1],
    ]);
    expect(diagnostics[2].message).toMatch(/not included/);
  });

  it("leaves links escaping from inside a skill folder to file collection", async () => {
    const cwd = project({ "skills/ok/SKILL.md": SKILL });
    symlinkSync("/etc", path.join(cwd, "skills/ok/etc"));
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd));
    expect(sources.map((s) => s.relDir)).toEqual(["ok"]);
    expect(diagnostics).toEqual([]);
  });

  it("terminates on symlink cycles", async () => {
    const cwd = project({ "skills/a/SKILL.md": SKILL, "skills/a/b/": "" });
    symlinkSync("..", path.join(cwd, "skills/a/b/loop"));
    symlinkSync(path.join(cwd, "skills"), path.join(cwd, "skills/a/root-loop"));
    mkdirSync(path.join(cwd, "skills/m"));
    symlinkSync(path.join(cwd, "skills/n"), path.join(cwd, "skills/m/to-n"));
    mkdirSync(path.join(cwd, "skills/n"));
    symlinkSync(path.join(cwd, "skills/m"), path.join(cwd, "skills/n/to-m"));
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd));
    expect(sources.map((s) => s.relDir)).toEqual(["a"]);
    expect(diagnostics).toEqual([]);
  });

  it("gives the same order whatever the creation order", async () => {
    const names = ["b", "a", "B", "é", "a-b", "a_b", "z/y", "10", "9"];
    const build = (order: string[]) => {
      const files: Record<string, string> = {};
      for (const nm of order) files[`skills/${nm}/SKILL.md`] = SKILL;
      return project(files);
    };
    const one = await discover([root("skills")], opts(build(names)));
    const two = await discover([root("skills")], opts(build([...names].reverse())));
    const rel = (r: typeof one) => r.sources.map((s) => s.relDir);
    expect(rel(one)).toEqual(rel(two));
    expect(rel(one)).toEqual(["10", "9", "B", "a", "a-b", "a_b", "b", "z/y", "é"]);
  });

  it("lists 10k folders with one readdir each and no other file-system call per folder (work counted, not timed)", async () => {
    const cwd = project();
    mkdirSync(path.join(cwd, "big"));
    execFileSync("bash", ["-c", "mkdir -p g{0..99}/s{0..99}"], { cwd: path.join(cwd, "big") });
    writeFileSync(path.join(cwd, "big/g0/s0/SKILL.md"), SKILL);
    // Every synchronous call discovery makes on the fs module it imports, by name.
    const calls = new Map<string, number>();
    const spies = Object.keys(fs)
      .filter((k) => k.endsWith("Sync") && typeof (fs as unknown as Record<string, unknown>)[k] === "function")
      .map((k) => [k, vi.spyOn(fs as unknown as Record<string, (...a: unknown[]) => unknown>, k)] as const);
    try {
      const { sources, diagnostics } = await discover([root("big")], opts(cwd, { maxFolders: 20_000 }));
      expect(sources).toHaveLength(1);
      expect(diagnostics).toEqual([]);
      for (const [k, spy] of spies) if (spy.mock.calls.length > 0) calls.set(k, spy.mock.calls.length);
    } finally {
      for (const [, spy] of spies) spy.mockRestore();
    }
    const folders = 1 + 100 + 100 * 100;
    expect(calls.get("readdirSync")).toBe(folders);
    const other = [...calls].filter(([k]) => k !== "readdirSync").reduce((n, [, c]) => n + c, 0);
    expect(other, JSON.stringify([...calls])).toBeLessThan(50);
  });
});

describe("resolveTargets", () => {
  const tree = {
    "skills/x/SKILL.md": SKILL,
    "skills/x/references/a.md": "a",
    "skills/x/inner/SKILL.md": SKILL,
    "skills/y/skill.md": SKILL,
    "skills/y/scripts/run.sh": "#!/bin/sh\n",
    "docs/readme.md": "r",
    "src/index.ts": "x",
  };

  it("maps lint-staged style files to their skill folders", async () => {
    const cwd = project(tree);
    const r = await resolveTargets(["skills/x/references/a.md", "skills/y/scripts/run.sh", "skills/x/SKILL.md", "src/index.ts"], opts(cwd));
    expect(r.diagnostics).toEqual([]);
    expect(r.roots).toEqual([
      { dir: "skills/x", scope: "x", precedence: 0 },
      { dir: "skills/y", scope: "y", precedence: 1 },
    ]);
    expect([...r.only!]).toEqual(["skills/x", "skills/y"]);
    const found = await discover(r.roots, opts(cwd));
    const kept = found.sources.filter((s) => r.only!.has(s.dir));
    expect(kept.map((s) => [s.dir, s.relDir])).toEqual([["skills/x", "x"], ["skills/y", "y"]]);
  });

  it("maps a nested skill's file to the nested skill", async () => {
    const cwd = project(tree);
    const r = await resolveTargets(["skills/x/inner/SKILL.md"], opts(cwd));
    expect(r.roots.map((x) => x.dir)).toEqual(["skills/x/inner"]);
    expect([...r.only!]).toEqual(["skills/x/inner"]);
  });

  it("keeps roots as roots, drops roots inside other roots, and leaves `only` unset", async () => {
    const cwd = project(tree);
    const r = await resolveTargets(["skills", "skills/x/references/a.md"], opts(cwd));
    expect(r.roots).toEqual([{ dir: "skills", scope: "skills", precedence: 0 }]);
    expect(r.only).toBeUndefined();
  });

  it("reports missing paths and markdown outside skills; ignores other files", async () => {
    const cwd = project(tree);
    const r = await resolveTargets(["nope.md", "docs/readme.md", "src/index.ts"], opts(cwd));
    expect(r.roots).toEqual([]);
    expect(r.diagnostics.map((d) => [d.ruleId, d.severity, d.file])).toEqual([
      ["path-missing", "error", "nope.md"],
      ["not-in-skill", "warning", "docs/readme.md"],
    ]);
  });

  it("accepts absolute paths and a folder inside a skill", async () => {
    const cwd = project(tree);
    const r = await resolveTargets([path.join(cwd, "skills/y/scripts")], opts(cwd));
    expect(r.roots.map((x) => x.dir)).toEqual(["skills/y"]);
  });
});

// Issue 12 item 13: a SKILL.md that cannot become a skill is a positioned error, never a silent drop.
// (Tests may run as root, where chmod 000 denies nothing: a link loop and a folder stand in for an
// unreadable file; analysis reports a read failure of a regular file through the same rule.)
describe("discover: a skill file that cannot be read", () => {
  it("reports a broken link, a link loop, a folder, a link to a folder and a FIFO named SKILL.md at file:1:1", async () => {
    const cwd = project({ "skills/ok/SKILL.md": SKILL, "skills/dir/SKILL.md/": "", "skills/target/": "", "skills/fifo/": "" });
    mkdirSync(path.join(cwd, "skills/broken-link"));
    symlinkSync("nowhere.md", path.join(cwd, "skills/broken-link/SKILL.md"));
    mkdirSync(path.join(cwd, "skills/loop"));
    symlinkSync("SKILL.md", path.join(cwd, "skills/loop/SKILL.md"));
    mkdirSync(path.join(cwd, "skills/to-dir"));
    symlinkSync(path.join(cwd, "skills/target"), path.join(cwd, "skills/to-dir/SKILL.md"));
    execFileSync("mkfifo", [path.join(cwd, "skills/fifo/SKILL.md")]);
    const { sources, diagnostics } = await discover([root("skills")], opts(cwd));
    expect(sources.map((s) => s.relDir)).toEqual(["ok"]);
    expect(diagnostics.map((d) => [d.ruleId, d.severity, d.file, d.line, d.column])).toEqual([
      ["skill-file-unreadable", "error", "skills/broken-link/SKILL.md", 1, 1],
      ["skill-file-unreadable", "error", "skills/dir/SKILL.md", 1, 1],
      ["skill-file-unreadable", "error", "skills/fifo/SKILL.md", 1, 1],
      ["skill-file-unreadable", "error", "skills/loop/SKILL.md", 1, 1],
      ["skill-file-unreadable", "error", "skills/to-dir/SKILL.md", 1, 1],
    ]);
    const text = diagnostics.map((d) => d.message).join("\n");
    expect(text).toContain('"skills/broken-link/SKILL.md" is a symbolic link whose target does not exist (ENOENT), so the skill in "skills/broken-link" is not built. Point the link at an existing file');
    expect(text).toContain('"skills/loop/SKILL.md" is a symbolic link that loops (ELOOP)');
    expect(text).toContain('"skills/dir/SKILL.md" is a folder, not a file, so the skill in "skills/dir" is not built. Rename the folder');
    expect(text).toContain('"skills/to-dir/SKILL.md" is a symbolic link to a folder, not a file');
    expect(text).toContain('"skills/fifo/SKILL.md" is not a regular file (a FIFO, socket or device)');
  });

  it("the rule can be turned off like any other", async () => {
    const cwd = project({ "skills/ok/SKILL.md": SKILL });
    mkdirSync(path.join(cwd, "skills/loop"));
    symlinkSync("SKILL.md", path.join(cwd, "skills/loop/SKILL.md"));
    expect((await discover([root("skills")], opts(cwd, { settings: { "skill-file-unreadable": "off" } }))).diagnostics).toEqual([]);
  });
});
