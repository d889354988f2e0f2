// One writer at a time per output folder: `<outDir>.lock`, created with O_EXCL, holding the
// writer's pid, its start time and host. Builds that would write the same folder at once are
// serialised: the second waits (saying so) and then writes, so the folder always ends with one
// build's complete set of files. A lock whose process is gone (killed: a SIGKILL leaves it) is
// stale and taken over; the start time tells a reused pid from the process that wrote the lock.
//
// The lock is created empty (O_EXCL) and its text written after: a build that reads it in between
// sees no holder. Such a lock counts as live while it is young (TORN_GRACE_MS), as one still being
// written; taken for a stale one at once, two builds wrote one outDir together (CI saw their chunk
// sweeps leave each other's chunks). One left empty by a kill is taken over once it is older.
// Builds taking over one stale lock do it in turn, through `<outDir>.lock.break` (see breakStale).
//
// A holder whose process cannot be checked from here (another host's, or a pid whose start time
// is unknown) was trusted as live for the whole 5-minute wait, so a `.skillc.lock` committed to a
// repository stalled every CI build of it. The holder now touches its lock every HEARTBEAT_MS; a
// lock that nobody can prove alive and whose text and mtime stay the same for SILENT_MS of the
// waiter's own clock (never compared with the writer's clock: hosts' clocks differ) is stale.
import { readFileSync } from "node:fs";
import { lstat, open, readFile, unlink, utimes } from "node:fs/promises";
import os from "node:os";
import { randomBytes } from "node:crypto";
import { UsageError } from "../diagnostics/usage-error.js";
import { READ_NO_FOLLOW } from "../util/open-flags.js";

/** How long a build waits for another to finish writing before it gives up. */
const WAIT_MS = 5 * 60 * 1000;
const POLL_MS = 50;
/** How often a holder touches its lock, and how long an unprovable lock may stay untouched. */
const HEARTBEAT_MS = 5_000;
const SILENT_MS = 30_000;

export interface LockTimes {
  heartbeatMs: number;
  silentMs: number;
}

export interface LockHolder {
  pid: number;
  start: string;
  host: string;
}

/** Takes the lock on `outDir`, waiting while a live build holds it; returns the release function. */
export async function lockOutDir(
  outDir: string,
  onWait?: (holder: LockHolder) => void,
  times: LockTimes = { heartbeatMs: HEARTBEAT_MS, silentMs: SILENT_MS },
): Promise<() => Promise<void>> {
  const file = `${outDir}.lock`;
  const text = JSON.stringify(self()) + "\n";
  await waitAndCreate(file, text, outDir, times.silentMs, onWait);
  const heartbeat = setInterval(() => void touch(file, text), times.heartbeatMs);
  heartbeat.unref();
  return async () => {
    clearInterval(heartbeat);
    // Only our own lock is removed (a stale-lock takeover may have replaced it).
    if ((await readLock(file)) === text) await unlink(file).catch(() => {});
  };
}

/** The holder's heartbeat: a new mtime on its own lock (never on one that replaced it). */
async function touch(file: string, text: string): Promise<void> {
  if (await holds(file, text)) await utimes(file, new Date(), new Date()).catch(() => {});
}

