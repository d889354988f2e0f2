#!/usr/bin/env node
// `npm run bench`: skillc against its floors and its peers on a generated corpus, side by side in one run.
//
//   npm run bench -- [--size 1000] [--reps N] [--quick] [--no-peers] [--iters N] [--no-build]
//
// --size      corpus size: 100, 1000 (default) or 10000 skills (any positive integer works)
// --reps      repetitions of every whole-process measurement (default 5; 3 at ≥ 10,000 skills)
// --quick     fewer repetitions for CI (3; 1 at ≥ 10,000) and fewer runtime iterations
// --no-peers  skip skills-ref and @skill-tools/core (installed on first use into bench/.corpus/.peers)
// --peer-reps repetitions of each peer (default: --reps below 10,000 skills, 1 at ≥ 10,000)
// --iters     calls per runtime operation (default 2000; 1000 with --quick)
// --no-build  do not run `npm run build` when dist/ is missing
// --dist DIR  measure the skillc built in DIR (holding cli.js and runtime.js) instead of dist/
//
// Every measured process is timed from spawn to exit (wall clock), with its peak RSS and CPU time
// taken from /usr/bin/time (or from a tiny --import module when that is missing). Measurements are
// interleaved rep by rep, so machine drift (±25% over a day here) hits every column alike; compare
// ratios taken in one run, never absolute times across runs. Results: bench/results/<size>.json.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { corpusStats, generateCorpus, listFiles, makeRng } from "./generate.mjs";
import { watchBench } from "./watch-bench.mjs";

// The bench measures a developer's machine, where skillc's caches are on. CI services set CI, which
// turns them off (README, "The cache"): under CI every warm row would be a cold build again.
delete process.env.CI;

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.dirname(BENCH);
let CLI = path.join(REPO, "dist", "cli.js");
let RUNTIME = path.join(REPO, "dist", "runtime.js");
const PEERS_DIR = path.join(BENCH, ".corpus", ".peers");
const TIME_BIN = "/usr/bin/time";

// ---------------------------------------------------------------------------------------------
// Options

function parseOptions(argv) {
  const o = { size: 1000, reps: undefined, quick: false, peers: true, peerReps: undefined, iters: undefined, build: true, lint5Pairs: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.includes("=") ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a, undefined];
    const val = () => inline ?? argv[++i];
    switch (flag) {
      case "--size": o.size = Number(val()); break;
      case "--reps": o.reps = Number(val()); break;
      case "--peer-reps": o.peerReps = Number(val()); break;
      case "--iters": o.iters = Number(val()); break;
      case "--lint5-pairs": o.lint5Pairs = Number(val()); break;
      case "--quick": o.quick = true; break;
      case "--no-peers": o.peers = false; break;
      case "--no-build": o.build = false; break;
      case "--dist": o.dist = path.resolve(val()); break;
      case "-h": case "--help":
        process.stdout.write(readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").slice(1, 14).map((l) => l.replace(/^\/\/ ?/, "")).join("\n") + "\n");
        process.exit(0);
        break;
      default:
        console.error(`bench: unknown option ${a} (see --help)`);
        process.exit(2);
    }
  }
  if (!Number.isInteger(o.size) || o.size < 1) throw new Error("--size must be a positive integer");
  const big = o.size >= 10000;
  o.reps ??= o.quick ? (big ? 1 : 3) : big ? 3 : 5;
  o.peerReps ??= big ? 1 : o.reps;
  o.iters ??= o.quick ? 1000 : 2000;
  o.lint5Pairs ??= o.quick ? 3 : 5;
  return o;
}

