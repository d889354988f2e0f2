#!/usr/bin/env node
// The floors: the least work any tool doing skillc's job must do, each run as a whole process so it
// compares with the CLI's processes (Node start-up included).
//
//   node bench/floors.mjs --root <corpus>/skills [--read-all] [--yaml] [--write <bytes> --out <file> [--sync]]
//   node bench/floors.mjs --stat-list <file> [--write <bytes> --out <file> --sync]
//
//   --read-all   read every file below the root (the bytes a bundle must hold)
//   --yaml       read every SKILL.md, split off the frontmatter, yaml.parse it
//   --write N    write a file of N bytes (the bundle's size), to a temporary name, then rename
//   --sync       fdatasync the written file before the rename (as a build's atomic write does)
//   --stat-list  stat every path the file lists, one a line (a rebuild's floor: a process that is not
//                told what changed must stat every file and folder the last build saw); no walk
//
// Prints one JSON line: counts and in-process milliseconds per phase.
import { closeSync, fdatasyncSync, openSync, readdirSync, readFileSync, renameSync, statSync, writeSync } from "node:fs";
import path from "node:path";

const started = performance.now();
const argv = process.argv.slice(2);
const opt = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const root = opt("--root");
const statList = opt("--stat-list");
if (!root && !statList) {
  console.error("usage: node bench/floors.mjs --root DIR [--read-all] [--yaml] [--write BYTES --out FILE [--sync]] | --stat-list FILE [--write BYTES --out FILE --sync]");
  process.exit(2);
}
const readAll = argv.includes("--read-all");
const doYaml = argv.includes("--yaml");
const writeBytes = opt("--write") !== undefined ? Number(opt("--write")) : undefined;
const sync = argv.includes("--sync");
const out = { files: 0, bytes: 0, skills: 0, yamlErrors: 0, stats: 0, ms: {} };

// yaml is loaded only when used, as a compiler would (its import is part of the floor).
let t = performance.now();
const YAML = doYaml ? await import("yaml") : undefined;
out.ms.import = performance.now() - t;

t = performance.now();
const files = [];
const skillMds = [];
if (root) (function walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith(".") || e.name === "node_modules") continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full);
    else if (e.isFile()) {
      files.push(full);
      if (e.name === "SKILL.md") skillMds.push(full);
    }
  }
})(root);
out.ms.walk = performance.now() - t;

const FM = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
function parseSkill(text) {
  const m = FM.exec(text);
  if (!m) {
    out.yamlErrors++;
    return;
  }
  try {
    const fm = YAML.parse(m[1]);
    if (!fm || typeof fm !== "object") out.yamlErrors++;
    out.skills++;
  } catch {
    out.yamlErrors++;
  }
}

t = performance.now();
let yamlMs = 0;
if (readAll) {
  for (const f of files) {
    const buf = readFileSync(f);
    out.files++;
    out.bytes += buf.length;
    if (doYaml && f.endsWith("SKILL.md")) {
      const y = performance.now();
      parseSkill(buf.toString("utf8"));
      yamlMs += performance.now() - y;
    }
  }
} else if (doYaml) {
  for (const f of skillMds) {
    const text = readFileSync(f, "utf8");
    out.files++;
    out.bytes += Buffer.byteLength(text);
    const y = performance.now();
    parseSkill(text);
    yamlMs += performance.now() - y;
  }
}
out.ms.read = performance.now() - t - yamlMs;
out.ms.yaml = yamlMs;

if (statList) {
  t = performance.now();
  for (const p of readFileSync(statList, "utf8").split("\n")) {
    if (p === "") continue;
    statSync(p);
    out.stats++;
  }
  out.ms.stat = performance.now() - t;
}

if (writeBytes !== undefined) {
  const file = opt("--out");
  t = performance.now();
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, "w");
  writeSync(fd, Buffer.alloc(writeBytes, 0x61));
  if (sync) fdatasyncSync(fd);
  closeSync(fd);
  renameSync(tmp, file);
  out.ms.write = performance.now() - t;
  out.written = writeBytes;
}
out.ms.total = performance.now() - started;
process.stdout.write(JSON.stringify(out) + "\n");
