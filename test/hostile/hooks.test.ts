// The published pre-commit hook and the printed hook examples pass `--` before file names, so a
// staged file named like an option (`--config=x.mjs`) is a path to lint, never an option: `--config`
// would load x.mjs and run it. Checked with the built CLI as a real process and a config that
// writes a marker file when it is run.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, REPO, cleanupTmp, ensureCli, runNode, skillMd, tmp, writeTree } from "./helpers.js";

afterAll(cleanupTmp);
beforeAll(ensureCli, 180_000);

/** A project with one good skill and a staged file literally named `--config=x.mjs`; x.mjs leaves a marker when run. */
function project(): { root: string; marker: string } {
  const root = tmp("skillc-hook-");
  writeTree(root, { "skills/ok/SKILL.md": skillMd("ok"), "--config=x.mjs": "" });
  const marker = path.join(root, "PWNED");
  writeFileSync(path.join(root, "x.mjs"), `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\nexport default {};\n`);
  return { root, marker };
}

/** Splits a hook's `entry` and points `skillc` / `npx skillc` at the built CLI. */
function argv(entry: string): string[] {
  const words = entry.trim().split(/\s+/);
  const at = words.indexOf("skillc");
  expect(at, entry).toBeGreaterThanOrEqual(0);
  return [CLI, ...words.slice(at + 1)];
}

describe("hooks pass -- before file names", () => {
  it("the published .pre-commit-hooks.yaml never runs a staged file named --config=x.mjs", async () => {
    const hooks = parseYaml(readFileSync(path.join(REPO, ".pre-commit-hooks.yaml"), "utf8")) as Array<{ id: string; entry: string; pass_filenames?: boolean }>;
    const hook = hooks.find((h) => h.id === "skillc-lint")!;
    expect(hook.pass_filenames).toBe(true);
    const { root, marker } = project();
    // pre-commit runs `entry` followed by the staged file names.
    const r = await runNode([...argv(hook.entry), "--config=x.mjs", "skills/ok/SKILL.md"], { cwd: root });
    expect(existsSync(marker), r.stderr).toBe(false);
    expect(r.code, r.stderr).toBe(0);
  });

  it("the examples `skillc init` prints (pre-commit entry, lint-staged command) do the same", async () => {
    const { root, marker } = project();
    const init = await runNode([CLI, "init"], { cwd: root });
    expect(init.code, init.stderr).toBe(0);
    const entry = /entry: (npx skillc lint.*)$/m.exec(init.stdout)?.[1];
    const staged = /"skills\/\*\*": "(skillc lint[^"]*)"/.exec(init.stdout)?.[1];
    expect(entry).toBeDefined();
    expect(staged).toBeDefined();
    for (const command of [entry!, staged!]) {
      const r = await runNode([...argv(command), "--config=x.mjs", "skills/ok/SKILL.md"], { cwd: root });
      expect(existsSync(marker), `${command}: ${r.stderr}`).toBe(false);
      expect(r.code, r.stderr).toBe(0);
    }
  });

  it("the CLI takes everything after -- as paths, and without -- the option is an option", async () => {
    const { root, marker } = project();
    const withDash = await runNode([CLI, "lint", "--", "--config=x.mjs", "--help"], { cwd: root });
    expect(withDash.stdout).not.toContain("Usage:");
    expect(existsSync(marker)).toBe(false);
    // The control: the same name before `--` is read as an option, and the config runs.
    await runNode([CLI, "lint", "--config=x.mjs"], { cwd: root });
    expect(existsSync(marker)).toBe(true);
  });
});

