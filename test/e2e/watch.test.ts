import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RebuildQueue, watchBuild } from "../../src/commands/watch.js";
import { loadConfig } from "../../src/config/load.js";
import type { BuildOptions } from "../../src/project/build.js";
import type { CliContext } from "../../src/commands/context.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The queue's timing is driven by fake timers and the task's completion by hand: no test depends on
// how fast the machine is.
describe("RebuildQueue", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A task whose runs finish only when `finish()` is called. */
  function manualTask() {
    const runs: boolean[] = [];
    let active = 0;
    let maxActive = 0;
    const pending: Array<() => void> = [];
    const task = (reload: boolean) => {
      runs.push(reload);
      maxActive = Math.max(maxActive, ++active);
      return new Promise<void>((resolve) => pending.push(() => (active--, resolve())));
    };
    const finish = async () => {
      pending.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    };
    return { runs, task, finish, maxActive: () => maxActive };
  }

  it("debounces a burst into one run", async () => {
    const t = manualTask();
    const q = new RebuildQueue(t.task, 30);
    for (let i = 0; i < 5; i++) {
      q.request(false);
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(t.runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(30);
    expect(t.runs).toEqual([false]);
    await t.finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.runs).toEqual([false]);
    await q.close();
  });

  it("never runs two at once: requests during a run make one follow-up, and a reload is not lost", async () => {
    const t = manualTask();
    const q = new RebuildQueue(t.task, 10);
    q.request(false);
    await vi.advanceTimersByTimeAsync(10); // first run in progress
    q.request(false);
    await vi.advanceTimersByTimeAsync(20);
    q.request(true);
    await vi.advanceTimersByTimeAsync(20);
    q.request(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(t.runs).toEqual([false]);
    await t.finish();
    expect(t.runs).toEqual([false, true]);
    await t.finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.runs).toEqual([false, true]);
    expect(t.maxActive()).toBe(1);
    await q.close();
  });

  it("close waits for the run in progress and drops what is pending", async () => {
    const t = manualTask();
    const q = new RebuildQueue(t.task, 5);
    q.request(false);
    await vi.advanceTimersByTimeAsync(5);
    q.request(false);
    let closed = false;
    const closing = q.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(closed).toBe(false);
    await t.finish();
    await closing;
    expect(t.runs).toEqual([false]);
  });
});

