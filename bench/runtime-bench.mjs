#!/usr/bin/env node
// In-process latency of the emitted bundle's API, next to the naive run-time approaches peers use.
//
//   node bench/runtime-bench.mjs --bundle <.skillc/index.js> --data <data.json> [--iters N] [--seed S]
//
// Imports the bundle once, then runs each operation many times over skills picked by a seeded PRNG,
// timing every call on its own; skillc and its naive counterpart alternate call by call so both see
// the same GC and cache conditions. The first call of each op (lazy index/decoding) is reported apart.
// Prints one JSON object.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { makeRng } from "./generate.mjs";

const argv = process.argv.slice(2);
const opt = (n, d) => {
  const i = argv.indexOf(n);
  return i >= 0 ? argv[i + 1] : d;
};
const bundle = opt("--bundle");
const dataFile = opt("--data");
const iters = Number(opt("--iters", "2000"));
const r = makeRng(opt("--seed", "runtime-bench"));
const now = () => performance.now();

const t0 = now();
const mod = await import(pathToFileURL(bundle).href);
const importMs = now() - t0;
const rssAfterImport = process.memoryUsage().rss;
const { skills } = mod;

// The same data, as plain JSON: what the naive baselines work from (already in memory, like the bundle).
const data = JSON.parse(readFileSync(dataFile, "utf8"));
const byName = new Map(data.skills.map((s) => [s.name, s]));
const known = data.skills.filter((s) => skills.get(s.name));
const withFiles = known.filter((s) => Object.keys(s.files).length > 0);
const visible = skills.list();
const hay = data.skills.map((s) => ({ name: s.name, lname: s.name.toLowerCase(), text: `${s.name} ${s.description}`.toLowerCase(), s }));

/** What peers do at run time: regex replacement over the raw body, on every call. */
function naiveLoad(name, args) {
  const s = byName.get(name);
  if (!s) throw new Error(`no skill ${name}`);
  const argv = args.trim() ? args.trim().split(/\s+/) : [];
  let replaced = false;
  let body = s.body
    .replace(/\$ARGUMENTS\[(\d+)\]/g, (m, i) => (argv[i] !== undefined ? ((replaced = true), argv[i]) : m))
    .replace(/\$(\d+)(?!\w)/g, (m, i) => (argv[i] !== undefined ? ((replaced = true), argv[i]) : m))
    .replace(/\$ARGUMENTS/g, () => ((replaced = true), args))
    .replace(/\$\{CLAUDE_SKILL_DIR\}/g, s.dir);
  if (!replaced && args.trim()) body += `\n\nARGUMENTS: ${args}`;
  const files = Object.keys(s.files);
  return `Base directory for this skill: ${s.dir}\n\n${body}` + (files.length ? "\n\nSupporting files:\n" + files.map((f) => `- ${f}`).join("\n") : "");
}

/** A linear scan over names and descriptions, scored like skillc's order (exact > prefix > words). */
function linearSearch(q, limit = 8) {
  const lq = q.toLowerCase().trim();
  const words = lq.split(/[^a-z0-9]+/).filter((w) => w.length > 1);
  const hits = [];
  for (const h of hay) {
    let score = h.lname === lq ? 1000 : h.lname.startsWith(lq) ? 500 : 0;
    for (const w of words) if (h.text.includes(w)) score++;
    if (score) hits.push([h, score]);
  }
  hits.sort((a, b) => b[1] - a[1] || (a[0].name < b[0].name ? -1 : 1));
  return hits.slice(0, limit);
}

const ARGS = ["src/app.ts", "main --fast", "'two words' 3", "issue-1234 high", "", "docs/README.md all"];
function query() {
  const s = r.pick(data.skills);
  switch (r.int(0, 2)) {
    case 0: return s.name;
    case 1: return s.name.slice(0, Math.max(3, Math.min(6, s.name.length - 1)));
    default: {
      const w = s.description.split(/\W+/).filter((x) => x.length > 3);
      return `${r.pick(w)} ${r.pick(w)} ${r.pick(w)}`;
    }
  }
}

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, p50: at(0.5), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length, max: s[s.length - 1] };
}

/** Runs `a` (skillc) and `b` (naive, optional) alternately on the same inputs. */
function measure(n, input, a, b) {
  const first = input();
  let t = now();
  a(first);
  const firstA = now() - t;
  let firstB;
  if (b) {
    t = now();
    b(first);
    firstB = now() - t;
  }
  const sa = [], sb = [];
  let sink = 0;
  for (let i = 0; i < n; i++) {
    const x = input();
    t = now();
    const ra = a(x);
    sa.push(now() - t);
    sink += typeof ra === "string" ? ra.length : ra ? 1 : 0;
    if (b) {
      t = now();
      const rb = b(x);
      sb.push(now() - t);
      sink += typeof rb === "string" ? rb.length : 1;
    }
  }
  return { skillc: { first: firstA, ...stats(sa) }, ...(b ? { naive: { first: firstB, ...stats(sb) } } : {}), sink };
}

const result = { importMs, rssAfterImportMB: rssAfterImport / 2 ** 20, skills: data.skills.length, visible: visible.length, ops: {} };

// load and file: first calls on distinct skills (the payload is decoded then), then steady state
// over the same skills. The naive side works from data already parsed in memory in both phases.
const shuffled = (arr) => {
  const a = [...arr];
  for (let i = a.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};
const coldSkills = shuffled(known).slice(0, Math.min(iters, known.length));
let ci = 0;
result.ops["load, first per skill"] = measure(
  coldSkills.length - 1,
  () => [coldSkills[ci++].name, r.pick(ARGS)],
  ([n, a]) => skills.load(n, a).text,
  ([n, a]) => naiveLoad(n, a),
);
result.ops.load = measure(
  iters,
  () => [r.pick(coldSkills).name, r.pick(ARGS)],
  ([n, a]) => skills.load(n, a).text,
  ([n, a]) => naiveLoad(n, a),
);
const pairs = shuffled(withFiles.flatMap((s) => Object.keys(s.files).map((f) => [s.name, f]))).slice(0, iters);
let pi = 0;
const readFile = ([n, f]) => skills.file(n, f);
const naiveFile = ([n, f]) => {
  const v = byName.get(n).files[f];
  return typeof v === "string" ? v : Buffer.from(v.b64, "base64");
};
result.ops["file, first per file"] = measure(pairs.length - 1, () => pairs[pi++], readFile, naiveFile);
result.ops.file = measure(iters, () => r.pick(pairs), readFile, naiveFile);
result.ops.search = measure(
  iters,
  query,
  (q) => skills.search(q, { limit: 8 }),
  (q) => linearSearch(q, 8),
);
result.ops.catalog = measure(Math.max(20, Math.floor(iters / 20)), () => r.pick([8000, 16000, 32000]), (b) => skills.catalog({ budget: b }));
result.ops.list = measure(Math.max(20, Math.floor(iters / 10)), () => 0, () => skills.list());

// Sanity: skillc's load must carry the body the naive one produces (no placeholders in play).
const probe = known.find((s) => !/\$/.test(s.body));
if (probe) {
  const a = skills.load(probe.name).content.trim();
  result.sanity = { loadMatchesBody: a === probe.body.trim() };
}
result.rssEndMB = process.memoryUsage().rss / 2 ** 20;
process.stdout.write(JSON.stringify(result) + "\n");