describe("hooks pass the paths a pull request touched: a link out of the checkout is not followed", () => {
  // A SKILL.md that --fix would rewrite (an unquoted `: ` in its description), outside the checkout.
  const FIXABLE = "---\nname: evil\ndescription: Use when: the user asks\n---\n\nBody.\n";

  function withOutsideSkill(): { root: string; outsideMd: string } {
    const root = tmp("skillc-hook-link-");
    const outside = tmp("skillc-hook-outside-");
    writeTree(root, { "skills/ok/SKILL.md": skillMd("ok") });
    mkdirSync(path.join(outside, "evil"));
    const outsideMd = path.join(outside, "evil", "SKILL.md");
    writeFileSync(outsideMd, FIXABLE);
    // What a pull request can add: a folder link into the skills, pointing anywhere on the reviewer's machine.
    symlinkSync(path.join(outside, "evil"), path.join(root, "skills/evil"));
    return { root, outsideMd };
  }

  for (const given of ["skills/evil/SKILL.md", "skills/evil"]) {
    it(`lint --fix -- ${given}: reported as symlink-escape, neither linted nor rewritten`, async () => {
      const { root, outsideMd } = withOutsideSkill();
      const r = await runNode([CLI, "lint", "--fix", "--format", "json", "--", given, "skills/ok/SKILL.md"], { cwd: root });
      expect(readFileSync(outsideMd, "utf8"), "the file outside the checkout is untouched").toBe(FIXABLE);
      const results = JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; message: string }> }>;
      const messages = results.flatMap((f) => f.messages.map((m) => ({ file: f.filePath, ...m })));
      expect(messages.filter((m) => m.ruleId === "symlink-escape").map((m) => m.file)).toEqual([expect.stringMatching(/skills\/evil$/)]);
      expect(messages.some((m) => m.ruleId === "yaml-syntax"), "the outside SKILL.md was not linted").toBe(false);
      expect(results.some((f) => /skills\/ok\/SKILL\.md$/.test(f.filePath)), "the other path is still linted").toBe(true);
    });
  }

  it("a path that exists but cannot be reached (a link loop) fails lint naming its cause, not \"does not exist\"", async () => {
    const root = tmp("skillc-hook-loop-");
    writeTree(root, { "skills/ok/SKILL.md": skillMd("ok") });
    symlinkSync("loop", path.join(root, "skills/loop"));
    const r = await runNode([CLI, "lint", "--format", "json", "--", "skills/loop/SKILL.md", "skills/gone/SKILL.md"], { cwd: root });
    const messages = (JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; message: string }> }>).flatMap((f) =>
      f.messages.map((m) => ({ file: f.filePath, ruleId: m.ruleId, message: m.message })),
    );
    expect(messages).toEqual([
      { file: "skills/gone/SKILL.md", ruleId: "path-missing", message: expect.stringContaining("skills/gone/SKILL.md") },
      { file: "skills/loop/SKILL.md", ruleId: "path-missing", message: '"skills/loop/SKILL.md" cannot be reached (ELOOP), so it was not linted. Fix the link or the permissions on the way to it.' },
    ]);
    expect(r.code).toBe(1);
  });

  it("lint --fix given a skill and a link to it inside the checkout rewrites the file once, never twice", async () => {
    // A commit that adds `skills/alias` (a link to `skills/evil`) and touches the SKILL.md: the hook
    // passes both, and each path carries the same fix; applied twice, the second landed on the first's
    // result ("Use when: the user asks"e"), tearing the file.
    const root = tmp("skillc-hook-alias-");
    writeTree(root, { "skills/evil/SKILL.md": FIXABLE });
    symlinkSync("evil", path.join(root, "skills/alias"));
    const r = await runNode([CLI, "lint", "--fix", "--", "skills/evil/SKILL.md", "skills/alias"], { cwd: root });
    expect(readFileSync(path.join(root, "skills/evil/SKILL.md"), "utf8")).toBe(FIXABLE.replace("Use when: the user asks", '"Use when: the user asks"'));
    expect(r.stderr).toContain("fixed 1 problem in skills/alias/SKILL.md");
    expect(r.stderr).not.toContain("skills/evil/SKILL.md");
    expect(r.code, r.stderr).toBe(0);
  });

  it("a link that stays inside the checkout is followed, and a path given outside it is the user's own choice", async () => {
    const { root, outsideMd } = withOutsideSkill();
    symlinkSync(path.join(root, "skills/ok"), path.join(root, "skills/alias"));
    const inside = await runNode([CLI, "lint", "--format", "json", "--", "skills/alias/SKILL.md"], { cwd: root });
    expect(inside.stdout).not.toContain("symlink-escape");
    expect(inside.code, inside.stderr).toBe(0);
    const outside = await runNode([CLI, "lint", "--format", "json", "--", outsideMd], { cwd: root });
    expect(outside.stdout).toContain("yaml-syntax");
    expect(outside.stdout).not.toContain("symlink-escape");
  });
});
