import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REPO, runCli } from "../helpers/cli.js";

const COMMANDS = ["build", "lint", "list", "catalog", "render", "new", "import", "init"];
const version = (JSON.parse(readFileSync(`${REPO}/package.json`, "utf8")) as { version: string }).version;

describe("skillc CLI surface", () => {
  it("--version prints package.json's version", async () => {
    for (const flag of ["--version", "-v"]) {
      const r = await runCli([flag], { cwd: REPO });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(version + "\n");
    }
  });

  it("--help lists every command and exits 0; no arguments prints it and exits 2", async () => {
    const help = await runCli(["--help"], { cwd: REPO });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^skillc .*\n\nUsage: skillc <command> \[options\]/);
    for (const c of COMMANDS) expect(help.stdout).toMatch(new RegExp(`^  ${c} +\\S`, "m"));
    const bare = await runCli([], { cwd: REPO });
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe(help.stdout);
  });

  it.each(COMMANDS)("%s --help prints its usage and exits 0", async (command) => {
    for (const flag of ["--help", "-h"]) {
      const r = await runCli([command, flag], { cwd: REPO });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: skillc ${command}\\b`));
      expect(r.stdout).toMatch(/-h, --help/);
    }
  });

  it("an unknown command exits 2 and says how to list commands", async () => {
    const r = await runCli(["bild"], { cwd: REPO });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe('skillc: unknown command "bild". Did you mean `skillc build`? Run `skillc --help` for the list.\n');
    const far = await runCli(["zzzzzz"], { cwd: REPO });
    expect(far.stderr).toBe('skillc: unknown command "zzzzzz". Run `skillc --help` for the list.\n');
  });

  it("a mistyped flag gets a suggestion, not node's parser text", async () => {
    const r = await runCli(["lint", "--formt", "json"], { cwd: REPO });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('skillc lint: unknown option "--formt". Did you mean --format? (A path that starts with "-" goes after `--`.)\n');
    expect(r.stderr).not.toContain("positional argument");
    const missing = await runCli(["lint", "--format"], { cwd: REPO });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--format needs a value");
  });

  it("an unknown command with control characters is echoed escaped", async () => {
    const r = await runCli(["\u001b[31mred\u202e"], { cwd: REPO });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain("\u001b");
    expect(r.stderr).not.toContain("\u202e");
    expect(r.stderr).toContain("\\u001b[31mred\\u202e");
  });

  it.each(COMMANDS)("%s with an unknown flag exits 2 naming the flag", async (command) => {
    const r = await runCli([command, "--no-such-flag"], { cwd: REPO });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^skillc ${command}: .*--no-such-flag`));
  });
});
