#!/usr/bin/env node
// Peers on the same corpus, each validating or parsing every skill in one process through its JS API.
//
//   node bench/peers.mjs <skills-ref|skill-tools> <skills root> <peers dir (holding node_modules)>
//
// Discovery is the same plain walk for both (folders holding a SKILL.md, nested groups included);
// skills are handled 16 at a time, as skillc does. Prints one JSON line: skills, failures, ms.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [which, root, peersDir] = process.argv.slice(2);
const started = performance.now();

const dirs = [];
(function walk(dir) {
  const entries = readdirSync(dir, { withFileTypes: true });
  if (entries.some((e) => e.isFile() && e.name === "SKILL.md")) dirs.push(dir);
  for (const e of entries) if (e.isDirectory() && !e.name.startsWith(".") && e.name !== "node_modules") walk(path.join(dir, e.name));
})(path.resolve(root));

const load = (pkg, entry) => import(pathToFileURL(path.join(path.resolve(peersDir), "node_modules", pkg, entry)).href);

let check;
if (which === "skills-ref") {
  const { validate } = await load("skills-ref", "dist/index.js");
  // Returns the list of problems; an empty list is a valid skill.
  check = async (dir) => (await validate(dir)).length === 0;
} else if (which === "skill-tools") {
  const { parseSkill } = await load("@skill-tools/core", "dist/index.js");
  check = async (dir) => (await parseSkill(path.join(dir, "SKILL.md"))).ok;
} else {
  console.error(`unknown peer "${which}"`);
  process.exit(2);
}

let failed = 0, next = 0;
async function worker() {
  while (next < dirs.length) {
    const d = dirs[next++];
    try {
      if (!(await check(d))) failed++;
    } catch {
      failed++;
    }
  }
}
await Promise.all(Array.from({ length: 16 }, worker));
process.stdout.write(JSON.stringify({ peer: which, skills: dirs.length, failed, ms: performance.now() - started }) + "\n");
