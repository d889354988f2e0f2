// A build the user may not write (an outDir made read-only, a checkout owned by someone else) says
// so, with what to do, and exits 2: it printed "internal error — please report it" and a stack.
// Root is not refused by permission bits, so as root the build runs as `nobody` (setpriv).
import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI } from "../helpers/cli.js";
import { skillMd, tempProject } from "../helpers/project.js";

/** Runs the built CLI in `cwd` as an unprivileged user. */
function runUnprivileged(args: string[], cwd: string) {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot) return spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: "utf8", env: { PATH: process.env.PATH, HOME: cwd, NO_COLOR: "1" }, timeout: 60_000 });
  // `nobody` must reach the CLI: a checkout under a private folder (mktemp's 0700) is opened for the run.
  const opened = ancestors(CLI).filter((dir) => (statSync(dir).mode & 0o001) === 0);
  for (const dir of opened) chmodSync(dir, statSync(dir).mode | 0o001);
  try {
    const argv = ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, CLI, ...args];
    return spawnSync("setpriv", argv, { cwd, encoding: "utf8", env: { PATH: process.env.PATH, HOME: cwd, NO_COLOR: "1" }, timeout: 60_000 });
  } finally {
    for (const dir of opened) chmodSync(dir, statSync(dir).mode & ~0o001);
  }
}

/** The folders above `file`, up to the root. */
function ancestors(file: string): string[] {
  const out: string[] = [];
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) out.push(dir);
  return out;
}

describe("a folder the build may not write", () => {
  it("is said as a permissions problem (exit 2), not an internal error", () => {
    const cwd = tempProject({ "skills/a/SKILL.md": skillMd("a") }, "skillc-perm-");
    // Readable by anyone; the outDir, once built, read-only.
    for (const p of [cwd, path.join(cwd, "skills"), path.join(cwd, "skills/a")]) chmodSync(p, 0o755);
    chmodSync(path.join(cwd, "skills/a/SKILL.md"), 0o644);
    const first = spawnSync(process.execPath, [CLI, "build", "--no-cache"], { cwd, encoding: "utf8" });
    expect(first.status, first.stderr).toBe(0);
    const before = readFileSync(path.join(cwd, ".skillc/index.js"), "utf8");
    chmodSync(path.join(cwd, ".skillc"), 0o555);
    chmodSync(cwd, 0o555);
    const r = runUnprivileged(["build", "--no-cache"], cwd);
    chmodSync(cwd, 0o755);
    chmodSync(path.join(cwd, ".skillc"), 0o755);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).not.toContain("internal error");
    expect(r.stderr).toMatch(/^skillc build: E(ACCES|PERM) on \w+ .*: skillc may not read or write there\. Fix the permissions of that file or folder/m);
    expect(readFileSync(path.join(cwd, ".skillc/index.js"), "utf8")).toBe(before);
  });
});
