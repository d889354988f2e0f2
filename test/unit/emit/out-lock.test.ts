import { spawn, spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, openSync, closeSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as esbuild from "esbuild";
import { describe, expect, it, vi } from "vitest";
import { lockOutDir } from "../../../src/emit/out-lock.js";

// An interleaving injector: every fs/promises call the lock makes still runs for real, and then
// `after` (when a test sets it) sees it, so a test can act between two of the lock's own steps.
const hook = vi.hoisted(() => ({ after: undefined as undefined | ((op: string, args: unknown[], result: unknown) => void) }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  const wrapped: Record<string, unknown> = { ...real };
  for (const op of ["open", "readFile", "rename", "link", "stat", "unlink"]) {
    const fn = real[op] as (...args: unknown[]) => Promise<unknown>;
    wrapped[op] = async (...args: unknown[]) => {
      let result: unknown;
      try {
        result = await fn(...args);
      } catch (error) {
        hook.after?.(op, args, error);
        throw error;
      }
      hook.after?.(op, args, result);
      return result;
    };
  }
  return { ...wrapped, default: wrapped };
});

/** A pid no process has now (one we ran and waited for), in a lock that reads as a killed build's. */
function deadLockText(): string {
  const { pid } = spawnSync(process.execPath, ["-e", ""]);
  return JSON.stringify({ pid, start: "1", host: os.hostname() }) + "\n";
}

/** A lock this process holds, as another live build's lock reads to the lock code. */
const liveLockText = (tag: string) => JSON.stringify({ pid: process.pid, start: "", host: os.hostname(), tag }) + "\n";

function tempOut(): { root: string; outDir: string; file: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), "skillc-out-lock-"));
  const outDir = path.join(root, "out");
  return { root, outDir, file: `${outDir}.lock` };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the output lock", () => {
  // A lock file seen between its creation and its first write reads as empty. Read as a torn,
  // stale lock it was taken over, and two builds wrote one outDir at once (their sweeps then
  // left each other's chunks behind). Contenders in one process share the pid, so the lock's
  // "is the holder alive" answer is yes for every complete lock: only a torn read lets two in.
  it("is held by one contender at a time, however many race for it", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "skillc-out-lock-"));
    const outDir = path.join(root, "out");
    let holding = 0;
    let most = 0;
    let turns = 0;
    await Promise.all(
      Array.from({ length: 24 }, async () => {
        for (let round = 0; round < 4; round++) {
          const release = await lockOutDir(outDir);
          holding++;
          most = Math.max(most, holding);
          turns++;
          await new Promise((r) => setTimeout(r, 1));
          holding--;
          await release();
        }
      }),
    );
    expect(turns).toBe(96);
    expect(most).toBe(1);
    expect(readdirSync(root), "no lock or temp file left").toEqual([]);
  });

  it("waits on a lock that is not whole yet, and takes it over once it is too old to be one being written", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "skillc-out-lock-"));
    const outDir = path.join(root, "out");
    writeFileSync(`${outDir}.lock`, "");
    const started = Date.now();
    let took = 0;
    const taking = lockOutDir(outDir).then((release) => {
      took = Date.now();
      return release;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(took, "a lock created a moment ago may still be written").toBe(0);
    const release = await taking;
    expect(took - started).toBeGreaterThanOrEqual(1_900);
    await release();
    expect(existsSync(`${outDir}.lock`)).toBe(false);
  });

  // Builds A, B, C wait on a stale lock S. A breaks S and makes its fresh lock F; B, which read S
  // too, goes on to break "S". Taking it by path, B moved F aside and, when C created a lock in
  // that moment, could not put F back: A and C both held the lock. Here C tries after each of B's
  // file system steps; F must stay, and C must never get in.
  it("a build whose read of a stale lock is out of date never moves the fresh lock another build made", async () => {
    const { root, outDir, file } = tempOut();
    const stale = deadLockText();
    const fresh = liveLockText("A");
    writeFileSync(file, stale);
    let bReadStale = false;
    let cGotIn = false;
    hook.after = (op, args, result) => {
      if (!bReadStale) {
        if (op !== "readFile" || args[0] !== file || result !== stale) return;
        bReadStale = true;
        unlinkSync(file); // A breaks S …
        writeFileSync(file, fresh, { flag: "wx" }); // … and holds F.
        return;
      }
      try {
        closeSync(openSync(file, "wx")); // C
        cGotIn = true;
      } catch {
        /* a lock exists: C waits */
      }
    };
    let bHolds = false;
    const b = lockOutDir(outDir).then((release) => ((bHolds = true), release));
    await sleep(300);
    hook.after = undefined;
    expect(bReadStale, "B read the stale lock").toBe(true);
    expect(cGotIn, "no build got in while A held the lock").toBe(false);
    expect(readFileSync(file, "utf8"), "A's lock is where A left it").toBe(fresh);
    expect(bHolds, "B waits for A").toBe(false);
    unlinkSync(file); // A releases
    await (await b)();
    expect(readdirSync(root)).toEqual([]);
  });

  it("stale locks taken over by many contenders at once are held by one at a time", async () => {
    const { root, outDir, file } = tempOut();
    const aside = mkdtempSync(path.join(os.tmpdir(), "skillc-out-lock-aside-"));
    const stale = deadLockText();
    writeFileSync(file, stale);
    let holding = 0;
    let most = 0;
    let turns = 0;
    await Promise.all(
      Array.from({ length: 16 }, async (_, who) => {
        for (let round = 0; round < 4; round++) {
          await lockOutDir(outDir);
          most = Math.max(most, ++holding);
          turns++;
          await sleep(1);
          holding--;
          // Leave the lock as a killed build would: the next turn is a stale takeover.
          const next = path.join(aside, `${who}-${round}`);
          writeFileSync(next, stale);
          renameSync(next, file);
        }
      }),
    );
    expect(turns).toBe(64);
    expect(most).toBe(1);
    expect(readdirSync(root), "only the last stale lock, no break file").toEqual(["out.lock"]);
  });

  it("stale locks taken over by several processes at once are held by one at a time", async () => {
    const { root, outDir, file } = tempOut();
    const work = mkdtempSync(path.join(os.tmpdir(), "skillc-out-lock-children-"));
    await esbuild.build({ entryPoints: ["src/emit/out-lock.ts"], bundle: true, platform: "node", format: "esm", outfile: path.join(work, "out-lock.mjs"), logLevel: "warning" });
    writeFileSync(path.join(work, "child.mjs"), CHILD);
    const stale = deadLockText();
    writeFileSync(file, stale);
    const startAt = String(Date.now() + 500);
    const runs = Array.from({ length: 6 }, (_, who) => runChild(path.join(work, "child.mjs"), [outDir, path.join(work, "holding"), stale, String(who), "12", startAt]));
    const outputs = await Promise.all(runs);
    expect(outputs.join("").match(/overlap/g) ?? [], "two processes held the lock at once").toEqual([]);
    expect(outputs.join("").match(/turn/g)?.length).toBe(72);
    expect(readdirSync(root), "only the last stale lock, no break file").toEqual(["out.lock"]);
  });

  // A dead holder is seen at once; an empty file (killed between creating and writing it) once
  // it is older than the torn-lock grace.
  it.each([
    ["holding a dead pid", () => deadLockText(), 0],
    ["empty, 5 s old", () => "", 5_000],
  ])("takes over a break file left by a killed breaker: %s", async (_, text, ageMs) => {
    const { root, outDir, file } = tempOut();
    writeFileSync(file, deadLockText());
    writeFileSync(`${file}.break`, text());
    const old = new Date(Date.now() - ageMs);
    utimesSync(`${file}.break`, old, old);
    const release = await lockOutDir(outDir);
    expect(readdirSync(root)).toEqual(["out.lock"]);
    await release();
    expect(readdirSync(root)).toEqual([]);
  });

  // A lock from another host cannot be checked from here. Trusted as live, one committed to a
  // repository stalled every CI build of it for the whole wait; now it is live while it changes.
  it("takes over another host's lock once it has stayed unchanged for the silence window, not while its holder touches it", async () => {
    const { root, outDir, file } = tempOut();
    writeFileSync(file, JSON.stringify({ pid: 1, start: "1", host: `not-${os.hostname()}` }) + "\n");
    const times = { heartbeatMs: 50, silentMs: 400 };
    // The other host's build, alive: it touches its lock as a holder does.
    let beat = 0;
    const heartbeat = setInterval(() => utimesSync(file, new Date(Date.UTC(2026, 0, 1, 0, 0, ++beat)), new Date(Date.UTC(2026, 0, 1, 0, 0, beat))), 100);
    let took = false;
    const taking = lockOutDir(outDir, undefined, times).then((release) => ((took = true), release));
    await sleep(1_500);
    expect(took, "a lock its holder keeps touching is live").toBe(false);
    clearInterval(heartbeat);
    const silentFrom = Date.now();
    const release = await taking;
    expect(Date.now() - silentFrom).toBeGreaterThanOrEqual(400 - 100);
    await release();
    expect(readdirSync(root)).toEqual([]);
  });

  // A lock is read only as a small regular file: one committed as a link to /dev/zero was read
  // without end by every build, and a link to a FIFO hung it.
  for (const kind of ["a link to a FIFO", "a FIFO", "a link to /dev/zero"] as const) {
    it(`takes over a lock that is ${kind} as a torn one, reading nothing through it`, async () => {
      const { root, outDir, file } = tempOut();
      const fifo = path.join(root, "fifo");
      if (kind !== "a link to /dev/zero") spawnSync("mkfifo", [kind === "a FIFO" ? file : fifo]);
      if (kind === "a link to a FIFO") symlinkSync(fifo, file);
      if (kind === "a link to /dev/zero") symlinkSync("/dev/zero", file);
      const release = await lockOutDir(outDir);
      expect(lstatSync(file).isFile(), "our own lock replaced it").toBe(true);
      expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(process.pid);
      await release();
      expect(existsSync(file)).toBe(false);
    });
  }

  it("touches its own lock while it holds it, and stops once released", async () => {
    const { outDir, file } = tempOut();
    const release = await lockOutDir(outDir, undefined, { heartbeatMs: 50, silentMs: 400 });
    const old = new Date(Date.UTC(2020, 0, 1));
    utimesSync(file, old, old);
    await sleep(300);
    expect(statSync(file).mtimeMs).toBeGreaterThan(old.getTime());
    // A lock that replaced ours (a takeover) is never touched by us.
    const other = JSON.stringify({ pid: 1, start: "1", host: `not-${os.hostname()}` }) + "\n";
    writeFileSync(file, other);
    utimesSync(file, old, old);
    await sleep(300);
    expect(statSync(file).mtimeMs).toBe(old.getTime());
    await release();
    expect(readFileSync(file, "utf8"), "release leaves a lock that is not its own").toBe(other);
  });

  it("waits on a break file it cannot check while it is young, and takes it over once older than any break takes", async () => {
    const { root, outDir, file } = tempOut();
    writeFileSync(file, deadLockText());
    // Another host's breaker: its pid cannot be checked here, only the file's age.
    writeFileSync(`${file}.break`, JSON.stringify({ pid: 1, start: "1", host: `not-${os.hostname()}` }) + "\n");
    let took = false;
    const taking = lockOutDir(outDir).then((release) => ((took = true), release));
    await sleep(300);
    expect(took, "a young break file is a breaker at work").toBe(false);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.break`, old, old);
    await (await taking)();
    expect(readdirSync(root)).toEqual([]);
  });
});

// A child process contending for the lock: each round it checks nobody else holds it (an O_EXCL
// marker file), then leaves the lock as a killed build would, so the next turn is a takeover.
const CHILD = `
import { closeSync, openSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { lockOutDir } from "./out-lock.mjs";
const [outDir, marker, stale, who, rounds, startAt] = process.argv.slice(2);
for (let round = 0; round < Number(rounds); round++) {
  // All children start each round at one moment, to race for the stale lock as hard as they can.
  await new Promise((r) => setTimeout(r, Number(startAt) + round * 150 - Date.now()));
  await lockOutDir(outDir);
  let mine = true;
  try { closeSync(openSync(marker, "wx")); } catch { mine = false; console.log("overlap"); }
  console.log("turn");
  await new Promise((r) => setTimeout(r, 1 + (round % 3)));
  if (mine) unlinkSync(marker);
  const next = marker + "-" + who;
  writeFileSync(next, stale);
  renameSync(next, outDir + ".lock");
}
`;

function runChild(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}`))));
  });
}
