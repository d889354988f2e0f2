#!/usr/bin/env node
// The split layout's run-time costs, in process: importing its index.js, and the first `load` of a
// skill (its chunk's import + decode), each skill loaded once, picked by a seeded PRNG.
//
//   node bench/split-bench.mjs --bundle <.skillc-split/index.js> [--data <data.json>] [--meta <meta.json>] [--n 200]
//
// Prints one JSON object: importMs, metaParseMs (read + JSON.parse of the metadata alone, in the same
// process after the import: in process, so neither carries Node's start-up and its noise), load
// p50/p99/max (ms), n, and a sanity check that the split load's content is the single layout's (when
// --single <.skillc/index.js> is given). The metadata is, unless --meta names a file, the JSON of
// every metadata shard index.js imports (the string each passes to JSON.parse), written to one file
// beforehand: so the baseline is the same skills' same metadata, read and parsed as plain JSON.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { makeRng } from "./generate.mjs";

const argv = process.argv.slice(2);
const opt = (n, d) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : d);
const bundle = opt("--bundle");
const single = opt("--single");
const n = Number(opt("--n", "200"));
const r = makeRng(opt("--seed", "split-bench"));

// CPU time beside wall time: on a shared machine it is the steadier of the two.
const cpuMs = (c) => (c.user + c.system) / 1000;
const t0 = performance.now();
const c0 = process.cpuUsage();
const { skills } = await import(pathToFileURL(bundle).href);
const importCpuMs = cpuMs(process.cpuUsage(c0));
const importMs = performance.now() - t0;
// The skills' metadata is parsed on the first call that needs it (the split helper): its cost,
// with the runtime's lookups that call builds, is here, not in the import.
const f0 = performance.now();
skills.list();
const firstCallMs = performance.now() - f0;
const rssAfterImportMB = process.memoryUsage().rss / 2 ** 20;

/** All shards' metadata as one JSON array, in a file of its own (src/emit/split-shards.ts: `export const m='[…]';`). */
function shardsMeta(indexJs) {
  const dir = path.dirname(indexJs);
  const parts = [...readFileSync(indexJs, "utf8").matchAll(/^import \* as s\d+ from "\.\/(chunks\/[0-9a-f]{64}\.js)";$/gm)].map((m) => {
    const text = readFileSync(path.join(dir, m[1]), "utf8");
    const body = text.slice("export const m='[".length, text.indexOf("]';\n"));
    // The string literal's escapes: \\ and \' (U+2028/2029 are JSON escapes inside it).
    return body.replace(/\\(.)/g, "$1");
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), "split-meta-")), "meta.json");
  writeFileSync(file, "[" + parts.filter(Boolean).join(",") + "]");
  return { file, shards: parts.length };
}

const meta = opt("--meta") ? { file: opt("--meta") } : shardsMeta(bundle);
const m0 = performance.now();
const mc0 = process.cpuUsage();
const metaSkills = JSON.parse(readFileSync(meta.file, "utf8"));
const metaCpuMs = cpuMs(process.cpuUsage(mc0));
const metaParseMs = performance.now() - m0;

const names = (opt("--data") ? JSON.parse(readFileSync(opt("--data"), "utf8")).skills : metaSkills.skills ?? metaSkills).map((s) => s.name).filter((name) => skills.get(name));
const picked = [];
const seen = new Set();
while (picked.length < Math.min(n, names.length)) {
  const name = r.pick(names);
  if (!seen.has(name)) picked.push(name), seen.add(name);
}
const times = [];
const contents = [];
for (const name of picked) {
  const s = performance.now();
  const loaded = await skills.load(name);
  times.push(performance.now() - s);
  contents.push(loaded.content);
}
const sorted = [...times].sort((a, b) => a - b);
const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
let sameAsSingle;
if (single) {
  const one = (await import(pathToFileURL(single).href)).skills;
  sameAsSingle = picked.every((name, i) => one.load(name).content === contents[i]);
}
process.stdout.write(JSON.stringify({ importMs, metaParseMs, ratio: importMs / metaParseMs, importCpuMs, metaCpuMs, cpuRatio: importCpuMs / metaCpuMs, firstCallMs, shards: meta.shards, metaSkills: (metaSkills.skills ?? metaSkills).length, rssAfterImportMB, n: picked.length, load: { p50: q(0.5), p99: q(0.99), max: sorted.at(-1), first: times[0] }, sameAsSingle }) + "\n");
