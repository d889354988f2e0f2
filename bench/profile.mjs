#!/usr/bin/env node
// Where a skillc command spends its time: runs it once under `node --cpu-prof` on a bench corpus and
// prints self and total time by function and by source module (mapped back through the `// path`
// comments esbuild leaves in dist/ between modules).
//
//   node bench/profile.mjs [--size 1000] [--cmd build|lint|warm-build] [--split] [--top 25] [--dist DIR]
//
// build: cold (cache and outDir deleted first); warm-build: cache kept; lint: cold, --format json.
// --split: build the split layout (skillc.split.json, outDir .skillc-split; written when missing).
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateCorpus } from "./generate.mjs";

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.dirname(BENCH);
const argv = process.argv.slice(2);
const opt = (n, d) => {
  const i = argv.indexOf(n);
  return i >= 0 ? argv[i + 1] : d;
};
const size = Number(opt("--size", "1000"));
const cmd = opt("--cmd", "build");
const top = Number(opt("--top", "25"));
const dist = path.resolve(opt("--dist", path.join(REPO, "dist")));
const split = argv.includes("--split");

const corpus = generateCorpus({ size, log: console.error }).dir;
const profDir = path.join(corpus, ".bench", "prof");
rmSync(profDir, { recursive: true, force: true });
mkdirSync(profDir, { recursive: true });
if (cmd !== "warm-build") rmSync(path.join(corpus, "node_modules", ".cache", "skillc"), { recursive: true, force: true });
const splitConfig = path.join(corpus, "skillc.split.json");
if (split && !existsSync(splitConfig)) {
  writeFileSync(splitConfig, JSON.stringify({ discovery: { maxFolders: 1000000, maxDepth: 6 }, output: "split", outDir: ".skillc-split" }) + "\n");
}
if (cmd === "build") rmSync(path.join(corpus, split ? ".skillc-split" : ".skillc"), { recursive: true, force: true });
const args = cmd === "lint" ? ["lint", "--format", "json"] : split ? ["build", "--config", "skillc.split.json"] : ["build"];
const t0 = performance.now();
// The command's output goes to files, not pipes: a 10,000-skill build prints ~21,000 warnings,
// past spawnSync's buffer (which kills the child).
const outFile = path.join(profDir, "stdout.txt");
const errFile = path.join(profDir, "stderr.txt");
const outFd = openSync(outFile, "w");
const errFd = openSync(errFile, "w");
const res = spawnSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", profDir, path.join(dist, "cli.js"), ...args], { cwd: corpus, stdio: ["ignore", outFd, errFd] });
closeSync(outFd);
closeSync(errFd);
const wall = performance.now() - t0;
// One profile per thread (CPU.<date>.<time>.<pid>.<tid>.<seq>.cpuprofile): the main thread's (tid 0)
// is summarized; the analysis workers' are listed with their sampled time.
const profiles = readdirSync(profDir).filter((f) => f.endsWith(".cpuprofile"));
const file = profiles.find((f) => f.split(".")[4] === "0") ?? profiles[0];
if (!file) {
  console.error(`no profile written (exit ${res.status}): ${readFileSync(errFile, "utf8").slice(-2000)}`);
  process.exit(1);
}
for (const f of profiles.filter((f) => f !== file)) {
  const p = JSON.parse(readFileSync(path.join(profDir, f), "utf8"));
  const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  const busy = p.samples.reduce((ms, id, i) => ms + (idle.has(id) ? 0 : (p.timeDeltas[i] ?? 0) / 1000), 0);
  console.log(`Other thread ${f}: ${busy.toFixed(0)} ms busy of ${((p.endTime - p.startTime) / 1000).toFixed(0)} ms`);
}
const prof = JSON.parse(readFileSync(path.join(profDir, file), "utf8"));

// --- module map: dist file → sorted [line, module] markers from esbuild's comments
const markers = new Map();
function moduleOf(url, line) {
  if (!url) return "(native / vm)";
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  if (!url.startsWith("file://")) return url.slice(0, 60);
  const f = fileURLToPath(url);
  let m = markers.get(f);
  if (!m) {
    m = [];
    if (existsSync(f)) {
      const lines = readFileSync(f, "utf8").split("\n");
      for (let i = 0; i < lines.length; i++) {
        const x = /^\/\/ (\S+\.(?:[cm]?js|ts|json))$/.exec(lines[i]);
        if (x) m.push([i, x[1]]);
      }
    }
    markers.set(f, m);
  }
  let lo = 0, hi = m.length - 1, hit;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (m[mid][0] <= line) {
      hit = m[mid][1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const rel = path.relative(path.dirname(dist), f);
  if (!hit) return rel.includes("node_modules") ? pkgOf(rel) : rel;
  return hit.includes("node_modules/") ? pkgOf(hit) : hit.replace(/^(?:\.\.\/)+(?:.*?\/)?(?=src\/)/, "");
}
function pkgOf(p) {
  const parts = p.slice(p.lastIndexOf("node_modules/") + 13).split("/");
  return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

// --- self time per node from samples
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0) / 1000);
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = [...self.values()].reduce((a, b) => a + b, 0);

const key = (n) => {
  const cf = n.callFrame;
  const mod = moduleOf(cf.url, cf.lineNumber);
  return { fn: `${cf.functionName || "(anonymous)"} ${mod}:${cf.lineNumber + 1}`, mod };
};
const fnSelf = new Map(), fnTotal = new Map(), modSelf = new Map(), modTotal = new Map();
const keys = new Map(prof.nodes.map((n) => [n.id, key(n)]));
for (const [id, ms] of self) {
  const k = keys.get(id);
  fnSelf.set(k.fn, (fnSelf.get(k.fn) ?? 0) + ms);
  modSelf.set(k.mod, (modSelf.get(k.mod) ?? 0) + ms);
  // Total: charge every distinct function and module on the stack once.
  const seenF = new Set(), seenM = new Set();
  for (let p = id; p !== undefined; p = parent.get(p)) {
    const kk = keys.get(p);
    if (!seenF.has(kk.fn)) {
      seenF.add(kk.fn);
      fnTotal.set(kk.fn, (fnTotal.get(kk.fn) ?? 0) + ms);
    }
    if (!seenM.has(kk.mod)) {
      seenM.add(kk.mod);
      modTotal.set(kk.mod, (modTotal.get(kk.mod) ?? 0) + ms);
    }
  }
}

const pct = (ms) => `${((ms / total) * 100).toFixed(1)}%`;
const table = (title, m, other) => {
  const rows = [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(`\n### ${title}\n\n| | self | % | total | % |\n|---|---:|---:|---:|---:|`);
  for (const [k, ms] of rows) console.log(`| \`${k}\` | ${ms.toFixed(0)} ms | ${pct(ms)} | ${(other.get(k) ?? 0).toFixed(0)} ms | ${pct(other.get(k) ?? 0)} |`);
};
console.log(`## CPU profile: skillc ${args.join(" ")} (${cmd}) on ${size} skills — wall ${wall.toFixed(0)} ms, sampled ${total.toFixed(0)} ms, exit ${res.status}`);
table("By module (self time)", modSelf, modTotal);
table("By function (self time)", fnSelf, fnTotal);
const totals = [...fnTotal].filter(([k]) => !k.startsWith("(")).sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`\n### By function (total time, callees included)\n\n| | total | % |\n|---|---:|---:|`);
for (const [k, ms] of totals) console.log(`| \`${k}\` | ${ms.toFixed(0)} ms | ${pct(ms)} |`);
console.log(`\nProfile: ${path.relative(process.cwd(), path.join(profDir, file))} (open in Chrome DevTools → Performance).`);
