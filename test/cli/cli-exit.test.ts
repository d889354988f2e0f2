// One exit policy for every command that reports diagnostics (lint, build, list, catalog, render):
// 1 when an error was reported, 0 otherwise, 2 for bad usage — as real processes.
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";

const project = (files: Record<string, string>) => tempProject(files, "skillc-exit-");
const good = "---\nname: good\ndescription: A good skill. Use when testing exit codes.\n---\nDo it.\n";
const yamlError = "---\nname: bad\ndescription: Use when: it breaks\n  badly\n---\nBody\n";

describe("exit codes", () => {
  const commands = [["lint"], ["build"], ["list"], ["list", "--json"], ["catalog"], ["render", "good"]];

  it.each(commands)("%s exits 1 when a skill has a YAML error, and still answers for the good one", async (...args) => {
    const cwd = project({ "skills/good/SKILL.md": good, "skills/bad/SKILL.md": yamlError });
    const r = await runCli(args, { cwd });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout + r.stderr).toContain("yaml-syntax");
    if (args[0] === "list" || args[0] === "catalog") expect(r.stdout).toContain("good");
  });

  it.each(commands)("%s exits 0 on a clean project", async (...args) => {
    const cwd = project({ "skills/good/SKILL.md": good });
    const r = await runCli(args, { cwd });
    expect(r.code, r.stderr).toBe(0);
  });

  it.each([["list", "nope"], ["catalog", "nope"], ["lint", "nope"], ["build", "nope"]])("%s with a missing root exits 1 and names it", async (...args) => {
    const cwd = project({ "skills/good/SKILL.md": good });
    const r = await runCli(args, { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/path-missing|root-missing/);
  });
});

describe("small CLI edges", () => {
  it("catalog --format md is markdown (the file is catalog.md)", async () => {
    const cwd = project({ "skills/good/SKILL.md": good });
    const md = await runCli(["catalog", "--format", "md"], { cwd });
    const markdown = await runCli(["catalog", "--format", "markdown"], { cwd });
    expect(md.code).toBe(0);
    expect(md.stdout).toBe(markdown.stdout);
    expect(md.stdout).toMatch(/^- good: /m);
    const bad = await runCli(["catalog", "--format", "yaml"], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("xml, markdown (md), json or codelia");
  });

  it("lint of an archive outside every skill says what to do instead of printing nothing", async () => {
    const cwd = project({ "skills/good/SKILL.md": good, "foo.zip": "PK" });
    const r = await runCli(["lint", "foo.zip"], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("not-in-skill");
    expect(r.stdout).toContain("skillc import foo.zip");
    expect(r.stderr).toContain("nothing was linted");
  });

  it("colours the build summary on stderr only when stderr itself is a terminal (`skillc build 2>log`)", async () => {
    const { main } = await import("../../src/cli.js");
    const run = async (stdoutTTY: boolean, stderrTTY: boolean) => {
      const cwd = project({ "skills/good/SKILL.md": good });
      let stderr = "";
      const code = await main(["build", "--no-cache"], {
        cwd,
        env: {},
        stdout: { write: () => {}, isTTY: stdoutTTY },
        stderr: { write: (t: string) => void (stderr += t), isTTY: stderrTTY },
      });
      expect(code).toBe(0);
      return stderr;
    };
    expect(await run(true, false)).not.toContain("\u001b[");
    expect(await run(false, true)).toContain("\u001b[32mbuilt 1 skill");
  });
});
