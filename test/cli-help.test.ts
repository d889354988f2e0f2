import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REPO, runCli } from "./helpers/cli.js";

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
    expect(r.stderr).toBe('skillc: unknown command "bild". Run `skillc --help` for the list.\n');
  });

  it.each(COMMANDS)("%s with an unknown flag exits 2 naming the flag", async (command) => {
    const r = await runCli([command, "--no-such-flag"], { cwd: REPO });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^skillc ${command}: .*--no-such-flag`));
  });
});