/** Creates the lock once no live build holds it. */
async function waitAndCreate(file: string, text: string, outDir: string, silentMs: number, onWait?: (holder: LockHolder) => void): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  const silence = new Silence(silentMs);
  let told = false;
  for (;;) {
    if (await create(file, text)) return;
    const holderText = await readLock(file);
    if (holderText === undefined) continue; // released between our two calls
    const holder = parse(holderText);
    const isStale = async (t: string) => (await stale(file, t)) || (holder !== undefined && alive(holder) === "unknown" && silence.over(t, await mtime(file)));
    const dead = await isStale(holderText);
    // Gone, or no longer the lock we read: try again at once. Otherwise another build is breaking it.
    if (dead && (await breakStale(file, holderText, isStale))) continue;
    if (Date.now() > deadline) {
      throw new UsageError(
        `another skillc build (pid ${holder?.pid ?? "unknown"}) has been writing ${outDir} for over ${WAIT_MS / 60000} minutes; ` +
          `if no build is running, delete ${file} and build again.`,
      );
    }
    if (!dead && !told && holder) onWait?.(holder);
    told ||= !dead && holder !== undefined;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** What a lock or break file that is no small regular file reads as: no holder's text, so a torn lock (taken over once old). */
const NOT_A_LOCK = "\0not a lock file";
const LOCK_MAX_BYTES = 4096;

/**
 * The text of a lock or break file; undefined when it is gone. Read only as a small regular file,
 * never through a link and without blocking: a `.skillc.lock` committed as a link to /dev/zero made
 * every build read gigabytes, and a FIFO would hang it.
 */
async function readLock(file: string): Promise<string | undefined> {
  const st = await lstat(file).catch(() => undefined);
  if (!st) return undefined;
  if (!st.isFile() || st.size > LOCK_MAX_BYTES) return NOT_A_LOCK;
  try {
    const text = await readFile(file, { encoding: "utf8", flag: READ_NO_FOLLOW });
    return text.length > LOCK_MAX_BYTES ? NOT_A_LOCK : text;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : NOT_A_LOCK;
  }
}

/** Creates the lock holding `text`; false when a lock exists. */
async function create(file: string, text: string): Promise<boolean> {
  let fh;
  try {
    fh = await open(file, "wx", 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  await fh.writeFile(text).finally(() => fh.close());
  return true;
}

/** How long a lock that is not (yet) whole counts as one a live build is writing. */
const TORN_GRACE_MS = 2_000;

/** Whether the lock holding `text` is stale: its writer is gone, or it is empty and too old to be being written. */
async function stale(file: string, text: string): Promise<boolean> {
  const holder = parse(text);
  return holder ? alive(holder) === "dead" : (await ageMs(file)) >= TORN_GRACE_MS;
}

/** The lock's mtime in ms; NaN when it is gone. */
async function mtime(file: string): Promise<number> {
  return (await lstat(file).catch(() => undefined))?.mtimeMs ?? NaN;
}

/** How long, by this process's clock, a lock has stayed the same text with the same mtime. */
class Silence {
  private seen = "";
  private since = 0;
  constructor(private readonly limitMs: number) {}

  /** Whether the lock (`text`, `mtimeMs`) has been silent for the limit. */
  over(text: string, mtimeMs: number): boolean {
    const now = performance.now();
    const key = `${mtimeMs}\0${text}`;
    if (key !== this.seen) [this.seen, this.since] = [key, now];
    return now - this.since >= this.limitMs;
  }
}

/** How long ago the file was last written; Infinity when it is gone. */
async function ageMs(file: string): Promise<number> {
  try {
    return Date.now() - (await lstat(file)).mtimeMs;
  } catch {
    return Infinity;
  }
}

// Taking over a stale lock. A path is only ever removed by a build that has proven what is there:
// renaming or unlinking "the lock" on the strength of an earlier read let a build that read the
// stale lock S move the fresh lock F another build made after breaking S, and when a third build
// created a lock in the moment F was away, F could not be put back: two builds wrote one outDir.
//
// So breakers take turns through a second file, `<lock>.break` (O_EXCL, holding the breaker's pid,
// start time, host and a nonce). The lock file is created only by O_EXCL and removed only by its
// holder (release) or by the holder of the break file; a stale lock's holder is dead and never
// releases. So while we hold the break file, a lock that still holds the stale text we read cannot
// change before our unlink, and a fresh lock is never touched.

/** How long a break file may stand: breaking takes a few syscalls, so an older one was left by a killed breaker. */
const BREAK_GRACE_MS = 10_000;

/**
 * Removes the stale lock that read `staleText`, if it still holds it. True when the caller should
 * try to create the lock again at once; false when another build is breaking it (wait a poll).
 */
async function breakStale(file: string, staleText: string, isStale: (text: string) => Promise<boolean>): Promise<boolean> {
  const breakFile = `${file}.break`;
  const mine = JSON.stringify({ ...self(), nonce: randomBytes(8).toString("hex") }) + "\n";
  if (!(await create(breakFile, mine))) return clearStaleBreak(breakFile);
  try {
    const now = await readLock(file);
    // Still our break file (see clearStaleBreak), and still the stale lock we read: remove it.
    if (now === staleText && (await isStale(now)) && (await holds(breakFile, mine))) await unlinkGone(file);
  } finally {
    if (await holds(breakFile, mine)) await unlinkGone(breakFile);
  }
  return true;
}

/**
 * Removes a break file left by a killed breaker: its holder is gone, or it is older than any break
 * takes. True when it was removed (or had gone). What remains unguarded: two builds that read the
 * same dead break file, where one removes it and makes its own before the other's unlink lands, so
 * both take a turn. Each checks its break file is still its own right before unlinking the lock, so
 * for a fresh lock to go, the second must remove the first's break file, make its own and read the
 * stale lock all between the first's last check and its unlink (adjacent syscalls), and a third
 * build must create a fresh lock before the second unlinks. All this only after a breaker was
 * killed (or stopped for BREAK_GRACE_MS) inside its turn of a few syscalls. We accept that: a full
 * fix needs an atomic compare-and-remove, which the file system does not offer.
 */
async function clearStaleBreak(breakFile: string): Promise<boolean> {
  const text = await readLock(breakFile);
  if (text === undefined) return true;
  if (!(await stale(breakFile, text)) && (await ageMs(breakFile)) < BREAK_GRACE_MS) return false;
  await unlinkGone(breakFile);
  return true;
}

/** Whether `file` holds `text` (a break file: its nonce makes each holder's text unique). */
async function holds(file: string, text: string): Promise<boolean> {
  return (await readLock(file)) === text;
}

/** Unlinks `file`; already gone is fine, any other failure is the build's (a lock it cannot remove). */
async function unlinkGone(file: string): Promise<void> {
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
}

/** This process as a lock holder. */
function self(): LockHolder {
  return { pid: process.pid, start: startTime(process.pid), host: os.hostname() };
}

function parse(text: string): LockHolder | undefined {
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    if (typeof v.pid === "number" && Number.isInteger(v.pid) && v.pid > 0 && typeof v.start === "string" && typeof v.host === "string") return v as LockHolder;
  } catch {
    /* torn or foreign: stale */
  }
  return undefined;
}

/** Whether the lock's writer still runs; "unknown" for another host's, or a pid whose start time is unknown. */
function alive(h: LockHolder): "live" | "dead" | "unknown" {
  if (h.host !== os.hostname()) return "unknown";
  try {
    process.kill(h.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return "dead";
  }
  // The pid runs, but it may be a new process that reused it.
  const now = startTime(h.pid);
  if (now === "" || h.start === "") return "unknown";
  return now === h.start ? "live" : "dead";
}

/** The process's start time in clock ticks since boot (Linux /proc); "" where unknown. */
function startTime(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces and parentheses): starttime is the 20th.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}
