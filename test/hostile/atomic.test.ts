// Atomic and concurrent output, with the built CLI as a real process:
// - a build killed with SIGKILL at random points (seeded delays 0–300 ms) leaves the previous
//   output whole: index.js imports in a fresh process and lists one of the two versions' skills,
//   manifest.json and catalog.json parse;
// - two builds of different trees into one outDir at once never leave a torn index.js: afterwards it
//   is byte-for-byte one of the two complete versions, and every other file is from that version;
// - a build killed between its renames (by a preloaded hook that SIGKILLs after the k-th rename,
//   for every k) leaves a commit record that the next build — even one that fails — rolls
//   forward, so every file in outDir is again from one build;
// - the output lock: a build waits (and says so) while a live build holds it, takes over a stale
//   one (a dead pid, or a reused pid with another start time).
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import { CLI, Recorder, cleanupTmp, ensureCli, inFreshProcess, runNode, skillMd, tmp, writeTree } from "./helpers.js";
import { rng as prng } from "../helpers/prng.js";

const rec = new Recorder("atomic");
afterAll(() => {
  rec.write();
  cleanupTmp();
});
beforeAll(ensureCli, 180_000);

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** Every output file (name → sha) of a folder; the lock and temp dirs live beside it, not in it. */
function outputs(outDir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[path.relative(outDir, path.join(e.parentPath, e.name))] = sha(path.join(e.parentPath, e.name));
  }
  return out;
}

