// A large single build's side worker started before emit asks for it (src/project/side-worker.ts
// earlySideWorker): emit gets that worker, not a second one; one that died meanwhile is replaced,
// and one never taken is ended.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { runSide, SideRender, type SideJob, type SideWorkerStart } from "../../../src/emit/side-render.js";
import { earlySideWorker, sideWorker } from "../../../src/project/side-worker.js";
import { REPO } from "../../helpers/cli.js";
import { sampleSkills } from "../emit/helpers.js";

const WORKER = path.join(REPO, "dist", "analyze-worker.js");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** sideWorker for `script`, keeping every worker it starts. */
function counting(script: string): { start: SideWorkerStart; started: Worker[] } {
  const started: Worker[] = [];
  const inner = sideWorker({ SKILLC_WORKERS: "1" }, script);
  return {
    started,
    start: (work) => {
      const w = inner(work);
      if (w) started.push(w);
      return w;
    },
  };
}

/** Resolves when `w` exits (events.once would reject on the "error" a failing script emits first). */
function exit(w: Worker): Promise<void> {
  return new Promise((resolve) => w.once("exit", () => resolve()));
}

function job(): SideJob {
  const skills = sampleSkills();
  return { skills, dts: { version: "9.9.9", runtimeApi: "export declare const api: 1;" }, manifest: skills.map((_, i) => i) };
}

describe("the early side worker", () => {
  it("is started at once and is the worker emit's side renders get", async () => {
    const c = counting(WORKER);
    const early = earlySideWorker(10_000, c.start);
    expect(c.started).toHaveLength(1);
    const j = job();
    const side = SideRender.start(j, 10_000, early.start);
    expect(side.threaded).toBe(true);
    expect(await side.result()).toEqual(runSide(j));
    expect(c.started).toHaveLength(1);
    early.discard();
  });

  it("is replaced when it died before emit took it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "skillc-early-"));
    dirs.push(dir);
    const broken = path.join(dir, "broken.mjs");
    writeFileSync(broken, "throw new Error('no');\n");
    const c = counting(broken);
    const early = earlySideWorker(10_000, c.start);
    await exit(c.started[0]!);
    const j = job();
    const side = SideRender.start(j, 10_000, early.start);
    // A second worker was asked for (it fails too: rendered here), and the result is whole.
    expect(c.started).toHaveLength(2);
    expect(await side.result()).toEqual(runSide(j));
  });

  it("is not started for a few fresh skills, and is ended when never taken", async () => {
    const few = counting(WORKER);
    earlySideWorker(3, few.start).discard();
    expect(few.started).toHaveLength(0);
    const c = counting(WORKER);
    const early = earlySideWorker(10_000, c.start);
    const exited = exit(c.started[0]!);
    early.discard();
    await exited;
    // Taken after a discard, a new one is started.
    const again = early.start(10_000);
    expect(c.started).toHaveLength(2);
    await again?.terminate();
  });
});
