// Atomic and concurrent output, with the built CLI as a real process:
// - a build killed with SIGKILL at random points (seeded delays 0–300 ms) leaves the previous
//   output whole: index.js imports in a fresh process and lists one of the two versions' skills,
//   manifest.json and catalog.json parse;
// - two builds of different trees into one outDir at once never leave a torn index.js: afterwards it
//   is byte-for-byte one of the two complete versions.
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { CLI, Recorder, cleanupTmp, ensureCli, inFreshProcess, runNode, skillMd, tmp, writeTree } from "./helpers.js";

const rec = new Recorder("atomic");
afterAll(() => {
  rec.write();
  cleanupTmp();
});
beforeAll(ensureCli, 180_000);

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** A tree of `n` skills whose text depends on `version`, heavy enough that a build takes a while. */
function tree(version: string, n = 150): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const name = `skill-${String(i).padStart(3, "0")}`;
    files[`skills/${name}/SKILL.md`] = skillMd(name, `Skill ${i} of version ${version}.`, `Version ${version}.\n\n` + "Some body text with words. ".repeat(400));
    files[`skills/${name}/references/data.md`] = `${version}\n` + "reference line\n".repeat(2000);
  }
  return files;
}

/** xorshift: the kill delays are the same on every run. */
function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

async function verify(outDir: string, okIndex: Set<string>, okCounts: Set<number>): Promise<string[]> {
  const problems: string[] = [];
  const index = path.join(outDir, "index.js");
  if (!existsSync(index)) return ["index.js is missing"];
  const h = sha(index);
  if (!okIndex.has(h)) problems.push(`index.js is not one of the complete versions (sha ${h.slice(0, 12)})`);
  for (const f of ["manifest.json", "catalog.json"]) {
    try {
      JSON.parse(readFileSync(path.join(outDir, f), "utf8"));
    } catch (e) {
      problems.push(`${f} does not parse: ${(e as Error).message}`);
    }
  }
  const r = await inFreshProcess<{ n: number; loaded: number }>(index, "const l = m.skills.list(); return { n: l.length, loaded: m.skills.load(l[0].name).content.length };");
  if (!r.ok) problems.push(`import failed: ${r.error}`);
  else if (!okCounts.has(r.value.n)) problems.push(`skills.list() has ${r.value.n} skills`);
  return problems;
}

describe("SIGKILL during build", () => {
  it("20 kills at random delays leave the previous output whole and importable", async () => {
    const root = tmp("skillc-kill-");
    const out = path.join(root, ".skillc");
    // Both versions, built once to learn their complete index.js.
    const hashes = new Set<string>();
    for (const v of ["B", "A"]) {
      rmSync(path.join(root, "skills"), { recursive: true, force: true });
      writeTree(root, tree(v));
      const r = await runNode([CLI, "build", "--quiet"], { cwd: root, timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(0);
      hashes.add(sha(path.join(out, "index.js")));
    }
    expect(hashes.size).toBe(2);
    const rand = prng(0xdeadbeef);
    let version = "A";
    let killedMidway = 0;
    for (let i = 0; i < 20; i++) {
      rec.tried("atomic: SIGKILL mid-build");
      // Switch the tree, so each build has something to write.
      version = version === "A" ? "B" : "A";
      rmSync(path.join(root, "skills"), { recursive: true, force: true });
      writeTree(root, tree(version));
      const delay = Math.floor(rand() * 300);
      const child = spawn(process.execPath, [CLI, "build", "--quiet"], { cwd: root, stdio: "ignore" });
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      await new Promise((r) => setTimeout(r, delay));
      const alive = child.exitCode === null;
      child.kill("SIGKILL");
      const code = await exited;
      if (alive && code === null) killedMidway++;
      const problems = await verify(out, hashes, new Set([150]));
      if (problems.length) rec.crash("atomic: SIGKILL mid-build");
      expect(problems, `kill #${i} after ${delay} ms`).toEqual([]);
    }
    // Most kills must land while the build runs, or the test proves nothing.
    expect(killedMidway).toBeGreaterThanOrEqual(10);
    // The next build cleans up and completes.
    const done = await runNode([CLI, "build", "--quiet"], { cwd: root, timeoutMs: 60_000 });
    expect(done.code, done.stderr).toBe(0);
    expect(await verify(out, hashes, new Set([150]))).toEqual([]);
  }, 240_000);
});

describe("concurrent builds into one outDir", () => {
  it("2 builds of different trees at once ×5 leave one complete version", async () => {
    const a = tmp("skillc-conc-a-");
    const b = tmp("skillc-conc-b-");
    writeTree(a, tree("A", 80));
    writeTree(b, tree("B", 120));
    const shared = path.join(tmp("skillc-conc-out-"), "out");
    // Each version alone, to learn its complete index.js (outputs hold no absolute paths).
    const hashes = new Set<string>();
    for (const root of [a, b]) {
      const solo = path.join(root, "solo");
      const r = await runNode([CLI, "build", "--quiet", "--out", solo], { cwd: root, timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(0);
      hashes.add(sha(path.join(solo, "index.js")));
      rmSync(solo, { recursive: true });
    }
    for (let i = 0; i < 5; i++) {
      rec.tried("atomic: concurrent builds");
      rmSync(shared, { recursive: true, force: true });
      if (i % 2) cpSync(path.join(a, "skills"), path.join(a, "skills-copy"), { recursive: true }); // vary timing a little
      const [ra, rb] = await Promise.all([
        runNode([CLI, "build", "--quiet", "--out", shared], { cwd: a, timeoutMs: 90_000 }),
        runNode([CLI, "build", "--quiet", "--out", shared], { cwd: b, timeoutMs: 90_000 }),
      ]);
      rmSync(path.join(a, "skills-copy"), { recursive: true, force: true });
      expect([ra.code, rb.code], ra.stderr + rb.stderr).toEqual([0, 0]);
      const problems = await verify(shared, hashes, new Set([80, 120]));
      if (problems.length) rec.crash("atomic: concurrent builds");
      expect(problems, `round ${i}`).toEqual([]);
    }
  }, 240_000);
});