// ---------------------------------------------------------------------------------------------
// Helpers

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmtMs = (ms) => (!Number.isFinite(ms) ? "—" : ms >= 10000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(1)} ms` : ms >= 0.01 ? `${ms.toFixed(3)} ms` : `${(ms * 1000).toFixed(2)} µs`);
const fmtBytes = (b) => (!Number.isFinite(b) ? "—" : b >= 1e9 ? `${(b / 1e9).toFixed(2)} GB` : b >= 1e6 ? `${(b / 1e6).toFixed(1)} MB` : b >= 1e3 ? `${(b / 1e3).toFixed(1)} KB` : `${b} B`);
const fmtRatio = (x) => (!Number.isFinite(x) ? "—" : x >= 100 ? `${x.toFixed(0)}×` : x >= 10 ? `${x.toFixed(1)}×` : `${x.toFixed(2)}×`);
const log = (...m) => console.error(...m);

const useTime = (() => {
  try {
    return spawnSync(TIME_BIN, ["-f", "%M", "-o", "/dev/null", "true"]).status === 0;
  } catch {
    return false;
  }
})();

/**
 * Runs `node ...args` as a whole process: wall time from spawn to exit, peak RSS (KB) and CPU seconds.
 * stdout and stderr go to files (no pipe for the harness to drain); their text is returned on request.
 */
/** Posix paths (relative to `dir`) of every file and folder below `dir`/`rel`, in walk order. */
function listPaths(dir, rel, out = []) {
  for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = `${rel}/${e.name}`;
    out.push(r);
    if (e.isDirectory()) listPaths(dir, r, out);
  }
  return out;
}

/** sync(1), where there is one: the page cache's dirty data written before the next timed process. */
function settleDisk() {
  if (process.platform !== "win32") spawnSync("sync", [], { stdio: "ignore" });
}

function runNode(args, { cwd = REPO, keepOutput = false, tmp } = {}) {
  const outFile = path.join(tmp, "stdout.txt");
  const errFile = path.join(tmp, "stderr.txt");
  const rssFile = path.join(tmp, "rss.txt");
  rmSync(rssFile, { force: true });
  const fo = openSync(outFile, "w");
  const fe = openSync(errFile, "w");
  const [cmd, argv, env] = useTime
    ? [TIME_BIN, ["-f", "%M %U %S", "-o", rssFile, process.execPath, ...args], process.env]
    : [process.execPath, ["--import", pathToFileURL(path.join(BENCH, "maxrss.mjs")).href, ...args], { ...process.env, SKILLC_BENCH_RSS_FILE: rssFile }];
  // Untimed: the dirty pages earlier processes left (the floor writes without fsync) go to disk
  // now, so a process that syncs its own output (skillc's atomic writes do) pays for its own
  // writes only, not for whatever ran before it.
  settleDisk();
  const t0 = process.hrtime.bigint();
  const res = spawnSync(cmd, argv, { cwd, env: { ...env, NO_COLOR: "1" }, stdio: ["ignore", fo, fe], maxBuffer: 0 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  closeSync(fo);
  closeSync(fe);
  let rssKB = NaN, cpuS = NaN;
  try {
    // GNU time prefixes "Command exited with non-zero status N" on a line of its own.
    const last = readFileSync(rssFile, "utf8").trim().split("\n").pop().trim().split(/\s+/).map(Number);
    rssKB = last[0];
    cpuS = last[1] + last[2];
  } catch {
    // no report: the process was killed
  }
  const out = { ms, code: res.status, rssKB, cpuS };
  if (keepOutput || res.status !== 0) {
    out.stdout = readFileSync(outFile, "utf8");
    out.stderr = readFileSync(errFile, "utf8");
  }
  return out;
}

/** Medians of a list of runNode results; failed runs are left out (and counted) while any run succeeded. */
function summarize(all) {
  if (!all?.length) return undefined;
  const ok = all.filter((r) => !r.failed);
  const runs = ok.length ? ok : all;
  return {
    n: runs.length,
    ms: median(runs.map((r) => r.ms)),
    min: Math.min(...runs.map((r) => r.ms)),
    max: Math.max(...runs.map((r) => r.ms)),
    rssMB: median(runs.map((r) => r.rssKB / 1024)),
    cpuS: median(runs.map((r) => r.cpuS)),
    codes: [...new Set(all.map((r) => r.code))],
    failed: all.length - ok.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Setup: dist, peers, the same data as JSON

function ensureDist(o) {
  if (existsSync(CLI) && existsSync(RUNTIME)) return true;
  if (!o.build) return false;
  log("bench: dist/ is missing; running `npm run build`…");
  const r = spawnSync("npm", ["run", "build"], { cwd: REPO, stdio: ["ignore", "inherit", "inherit"] });
  return r.status === 0 && existsSync(CLI);
}

function ensurePeers() {
  const want = ["skills-ref", "@skill-tools/core"];
  const present = () => want.every((p) => existsSync(path.join(PEERS_DIR, "node_modules", p, "package.json")));
  if (present()) return { ok: true };
  mkdirSync(PEERS_DIR, { recursive: true });
  if (!existsSync(path.join(PEERS_DIR, "package.json")))
    writeFileSync(path.join(PEERS_DIR, "package.json"), JSON.stringify({ name: "skillc-bench-peers", private: true, type: "module" }, null, 2) + "\n");
  log(`bench: installing peers into ${path.relative(REPO, PEERS_DIR)} (npm install --prefix … ${want.join(" ")})…`);
  const r = spawnSync("npm", ["install", "--prefix", PEERS_DIR, "--no-audit", "--no-fund", "--no-save", ...want], { cwd: PEERS_DIR, encoding: "utf8", timeout: 300_000 });
  if (present()) return { ok: true };
  return { ok: false, note: `peer install failed (${(r.stderr || r.error?.message || "").trim().split("\n").pop()})` };
}

const FM = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The corpus's data as one JSON file: per skill its name, path, frontmatter, body and every
 * supporting file (text as a string, binary as { b64 }). What a bundle embeds, in JSON's form.
 */
async function writeDataJson(corpusDir, file, metaFile, stampKey) {
  const stampFile = file + ".stamp";
  if (existsSync(file) && existsSync(metaFile) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stampKey) return;
  const YAML = await import("yaml");
  const all = listFiles(corpusDir).filter((f) => f.startsWith("skills/"));
  const dirs = all.filter((f) => f.endsWith("/SKILL.md")).map((f) => path.posix.dirname(f));
  const dirSet = new Set(dirs);
  const skills = new Map();
  for (const d of dirs) {
    const text = readFileSync(path.join(corpusDir, d, "SKILL.md"), "utf8");
    const m = FM.exec(text);
    let fm = {};
    try {
      fm = (m && YAML.parse(m[1])) || {};
    } catch {
      fm = {};
    }
    skills.set(d, {
      name: typeof fm.name === "string" ? fm.name : path.posix.basename(d),
      path: `${d}/SKILL.md`,
      dir: d,
      description: typeof fm.description === "string" ? fm.description : "",
      frontmatter: fm,
      body: (m ? text.slice(m[0].length) : text).trim(),
      files: {},
    });
  }
  for (const f of all) {
    if (f.endsWith("/SKILL.md")) continue;
    let d = path.posix.dirname(f);
    while (d !== "skills" && !dirSet.has(d)) d = path.posix.dirname(d);
    const s = skills.get(d);
    if (!s) continue;
    const buf = readFileSync(path.join(corpusDir, f));
    let v;
    try {
      if (buf.subarray(0, 8192).includes(0)) throw new Error("binary");
      v = utf8.decode(buf);
    } catch {
      v = { b64: buf.toString("base64") };
    }
    s.files[f.slice(d.length + 1)] = v;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ skills: [...skills.values()] }));
  // What a split index.js holds of each skill: everything but its body and files.
  writeFileSync(metaFile, JSON.stringify({ skills: [...skills.values()].map(({ body: _b, files: _f, ...meta }) => meta) }));
  writeFileSync(stampFile, stampKey);
}

// ---------------------------------------------------------------------------------------------
// The run

async function main() {
  const o = parseOptions(process.argv.slice(2));
  if (o.dist) {
    CLI = path.join(o.dist, "cli.js");
    RUNTIME = path.join(o.dist, "runtime.js");
    o.build = false;
  }
  const started = Date.now();
  log(`bench: ${o.size} skills, ${o.reps} reps${o.quick ? " (quick)" : ""}, node ${process.version}, ${cpus().length} cores, load ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);

  const gen = generateCorpus({ size: o.size, log });
  const corpus = gen.dir;
  log(`bench: corpus ${path.relative(REPO, corpus)} ${gen.reused ? "reused" : `generated in ${gen.ms} ms`} (${gen.files} files, ${fmtBytes(gen.bytes)})`);
  const stats = corpusStats(corpus); // also warms the page cache
  const work = path.join(corpus, ".bench");
  const tmp = path.join(work, "tmp");
  mkdirSync(tmp, { recursive: true });
  // Outputs a timed run must not find are moved here and deleted only after every timed run: on a
  // file system without a journal (ext4 with no journal, as on these machines) a create skips each
  // inode freed in the last minute or so one by one, so 10,800 chunk creates right after `rm -rf`
  // of a split output's 10,800 files took 5.2 s of system time against 0.6 s after a rename aside.
  // A first build in a fresh checkout does not pay that; deleting here made the bench charge it.
  const trash = path.join(work, "trash");
  rmSync(trash, { recursive: true, force: true });
  mkdirSync(trash, { recursive: true });
  let trashed = 0;
  const aside = (p) => {
    if (existsSync(p)) renameSync(p, path.join(trash, String(trashed++)));
  };
  const cacheDir = path.join(corpus, "node_modules", ".cache", "skillc");
  const outDir = path.join(corpus, ".skillc");
  const bundle = path.join(outDir, "index.js");
  const dataJson = path.join(work, "data.json");
  const metaJson = path.join(work, "meta.json");
  // The split layout (issue 15): the same corpus and config, `output: "split"`, its own outDir.
  const splitConfig = path.join(corpus, "skillc.split.json");
  const splitOut = path.join(corpus, ".skillc-split");
  const splitBundle = path.join(splitOut, "index.js");
  writeFileSync(splitConfig, JSON.stringify({ ...JSON.parse(readFileSync(path.join(corpus, "skillc.config.json"), "utf8")), output: "split", outDir: ".skillc-split" }, null, 2) + "\n");
  const notes = [];

  const haveDist = ensureDist(o);
  const distPrint = distFingerprint(path.dirname(CLI));
  if (!haveDist) notes.push(`${path.relative(REPO, CLI)} is missing${o.build ? " and `npm run build` failed" : ""}: skillc was not measured.`);
  let peers = { ok: false, note: "skipped (--no-peers)" };
  if (o.peers) peers = ensurePeers();
  if (!peers.ok) notes.push(`peers: ${peers.note}`);

  log("bench: writing the corpus data as one JSON file (for JSON.parse and the naive baselines)…");
  await writeDataJson(corpus, dataJson, metaJson, `${gen.sha256}:2`);
  const dataJsonBytes = statSync(dataJson).size;
  // Every file and folder of the corpus, one a line: what a rebuild that is not told what changed
  // must stat (floors.mjs --stat-list). Written here, untimed, as a build cache would hold it.
  const statList = path.join(work, "stat-list.txt");
  writeFileSync(statList, ["skills", ...listPaths(corpus, "skills")].join("\n") + "\n");

  const run = (args, opt = {}) => runNode(args, { tmp, cwd: corpus, ...opt });
  const cli = (...args) => run([CLI, ...args], { keepOutput: true });
  const clean = () => {
    aside(cacheDir);
    aside(outDir);
  };
  const cleanSplit = () => {
    aside(cacheDir);
    aside(splitOut);
  };

  // Warm-up, and the facts later steps need: does the build work, how big is the bundle.
  run(["-e", "0"]);
  run([path.join(BENCH, "floors.mjs"), "--root", "skills", "--read-all", "--yaml"]);
  let buildOk = false, bundleBytes = NaN, warmup;
  if (haveDist) {
    clean();
    warmup = cli("build");
    buildOk = existsSync(bundle);
    if (buildOk) bundleBytes = statSync(bundle).size;
    else notes.push(`skillc build wrote no bundle (exit ${warmup.code}): ${lastLines(warmup.stderr || warmup.stdout, 3)}`);
    if (buildOk && warmup.code !== 0) notes.push(`skillc build exited ${warmup.code} but wrote a bundle`);
  }
  const buildSummaryLine = warmup ? lastLines(warmup.stdout + "\n" + warmup.stderr, 1) : "";
  let splitOk = false;
  if (haveDist) {
    cleanSplit();
    const w = cli("build", "--config", splitConfig);
    splitOk = existsSync(splitBundle) && existsSync(path.join(splitOut, "chunks"));
    if (!splitOk) notes.push(`the split layout was not measured: \`skillc build\` with \`output: "split"\` wrote no chunks (exit ${w.code}): ${lastLines(w.stderr || w.stdout, 2)}`);
  }
  const largestSkill = largestSkillBytes(corpus);
  let largestSplitFile;

  // Five SKILL.md files for the pre-commit case, picked by a seeded PRNG.
  const rng = makeRng(`bench-${o.size}`);
  const skillMds = listFiles(path.join(corpus, "skills")).filter((f) => f.endsWith("/SKILL.md")).map((f) => `skills/${f}`);
  const five = Array.from({ length: 5 }, () => rng.pick(skillMds));

  const R = {};
  const failures = new Map(); // "key exit" → count; the first of each gets a note
  const LINT = new Set(["coldLint", "warmLint", "lint5"]); // lint exits 1 when it finds errors: still a valid run
  const add = (k, r) => {
    r.failed = r.code !== 0 && !(LINT.has(k) && r.code === 1);
    (R[k] ??= []).push(r);
    if (!r.failed) return;
    const id = `${k} ${r.code}`;
    failures.set(id, (failures.get(id) ?? 0) + 1);
    if (failures.get(id) === 1) notes.push(`${k} exited ${r.code} (left out of the medians): ${failureText(r)}`);
  };
  const floorOut = path.join(tmp, "floor-bundle.js");
  const importCode = `await import(${JSON.stringify(pathToFileURL(bundle).href)})`;
  const importLoadCode = `const { skills } = await import(${JSON.stringify(pathToFileURL(bundle).href)}); skills.load(${JSON.stringify(skills0(dataJson))}, "x")`;
  const jsonCode = `JSON.parse(require("fs").readFileSync(${JSON.stringify(dataJson)}, "utf8"))`;
  const importSplitCode = `await import(${JSON.stringify(pathToFileURL(splitBundle).href)})`;
  const metaCode = `JSON.parse(require("fs").readFileSync(${JSON.stringify(metaJson)}, "utf8"))`;
  let lintReport;

  for (let rep = 0; rep < o.reps; rep++) {
    log(`bench: rep ${rep + 1}/${o.reps}`);
    add("node", run(["-e", "0"]));
    add("floorRead", run([path.join(BENCH, "floors.mjs"), "--root", "skills", "--read-all"], { keepOutput: true }));
    add("floorYaml", run([path.join(BENCH, "floors.mjs"), "--root", "skills", "--yaml"], { keepOutput: true }));
    const fb = Number.isFinite(bundleBytes) ? bundleBytes : gen.bytes;
    add("floorBuild", run([path.join(BENCH, "floors.mjs"), "--root", "skills", "--read-all", "--yaml", "--write", String(fb), "--out", floorOut], { keepOutput: true }));
    add("floorRescan", run([path.join(BENCH, "floors.mjs"), "--stat-list", statList], { keepOutput: true }));
    add("floorRescanWrite", run([path.join(BENCH, "floors.mjs"), "--stat-list", statList, "--write", String(fb), "--out", floorOut, "--sync"], { keepOutput: true }));

    if (haveDist) {
      clean();
      add("coldBuild", cli("build"));
      if (buildOk) {
        add("warmNoChange", cli("build"));
        // Once more, nothing changed: the build above restored every skill and recorded its result,
        // which this one replays after one stat of every input and output (src/project/replay.ts).
        add("warmReplay", cli("build"));
        const victim = path.join(corpus, rng.pick(skillMds));
        const original = readFileSync(victim);
        writeFileSync(victim, Buffer.concat([original, Buffer.from(`\nEdited for benchmark rep ${rep + 1}.\n`)]));
        try {
          add("warmOneChanged", cli("build"));
        } finally {
          writeFileSync(victim, original);
        }
      }
      if (splitOk) {
        cleanSplit();
        add("coldBuildSplit", cli("build", "--config", splitConfig));
        largestSplitFile ??= largestFile(splitOut);
        const victim = path.join(corpus, rng.pick(skillMds));
        const original = readFileSync(victim);
        writeFileSync(victim, Buffer.concat([original, Buffer.from(`\nEdited for benchmark rep ${rep + 1}.\n`)]));
        try {
          add("warmOneChangedSplit", cli("build", "--config", splitConfig));
        } finally {
          writeFileSync(victim, original);
        }
      }
      // A rebuild under `build --watch`: a watch process (its first build warm), one SKILL.md
      // edited and put back, each rebuild timed from the write to its summary line (watch-bench.mjs).
      for (const [k, ok, config] of [["watchOneChanged", buildOk, undefined], ["watchOneChangedSplit", splitOk, splitConfig]]) {
        if (!ok) continue;
        try {
          const w = await watchBench({ cli: CLI, cwd: corpus, config, edits: 1, nodeArgs: [], seed: `bench-watch-${o.size}-${rep}`, timeoutMs: 600_000 });
          for (const r of w.rebuilds) add(k, { ms: r.ms, cpuS: r.cpuMs / 1000, rssKB: NaN, code: 0 });
        } catch (error) {
          add(k, { ms: NaN, cpuS: NaN, rssKB: NaN, code: 1, stderr: String(error?.message ?? error) });
        }
      }
      aside(cacheDir);
      const lc = cli("lint", "--format", "json");
      add("coldLint", lc);
      if (!lintReport) lintReport = summarizeLint(lc.stdout);
      add("warmLint", cli("lint", "--format", "json"));
      for (let i = 0; i < o.lint5Pairs; i++) {
        add("lint5Node", run(["-e", "0"]));
        add("lint5", cli("lint", "--format", "json", ...five));
      }
      // A failed build in this rep (clean() removed the output) leaves nothing to import: build once more.
      if (buildOk && !existsSync(bundle)) cli("build");
      if (buildOk && existsSync(bundle)) {
        add("esmNode", run(["--input-type=module", "-e", "0"]));
        add("import", run(["--input-type=module", "-e", importCode]));
        add("cjsNode", run(["-e", "0"]));
        add("jsonParse", run(["-e", jsonCode]));
        add("importLoad", run(["--input-type=module", "-e", importLoadCode]));
      }
      if (splitOk && !existsSync(splitBundle)) cli("build", "--config", splitConfig);
      if (splitOk && existsSync(splitBundle)) {
        add("esmNode2", run(["--input-type=module", "-e", "0"]));
        add("importSplit", run(["--input-type=module", "-e", importSplitCode]));
        add("cjsNode2", run(["-e", "0"]));
        add("metaParse", run(["-e", metaCode]));
      }
    }
    if (peers.ok && rep < o.peerReps) {
      add("peer:skills-ref", run([path.join(BENCH, "peers.mjs"), "skills-ref", "skills", PEERS_DIR], { keepOutput: true }));
      // @skill-tools/core is the slowest process of the run (~20× skills-ref): once is enough with --quick.
      if (!o.quick || rep === 0) add("peer:skill-tools", run([path.join(BENCH, "peers.mjs"), "skill-tools", "skills", PEERS_DIR], { keepOutput: true }));
    }
  }

  // The runtime, in process (after a rebuild of the unedited corpus, so the bundle matches data.json).
  let rt, runtimeSize;
  if (buildOk) {
    cli("build");
    log("bench: runtime operations in process…");
    const r = run([path.join(BENCH, "runtime-bench.mjs"), "--bundle", bundle, "--data", dataJson, "--iters", String(o.iters)], { keepOutput: true });
    if (r.code === 0) rt = { ...JSON.parse(lastLines(r.stdout, 1)), rssMB: r.rssKB / 1024 };
    else notes.push(`runtime bench failed (exit ${r.code}): ${lastLines(r.stderr, 3)}`);
  }
  if (existsSync(RUNTIME)) {
    const code = readFileSync(RUNTIME);
    runtimeSize = { raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
  }
  let splitRt;
  if (splitOk) {
    cli("build", "--config", splitConfig);
    log("bench: split layout, first loads in process…");
    const r = run([path.join(BENCH, "split-bench.mjs"), "--bundle", splitBundle, "--data", dataJson, "--n", String(o.quick ? 100 : 300), ...(buildOk ? ["--single", bundle] : [])], { keepOutput: true });
    if (r.code === 0) splitRt = JSON.parse(lastLines(r.stdout, 1));
    else notes.push(`split bench failed (exit ${r.code}): ${lastLines(r.stderr, 3)}`);
    if (splitRt && splitRt.sameAsSingle === false) notes.push("⚠ a split load's content differs from the single layout's.");
  }
  let bundleGzip = NaN;
  if (buildOk) bundleGzip = gzipSync(readFileSync(bundle)).length;

  if (haveDist && distFingerprint(path.dirname(CLI)) !== distPrint)
    notes.unshift(`⚠ ${path.relative(REPO, path.dirname(CLI))}/ changed during the run (rebuilt by someone): the skillc numbers mix versions; run again on a quiet tree.`);
  const S = Object.fromEntries(Object.entries(R).map(([k, v]) => [k, summarize(v)]));
  const inproc = (k) => median((R[k] || []).map((r) => safeJson(r.stdout)?.ms?.total));
  const peerMs = (k) => median((R[k] || []).map((r) => safeJson(r.stdout)?.ms));
  const peerInfo = (k) => safeJson((R[k] || [])[0]?.stdout);

  // ------------------------------------------------------------------------------------------
  // Targets
  const ms = (k) => S[k]?.ms ?? NaN;
  const importNet = ms("import") - ms("esmNode");
  const jsonNet = ms("jsonParse") - ms("cjsNode");
  const t = [];
  // `id` names the issue-15 targets (the README's performance table is made of them: readme-table.mjs).
  let id;
  const target = (name, value, base, ratio, goal, met, cpuRatio) => t.push({ id, name, value, base, ratio, goal, met: Number.isFinite(ratio) ? met : undefined, cpuRatio });
  const cpu = (k) => S[k]?.cpuS ?? NaN;
  const cr = (a, b) => cpu(a) / cpu(b);
  const ratio = (a, b) => ms(a) / ms(b);
  id = "cold-build-single";
  target("cold build vs floor (read all + YAML + write same size), single file", fmtMs(ms("coldBuild")), fmtMs(ms("floorBuild")), ratio("coldBuild", "floorBuild"), "≤ 3×", ratio("coldBuild", "floorBuild") <= 3, cr("coldBuild", "floorBuild"));
  id = "cold-build-split";
  target("cold build vs floor (read all + YAML + write same size), split layout", fmtMs(ms("coldBuildSplit")), fmtMs(ms("floorBuild")), ratio("coldBuildSplit", "floorBuild"), "≤ 3×", ratio("coldBuildSplit", "floorBuild") <= 3, cr("coldBuildSplit", "floorBuild"));
  id = "warm-split";
  target("warm rebuild, one skill changed, split layout, vs its cold build", fmtMs(ms("warmOneChangedSplit")), fmtMs(ms("coldBuildSplit")), ratio("warmOneChangedSplit", "coldBuildSplit"), "≤ 5%", ratio("warmOneChangedSplit", "coldBuildSplit") <= 0.05, cr("warmOneChangedSplit", "coldBuildSplit"));
  id = "warm-single";
  target("warm rebuild, one skill changed, single file, vs its cold build", fmtMs(ms("warmOneChanged")), fmtMs(ms("coldBuild")), ratio("warmOneChanged", "coldBuild"), "≤ 15%", ratio("warmOneChanged", "coldBuild") <= 0.15, cr("warmOneChanged", "coldBuild"));
  // The same edit under a `build --watch` process: its rebuild (write → summary line, the watcher's
  // 100 ms debounce included) against the same cold builds, with the same goals.
  id = "watch-split";
  target("warm rebuild under `build --watch`, one skill changed, split layout, vs its cold build", fmtMs(ms("watchOneChangedSplit")), fmtMs(ms("coldBuildSplit")), ratio("watchOneChangedSplit", "coldBuildSplit"), "≤ 5%", ratio("watchOneChangedSplit", "coldBuildSplit") <= 0.05, cr("watchOneChangedSplit", "coldBuildSplit"));
  id = "watch-single";
  target("warm rebuild under `build --watch`, one skill changed, single file, vs its cold build", fmtMs(ms("watchOneChanged")), fmtMs(ms("coldBuild")), ratio("watchOneChanged", "coldBuild"), "≤ 15%", ratio("watchOneChanged", "coldBuild") <= 0.15, cr("watchOneChanged", "coldBuild"));
  // How near each warm goal sits to the least any rebuild in a new process must do (readme-table.mjs
  // shows these under the table): find the change by stat'ing every file and folder the last build
  // saw, and, in the single layout, write and sync a new index.js of the same size.
  const splitGoal = 0.05 * ms("coldBuildSplit"), singleGoal = 0.15 * ms("coldBuild");
  id = "floor:warm-split";
  target("(floor) the split goal (5% of its cold build) vs a rebuild's floor: Node's start + a stat of every file and folder", fmtMs(splitGoal), fmtMs(ms("floorRescan")), splitGoal / ms("floorRescan"), "(info)", undefined);
  id = "floor:warm-single";
  target("(floor) the single goal (15% of its cold build) vs a rebuild's floor: the same + writing and fdatasyncing an index.js of the same size", fmtMs(singleGoal), fmtMs(ms("floorRescanWrite")), singleGoal / ms("floorRescanWrite"), "(info)", undefined);
  id = "memory-split";
  const splitRss = S.coldBuildSplit?.rssMB * 2 ** 20;
  target("peak memory of a cold build vs corpus size, split layout", fmtBytes(splitRss), fmtBytes(stats.totalBytes), splitRss / stats.totalBytes, "≤ 1×", splitRss / stats.totalBytes <= 1);
  id = "import-split";
  // In process (split-bench.mjs): net of start-up, whose noise across processes (±0.1 s here) is
  // larger than a 1,000-skill metadata parse. The whole processes are in the table below.
  const imp = splitRt?.importMs, meta = splitRt?.metaParseMs;
  // The metadata: every shard's JSON, read and parsed as one plain JSON file (split-bench.mjs).
  target("import of a split bundle's index.js vs read + JSON.parse of its metadata (in process)", fmtMs(imp), fmtMs(meta), imp / meta, "≤ 2×", imp / meta <= 2, splitRt?.cpuRatio);
  // The helper parses the shards' metadata on the first call that needs it: that call's cost, shown beside the target.
  id = undefined;
  if (splitRt?.firstCallMs !== undefined) target("(info) first call after the split import (`skills.list()`: the metadata's parse and the lookups)", fmtMs(splitRt.firstCallMs), fmtMs(meta), splitRt.firstCallMs / meta, "(info)", undefined);
  id = "first-load-split";
  const fl = splitRt?.load.p50;
  target(`first \`load\` of a skill in split mode (chunk import + decode), p50 of ${splitRt?.n ?? "—"} skills`, fmtMs(fl), "1 ms", fl / 1, "≤ 1 ms", fl <= 1);
  id = "lint-vs-skills-ref";
  target("cold lint vs skills-ref `validate()` of every skill", fmtMs(ms("coldLint")), fmtMs(ms("peer:skills-ref")), ratio("coldLint", "peer:skills-ref"), "< 1×", ratio("coldLint", "peer:skills-ref") < 1, cr("coldLint", "peer:skills-ref"));
  id = "largest-file-split";
  const lf = largestSplitFile;
  target(`largest file a split build writes${lf ? ` (${lf.name})` : ""} vs the largest skill's own size + 10%`, fmtBytes(lf?.bytes), fmtBytes(largestSkill.bytes * 1.1), lf ? lf.bytes / (largestSkill.bytes * 1.1) : NaN, "≤ 1×", lf && lf.bytes <= largestSkill.bytes * 1.1);
  id = undefined;
  const lc0 = splitRt && largestChunk(splitOut);
  if (lc0) target("(info) largest chunk of the split build vs the largest skill's own size + 10%", fmtBytes(lc0.bytes), fmtBytes(largestSkill.bytes * 1.1), lc0.bytes / (largestSkill.bytes * 1.1), "≤ 1×", lc0.bytes <= largestSkill.bytes * 1.1);
  target("cold lint vs floor (read + YAML)", fmtMs(ms("coldLint")), fmtMs(ms("floorYaml")), ms("coldLint") / ms("floorYaml"), "≤ 10×", ms("coldLint") / ms("floorYaml") <= 10, cr("coldLint", "floorYaml"));
  target("rebuild with nothing changed (the last build's result replayed), single file, vs a rebuild's floor (Node's start + a stat of every file and folder)", fmtMs(ms("warmReplay")), fmtMs(ms("floorRescan")), ms("warmReplay") / ms("floorRescan"), "≤ 2×", ms("warmReplay") / ms("floorRescan") <= 2, cr("warmReplay", "floorRescan"));
  target("warm lint vs floor (read + YAML)", fmtMs(ms("warmLint")), fmtMs(ms("floorYaml")), ms("warmLint") / ms("floorYaml"), "≤ 2×", ms("warmLint") / ms("floorYaml") <= 2, cr("warmLint", "floorYaml"));
  target("lint of 5 files (process) vs `node -e 0`", fmtMs(ms("lint5")), fmtMs(ms("lint5Node")), ms("lint5") / ms("lint5Node"), "≤ 5×", ms("lint5") / ms("lint5Node") <= 5, cr("lint5", "lint5Node"));
  target("bundle import vs JSON.parse of the same data (net of start-up)", fmtMs(importNet), fmtMs(jsonNet), importNet / jsonNet, "≤ 2×", importNet / jsonNet <= 2, (cpu("import") - cpu("esmNode")) / (cpu("jsonParse") - cpu("cjsNode")));
  const lp = rt?.ops.load;
  target("load p50 (skill loaded before) vs naive regex over the raw body", fmtMs(lp?.skillc.p50), fmtMs(lp?.naive.p50), lp ? lp.skillc.p50 / lp.naive.p50 : NaN, "< 1×", lp && lp.skillc.p50 < lp.naive.p50);
  const lc = rt?.ops["load, first per skill"];
  target("(info) load p50, first load of each skill, vs naive", fmtMs(lc?.skillc.p50), fmtMs(lc?.naive.p50), lc ? lc.skillc.p50 / lc.naive.p50 : NaN, "< 1×", lc && lc.skillc.p50 < lc.naive.p50);
  const sp = rt?.ops.search;
  target("search p50 vs linear scan of names + descriptions", fmtMs(sp?.skillc.p50), fmtMs(sp?.naive.p50), sp ? sp.skillc.p50 / sp.naive.p50 : NaN, "≤ 0.1×", sp && sp.skillc.p50 <= sp.naive.p50 / 10);
  target("runtime code, min + gzip", runtimeSize ? `${runtimeSize.gzip.toLocaleString("en-US")} B` : "—", "8,192 B", runtimeSize ? runtimeSize.gzip / 8192 : NaN, "≤ 1× (8,192 B)", runtimeSize && runtimeSize.gzip <= 8192);
  target("peak memory of cold build vs corpus size, single file", fmtBytes(S.coldBuild?.rssMB * 2 ** 20), fmtBytes(stats.totalBytes), (S.coldBuild?.rssMB * 2 ** 20) / stats.totalBytes, "≤ 2×", (S.coldBuild?.rssMB * 2 ** 20) / stats.totalBytes <= 2);
  const netRss = (S.coldBuild?.rssMB - S.node?.rssMB) * 2 ** 20;
  target("(info) the same, net of `node -e 0`'s RSS", fmtBytes(netRss), fmtBytes(stats.totalBytes), netRss / stats.totalBytes, "≤ 2×", netRss / stats.totalBytes <= 2);
  for (const [k, label] of [["peer:skills-ref", "skills-ref (validate every skill, JS API)"], ["peer:skill-tools", "@skill-tools/core (parse every skill)"]]) {
    if (!S[k]) continue;
    if (k !== "peer:skills-ref") target(`cold lint vs ${label}`, fmtMs(ms("coldLint")), fmtMs(ms(k)), ms("coldLint") / ms(k), "< 1×", ms("coldLint") < ms(k), cr("coldLint", k));
    target(`cold build vs ${label}`, fmtMs(ms("coldBuild")), fmtMs(ms(k)), ms("coldBuild") / ms(k), "< 1×", ms("coldBuild") < ms(k), cr("coldBuild", k));
  }

  // ------------------------------------------------------------------------------------------
  // Report
  const L = [];
  L.push(`## skillc bench — ${o.size.toLocaleString("en-US")} skills`, "");
  L.push(`Node ${process.version}, ${cpus().length} cores, load average at start ${loadavg()[0].toFixed(1)}; ${o.reps} reps (medians), peers ${peers.ok ? `${Math.min(o.peerReps, o.reps)} rep(s)` : "not run"}; ${new Date().toISOString().slice(0, 16)}Z.`);
  L.push(`Corpus: ${stats.skills} skills, ${stats.files} files, ${fmtBytes(stats.totalBytes)} (SKILL.md: ${fmtBytes(stats.skillMdBytes)}, median ${fmtBytes(stats.skillMdMedianBytes)} / ${stats.skillMdMedianLines} lines, ${(stats.over500LinesFraction * 100).toFixed(1)}% over 500 lines; ${stats.supportingMean.toFixed(2)} supporting files per skill, ${stats.binaryFiles} binary, ${stats.nestedSkills} nested); sha256 ${gen.sha256.slice(0, 12)}.`);
  if (buildSummaryLine) L.push(`Build: ${buildSummaryLine.trim()}`);
  if (lintReport) L.push(`Lint: ${lintReport.files} files, ${lintReport.errors} errors, ${lintReport.warnings} warnings (top rules: ${lintReport.top}).`);
  L.push("");
  L.push("### Targets", "", "Ratios of wall-time medians; the CPU column is the same ratio on user + system CPU time (steadier when other work shares the cores). The first rows are issue 15's table; the rest follow.", "");
  L.push("| target | skillc | baseline | ratio | goal | met | CPU ratio |", "|---|---:|---:|---:|---|---|---:|");
  for (const x of [...t.filter((x) => x.id), ...t.filter((x) => !x.id)]) L.push(`| ${x.name} | ${x.value} | ${x.base} | ${fmtRatio(x.ratio)} | ${x.goal} | ${x.met === undefined ? "n/a" : x.met ? "✅ met" : "❌ not met"} | ${x.cpuRatio === undefined ? "" : fmtRatio(x.cpuRatio)} |`);
  L.push("");
  L.push("### Whole processes (wall time from spawn to exit, medians)", "", "| process | median | min | max | in-process | CPU | peak RSS | exit |", "|---|---:|---:|---:|---:|---:|---:|---|");
  const rows = [
    ["node", "`node -e 0`"],
    ["floorRead", "floor: read every file"],
    ["floorYaml", "floor: read + split + yaml.parse every SKILL.md"],
    ["floorBuild", `floor: read all + YAML + write ${fmtBytes(bundleBytes)}`],
    ["floorRescan", "floor: stat every file and folder (a rebuild finding the change)"],
    ["floorRescanWrite", `floor: the same + write and fdatasync ${fmtBytes(bundleBytes)}`],
    ["coldBuild", "skillc build, cold (no cache, no outDir)"],
    ["warmNoChange", "skillc build, warm, nothing changed"],
    ["warmReplay", "skillc build, nothing changed again (replayed)"],
    ["warmOneChanged", "skillc build, warm, 1 SKILL.md changed"],
    ["coldBuildSplit", "skillc build, split layout, cold"],
    ["warmOneChangedSplit", "skillc build, split layout, warm, 1 SKILL.md changed"],
    ["watchOneChanged", "skillc build --watch, rebuild after 1 SKILL.md changed (write → summary)"],
    ["watchOneChangedSplit", "skillc build --watch, split layout, the same"],
    ["coldLint", "skillc lint --format json, cold"],
    ["warmLint", "skillc lint --format json, warm"],
    ["lint5Node", "`node -e 0` (alternating with ↓)"],
    ["lint5", "skillc lint of 5 SKILL.md files"],
    ["esmNode", "`node --input-type=module -e 0`"],
    ["import", "`await import(\".skillc/index.js\")`"],
    ["importLoad", "import + first `load()`"],
    ["cjsNode", "`node -e 0` (alternating with ↓)"],
    ["jsonParse", "read + `JSON.parse` of the same data"],
    ["esmNode2", "`node --input-type=module -e 0` (alternating with ↓)"],
    ["importSplit", "`await import(\".skillc-split/index.js\")`"],
    ["cjsNode2", "`node -e 0` (alternating with ↓)"],
    ["metaParse", "read + `JSON.parse` of the metadata only"],
    ["peer:skills-ref", "peer: skills-ref validate() every skill"],
    ["peer:skill-tools", "peer: @skill-tools/core parseSkill() every skill"],
  ];
  for (const [k, label] of rows) {
    const s = S[k];
    if (!s) continue;
    const ip = k.startsWith("floor") ? fmtMs(inproc(k)) : k.startsWith("peer:") ? fmtMs(peerMs(k)) : "";
    L.push(`| ${label} | ${fmtMs(s.ms)} | ${fmtMs(s.min)} | ${fmtMs(s.max)} | ${ip} | ${Number.isFinite(s.cpuS) ? s.cpuS.toFixed(2) + " s" : "—"} | ${Number.isFinite(s.rssMB) ? s.rssMB.toFixed(0) + " MB" : "—"} | ${s.codes.join(",")}${s.failed ? ` (${s.failed} failed, left out)` : ""} |`);
  }
  for (const k of ["peer:skills-ref", "peer:skill-tools"]) {
    const p = peerInfo(k);
    if (p) L.push("", `${k.slice(5)}: ${p.skills} skills, ${p.failed} reported invalid.`);
  }
  L.push("");
  if (rt) {
    L.push(`### Runtime, in process (${o.iters} calls per op over random skills; import ${fmtMs(rt.importMs)} in process, RSS ${rt.rssAfterImportMB.toFixed(0)} MB after import)`, "");
    L.push("| op | skillc p50 | p99 | first call | naive p50 | naive p99 | p50 ratio |", "|---|---:|---:|---:|---:|---:|---:|");
    const naiveLabel = { load: "regex over the raw body", file: "object lookup (+ base64 decode)", search: "linear scan" };
    for (const [op, v] of Object.entries(rt.ops)) {
      const nl = naiveLabel[op.split(",")[0]];
      L.push(`| ${op}${nl ? ` (naive: ${nl})` : ""} | ${fmtMs(v.skillc.p50)} | ${fmtMs(v.skillc.p99)} | ${fmtMs(v.skillc.first)} | ${fmtMs(v.naive?.p50)} | ${fmtMs(v.naive?.p99)} | ${v.naive ? fmtRatio(v.skillc.p50 / v.naive.p50) : ""} |`);
    }
    if (rt.sanity && !rt.sanity.loadMatchesBody) L.push("", "⚠ load().content differs from the raw body for a skill without placeholders.");
    L.push("");
  }
  L.push("### Sizes", "", "| artefact | raw | gzip |", "|---|---:|---:|");
  if (buildOk) L.push(`| .skillc/index.js (bundle) | ${fmtBytes(bundleBytes)} | ${fmtBytes(bundleGzip)} |`);
  if (splitOk && existsSync(splitBundle)) L.push(`| .skillc-split/index.js (split layout's index) | ${fmtBytes(statSync(splitBundle).size)} | |`);
  if (largestSplitFile) L.push(`| largest file of the split build (${largestSplitFile.name}) | ${fmtBytes(largestSplitFile.bytes)} | |`);
  L.push(`| largest skill (${largestSkill.dir}, every file) | ${fmtBytes(largestSkill.bytes)} | |`);
  if (existsSync(metaJson)) L.push(`| the metadata alone as one JSON file | ${fmtBytes(statSync(metaJson).size)} | |`);
  L.push(`| same data as one JSON file | ${fmtBytes(dataJsonBytes)} | |`);
  L.push(`| corpus (every file) | ${fmtBytes(stats.totalBytes)} | |`);
  if (runtimeSize) L.push(`| dist/runtime.js (min) | ${fmtBytes(runtimeSize.raw)} | ${fmtBytes(runtimeSize.gzip)} |`);
  if (notes.length) L.push("", "Notes:", ...notes.map((n) => `- ${n}`));
  L.push("", `(${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
  const text = L.join("\n");
  process.stdout.write(text + "\n");

  const resultsDir = path.join(BENCH, "results");
  mkdirSync(resultsDir, { recursive: true });
  const json = {
    size: o.size,
    options: o,
    node: process.version,
    cores: cpus().length,
    loadavg: loadavg(),
    date: new Date().toISOString(),
    corpus: { ...stats, sha256: gen.sha256 },
    bundle: { bytes: bundleBytes, gzip: bundleGzip, dataJsonBytes },
    runtimeSize,
    processes: S,
    runs: Object.fromEntries(Object.entries(R).map(([k, v]) => [k, v.map((r) => ({ ms: r.ms, code: r.code, rssKB: r.rssKB, cpuS: r.cpuS, failed: r.failed }))])),
    inProcess: Object.fromEntries(["floorRead", "floorYaml", "floorBuild", "floorRescan", "floorRescanWrite"].map((k) => [k, (R[k] || []).map((r) => safeJson(r.stdout))])),
    runtime: rt,
    split: splitRt ? { ...splitRt, largestFile: largestSplitFile, largestSkill } : undefined,
    lint: lintReport,
    targets: t,
    notes,
    markdown: text,
  };
  writeFileSync(path.join(resultsDir, `${o.size}.json`), JSON.stringify(json, null, 2) + "\n");
  log(`bench: wrote ${path.relative(REPO, path.join(resultsDir, `${o.size}.json`))}`);
  rmSync(tmp, { recursive: true, force: true });
  rmSync(trash, { recursive: true, force: true });
}

/** What a failed run said: its error diagnostics (stylish lines with " error "), else its last lines. */
function failureText(r) {
  const text = `${r.stdout || ""}\n${r.stderr || ""}`;
  const errors = text.split("\n").filter((l) => /^\s+\d+:\d+\s+error\s/.test(l)).map((l) => l.trim().replace(/\s{2,}/g, " "));
  const files = text.split("\n").filter((l, i, a) => /^\S.*SKILL\.md$/.test(l) && /^\s+\d+:\d+\s+error\s/.test(a[i + 1] || ""));
  const shown = errors.length ? errors.slice(0, 3).map((e, i) => (files[i] ? `${files[i]} ${e}` : e)).join(" · ") : lastLines(text, 4);
  return shown.slice(0, 700);
}

/** A fingerprint of dist/ (names, sizes, mtimes): a change during the run means the results mix versions. */
function distFingerprint(dir) {
  const parts = [];
  const walk = (d) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) {
        if (e.name !== "types") walk(f);
      } else {
        const st = statSync(f);
        parts.push(`${path.relative(dir, f)}:${st.size}:${st.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return parts.sort().join("\n");
}

function safeJson(s) {
  try {
    return JSON.parse(lastLines(s || "", 1));
  } catch {
    return undefined;
  }
}

function lastLines(s, n) {
  return (s || "").trim().split("\n").slice(-n).join(" | ");
}

/** ESLint-shaped JSON → counts and the most frequent rule ids. */
function summarizeLint(stdout) {
  try {
    const results = JSON.parse(stdout);
    const byRule = new Map();
    let errors = 0, warnings = 0;
    for (const f of results) {
      errors += f.errorCount ?? 0;
      warnings += f.warningCount ?? 0;
      for (const m of f.messages ?? []) byRule.set(m.ruleId, (byRule.get(m.ruleId) ?? 0) + 1);
    }
    const top = [...byRule].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([r, c]) => `${r} ${c}`).join(", ") || "none";
    return { files: results.length, errors, warnings, top };
  } catch {
    return undefined;
  }
}

/** The largest file under a folder (a split build's outDir): its path relative to the folder, and size. */
function largestFile(dir) {
  let best = { name: "", bytes: -1 };
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) walk(f);
      else if (e.isFile()) {
        const bytes = statSync(f).size;
        if (bytes > best.bytes) best = { name: path.relative(dir, f), bytes };
      }
    }
  };
  walk(dir);
  return best.bytes < 0 ? undefined : best;
}

