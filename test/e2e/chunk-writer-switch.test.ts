// SKILLC_CHUNK_WRITER=off: a split build stages every chunk in its main thread, with no writer
// thread (README, Environment). Checked on the built CLI as a real process: a preload counts the
// chunk writer threads it starts (node's Worker, wrapped before dist/ is imported), and both runs
// write the same files, byte for byte. And the writer is stopped before emit stages the shards
// (where the build's memory peaks).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ChunkStage } from "../../src/emit/chunk-stage.js";
import { build } from "../../src/project/build.js";
import { resolveDefaults } from "../../src/config/types.js";
import { CLI } from "../helpers/cli.js";
import { skillMd, tempProject, type Tree } from "../helpers/project.js";

/** More skills than the writer waits for before it starts (chunk-thread.ts THREAD_AFTER, 256). */
const SKILLS = 300;

const PRELOAD = `import { createRequire, syncBuiltinESMExports } from "node:module";
const wt = createRequire(import.meta.url)("node:worker_threads");
const Worker = wt.Worker;
let writers = 0;
wt.Worker = class extends Worker {
  constructor(file, opts) {
    // The same script started to check outDir's chunks (project/chunk-trust.ts) writes none.
    if (String(file).endsWith("chunk-writer.js") && !opts?.workerData?.check) writers++;
    super(file, opts);
  }
};
syncBuiltinESMExports();
process.on("exit", () => process.stderr.write("chunk writers started: " + writers + "\\n"));
`;

function project(): string {
  const tree: Tree = { "skillc.config.json": JSON.stringify({ output: "split", discovery: { maxFolders: 10000 } }) };
  for (let i = 0; i < SKILLS; i++) {
    tree[`skills/s${i}/SKILL.md`] = skillMd(`s${i}`, "", `# s${i}\n\nUse $ARGUMENTS on ${"é".repeat(i)}.\n`);
    tree[`skills/s${i}/references/r.md`] = `reference ${i}\n`;
  }
  return tempProject(tree, "skillc-writer-switch-");
}

/** Builds `root` into outDir `out` with the given SKILLC_CHUNK_WRITER; the writers started and every file written. */
function buildWith(root: string, out: string, writer: string | undefined): { writers: number; files: Map<string, string> } {
  const preload = path.join(root, "count-writers.mjs");
  writeFileSync(preload, PRELOAD);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, NO_COLOR: "1" };
  if (writer !== undefined) env.SKILLC_CHUNK_WRITER = writer;
  const r = spawnSync(process.execPath, ["--import", preload, CLI, "build", "--out", out, "--no-cache"], { cwd: root, env, encoding: "utf8", timeout: 120_000 });
  expect(r.status, r.stderr).toBe(0);
  const m = /chunk writers started: (\d+)/.exec(r.stderr);
  expect(m, r.stderr).not.toBeNull();
  const files = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const e of readdirSync(path.join(root, out, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p);
      else files.set(p, readFileSync(path.join(root, out, p), "latin1"));
    }
  };
  walk("");
  return { writers: Number(m![1]), files };
}

describe("SKILLC_CHUNK_WRITER", () => {
  it("off: no chunk writer thread starts, and the build writes what one with the writer writes", () => {
    const root = project();
    const on = buildWith(root, "out-on", undefined);
    const off = buildWith(root, "out-off", "off");
    expect(on.writers).toBe(1);
    expect(off.writers).toBe(0);
    expect([...on.files.keys()].filter((f) => f.startsWith("chunks/")).length).toBeGreaterThan(SKILLS);
    expect([...off.files.keys()].sort()).toEqual([...on.files.keys()].sort());
    for (const [name, bytes] of on.files) expect(off.files.get(name) === bytes, name).toBe(true);
  });
});

describe("the chunk writer's end", () => {
  it("is asked for (ChunkStage.retire) after every skill is streamed and before emit stages its shards", async () => {
    const root = project();
    const order: string[] = [];
    const retire = vi.spyOn(ChunkStage.prototype, "retire").mockImplementation(async function (this: ChunkStage) {
      order.push("retire");
    });
    const original = ChunkStage.prototype.put;
    const put = vi.spyOn(ChunkStage.prototype, "put").mockImplementation(function (this: ChunkStage, hash, bytes, ext) {
      order.push(ext === "json" || ext === "d.ts" ? "shard" : "chunk");
      return original.call(this, hash, bytes, ext);
    });
    // emit stages its metadata files (shards, links modules, manifest and type shards) as parts
    const originalParts = ChunkStage.prototype.putParts;
    const putParts = vi.spyOn(ChunkStage.prototype, "putParts").mockImplementation(function (this: ChunkStage, ...args: Parameters<ChunkStage["putParts"]>) {
      order.push("shard");
      return originalParts.apply(this, args);
    });
    try {
      const r = await build({ cwd: root, config: resolveDefaults(root, { outDir: "out-order", output: "split", discovery: { maxFolders: 10000 } }), cache: false });
      expect(r.written).toBe(true);
    } finally {
      retire.mockRestore();
      put.mockRestore();
      putParts.mockRestore();
    }
    expect(order.filter((o) => o === "retire")).toHaveLength(1);
    expect(order.indexOf("shard")).toBeGreaterThan(-1);
    expect(order.indexOf("retire")).toBeLessThan(order.indexOf("shard"));
    // In this process no writer script is found: every skill's chunk is staged here, all before it.
    expect(order.slice(0, order.indexOf("retire")).filter((o) => o === "chunk").length).toBeGreaterThanOrEqual(SKILLS);
  });
});