describe("watchBuild", () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "skillc-watch-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const skill = (name: string, description = `Do ${name}. Use when asked to ${name}.`) =>
    `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nSteps.\n`;

  async function waitFor(read: () => string, pattern: RegExp, after: number, timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = read().slice(after);
      if (pattern.test(text)) return text;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; output so far:\n${read()}`);
      await sleep(25);
    }
  }

  it("builds, rebuilds on a skill change, keeps the last good output on error, reloads on a config change", async () => {
    const cwd = path.join(tmp, "project");
    mkdirSync(path.join(cwd, "skills", "alpha"), { recursive: true });
    writeFileSync(path.join(cwd, "skills", "alpha", "SKILL.md"), skill("alpha"));
    writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ outDir: "out-a" }));
    let err = "";
    const ctx: CliContext = { cwd, env: { NO_COLOR: "1" }, stdout: { write: () => {} }, stderr: { write: (t) => void (err += t) } };
    let optionCalls = 0;
    const options = async (): Promise<BuildOptions> => {
      optionCalls++;
      return { cwd, config: (await loadConfig(cwd)).config, roots: [] };
    };
    const abort = new AbortController();
    const done = watchBuild(ctx, options, { quiet: false, signal: abort.signal, debounceMs: 50 });
    const manifest = (dir: string) => JSON.parse(readFileSync(path.join(cwd, dir, "manifest.json"), "utf8")) as { skills: Array<{ name: string }> };
    try {
      await waitFor(() => err, /watching skills\/ for changes/, 0);
      expect(err).toMatch(/built 1 skill into out-a\//);
      expect(manifest("out-a").skills.map((s) => s.name)).toEqual(["alpha"]);

      // A new skill (a new folder, too): one rebuild.
      let mark = err.length;
      mkdirSync(path.join(cwd, "skills", "beta"));
      writeFileSync(path.join(cwd, "skills", "beta", "SKILL.md"), skill("beta"));
      await waitFor(() => err, /built 2 skills into out-a\//, mark);
      expect(err.slice(mark)).toMatch(/skills\/beta.* changed; rebuilding/);
      expect(manifest("out-a").skills.map((s) => s.name)).toEqual(["alpha", "beta"]);

      // A broken skill: diagnostics, nothing written, the previous output stays.
      mark = err.length;
      writeFileSync(path.join(cwd, "skills", "beta", "SKILL.md"), "---\nname: beta\ndescription: Fix: broken colon\n---\nbody\n");
      const failed = await waitFor(() => err, /nothing written: out-a\/ keeps its previous output/, mark);
      expect(failed).toMatch(/skills\/beta\/SKILL\.md/);
      expect(manifest("out-a").skills.map((s) => s.name)).toEqual(["alpha", "beta"]);

      // Fixed again.
      mark = err.length;
      writeFileSync(path.join(cwd, "skills", "beta", "SKILL.md"), skill("beta", "Do beta, version two. Use when asked."));
      await waitFor(() => err, /built 2 skills into out-a\//, mark);

      // A config change reloads everything: the new outDir gets the build.
      mark = err.length;
      const callsBefore = optionCalls;
      writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ outDir: "out-b" }));
      await waitFor(() => err, /built 2 skills into out-b\//, mark);
      expect(optionCalls).toBe(callsBefore + 1);
      expect(manifest("out-b").skills.map((s) => s.name)).toEqual(["alpha", "beta"]);

      // An invalid config keeps the previous one.
      mark = err.length;
      writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ outDri: "x" }));
      await waitFor(() => err, /Keeping the previous config/, mark);
      expect(err.slice(mark)).toContain('unknown key "outDri"');

      // Writing outputs does not trigger rebuilds of its own.
      await sleep(300);
      mark = err.length;
      await sleep(400);
      expect(err.slice(mark)).toBe("");
    } finally {
      abort.abort();
    }
    await expect(done).resolves.toBe(0);
    expect(existsSync(path.join(cwd, "out-b", "index.js"))).toBe(true);
  });

  /**
   * A watch of one skill, `change` made once it watches; resolves with its stderr after the line
   * `after` matches. Each escape below reached the terminal raw (OSC 52 writes the clipboard).
   */
  async function escapedAfter(folder: string, change: (cwd: string) => void, after: RegExp): Promise<{ err: string; after: string }> {
    const cwd = path.join(tmp, folder);
    mkdirSync(path.join(cwd, "skills", "delta"), { recursive: true });
    writeFileSync(path.join(cwd, "skills", "delta", "SKILL.md"), skill("delta"));
    let err = "";
    const ctx: CliContext = { cwd, env: { NO_COLOR: "1" }, stdout: { write: () => {} }, stderr: { write: (t) => void (err += t) } };
    const abort = new AbortController();
    const done = watchBuild(ctx, async () => ({ cwd, config: (await loadConfig(cwd)).config }), { quiet: false, signal: abort.signal, debounceMs: 50 });
    let seen: string;
    try {
      await waitFor(() => err, /watching skills\/ for changes/, 0);
      const mark = err.length;
      change(cwd);
      seen = await waitFor(() => err, after, mark);
    } finally {
      abort.abort();
    }
    await expect(done).resolves.toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(err).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    return { err, after: seen };
  }

  it("names a changed file whose name holds an ESC sequence escaped", async () => {
    const { after } = await escapedAfter("escapes", (cwd) => writeFileSync(path.join(cwd, "skills", "delta", "x\u001b]52;c;cm0gLXJmIH4=\u0007.md"), "notes\n"), /changed; rebuilding/);
    expect(after).toContain("x\\x1b]52;c;cm0gLXJmIH4=\\x07.md changed; rebuilding");
  });

  it("shows a config reload's error escaped (a key with an ESC sequence in a pulled skillc.config.json)", async () => {
    const { after } = await escapedAfter("config-escapes", (cwd) => writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ "x\u001b]52;c;cm0gLXJmIH4=\u0007": 1 })), /Keeping the previous config/);
    expect(after).toContain("x\\x1b]52;c;cm0gLXJmIH4=\\x07");
  });

  it("watches a source root that does not exist yet", async () => {
    const cwd = path.join(tmp, "empty");
    mkdirSync(cwd);
    let err = "";
    const ctx: CliContext = { cwd, env: { NO_COLOR: "1" }, stdout: { write: () => {} }, stderr: { write: (t) => void (err += t) } };
    const abort = new AbortController();
    const done = watchBuild(ctx, async () => ({ cwd, config: (await loadConfig(cwd)).config }), { quiet: true, signal: abort.signal, debounceMs: 50 });
    try {
      await sleep(500);
      mkdirSync(path.join(cwd, "skills", "gamma"), { recursive: true });
      writeFileSync(path.join(cwd, "skills", "gamma", "SKILL.md"), skill("gamma"));
      const deadline = Date.now() + 20_000;
      while (!existsSync(path.join(cwd, ".skillc", "manifest.json"))) {
        if (Date.now() > deadline) throw new Error("no build after the root appeared:\n" + err);
        await sleep(50);
      }
      // Writes may land a moment after the manifest appears; wait for the folder watch to settle.
      await sleep(300);
      const m = JSON.parse(readFileSync(path.join(cwd, ".skillc", "manifest.json"), "utf8")) as { skills: Array<{ name: string }> };
      expect(m.skills.map((s) => s.name)).toContain("gamma");
    } finally {
      abort.abort();
    }
    await expect(done).resolves.toBe(0);
  });
});
