// The Turborepo recipe (examples/turborepo/, README "Caching builds across machines"): skillc's outputs
// are pure functions of the inputs turbo.json declares, so the real `turbo` binary (devDependency; its
// platform binary comes as an optional dependency, no install script) replays a build from its cache
// with byte-identical outputs — in the same folder, and in a copy at another path sharing the cache
// (what a CI fleet or a teammate's machine does) — and a changed SKILL.md misses the cache.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";

const EXAMPLE = path.join(REPO, "examples", "turborepo");
const TURBO = path.join(REPO, "node_modules", "turbo", "bin", "turbo");
const PKG = path.join("packages", "agent-skills");

let base: string;
let cacheDir: string;

/** The example copied to `dir`, with skillc linked in as if installed (the package's bin → dist/cli.js). */
function copyExample(dir: string): string {
  cpSync(EXAMPLE, dir, { recursive: true });
  const bin = path.join(dir, "node_modules", ".bin");
  mkdirSync(bin, { recursive: true });
  symlinkSync(REPO, path.join(dir, "node_modules", "skillc"), "dir");
  symlinkSync(path.join("..", "skillc", "dist", "cli.js"), path.join(bin, "skillc"));
  symlinkSync(path.join("..", PKG), path.join(dir, "node_modules", "agent-skills"), "dir");
  return dir;
}

interface TurboRun {
  status: number | null;
  output: string;
  /** The build task's cache status from turbo's run summary: "HIT" or "MISS". */
  cache: string;
  hash: string;
}

/** `turbo run build` in `dir` with the shared local cache, no telemetry and no remote cache. */
function turbo(dir: string, ...extra: string[]): TurboRun {
  const home = path.join(base, "home");
  mkdirSync(home, { recursive: true });
  const r = spawnSync(process.execPath, [TURBO, "run", "build", "--summarize", "--cache-dir", cacheDir, ...extra], {
    cwd: dir,
    encoding: "utf8",
    timeout: 120_000,
    // A clean environment: no TURBO_TOKEN/TURBO_TEAM/TURBO_API, so nothing remote is even tried.
    env: { PATH: process.env.PATH, HOME: home, TMPDIR: process.env.TMPDIR, NO_COLOR: "1", TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
  });
  const output = `${r.stdout}\n${r.stderr}`;
  const summaryFile = /Summary:\s+(\S+\.json)/.exec(output)?.[1];
  const summary = summaryFile ? JSON.parse(readFileSync(path.resolve(dir, summaryFile), "utf8")) : undefined;
  const task = summary?.tasks?.find((t: { taskId: string }) => t.taskId === "agent-skills#build");
  return { status: r.status, output, cache: task?.cache?.status ?? "none", hash: task?.hash ?? "" };
}

/** Every file under the package's outDir, by relative path. */
function outputs(dir: string): Record<string, string> {
  const root = path.join(dir, PKG, ".skillc");
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else out[r] = readFileSync(path.join(root, r)).toString("base64");
    }
  };
  walk("");
  return out;
}

beforeAll(() => {
  base = tempProject({}, "skillc-turbo-");
  cacheDir = path.join(base, "turbo-cache");
});

describe("the Turborepo recipe (real turbo binary)", () => {
  it("replays a build from the cache with byte-identical outputs, at the same path and at another", () => {
    const a = copyExample(path.join(base, "a"));
    const first = turbo(a);
    expect(first.status, first.output).toBe(0);
    expect(first.cache).toBe("MISS");
    const built = outputs(a);
    expect(Object.keys(built)).toEqual(expect.arrayContaining(["index.js", "index.d.ts", "manifest.json"]));
    expect(Object.keys(built).some((f) => f.startsWith("chunks/"))).toBe(true);

    // The outputs deleted: the second run restores them from the cache, runs nothing, and says so.
    rmSync(path.join(a, PKG, ".skillc"), { recursive: true });
    const second = turbo(a);
    expect(second.status, second.output).toBe(0);
    expect(second.cache).toBe("HIT");
    expect(second.hash).toBe(first.hash);
    expect(second.output).toMatch(/cache hit/);
    expect(second.output).toMatch(/FULL TURBO/);
    expect(outputs(a)).toEqual(built);

    // Another checkout at another path (another machine, sharing the cache): the same hash, a hit.
    const b = copyExample(path.join(base, "elsewhere", "deeper", "b"));
    const other = turbo(b);
    expect(other.status, other.output).toBe(0);
    expect(other.cache).toBe("HIT");
    expect(outputs(b)).toEqual(built);

    // …and built there for real (cache ignored), skillc writes the same bytes: the hit was deserved.
    const forced = turbo(b, "--force");
    expect(forced.status, forced.output).toBe(0);
    expect(forced.output).not.toMatch(/FULL TURBO/);
    expect(outputs(b)).toEqual(built);
  }, 240_000);

  it("misses the cache when a SKILL.md changes, and the outputs change with it", () => {
    const c = copyExample(path.join(base, "c"));
    const before = turbo(c);
    expect(before.status, before.output).toBe(0);
    const built = outputs(c);
    const skill = path.join(c, PKG, "skills", "review-diff", "SKILL.md");
    writeFileSync(skill, readFileSync(skill, "utf8") + "\nAlso check the tests run.\n");
    const after = turbo(c);
    expect(after.status, after.output).toBe(0);
    expect(after.cache).toBe("MISS");
    expect(after.hash).not.toBe(before.hash);
    expect(outputs(c)).not.toEqual(built);
  }, 240_000);
});
