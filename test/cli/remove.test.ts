// `skillc remove <name> --yes` as a real process: it deletes the skill's folder from its root, only
// with --yes, never one of several same-named skills picked by name, never outside a root.
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import { runCli } from "../helpers/cli.js";
import { skillMd, tempProject } from "../helpers/project.js";

describe("skillc remove", () => {
  it("says what would go without --yes, deletes with it", async () => {
    const cwd = tempProject({ "skills/old/SKILL.md": skillMd("old"), "skills/old/references/a.md": "a", "skills/keep/SKILL.md": skillMd("keep") });
    const dry = await runCli(["remove", "old"], { cwd });
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain("would delete skills/old/");
    expect(existsSync(path.join(cwd, "skills/old/SKILL.md"))).toBe(true);
    const r = await runCli(["remove", "old", "--yes"], { cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("deleted skills/old/\n");
    expect(existsSync(path.join(cwd, "skills/old"))).toBe(false);
    expect(existsSync(path.join(cwd, "skills/keep/SKILL.md"))).toBe(true);
  });

  it("finds a skill by its frontmatter name, and by its SKILL.md path", async () => {
    const cwd = tempProject({ "skills/folder-a/SKILL.md": skillMd("named-b"), "skills/c/SKILL.md": skillMd("c") });
    expect((await runCli(["remove", "named-b", "--yes"], { cwd })).code).toBe(0);
    expect(existsSync(path.join(cwd, "skills/folder-a"))).toBe(false);
    expect((await runCli(["remove", "skills/c/SKILL.md", "--yes"], { cwd })).code).toBe(0);
    expect(existsSync(path.join(cwd, "skills/c"))).toBe(false);
  });

  it("refuses a name two roots hold unless given by path, and an unknown name", async () => {
    const cwd = tempProject({
      "a/dup/SKILL.md": skillMd("dup"),
      "b/dup/SKILL.md": skillMd("dup"),
      "skillc.config.json": JSON.stringify({ sources: ["a", "b"] }),
    });
    const r = await runCli(["remove", "dup", "--yes"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("names 2 skills (a/dup/SKILL.md, b/dup/SKILL.md)");
    expect(existsSync(path.join(cwd, "a/dup")) && existsSync(path.join(cwd, "b/dup"))).toBe(true);
    expect((await runCli(["remove", "b/dup", "--yes"], { cwd })).code).toBe(0);
    expect(existsSync(path.join(cwd, "b/dup")) || !existsSync(path.join(cwd, "a/dup"))).toBe(false);
    expect((await runCli(["remove", "nope", "--yes"], { cwd })).code).toBe(1);
  });

  it("never deletes through a link that leaves the root", async () => {
    const outside = tempProject({ "victim/SKILL.md": skillMd("victim") });
    const cwd = tempProject({ "skills/keep/SKILL.md": skillMd("keep"), "skills/victim": { symlink: path.join(outside, "victim") } });
    const r = await runCli(["remove", "victim", "--yes"], { cwd });
    expect(r.code).toBe(1);
    expect(existsSync(path.join(outside, "victim/SKILL.md"))).toBe(true);
  });

  it("never deletes a folder holding other skills: a skill a pull request adds as skills/group/SKILL.md must not take the group's skills with it", async () => {
    const cwd = tempProject({
      "skills/group/SKILL.md": skillMd("tmp-helper"),
      "skills/group/review/SKILL.md": skillMd("review"),
      "skills/group/deploy/SKILL.md": skillMd("deploy"),
    });
    const r = await runCli(["remove", "tmp-helper", "--yes"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("skills/group/ holds 2 other skills (skills/group/deploy, skills/group/review)");
    expect(existsSync(path.join(cwd, "skills/group/review/SKILL.md")) && existsSync(path.join(cwd, "skills/group/SKILL.md"))).toBe(true);
    // A nested skill itself goes as any other.
    expect((await runCli(["remove", "review", "--yes"], { cwd })).code).toBe(0);
    expect(existsSync(path.join(cwd, "skills/group/review"))).toBe(false);
  });

  it("takes exactly one skill (exit 2)", async () => {
    const cwd = tempProject({ "skills/a/SKILL.md": skillMd("a") });
    expect((await runCli(["remove"], { cwd })).code).toBe(2);
    expect((await runCli(["remove", "a", "b"], { cwd })).code).toBe(2);
  });
});
