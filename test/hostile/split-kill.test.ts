// A split build killed (SIGKILL, a real child process) at every step of its output: after each
// kill, the index.js in outDir refers only to metadata shards and chunks that are there, whole (their SHA-256 is their
// name), and it imports and loads every skill in a fresh process. The steps are counted, not timed:
// a preloaded hook counts the file operations on outDir and beside it (opens for writing, sync or
// not, renames, removals) and SIGKILLs the build right after the k-th, for every k of a whole build.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readManifest } from "../../src/emit/manifest-read.js";
import { CLI, cleanupTmp, ensureCli, inFreshProcess, runNode, skillMd, tmp, writeTree } from "./helpers.js";

afterAll(cleanupTmp);
beforeAll(ensureCli, 180_000);

const N = 5;

function tree(version: string): Record<string, string> {
  const files: Record<string, string> = { "skillc.config.json": JSON.stringify({ output: "split" }) };
  for (let i = 0; i < N; i++) {
    files[`skills/s${i}/SKILL.md`] = skillMd(`s${i}`, `Skill ${i}.`, `Version ${version} of skill ${i}.`);
    files[`skills/s${i}/references/r.md`] = `${version} ${i}\n`;
  }
  return files;
}

/** A module preloaded into the CLI: counts outDir's file operations; SIGKILLs after the k-th (0: never), and writes the count at exit. */
function hook(k: number, countFile: string): string {
  const file = path.join(tmp("skillc-split-hook-"), "hook.mjs");
  writeFileSync(
    file,
    `import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
const p = fs.promises;
let n = 0;
const counted = (name, isWrite) => {
  const f = p[name];
  p[name] = async (...a) => {
    const r = await f(...a);
    if (String(a[0]).includes("/.skillc") && isWrite(a)) {
      n++;
      if (n === ${k}) process.kill(process.pid, "SIGKILL");
    }
    return r;
  };
};
counted("open", (a) => /w/.test(String(a[1] ?? "")));
counted("rename", () => true);
counted("rm", () => true);
counted("unlink", () => true);
// The chunks are staged with the synchronous calls (emit/chunk-stage.ts).
const openSync = fs.openSync;
fs.openSync = (...a) => {
  const r = openSync(...a);
  if (String(a[0]).includes("/.skillc") && /w/.test(String(a[1] ?? ""))) {
    n++;
    if (n === ${k}) process.kill(process.pid, "SIGKILL");
  }
  return r;
};
syncBuiltinESMExports();
process.on("exit", () => fs.writeFileSync(${JSON.stringify(countFile)}, String(n)));
`,
  );
  return file;
}

