#!/usr/bin/env node
// Why the analysis worker pool pays or not: measures its parts separately, in one process, on a bench
// corpus (issue 15, item 4). Uses the real worker script (dist/analyze-worker.js) and the real
// analysis code (src/, bundled on the fly with esbuild into bench/.corpus/.probe/).
//
//   node bench/pool-probe.mjs [--size 1000] [--batch 32]
//
// Prints, for the SKILL.md files of every skill in the corpus:
//   start-up   new Worker → its first reply (module load), wall and whole-process CPU
//   work       analyzeText of every skill in this thread (the CPU part the pool moves)
//   clone      v8 serialize + deserialize of every result's wire form (what postMessage copies)
//   restore    fromWire on the main thread (decode + body split, done for every worker result)
//   pool       one worker doing all batches (round trip per batch), vs. the same in this thread
import { readFileSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import v8 from "node:v8";
import { Worker } from "node:worker_threads";
import { build } from "esbuild";
import { generateCorpus } from "./generate.mjs";

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.dirname(BENCH);
const argv = process.argv.slice(2);
const opt = (n, d) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : d);
const size = Number(opt("--size", "1000"));
const BATCH = Number(opt("--batch", "32"));

const corpus = generateCorpus({ size, log: console.error }).dir;
const probeDir = path.join(BENCH, ".corpus", ".probe");
mkdirSync(probeDir, { recursive: true });
const entry = path.join(probeDir, "entry.ts");
const out = path.join(probeDir, "probe.mjs");
await build({
  stdin: { contents: `export * from ${JSON.stringify(path.join(REPO, "src/pipeline/analyze-pool.ts"))}; export * from ${JSON.stringify(path.join(REPO, "src/pipeline/analyze-text.ts"))};`, resolveDir: REPO, loader: "ts" },
  bundle: true, platform: "node", format: "esm", outfile: out, packages: "external", logLevel: "error",
  define: { __SKILLC_VERSION__: '"probe"' },
});
void entry;
const P = await import(pathToFileURL(out).href);

// The skills: every folder holding a SKILL.md (the bench corpus has no other kind).
const root = { dir: "skills", scope: "skills", precedence: 0 };
const jobs = [];
(function walk(abs, rel) {
  const entries = readdirSync(abs, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => e.name);
  if (files.includes("SKILL.md")) {
    const source = { root, dir: `skills/${rel}`, relDir: rel, file: `skills/${rel}/SKILL.md`, fileName: "SKILL.md", absDir: abs };
    jobs.push({ source, bytes: new Uint8Array(readFileSync(path.join(abs, "SKILL.md"))), paths: files.filter((f) => f !== "SKILL.md") });
  }
  for (const e of entries) if (e.isDirectory()) walk(path.join(abs, e.name), rel ? `${rel}/${e.name}` : e.name);
})(path.join(corpus, "skills"), "");
const options = { profile: "agentskills", settings: {} };
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const time = (fn) => { const c0 = cpu(), t0 = performance.now(); const r = fn(); return { r, ms: performance.now() - t0, cpu: cpu() - c0 }; };
const fmt = (x) => `${x.ms.toFixed(0)} ms wall, ${x.cpu.toFixed(0)} ms CPU`;
const mb = jobs.reduce((a, j) => a + j.bytes.byteLength, 0) / 1e6;
console.log(`# pool probe: ${jobs.length} skills, ${mb.toFixed(1)} MB of SKILL.md, batches of ${BATCH}\n`);

// Cold, as in a real run: the first pass pays the JIT's warm-up (per isolate: every worker pays it again).
const batches = [];
for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
const curve = (xs) => `${xs.slice(0, 4).map((x) => x.toFixed(0)).join(", ")} … ${xs.slice(-3).map((x) => x.toFixed(0)).join(", ")} ms`;
const coldHere = [];
const work = time(() => batches.flatMap((b) => { const c = cpu(); const r = b.map((j) => P.analyzeText(j.source, j.bytes, new Set(j.paths), options)); coldHere.push(cpu() - c); return r; }));
console.log(`work     analyzeText of every skill, this thread, cold: ${fmt(work)} (${(work.cpu / jobs.length).toFixed(2)} ms CPU/skill); CPU per batch ${curve(coldHere)}`);
const warm = time(() => jobs.map((j) => P.analyzeText(j.source, j.bytes, new Set(j.paths), options)));
console.log(`work     the same again, warm: ${fmt(warm)} (warm-up cost of one isolate ≈ ${(work.cpu - warm.cpu).toFixed(0)} ms CPU)`);
const wires = work.r.map((r) => P.toWire(r));
const ser = time(() => wires.map((w) => v8.serialize(w)));
const bytes = ser.r.reduce((a, b) => a + b.byteLength, 0);
const de = time(() => ser.r.map((b) => v8.deserialize(b)));
console.log(`clone    serialize ${fmt(ser)}, deserialize ${fmt(de)}: ${(bytes / 1e6).toFixed(1)} MB of wire data (${(bytes / mb / 1e6).toFixed(2)}× the SKILL.md bytes)`);
const restore = time(() => jobs.map((j, i) => P.fromWire(j.source, j.bytes, wires[i])));
console.log(`restore  fromWire (decode + body) on the main thread: ${fmt(restore)}`);

const script = path.join(REPO, "dist", "analyze-worker.js");
const batchOf = (list, id) => {
  const size = list.reduce((a, j) => a + j.bytes.byteLength, 0);
  const all = new Uint8Array(size);
  let at = 0;
  const wire = list.map((j) => { all.set(j.bytes, at); at += j.bytes.byteLength; return { source: j.source, start: at - j.bytes.byteLength, end: at, paths: j.paths }; });
  return { id, options, buffer: all.buffer, jobs: wire };
};
const c0 = cpu(), t0 = performance.now();
const w = new Worker(script, { stdout: false, stderr: true });
await new Promise((res) => w.once("online", res));
const online = { ms: performance.now() - t0, cpu: cpu() - c0 };
const ask = (b) => new Promise((res) => { w.once("message", res); w.postMessage(b, [b.buffer]); });
await ask(batchOf(jobs.slice(0, 1), -1));
const first = { ms: performance.now() - t0, cpu: cpu() - c0 };
console.log(`start-up worker online ${fmt(online)}; first reply (modules loaded, 1 skill) ${fmt(first)}`);

// All batches through the one worker, one at a time, and the same batches in this thread.
const rts = [];
const allW = time(() => 0);
{
  const c = cpu(), t = performance.now();
  for (let i = 0; i < batches.length; i++) {
    const s = performance.now();
    await ask(batchOf(batches[i], i));
    rts.push(performance.now() - s);
  }
  allW.ms = performance.now() - t;
  allW.cpu = cpu() - c;
}
const here = time(() => batches.map((b) => P.runBatch(batchOf(b, 0))));
console.log(`pool     ${batches.length} batches on 1 worker, serially: ${fmt(allW)}; round trip per batch ${curve(rts)}`);
console.log(`pool     the same batches in this thread, warm (runBatch, no clone): ${fmt(here)}`);
await w.terminate();