/** The largest chunk of a split build (chunks/*.js). */
function largestChunk(dir) {
  return existsSync(path.join(dir, "chunks")) ? largestFile(path.join(dir, "chunks")) : undefined;
}

/** The largest skill of the corpus by its own files (SKILL.md and supporting files, nested skills not counted). */
function largestSkillBytes(corpusDir) {
  const all = listFiles(corpusDir).filter((f) => f.startsWith("skills/"));
  const dirs = new Set(all.filter((f) => f.endsWith("/SKILL.md")).map((f) => path.posix.dirname(f)));
  const sizes = new Map();
  for (const f of all) {
    let d = path.posix.dirname(f);
    while (d !== "skills" && d !== "." && !dirs.has(d)) d = path.posix.dirname(d);
    if (!dirs.has(d)) continue;
    sizes.set(d, (sizes.get(d) ?? 0) + statSync(path.join(corpusDir, f)).size);
  }
  let best = { dir: "", bytes: 0 };
  for (const [dir, bytes] of sizes) if (bytes > best.bytes) best = { dir, bytes };
  return best;
}

/** The first skill name in data.json (for the import + load measurement). */
function skills0(dataJson) {
  const fd = openSync(dataJson, "r");
  const buf = Buffer.alloc(4096);
  const n = readSync(fd, buf, 0, 4096, 0);
  closeSync(fd);
  const m = /"name":"([^"]+)"/.exec(buf.toString("utf8", 0, n));
  return m ? m[1] : "";
}

await main();
