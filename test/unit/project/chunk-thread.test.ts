// The split build's chunk writer thread (src/project/chunk-thread.ts, chunk-writer.ts, run from
// dist/ as the CLI runs it): past its first skills the stage's chunks are compiled, rendered and
// created there, byte for byte what this thread stages, each name once; a writer that dies midway
// (having left a chunk half written) or cannot start leaves its skills to this thread, whole.
// Checked through the staged files and the counts of skills each side staged, not timed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChunkStage } from "../../../src/emit/chunk-stage.js";
import { renderChunk } from "../../../src/emit/chunk-render.js";
import { compileTemplate } from "../../../src/pipeline/template.js";
import { chunkStreaming, type StreamInput } from "../../../src/project/chunk-thread.js";
import { rng } from "../../helpers/prng.js";

const SCRIPT = fileURLToPath(new URL("../../../dist/chunk-writer.js", import.meta.url));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "skillc-writer-"));
});
afterEach(() => {
  delete process.env.SKILLC_CHUNK_SYNC;
  rmSync(dir, { recursive: true, force: true });
});

/** Skills of every shape: placeholders, non-ASCII and U+2028 text, binary files, a file cut into pieces, repeated payloads. */
function inputs(n: number): StreamInput[] {
  const rand = rng(7);
  return Array.from({ length: n }, (_, i) => {
    const k = i % 13 === 12 ? i - 12 : i; // every 13th repeats an earlier skill's payload
    const files: StreamInput["files"] = [
      { path: "notes.md", content: `# ${k} é\u2028 ${"x".repeat(k * 31)}` },
      { path: "bin.dat", content: Uint8Array.from({ length: 40 + k }, () => Math.floor(rand() * 256)) },
    ];
    if (k === 5) files.push({ path: "big.txt", content: "ü".repeat(200_000) });
    return { body: `Use $ARGUMENTS[0] on skill ${k}.\n`, options: { dialect: "claude-code", argumentNames: ["a"] }, files };
  });
}

function expected(input: StreamInput) {
  const c = renderChunk({ template: compileTemplate(input.body, input.options), files: input.files });
  return { chunk: c.hash, pieces: c.pieces.map((p) => p.hash) };
}

/** Every staged file, checked to hold the bytes its name is the hash of. */
function stagedNames(stage: ChunkStage): string[] {
  const staged = path.join(stage.tmp!, "chunks");
  const names = readdirSync(staged).sort();
  for (const name of names) expect(`${createHash("sha256").update(readFileSync(path.join(staged, name))).digest("hex")}.js`).toBe(name);
  return names;
}

describe("chunkStreaming", () => {
  // syncfs: the writer creates each chunk itself, synchronously; each: on the thread pool, with an fdatasync each.
  it.each(["syncfs", "each"])("stages in the writer thread past `after` skills what this thread would, each name once (%s)", async (mode) => {
    if (mode === "each") process.env.SKILLC_CHUNK_SYNC = "each";
    const stage = ChunkStage.open(path.join(dir, "out"));
    const stream = chunkStreaming(stage, { after: 8, script: SCRIPT });
    const all = inputs(60);
    const got = await Promise.all(all.map((x) => stream(x)));
    expect(got).toEqual(all.map(expected));
    expect(stream.counts).toEqual({ here: 8, writer: 52 });
    await stage.flush();
    const names = new Set(got.flatMap((g) => [g.chunk, ...g.pieces]).map((h) => `${h}.js`));
    expect(stagedNames(stage)).toEqual([...names].sort());
    await stage.discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a writer that dies midway, leaving a chunk half written: its skills are staged here, whole", async () => {
    const all = inputs(20);
    // The fake writer half-writes the chunk of the first skill it is given, then exits.
    const victim = `${expected(all[4]!).chunk}.js`;
    const fake = path.join(dir, "fake-writer.mjs");
    writeFileSync(fake, `import { parentPort, workerData } from "node:worker_threads";
import { writeFileSync } from "node:fs";
parentPort.on("message", () => { writeFileSync(workerData.dir + "/" + ${JSON.stringify(victim)}, "export def"); process.exit(3); });\n`);
    const stage = ChunkStage.open(path.join(dir, "out"));
    const stream = chunkStreaming(stage, { after: 4, script: fake });
    const got = [];
    for (const x of all) got.push(await stream(x));
    expect(got).toEqual(all.map(expected));
    expect(stream.counts).toEqual({ here: 20, writer: 0 });
    await stage.flush();
    expect(stagedNames(stage)).toContain(victim);
    await stage.discard();
  });

  it.each(["syncfs", "each"])("a chunk the writer cannot create: flush throws its error (%s)", async (mode) => {
    if (mode === "each") process.env.SKILLC_CHUNK_SYNC = "each";
    const stage = ChunkStage.open(path.join(dir, "out"));
    const stream = chunkStreaming(stage, { after: 1, script: SCRIPT });
    const all = inputs(6);
    await stream(all[0]!);
    // The staging folder's chunks/ gone under the writer: its creates fail (ENOENT), and say so.
    rmSync(path.join(stage.tmp!, "chunks"), { recursive: true });
    const got = await Promise.all(all.slice(1).map((x) => stream(x)));
    expect(got).toEqual(all.slice(1).map(expected));
    expect(stream.counts).toEqual({ here: 1, writer: 5 });
    await expect(stage.flush()).rejects.toThrow(/ENOENT/);
    await stage.discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("retire stops the writer (before emit): what is streamed later is staged here, whole", async () => {
    const stage = ChunkStage.open(path.join(dir, "out"));
    const stream = chunkStreaming(stage, { after: 4, script: SCRIPT });
    const all = inputs(30);
    const first = await Promise.all(all.slice(0, 20).map((x) => stream(x)));
    await stage.retire();
    const later = await Promise.all(all.slice(20).map((x) => stream(x)));
    expect([...first, ...later]).toEqual(all.map(expected));
    expect(stream.counts).toEqual({ here: 14, writer: 16 });
    await stage.flush();
    expect(stagedNames(stage)).toEqual([...new Set([...first, ...later].flatMap((g) => [g.chunk, ...g.pieces]))].map((h) => `${h}.js`).sort());
    await stage.discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a writer script that cannot start: every skill is staged here", async () => {
    const stage = ChunkStage.open(path.join(dir, "out"));
    const stream = chunkStreaming(stage, { after: 2, script: path.join(dir, "missing.js") });
    const all = inputs(10);
    expect(await Promise.all(all.map((x) => stream(x)))).toEqual(all.map(expected));
    expect(stream.counts).toEqual({ here: 10, writer: 0 });
    await stage.flush();
    expect(stagedNames(stage).length).toBeGreaterThan(10);
    await stage.discard();
  });
});
