// `build --watch` with its caches warm: after every kind of change, what the watch wrote must be byte
// for byte what a fresh `skillc build` process writes for a copy of the same tree.
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { watchBuild } from "../../src/commands/watch.js";
import { loadConfig } from "../../src/config/load.js";
import { build, type BuildOptions } from "../../src/project/build.js";
import type { CliContext } from "../../src/commands/context.js";
import { runCli } from "../helpers/cli.js";
import { skillMd, tempProject } from "../helpers/project.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 40 skills (past the caches' default threshold of 32), one with a supporting file, two in a group folder. */
function tree(layout: string): Record<string, string> {
  const t: Record<string, string> = { "skillc.config.json": JSON.stringify({ output: layout }) };
  for (let i = 0; i < 38; i++) t[`skills/s${i}/SKILL.md`] = skillMd(`s${i}`);
  t["skills/s1/ref.md"] = "# Reference\n";
  t["skills/s2/data.txt"] = "plain text\n";
  t["skills/group/g1/SKILL.md"] = skillMd("g1");
  t["skills/group/g2/SKILL.md"] = skillMd("g2");
  return t;
}

/** Every file under `dir` by relative path, with its bytes. */
function files(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    try {
      out.set(name, readFileSync(path.join(dir, name)).toString("base64"));
    } catch {
      // a folder
    }
  }
  return out;
}

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** What a fresh `skillc build` process writes for a copy of `cwd`'s sources and config. */
async function freshBuild(cwd: string): Promise<Map<string, string>> {
  const copy = tempProject({}, "skillc-fresh-");
  made.push(copy);
  cpSync(path.join(cwd, "skills"), path.join(copy, "skills"), { recursive: true });
  cpSync(path.join(cwd, "skillc.config.json"), path.join(copy, "skillc.config.json"));
  const r = await runCli(["build", "--quiet"], { cwd: copy });
  expect(r.code, r.stderr).toBe(0);
  return files(path.join(copy, ".skillc"));
}

describe.each(["single", "split"])("build --watch (%s)", (layout) => {
  it("writes what a fresh build writes, after each kind of change", { timeout: 120_000 }, async () => {
    const cwd = tempProject(tree(layout), "skillc-watch-eq-");
    const ctx: CliContext = { cwd, env: { NO_COLOR: "1" }, stdout: { write: () => {} }, stderr: { write: () => {} } };
    const builds: number[] = [];
    const failures: unknown[] = [];
    const options = async (): Promise<BuildOptions> => ({ cwd, config: (await loadConfig(cwd)).config, cache: true });
    const abort = new AbortController();
    let ready!: () => void;
    const armed = new Promise<void>((r) => (ready = r));
    const run = async (opts: BuildOptions) => {
      try {
        const result = await build(opts);
        expect(result.written).toBe(true);
      } catch (error) {
        failures.push(error);
      } finally {
        builds.push(builds.length);
      }
    };
    const done = watchBuild(ctx, options, { quiet: true, signal: abort.signal, debounceMs: 50, build: run, onReady: ready });
    /** Makes a change, waits for the builds it starts to settle, and compares the output with a fresh build's. */
    const step = async (what: string, change: () => void) => {
      const before = builds.length;
      change();
      const deadline = Date.now() + 30_000;
      let seen = before;
      let quietSince = Date.now();
      while (builds.length === before || Date.now() - quietSince < 500) {
        if (Date.now() > deadline) throw new Error(`no build after: ${what}`);
        if (builds.length !== seen) [seen, quietSince] = [builds.length, Date.now()];
        await sleep(25);
      }
      expect(failures, what).toEqual([]);
      expect(files(path.join(cwd, ".skillc")), what).toEqual(await freshBuild(cwd));
    };
    const s = (rel: string) => path.join(cwd, "skills", rel);
    try {
      await armed;
      expect(builds).toEqual([0]);
      const s3 = readFileSync(s("s3/SKILL.md"));
      await step("a body edited", () => appendFileSync(s("s3/SKILL.md"), "\nOne more step.\n"));
      // The watch keeps the caches as the last build left them (cache/memory.ts): a skill back to
      // bytes an earlier build decoded must come out as a fresh build writes it.
      await step("a body put back to its earlier bytes", () => writeFileSync(s("s3/SKILL.md"), s3));
      await step("a description edited", () => writeFileSync(s("s5/SKILL.md"), skillMd("s5").replace("Does s5 things", "Handles s5 work")));
      await step("a skill added", () => {
        mkdirSync(s("added"));
        writeFileSync(s("added/SKILL.md"), skillMd("added"));
      });
      await step("a skill deleted", () => rmSync(s("s7"), { recursive: true }));
      await step("a folder above skills renamed", () => renameSync(s("group"), s("grouped")));
      await step("a supporting file added", () => writeFileSync(s("s11/notes.md"), "# Notes\n"));
      await step("a supporting file removed", () => rmSync(s("s1/ref.md")));
      await step("the config edited", () => writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ output: layout, files: { exclude: ["**/*.txt"] } })));
      await step("a body edited after the config", () => appendFileSync(s("s4/SKILL.md"), "\nAnd another.\n"));
    } finally {
      abort.abort();
    }
    await expect(done).resolves.toBe(0);
  });
});

describe("build --watch, a change made while the first build runs", () => {
  it("starts one more build, so the output is not left stale until the next change", { timeout: 60_000 }, async () => {
    const cwd = tempProject(tree("single"), "skillc-watch-first-");
    const ctx: CliContext = { cwd, env: { NO_COLOR: "1" }, stdout: { write: () => {} }, stderr: { write: () => {} } };
    const options = async (): Promise<BuildOptions> => ({ cwd, config: (await loadConfig(cwd)).config, cache: true });
    const abort = new AbortController();
    let builds = 0;
    const run = async (opts: BuildOptions) => {
      builds++;
      if (builds === 1) {
        // An edit while the first build is under way (the watch is waiting on it); a build already
        // past its reading would have written the old text, so only a second build makes it true.
        appendFileSync(path.join(cwd, "skills/s3/SKILL.md"), "\nAdded while the first build ran.\n");
        await sleep(300);
      }
      await build(opts);
    };
    const done = watchBuild(ctx, options, { quiet: true, signal: abort.signal, debounceMs: 50, build: run });
    const deadline = Date.now() + 20_000;
    while (builds < 2 && Date.now() < deadline) await sleep(50);
    abort.abort();
    await done;
    expect(builds, "the edit made during the first build started a second one").toBeGreaterThanOrEqual(2);
    expect(readFileSync(path.join(cwd, ".skillc/index.js"), "utf8")).toContain("Added while the first build ran.");
  });
});
