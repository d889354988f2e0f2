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
import { readFileSync } from "node:fs";
import { link, open, readFile, rename, stat, unlink } from "node:fs/promises";
import os from "node:os";
import { randomBytes } from "node:crypto";
import { UsageError } from "../diagnostics/usage-error.js";

/** How long a build waits for another to finish writing before it gives up. */
const WAIT_MS = 5 * 60 * 1000;
const POLL_MS = 50;

export interface LockHolder {
  pid: number;
  start: string;
  host: string;
}

/** Takes the lock on `outDir`, waiting while a live build holds it; returns the release function. */
export async function lockOutDir(outDir: string, onWait?: (holder: LockHolder) => void): Promise<() => Promise<void>> {
  const file = `${outDir}.lock`;
  const me: LockHolder = { pid: process.pid, start: startTime(process.pid), host: os.hostname() };
  const text = JSON.stringify(me) + "\n";
  await waitAndCreate(file, text, outDir, onWait);
  return async () => {
    // Only our own lock is removed (a stale-lock takeover may have replaced it).
    if ((await readFile(file, "utf8").catch(() => "")) === text) await unlink(file).catch(() => {});
  };
}

/** Creates the lock once no live build holds it. */
async function waitAndCreate(file: string, text: string, outDir: string, onWait?: (holder: LockHolder) => void): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let told = false;
  for (;;) {
    if (await create(file, text)) return;
    const holderText = await readFile(file, "utf8").catch(() => undefined);
    if (holderText === undefined) continue; // released between our two calls
    const holder = parse(holderText);
    if (holder ? !alive(holder) : !(await beingWritten(file))) {
      await breakStale(file, holderText);
      continue;
    }
    if (Date.now() > deadline) {
      throw new UsageError(
        `another skillc build (pid ${holder?.pid ?? "unknown"}) has been writing ${outDir} for over ${WAIT_MS / 60000} minutes; ` +
          `if no build is running, delete ${file} and build again.`,
      );
    }
    if (!told && holder) onWait?.(holder);
    told ||= holder !== undefined;
    await new Promise((r) => setTimeout(r, POLL_MS));
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

/** Whether a lock with no readable holder is young enough to be one still being written (see create). */
async function beingWritten(file: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(file)).mtimeMs < TORN_GRACE_MS;
  } catch {
    return false;
  }
}

/**
 * Removes a stale lock. Renamed aside first, then checked: if what was renamed is not the stale
 * lock (another build took it over and made a fresh one in between), it is put back.
 */
async function breakStale(file: string, staleText: string): Promise<void> {
  const aside = `${file}.stale-${randomBytes(6).toString("hex")}`;
  try {
    await rename(file, aside);
  } catch {
    return;
  }
  const moved = await readFile(aside, "utf8").catch(() => "");
  if (moved !== staleText) await link(aside, file).catch(() => {});
  await unlink(aside).catch(() => {});
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

/** Whether the lock's writer still runs. A lock from another host is trusted as live. */
function alive(h: LockHolder): boolean {
  if (h.host !== os.hostname()) return true;
  try {
    process.kill(h.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // The pid runs, but it may be a new process that reused it.
  const now = startTime(h.pid);
  return now === "" || h.start === "" || now === h.start;
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
