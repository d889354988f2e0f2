// A rebuild whose inputs are as the last writing build saw them replays that build's result
// (src/project/replay.ts): it must say and leave exactly what a build would, and any change to an
// input (a skill's files, its folders, the roots, the options, outDir) must make it build again.
import { appendFileSync, cpSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { build, type BuildOptions } from "../../src/project/build.js";
import { replayBuild } from "../../src/project/replay.js";
import type { ReplayedBuild } from "../../src/project/replay.js";
import { BuildReuse } from "../../src/project/build-reuse.js";
import { runCli } from "../helpers/cli.js";
import { skillMd, tempProject } from "../helpers/project.js";
import { expectSame, snapshot } from "../helpers/split-out.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than discovery's racy window (discover-listing.ts RACY_MS): a folder changed less than this before a build is not vouched for by its record. */
const SETTLE_MS = 2100;

/** 40 skills (past the caches' default threshold of 32), one with a warning and one with a supporting file. */
function tree(layout: string): Record<string, string> {
  const t: Record<string, string> = { "skillc.config.json": JSON.stringify({ output: layout }) };
  for (let i = 0; i < 38; i++) t[`skills/s${i}/SKILL.md`] = skillMd(`s${i}`);
  t["skills/s1/ref.md"] = "# Reference\n";
  t["skills/s2/SKILL.md"] = skillMd("s2", "foo: bar\n");
  t["skills/group/g1/SKILL.md"] = skillMd("g1");
  return t;
}

const options = async (cwd: string, extra: Partial<BuildOptions> = {}): Promise<BuildOptions> => ({ cwd, config: (await loadConfig(cwd)).config, cache: true, ...extra });
const isReplayed = (r: object): r is ReplayedBuild => "replayed" in r;
/** What `skillc build` does: the last result replayed, else a build. */
const buildOrReplay = async (opts: BuildOptions) => (await replayBuild(opts)) ?? (await build(opts));

/** What a build without caches says and writes for a copy of `cwd`'s sources and config. */
async function fresh(cwd: string, extra: Partial<BuildOptions> = {}) {
  const copy = tempProject({}, "skillc-replay-fresh-");
  // Everything but the caches and the outputs: the sources, whatever roots the config names, the config.
  const leftOut = new Set([path.join(cwd, "node_modules"), path.join(cwd, ".skillc")]);
  cpSync(cwd, copy, { recursive: true, dereference: true, filter: (src) => !leftOut.has(src) });
  const r = await build(await options(copy, { ...extra, cache: false }));
  return { diagnostics: r.diagnostics, written: r.written, outputs: r.written ? snapshot(path.join(copy, ".skillc")) : undefined };
}

/** Builds (or replays) `cwd`, and requires what it says and leaves to be a fresh build's. */
async function buildMatching(cwd: string, extra: Partial<BuildOptions> = {}): Promise<boolean> {
  const r = await buildOrReplay(await options(cwd, extra));
  const want = await fresh(cwd, extra);
  expect(r.diagnostics).toEqual(want.diagnostics);
  expect(r.written).toBe(want.written);
  // A build that does not write keeps the previous output (compared when it was written).
  if (want.outputs) expectSame(snapshot(path.join(cwd, ".skillc")), want.outputs);
  return isReplayed(r);
}

/** Runs `change` once, inside the next build's cache save: after its commit, before its run record. */
function duringNextSave(change: () => void | Promise<void>): void {
  const save = BuildReuse.prototype.save;
  const spy = vi.spyOn(BuildReuse.prototype, "save").mockImplementation(async function (this: BuildReuse) {
    spy.mockRestore();
    await change();
    return save.call(this);
  });
}

describe.each(["single", "split"])("a rebuild with nothing changed (%s)", (layout) => {
  it("replays the last build: same diagnostics, same summary, outDir untouched", { timeout: 60_000 }, async () => {
    const cwd = tempProject(tree(layout), "skillc-replay-");
    await sleep(SETTLE_MS);
    // A build that analyses skills records nothing; the next, which restores every one, records its result.
    expect(isReplayed(await buildOrReplay(await options(cwd)))).toBe(false);
    const records = () => readdirSync(path.join(cwd, "node_modules/.cache/skillc")).filter((n) => n.startsWith("run-v1-") && !n.includes(".diagnostics"));
    expect(records()).toEqual([]);
    const first = await buildOrReplay(await options(cwd));
    expect(records()).toHaveLength(1);
    expect(isReplayed(first)).toBe(false);
    const before = snapshot(path.join(cwd, ".skillc"));
    const again = await buildOrReplay(await options(cwd));
    expect(isReplayed(again)).toBe(true);
    if (isReplayed(again) && !isReplayed(first)) {
      expect(again.diagnostics).toEqual(first.diagnostics);
      expect(again.diagnostics.length).toBeGreaterThan(0);
      expect(again.emitted).toBe(first.skills.length);
      expect([again.bundleBytes, again.chunks, again.found, again.layout]).toEqual([first.bundleBytes, first.chunks, first.found, first.layout]);
    }
    expectSame(snapshot(path.join(cwd, ".skillc")), before);
  });
});

describe("a rebuild after a change builds, and says and writes what a fresh build does", () => {
  it("for each kind of change to an input", { timeout: 120_000 }, async () => {
    const cwd = tempProject(tree("split"), "skillc-replay-change-");
    await sleep(SETTLE_MS);
    expect(await buildMatching(cwd)).toBe(false);
    expect(await buildMatching(cwd)).toBe(false);
    expect(await buildMatching(cwd)).toBe(true);
    const out = path.join(cwd, ".skillc");
    const changes: Array<[string, () => void]> = [
      ["a SKILL.md edited in place", () => appendFileSync(path.join(cwd, "skills/s3/SKILL.md"), "\nOne more line.\n")],
      ["a supporting file rewritten with the same size", () => writeFileSync(path.join(cwd, "skills/s1/ref.md"), "# Refereeee\n")],
      ["a file added to a skill folder", () => writeFileSync(path.join(cwd, "skills/s4/notes.md"), "notes\n")],
      ["a skill removed", () => rmSync(path.join(cwd, "skills/s5"), { recursive: true })],
      ["a skill folder renamed", () => renameSync(path.join(cwd, "skills/s6"), path.join(cwd, "skills/s6b"))],
      ["an output edited", () => appendFileSync(path.join(out, "manifest.json"), " ")],
      ["a chunk removed", () => unlinkSync(path.join(out, "chunks", readdirSync(path.join(out, "chunks")).find((n) => n.endsWith(".js"))!))],
      ["the config changed", () => writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ output: "split", catalog: { format: "markdown" } }))],
    ];
    for (const [what, change] of changes) {
      change();
      expect(await buildMatching(cwd), what).toBe(false);
      // Recorded again once its folders are past the racy window: then replayed.
      await sleep(SETTLE_MS);
      await buildMatching(cwd);
      expect(await buildMatching(cwd), `${what}, then nothing`).toBe(true);
    }
    // A file of someone else's in outDir: a build leaves it, and it is not what the record saw.
    writeFileSync(path.join(out, "extra.txt"), "x");
    expect(isReplayed(await buildOrReplay(await options(cwd))), "a file added to outDir").toBe(false);
    unlinkSync(path.join(out, "extra.txt"));
    // Another build's temp folder beside outDir (a live one's: pid 1): a build leaves it and writes.
    mkdirSync(path.join(cwd, ".skillc.tmp-1-live"));
    expect(isReplayed(await buildOrReplay(await options(cwd))), "a temp folder beside outDir").toBe(false);
    rmSync(path.join(cwd, ".skillc.tmp-1-live"), { recursive: true });
    // Another option (the record's key), then the same options again.
    expect(await buildMatching(cwd, { strict: true }), "--strict").toBe(false);
    // --strict failed on the warning and wrote nothing: outDir is still the recorded build's.
    expect(await buildMatching(cwd), "back to the options recorded").toBe(true);
  });

  it("when a root's link points elsewhere", { timeout: 60_000 }, async () => {
    const cwd = tempProject({ ...Object.fromEntries(Object.entries(tree("single")).map(([k, v]) => [k.replace(/^skills\//, "a/"), v])) }, "skillc-replay-link-");
    cpSync(path.join(cwd, "a"), path.join(cwd, "b"), { recursive: true });
    appendFileSync(path.join(cwd, "b/s0/SKILL.md"), "\nOnly in b.\n");
    writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ output: "single" }));
    symlinkSync("a", path.join(cwd, "skills"));
    await sleep(SETTLE_MS);
    await buildMatching(cwd);
    await buildMatching(cwd);
    expect(await buildMatching(cwd)).toBe(true);
    unlinkSync(path.join(cwd, "skills"));
    symlinkSync("b", path.join(cwd, "skills"));
    expect(await buildMatching(cwd)).toBe(false);
  });

  it("never, for a build with toolsets (their evaluation reads more than the skill's files)", { timeout: 60_000 }, async () => {
    const cwd = tempProject(tree("single"), "skillc-replay-tools-");
    cpSync(path.join(process.cwd(), "skills/release-notes"), path.join(cwd, "skills/release-notes"), { recursive: true });
    await sleep(SETTLE_MS);
    await buildMatching(cwd);
    await buildMatching(cwd);
    expect(await buildMatching(cwd)).toBe(false);
  });
});

describe("a root that is not a folder", () => {
  it("is not replayed once a folder stands at its path", { timeout: 60_000 }, async () => {
    const cwd = tempProject({ ...tree("single"), "skillc.config.json": JSON.stringify({ output: "single", sources: ["skills", "extra"] }), extra: "a file\n" }, "skillc-replay-root-");
    await sleep(SETTLE_MS);
    // The root that is a file is an error: written with --emit-on-error, and recorded as such.
    await buildMatching(cwd, { emitOnError: true });
    await buildMatching(cwd, { emitOnError: true });
    expect(await buildMatching(cwd, { emitOnError: true })).toBe(true);
    // The same path, now a folder of skills: its real path is the same.
    unlinkSync(path.join(cwd, "extra"));
    mkdirSync(path.join(cwd, "extra/x1"), { recursive: true });
    writeFileSync(path.join(cwd, "extra/x1/SKILL.md"), skillMd("x1"));
    expect(await buildMatching(cwd, { emitOnError: true })).toBe(false);
  });
});

describe("a link discovery passes by", () => {
  it("is not replayed once what it points to is a folder", { timeout: 60_000 }, async () => {
    // A link among the skill folders to a file (in a folder discovery skips): no folder to search.
    const cwd = tempProject({ ...tree("single"), "skills/.stash/more": "a file\n" }, "skillc-replay-linkkind-");
    symlinkSync(".stash/more", path.join(cwd, "skills/more"));
    await sleep(SETTLE_MS);
    await buildMatching(cwd);
    await buildMatching(cwd);
    expect(await buildMatching(cwd)).toBe(true);
    // The same path, now a folder holding a skill: the link's real path is the same.
    unlinkSync(path.join(cwd, "skills/.stash/more"));
    mkdirSync(path.join(cwd, "skills/.stash/more/y1"), { recursive: true });
    writeFileSync(path.join(cwd, "skills/.stash/more/y1/SKILL.md"), skillMd("y1"));
    expect(await buildMatching(cwd)).toBe(false);
  });
});

describe("a search cut at a bound", () => {
  it("is not replayed once a cut folder holds a skill (the warning names it)", { timeout: 60_000 }, async () => {
    const config = { output: "single", discovery: { maxDepth: 1 }, rules: { "discovery-limit": "warn" } };
    const cwd = tempProject({ ...tree("single"), "skillc.config.json": JSON.stringify(config), "skills/deep/x/notes.txt": "x\n" }, "skillc-replay-cut-");
    rmSync(path.join(cwd, "skills/group"), { recursive: true });
    await sleep(SETTLE_MS);
    await buildMatching(cwd);
    await buildMatching(cwd);
    await buildMatching(cwd);
    // A skill file in the cut folder: the folder discovery listed above it keeps its print.
    writeFileSync(path.join(cwd, "skills/deep/x/SKILL.md"), skillMd("x"));
    expect(await buildMatching(cwd)).toBe(false);
  });
});

describe("another build writing outDir once this one let go of its lock", () => {
  it("is not in this build's record: the next build builds", { timeout: 60_000 }, async () => {
    const cwd = tempProject(tree("single"), "skillc-replay-race-");
    await sleep(SETTLE_MS);
    await buildMatching(cwd);
    // The next build restores every skill and records its result. Between its commit (outDir's lock
    // released) and its record, another build with other options writes the same outDir.
    const base = await options(cwd);
    const other = { ...base, cache: false, config: { ...base.config, catalog: { ...base.config.catalog, format: "markdown" as const } } };
    let wrote = false;
    duringNextSave(async () => void (wrote = (await build(other)).written));
    expect(isReplayed(await buildOrReplay(base))).toBe(false);
    expect(wrote).toBe(true);
    // outDir holds the other build's output: a build with the first options writes its own.
    expect(await buildMatching(cwd)).toBe(false);
  });
});

describe("a root's link retargeted while a build runs", () => {
  it("is recorded as the build found it: the next build builds", { timeout: 60_000 }, async () => {
    const cwd = tempProject(Object.fromEntries(Object.entries(tree("single")).map(([k, v]) => [k.replace(/^skills\//, "a/"), v])), "skillc-replay-root-race-");
    cpSync(path.join(cwd, "a"), path.join(cwd, "b"), { recursive: true });
    appendFileSync(path.join(cwd, "b/s0/SKILL.md"), "\nOnly in b.\n");
    symlinkSync("a", path.join(cwd, "skills"));
    await sleep(SETTLE_MS);
    await buildMatching(cwd);
    // The build that records: its root points to b once discovery has searched a.
    duringNextSave(() => {
      unlinkSync(path.join(cwd, "skills"));
      symlinkSync("b", path.join(cwd, "skills"));
    });
    expect(isReplayed(await buildOrReplay(await options(cwd)))).toBe(false);
    expect(await buildMatching(cwd)).toBe(false);
  });
});

describe("a link behind a link retargeted while a build runs", () => {
  it("is recorded as the build found it: the next build builds", { timeout: 60_000 }, async () => {
    // skills/grp -> .stash/cur/grp, and .stash/cur -> v1: .stash is a folder discovery does not list.
    const cwd = tempProject({ ...tree("single"), "skills/.stash/v1/grp/g9/SKILL.md": skillMd("g9"), "skills/.stash/v2/grp/g9/SKILL.md": skillMd("g9", "", "Only in v2.\n") }, "skillc-replay-link-race-");
    symlinkSync("v1", path.join(cwd, "skills/.stash/cur"));
    symlinkSync(".stash/cur/grp", path.join(cwd, "skills/grp"));
    await sleep(SETTLE_MS);
    await buildMatching(cwd);
    // The build that records: .stash/cur points to v2 once the search has been through v1.
    duringNextSave(() => {
      unlinkSync(path.join(cwd, "skills/.stash/cur"));
      symlinkSync("v2", path.join(cwd, "skills/.stash/cur"));
    });
    expect(isReplayed(await buildOrReplay(await options(cwd)))).toBe(false);
    expect(await buildMatching(cwd)).toBe(false);
  });
});

describe("a link that cannot be followed", () => {
  it("is not replayed once it fails for another reason (the warning names the error)", { timeout: 60_000 }, async () => {
    // skills/s0/x -> ../.stash/y -> missing: a broken link in a skill is a warning naming its error.
    const cwd = tempProject(tree("single"), "skillc-replay-broken-");
    mkdirSync(path.join(cwd, "skills/.stash"));
    symlinkSync("missing", path.join(cwd, "skills/.stash/y"));
    symlinkSync("../.stash/y", path.join(cwd, "skills/s0/x"));
    await sleep(SETTLE_MS);
    const warning = async () => {
      const r = await buildOrReplay(await options(cwd));
      return { replayed: isReplayed(r), message: r.diagnostics.find((d) => d.file === "skills/s0/x")?.message };
    };
    await warning();
    await warning();
    expect(await warning()).toMatchObject({ replayed: true, message: expect.stringContaining("(ENOENT)") });
    // The link behind it now points to itself (.stash is not listed): the first link's real path is still none.
    unlinkSync(path.join(cwd, "skills/.stash/y"));
    symlinkSync("y", path.join(cwd, "skills/.stash/y"));
    expect(await warning()).toMatchObject({ replayed: false, message: expect.stringContaining("(ELOOP)") });
  });
});

describe("skillc build (the process)", () => {
  it("prints the same summary and exits the same when it replays", { timeout: 60_000 }, async () => {
    const cwd = tempProject(tree("split"), "skillc-replay-cli-");
    await sleep(SETTLE_MS);
    await runCli(["build", "--cache"], { cwd, env: { NO_COLOR: "1" } });
    const first = await runCli(["build", "--cache"], { cwd, env: { NO_COLOR: "1" } });
    expect(readdirSync(path.join(cwd, "node_modules/.cache/skillc")).some((n) => n.startsWith("run-v1-"))).toBe(true);
    const second = await runCli(["build", "--cache"], { cwd, env: { NO_COLOR: "1" } });
    const summary = (s: string) => s.replace(/ in \d+ ms/, "");
    expect(first.code).toBe(0);
    expect(second.code).toBe(first.code);
    expect(summary(second.stderr)).toBe(summary(first.stderr));
    expect(second.stdout).toBe(first.stdout);
  });
});