/** Which complete version `outDir` holds, or a description of the mix. */
function versionOf(outDir: string, versions: Map<string, Record<string, string>>): string {
  const now = outputs(outDir);
  for (const [v, files] of versions) if (JSON.stringify(now) === JSON.stringify(files)) return v;
  const mixed = Object.entries(now).map(([f, h]) => `${f}:${[...versions].find(([, files]) => files[f] === h)?.[0] ?? "?"}`);
  return `mixed (${mixed.join(", ")})`;
}

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
    const versions = new Map<string, Record<string, string>>();
    for (const v of ["B", "A"]) {
      rmSync(path.join(root, "skills"), { recursive: true, force: true });
      writeTree(root, tree(v));
      const r = await runNode([CLI, "build", "--quiet"], { cwd: root, timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(0);
      hashes.add(sha(path.join(out, "index.js")));
      versions.set(v, outputs(out));
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
    // Every file from one build: the last tree's.
    expect(versionOf(out, versions)).toBe(version);
    expect(readdirSync(root).filter((f) => f.startsWith(".skillc.")), "no temp dir or lock left").toEqual([]);
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
    const versions = new Map<string, Record<string, string>>();
    for (const root of [a, b]) {
      const solo = path.join(root, "solo");
      const r = await runNode([CLI, "build", "--quiet", "--out", solo], { cwd: root, timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(0);
      hashes.add(sha(path.join(solo, "index.js")));
      versions.set(root === a ? "A" : "B", outputs(solo));
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
      const version = versionOf(shared, versions);
      if (!["A", "B"].includes(version)) problems.push(`outDir holds ${version}`);
      if (problems.length) rec.crash("atomic: concurrent builds");
      expect(problems, `round ${i}`).toEqual([]);
    }
  }, 240_000);
});

/** A module preloaded into the CLI: SIGKILLs the process right after its k-th rename out of a temp dir. */
function killAfterRenames(k: number): string {
  const file = path.join(tmp("skillc-kill-hook-"), "kill-after.mjs");
  writeFileSync(
    file,
    `import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
const rename = fs.promises.rename;
let n = 0;
fs.promises.rename = async (from, to) => {
  await rename(from, to);
  if (String(from).includes(".tmp-") && ++n === ${k}) process.kill(process.pid, "SIGKILL");
};
syncBuiltinESMExports();
`,
  );
  return file;
}

describe("a build killed between its renames", () => {
  it("is rolled forward by the next build, even one that fails, for every rename it was killed after", async () => {
    const root = tmp("skillc-roll-");
    const out = path.join(root, ".skillc");
    const versions = new Map<string, Record<string, string>>();
    for (const v of ["A", "B"]) {
      rmSync(path.join(root, "skills"), { recursive: true, force: true });
      writeTree(root, tree(v, 20));
      const r = await runNode([CLI, "build", "--quiet", "--no-cache"], { cwd: root, timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(0);
      versions.set(v, outputs(out));
    }
    const changed = Object.keys(versions.get("A")!).filter((f) => versions.get("A")![f] !== versions.get("B")![f]);
    expect(changed.length).toBeGreaterThanOrEqual(3);
    // Killed after rename k (1 ≤ k < changed): some files are B's, the rest still A's.
    for (let k = 1; k < changed.length; k++) {
      rec.tried("atomic: SIGKILL between renames");
      rmSync(path.join(root, "skills"), { recursive: true, force: true });
      writeTree(root, tree("A", 20));
      expect((await runNode([CLI, "build", "--quiet", "--no-cache"], { cwd: root, timeoutMs: 60_000 })).code).toBe(0);
      expect(versionOf(out, versions)).toBe("A");
      rmSync(path.join(root, "skills"), { recursive: true, force: true });
      writeTree(root, tree("B", 20));
      const killed = await runNode(["--import", killAfterRenames(k), CLI, "build", "--quiet", "--no-cache"], { cwd: root, timeoutMs: 60_000 });
      expect(killed.signal, `k=${k}: ${killed.stderr}`).toBe("SIGKILL");
      expect(versionOf(out, versions), `k=${k}: torn, as expected right after the kill`).toMatch(/^mixed/);
      // The next build fails (a skill lost its description): it writes nothing, but repairs.
      writeTree(root, { "skills/skill-000/SKILL.md": "---\nname: skill-000\n---\nno description\n" });
      const failed = await runNode([CLI, "build", "--no-cache"], { cwd: root, timeoutMs: 60_000 });
      expect(failed.code, failed.stderr).toBe(1);
      const version = versionOf(out, versions);
      if (version !== "B") rec.crash("atomic: SIGKILL between renames");
      expect(version, `k=${k}`).toBe("B");
      expect(readdirSync(root).filter((f) => f.startsWith(".skillc.")), "no temp dir or lock left").toEqual([]);
    }
  }, 240_000);
});

describe("the output lock", () => {
  const startTime = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
  };

  it("makes a build wait, saying so, while a live build holds it; then it writes", async () => {
    rec.tried("atomic: lock held");
    const root = tmp("skillc-lock-");
    writeTree(root, tree("A", 5));
    const lock = path.join(root, ".skillc.lock");
    // This test process plays the build that holds the lock.
    writeFileSync(lock, JSON.stringify({ pid: process.pid, start: startTime(process.pid), host: os.hostname() }) + "\n");
    const child = spawn(process.execPath, [CLI, "build", "--no-cache"], { cwd: root, env: { PATH: process.env.PATH, NO_COLOR: "1" } });
    let stderr = "";
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    const waiting = new Promise<boolean>((resolve) => {
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
        if (stderr.includes("waiting for another skillc build")) resolve(true);
      });
      void exited.then(() => resolve(false));
    });
    expect(await waiting, `the build did not wait for the lock: ${stderr}`).toBe(true);
    expect(stderr).toContain(`waiting for another skillc build (pid ${process.pid}) to finish writing the output folder`);
    expect(existsSync(path.join(root, ".skillc", "index.js")), "nothing written while the lock is held").toBe(false);
    rmSync(lock);
    expect(await exited, stderr).toBe(0);
    expect(existsSync(path.join(root, ".skillc", "index.js"))).toBe(true);
    expect(existsSync(lock), "the build released its lock").toBe(false);
    rec.rejected("atomic: lock held");
  }, 120_000);

  it.each([
    ["a dead pid", () => ({ pid: deadPid(), start: "1", host: os.hostname() })],
    ["a live pid with another start time (reused)", () => ({ pid: process.pid, start: "1", host: os.hostname() })],
    ["torn JSON", () => "{ not json"],
  ])("takes over a stale lock: %s", async (_label, holder) => {
    rec.tried("atomic: stale lock");
    const root = tmp("skillc-stale-");
    writeTree(root, tree("A", 3));
    const h = holder();
    writeFileSync(path.join(root, ".skillc.lock"), typeof h === "string" ? h : JSON.stringify(h));
    const r = await runNode([CLI, "build", "--no-cache"], { cwd: root, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain("waiting");
    expect(existsSync(path.join(root, ".skillc.lock"))).toBe(false);
  }, 60_000);
});

function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(r.stdout);
}
