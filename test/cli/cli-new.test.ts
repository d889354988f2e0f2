import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { tempProject } from "../helpers/project.js";
import { runCli, runInProcess } from "../helpers/cli.js";
import { scaffoldSkill, skillNameProblem, suggestName } from "../../src/commands/scaffold.js";

const project = () => tempProject({}, "skillc-new-");
const frontmatter = (file: string) => parse(readFileSync(file, "utf8").split("---\n")[1]!) as Record<string, unknown>;

describe("skillc new", () => {
  it("scaffolds skills/<name>/SKILL.md that lints clean under every profile (real processes)", async () => {
    const cwd = project();
    const r = await runCli(["new", "my-skill"], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("created skills/my-skill/SKILL.md");
    const file = path.join(cwd, "skills", "my-skill", "SKILL.md");
    expect(frontmatter(file)).toMatchObject({ name: "my-skill" });
    for (const profile of ["skillc", "agentskills", "claude-code", "codex"]) {
      const lint = await runCli(["lint", "--profile", profile], { cwd });
      expect({ profile, code: lint.code, out: lint.stdout + lint.stderr }).toEqual({ profile, code: 0, out: "" });
    }
  });

  it("writes the description and named arguments, and the result still lints clean", async () => {
    const cwd = project();
    const description = "Review a diff: find bugs, then say what to fix. Use when asked to review.";
    const r = await runInProcess(["new", "review-diff", "--description", description, "--args", "base head"], { cwd });
    expect(r.code).toBe(0);
    const file = path.join(cwd, "skills", "review-diff", "SKILL.md");
    expect(frontmatter(file)).toEqual({ name: "review-diff", description, "argument-hint": "<base> <head>", arguments: ["base", "head"] });
    const text = readFileSync(file, "utf8");
    expect(text).toContain("- base: $base\n- head: $head");
    const lint = await runInProcess(["lint"], { cwd });
    expect(lint).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("uses --dir, else the config's first source", async () => {
    const cwd = project();
    expect((await runInProcess(["new", "a", "--dir", "custom/root"], { cwd })).code).toBe(0);
    expect(existsSync(path.join(cwd, "custom", "root", "a", "SKILL.md"))).toBe(true);
    writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ sources: [".agents/skills", "skills"] }));
    expect((await runInProcess(["new", "b"], { cwd })).code).toBe(0);
    expect(existsSync(path.join(cwd, ".agents", "skills", "b", "SKILL.md"))).toBe(true);
  });

  it.each([
    ["My Skill", '"My Skill" is not a valid skill name', 'Try "my-skill"'],
    ["my--skill", "kebab-case", 'Try "my-skill"'],
    ["x-", "kebab-case", 'Try "x"'],
    ["a".repeat(65), "65 characters long; a skill name has at most 64", ""],
  ])("refuses the name %j with exit 2", async (name, message, hint) => {
    const cwd = project();
    const r = await runCli(["new", name], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`skillc new: `);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain(hint);
    expect(existsSync(path.join(cwd, "skills"))).toBe(false);
  });

  it("refuses bad usage with exit 2: no name, two names, a bad argument name or description", async () => {
    const cwd = project();
    expect((await runInProcess(["new"], { cwd })).code).toBe(2);
    expect((await runInProcess(["new", "a", "b"], { cwd })).code).toBe(2);
    expect((await runInProcess(["new", "a", "--args", "1x"], { cwd })).stderr).toContain('--args: "1x" is not a valid argument name');
    expect((await runInProcess(["new", "a", "--args", "x x"], { cwd })).code).toBe(2);
    // The description is checked by lint's own rules (same ids, same messages).
    const empty = await runInProcess(["new", "a", "--description", "  "], { cwd });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("(description-missing)");
    const long = await runInProcess(["new", "a", "--description", "x".repeat(1025)], { cwd });
    expect(long.code).toBe(2);
    expect(long.stderr).toContain("1025 characters long");
    expect(long.stderr).toContain("(description-too-long)");
    expect(existsSync(path.join(cwd, "skills"))).toBe(false);
  });

  it("accepts exactly what lint accepts: a description lint takes is not refused by new", async () => {
    const cwd = project();
    const r = await runInProcess(["new", "pairs", "--description", "Convert <input/output> pairs"], { cwd });
    expect(r.code, r.stderr).toBe(0);
    // A description was given, so the next step is not "write its description".
    expect(r.stdout).toBe("created skills/pairs/SKILL.md\nnext: write its instructions, then run `skillc lint skills/pairs`.\n");
    const lint = await runInProcess(["lint", "skills/pairs"], { cwd });
    expect(lint.code, lint.stdout).toBe(0);
  });

  it("refuses an existing folder with exit 1, and rewrites only SKILL.md with --force", async () => {
    const cwd = project();
    const dir = path.join(cwd, "skills", "taken");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "SKILL.md"), "mine");
    writeFileSync(path.join(dir, "notes.md"), "keep me");
    const r = await runCli(["new", "taken"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("skillc new: skills/taken/ already exists; nothing was written. Pick another name, or pass --force to rewrite its SKILL.md.\n");
    expect(readFileSync(path.join(dir, "SKILL.md"), "utf8")).toBe("mine");
    expect((await runInProcess(["new", "taken", "--force"], { cwd })).code).toBe(0);
    expect(readFileSync(path.join(dir, "SKILL.md"), "utf8")).toContain("name: taken");
    expect(readFileSync(path.join(dir, "notes.md"), "utf8")).toBe("keep me");
  });
});

describe("scaffold helpers", () => {
  it("checks and suggests names", () => {
    expect(skillNameProblem("ok-name-2")).toBeUndefined();
    expect(skillNameProblem("")).toContain("empty");
    expect(suggestName("Café Review_Diff v2")).toBe("cafe-review-diff-v2");
    expect(suggestName("reviewDiff")).toBe("review-diff");
    expect(suggestName("!!!")).toBe("");
  });

  it("quotes a description that YAML would misread", () => {
    for (const description of ["Fix: the thing", "- starts like a list", "'quoted' and #hash", "yes", "1.0", "a: b # c"]) {
      const text = scaffoldSkill({ name: "x", description });
      expect(parse(text.split("---\n")[1]!)).toMatchObject({ name: "x", description });
    }
  });
});
