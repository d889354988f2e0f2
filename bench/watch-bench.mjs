#!/usr/bin/env node
// A `skillc build --watch` process, edited: the cost of the rebuild each edit starts (issue 15).
//
//   node bench/watch-bench.mjs --cwd bench/.corpus/1000 [--config skillc.split.json] [--edits 3] [--cli dist/cli.js] [--node-arg --cpu-prof]
//
// Starts the watch, waits for its first build, then edits one SKILL.md at a time (a line appended,
// picked by a seeded PRNG) and puts it back, waiting for the rebuild each time: 2 × --edits rebuilds.
// Each rebuild's wall time runs from the write to its summary line (so it holds the watcher's
// debounce, 100 ms, and its event's latency); its CPU time is the process's (user + system, from
// /proc, 10 ms ticks) and its main thread's over the same span. Prints one JSON line on stdout:
// `{ rebuilds: [{ ms, inMs, cpuMs, mainMs }], median: {…}, firstBuildMs, peakRssMb, rssMb }`
// (the watch process's VmHWM and VmRSS after its last rebuild). Linux only (/proc).
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { listFiles, makeRng } from "./generate.mjs";

const BENCH = path.dirname(fileURLToPath(import.meta.url));

function parse(argv) {
  const o = { cli: path.join(BENCH, "..", "dist", "cli.js"), cwd: undefined, config: undefined, edits: 3, nodeArgs: [], seed: "watch-bench", timeoutMs: 600_000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => argv[++i];
    if (a === "--cli") o.cli = path.resolve(v());
    else if (a === "--cwd") o.cwd = path.resolve(v());
    else if (a === "--config") o.config = v();
    else if (a === "--edits") o.edits = Number(v());
    else if (a === "--node-arg") o.nodeArgs.push(v());
    else if (a === "--seed") o.seed = v();
    else if (a === "--trace") o.trace = true;
    else throw new Error(`watch-bench: unknown option ${a}`);
  }
  if (!o.cwd) throw new Error("watch-bench: --cwd is required");
  return o;
}

const TICK_MS = 10;
/** utime + stime of a /proc stat file, in ms. */
function cpuMs(file) {
  const s = readFileSync(file, "utf8");
  const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}

/** The process's peak resident set (VmHWM) and its resident set now (VmRSS), in MB. */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field) => {
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status);
    return kb ? Math.round(Number(kb[1]) / 102.4) / 10 : undefined;
  };
  return { peakRssMb: mb("VmHWM"), rssMb: mb("VmRSS") };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The build's summary line (commands/report.ts): "built N skills … in 123 ms" or "nothing written: … in 123 ms". */
const SUMMARY = /(?:built \d+ skills?|nothing written).* in (\d+) ms$/;

/**
 * Runs the watch and the edits; resolves with the measurements. `o`: the options above, as parsed
 * (run.mjs calls this too).
 */
export async function watchBench(o) {
  const args = [...o.nodeArgs, o.cli, "build", "--watch", ...(o.config ? ["--config", o.config] : [])];
  const child = spawn(process.execPath, args, { cwd: o.cwd, stdio: ["ignore", "ignore", "pipe"] });
  const lines = [];
  const waiters = [];
  let buffered = "";
  let stderrTail = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text) => {
    stderrTail = (stderrTail + text).slice(-4000);
    buffered += text;
    const parts = buffered.split("\n");
    buffered = parts.pop();
    for (const line of parts) {
      if (o.trace && /^\S/.test(line) && !/^skills\/\S+$/.test(line)) process.stderr.write(`${(performance.now() / 1000).toFixed(3)} ${line}\n`);
      lines.push(line);
    }
    for (const w of [...waiters]) w();
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  /** Resolves with the first line from `from` on that matches `re`, and the index after it. */
  const next = (re, from) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`watch-bench: no line matching ${re} within ${o.timeoutMs} ms; stderr:\n${stderrTail}`)), o.timeoutMs);
      let i = from;
      // Each line tested once (a build of 10,000 skills prints ~20,000 lines of warnings).
      const check = () => {
        for (; i < lines.length; i++) {
          if (!re.test(lines[i])) continue;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(check), 1);
          return resolve({ line: lines[i], at: i + 1 });
        }
      };
      waiters.push(check);
      exited.then(({ code }) => reject(new Error(`watch-bench: the watch exited (${code}) early; stderr:\n${stderrTail}`)));
      check();
    });
  const pid = child.pid;
  const sample = () => ({ t: performance.now(), hr: Number(process.hrtime.bigint() / 1000n), cpu: cpuMs(`/proc/${pid}/stat`), main: cpuMs(`/proc/${pid}/task/${pid}/stat`) });
  try {
    const t0 = performance.now();
    let seen = (await next(/^watching /, 0)).at;
    const firstBuildMs = performance.now() - t0;
    const rng = makeRng(o.seed);
    const skillMds = listFiles(path.join(o.cwd, "skills")).filter((f) => f.endsWith("/SKILL.md"));
    const rebuilds = [];
    const rebuild = async (file, bytes) => {
      const a = sample();
      if (o.trace) process.stderr.write(`${(performance.now() / 1000).toFixed(3)} [bench] writing ${file}\n`);
      writeFileSync(file, bytes);
      const done = await next(SUMMARY, seen);
      seen = done.at;
      const b = sample();
      rebuilds.push({ ms: Math.round(b.t - a.t), inMs: Number(SUMMARY.exec(done.line)[1]), cpuMs: b.cpu - a.cpu, mainMs: b.main - a.main, ...(o.trace && { hrUs: [a.hr, b.hr] }) });
    };
    for (let i = 0; i < o.edits; i++) {
      const file = path.join(o.cwd, "skills", rng.pick(skillMds));
      const original = readFileSync(file);
      try {
        await rebuild(file, Buffer.concat([original, Buffer.from(`\nEdited for the watch bench, edit ${i + 1}.\n`)]));
      } finally {
        await rebuild(file, original);
      }
    }
    const pick = (k) => median(rebuilds.map((r) => r[k]));
    return { rebuilds, median: { ms: pick("ms"), inMs: pick("inMs"), cpuMs: pick("cpuMs"), mainMs: pick("mainMs") }, firstBuildMs: Math.round(firstBuildMs), ...rssMb(pid) };
  } finally {
    child.kill("SIGINT");
    await exited;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await watchBench(parse(process.argv.slice(2)));
  process.stdout.write(JSON.stringify(result) + "\n");
}