/** What is wrong with outDir as a reader sees it (nothing: []). */
async function problems(out: string): Promise<string[]> {
  const index = path.join(out, "index.js");
  if (!existsSync(index)) return ["index.js is missing"];
  const found: string[] = [];
  // index.js imports its metadata shards and links modules; these import the skills' chunks.
  const seen = new Set([...readFileSync(index, "utf8").matchAll(/(?:from |import\()"\.\/chunks\/([0-9a-f]{64})\.js"/g)].map((m) => m[1]!));
  if (seen.size === 0) found.push("index.js refers to no metadata shard");
  let payloads = 0;
  for (const h of seen) {
    const file = path.join(out, "chunks", `${h}.js`);
    if (!existsSync(file)) found.push(`chunk ${h} is missing`);
    else if (createHash("sha256").update(readFileSync(file)).digest("hex") !== h) found.push(`chunk ${h} is not whole`);
    else {
      const text = readFileSync(file, "utf8");
      if (text.startsWith("export default {")) payloads++;
      for (const m of text.matchAll(/import\("\.\/([0-9a-f]{64})\.js"\)/g)) seen.add(m[1]!);
    }
  }
  // manifest.json's shards and index.d.ts's type shards: there and whole too.
  try {
    const m = readManifest(out);
    if (m.skills.length !== N) found.push(`manifest.json lists ${m.skills.length} skills`);
  } catch (err) {
    found.push(`manifest.json: ${(err as Error).message}`);
  }
  const dts = existsSync(path.join(out, "index.d.ts")) ? readFileSync(path.join(out, "index.d.ts"), "utf8") : "";
  const types = [...dts.matchAll(/from "\.\/chunks\/([0-9a-f]{64})\.js";/g)].map((m) => m[1]!);
  if (types.length === 0) found.push("index.d.ts imports no type shard");
  for (const h of types) {
    const file = path.join(out, "chunks", `${h}.d.ts`);
    if (!existsSync(file) || createHash("sha256").update(readFileSync(file)).digest("hex") !== h) found.push(`type shard ${h} is missing or not whole`);
  }
  if (payloads !== N) found.push(`index.js reaches ${payloads} skill chunks`);
  const r = await inFreshProcess<string[]>(index, "await m.skills.ready(); return await Promise.all(m.skills.list().map(async (s) => (await m.skills.load(s.name)).content));");
  if (!r.ok) found.push(`loading every skill failed: ${r.error}`);
  else if (!r.value.every((c) => /^Version [AB] of skill \d\.\n$/.test(c))) found.push(`unexpected contents: ${JSON.stringify(r.value)}`);
  return found;
}

describe("SIGKILL during a split build", () => {
  it("never leaves an index pointing at a missing chunk, whichever step it lands after", async () => {
    const root = tmp("skillc-split-kill-");
    const out = path.join(root, ".skillc");
    const countFile = path.join(root, "..", `${path.basename(root)}-count`);
    writeTree(root, tree("A"));
    const first = await runNode(["--import", hook(0, countFile), CLI, "build", "--quiet"], { cwd: root, timeoutMs: 60_000 });
    expect(first.code, first.stderr).toBe(0);
    // A whole build's steps (B over A: every chunk new, every old one removed).
    rmSync(path.join(root, "skills"), { recursive: true });
    writeTree(root, tree("B"));
    const full = await runNode(["--import", hook(0, countFile), CLI, "build", "--quiet"], { cwd: root, timeoutMs: 60_000 });
    expect(full.code, full.stderr).toBe(0);
    const steps = Number(readFileSync(countFile, "utf8"));
    // Lock, N chunks staged, the other files, the commit record, the renames, N stale chunks removed.
    expect(steps).toBeGreaterThanOrEqual(3 * N + 4);
    let version = "B";
    let killed = 0;
    for (let k = 1; k <= steps; k++) {
      version = version === "A" ? "B" : "A";
      rmSync(path.join(root, "skills"), { recursive: true });
      writeTree(root, tree(version));
      const r = await runNode(["--import", hook(k, countFile), CLI, "build", "--quiet"], { cwd: root, timeoutMs: 60_000 });
      if (r.signal === "SIGKILL") killed++;
      else expect(r.code, r.stderr).toBe(0);
      expect(await problems(out), `killed after step ${k} of ${steps}`).toEqual([]);
    }
    // Most kills landed: a build after a kill may have fewer steps (the chunks it needs already
    // there, committed by the killed build of the same version), so the last steps are not reached.
    expect(killed, `${killed} of ${steps} builds killed`).toBeGreaterThanOrEqual(Math.ceil(steps * 0.6));
    const done = await runNode([CLI, "build", "--quiet"], { cwd: root, timeoutMs: 60_000 });
    expect(done.code, done.stderr).toBe(0);
    expect(await problems(out)).toEqual([]);
    // N payload chunks, the metadata shard and its links module, one manifest shard, one type shard: nothing stale left.
    expect(readdirSync(path.join(out, "chunks"))).toHaveLength(N + 4);
    expect(readdirSync(root).filter((f) => f.startsWith(".skillc."))).toEqual([]);
  }, 300_000);
});
