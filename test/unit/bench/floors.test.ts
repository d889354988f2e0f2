// bench/floors.mjs --stat-list: the rebuild floors (a stat of every path the list names, and with
// --write --sync a file written and fdatasynced before its rename), run as the bench runs them.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../../helpers/cli.js";
import { tempProject } from "../../helpers/project.js";

const SCRIPT = path.join(REPO, "bench", "floors.mjs");
const floors = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd, encoding: "utf8" });

describe("bench/floors.mjs --stat-list", () => {
  it("stats every listed path and walks nothing", () => {
    const dir = tempProject({ "skills/a/SKILL.md": "x", "skills/a/refs/r.md": "y", "skills/b/SKILL.md": "z" });
    writeFileSync(path.join(dir, "list.txt"), "skills\nskills/a\nskills/a/SKILL.md\nskills/b/SKILL.md\n");
    const r = floors(dir, "--stat-list", "list.txt");
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.stats).toBe(4);
    expect(out.files).toBe(0);
    expect(out.ms.stat).toBeGreaterThanOrEqual(0);
  });

  it("fails when a listed path is gone (a floor that skipped a stat would be no floor)", () => {
    const dir = tempProject({ "skills/a/SKILL.md": "x" });
    writeFileSync(path.join(dir, "list.txt"), "skills/a/SKILL.md\nskills/gone/SKILL.md\n");
    expect(floors(dir, "--stat-list", "list.txt").status).not.toBe(0);
  });

  it("with --write --sync, writes the bytes under a temporary name and renames it into place", () => {
    const dir = tempProject({ "skills/a/SKILL.md": "x" });
    writeFileSync(path.join(dir, "list.txt"), "skills/a/SKILL.md\n");
    const r = floors(dir, "--stat-list", "list.txt", "--write", "4096", "--out", "out.js", "--sync");
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).written).toBe(4096);
    expect(statSync(path.join(dir, "out.js")).size).toBe(4096);
    expect(readFileSync(path.join(dir, "out.js"), "latin1")).toBe("a".repeat(4096));
    expect(existsSync(path.join(dir, `out.js.${r.pid}.tmp`))).toBe(false);
  });

  it("still needs --root or --stat-list", () => {
    const dir = tempProject({});
    const r = floors(dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/usage/);
  });
});
