// What an earlier `export` wrote into --out, so this one can remove the folders it no longer writes
// (a skill renamed, removed, now denied or refused: a client keeps running what it finds in --out).
// The record is the `.skillc-export` marker itself, as JSON: per project (its path from --out, so
// one committed inside the project reads the same in every checkout), the folders its export wrote;
// projects sharing one --out (a client's global folder) never remove each other's. A marker of an
// older skillc (plain text) names none, so nothing is removed on its account. The marker is
// untrusted (a checkout can hold one): only plain names directly under --out are taken, only real
// folders (never a link, never followed) are removed, and it is read bounded and never through a link.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

/** Marks a folder export wrote, so a later export may replace the folders in it. */
export const EXPORT_MARKER = ".skillc-export";
const NOTE = "Written by skillc export: it replaces the skill folders in here, and removes the ones it wrote before and no longer writes.";
/** Far more than a record of thousands of folder names; a bigger marker names none. */
const MAX_BYTES = 1024 * 1024;
/** One path segment: no separator, not `.` or `..`, no NUL (write.ts folderIn's test). */
const SEGMENT = /^(?!\.{1,2}$)[^/\\\0]+$/;

/** How macOS and Windows compare names (case, NFC/NFD folded): a folder recorded as `Foo` is the one `foo` was written to. */
export const folderKey = (name: string): string => name.normalize("NFC").toLowerCase();

/** Project (its path from --out, posix) → the folders its last export wrote there. */
export type ExportRecord = Map<string, string[]>;

/** The record in the marker in `out` (empty when it is absent, of an older skillc, or not a record). */
export function readRecord(out: string): ExportRecord {
  const record: ExportRecord = new Map();
  let fd: number;
  try {
    // O_NOFOLLOW: a link put in its place since the check is not read; O_NONBLOCK: a FIFO does not block.
    fd = openSync(path.join(out, EXPORT_MARKER), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return record;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_BYTES) return record;
    const buf = Buffer.alloc(st.size);
    const n = readSync(fd, buf, 0, st.size, 0);
    const projects = (JSON.parse(buf.subarray(0, n).toString("utf8")) as { projects?: unknown }).projects;
    if (typeof projects !== "object" || projects === null) return record;
    for (const [project, folders] of Object.entries(projects)) {
      if (Array.isArray(folders)) record.set(project, folders.filter((f): f is string => typeof f === "string" && SEGMENT.test(f) && f.length <= 255));
    }
    return record;
  } catch {
    return record; // not JSON: an older skillc's marker
  } finally {
    closeSync(fd);
  }
}

/** Writes `record` as the marker: to a new file renamed over it, so never through a link at its place. */
export function writeRecord(out: string, record: ExportRecord): void {
  const marker = path.join(out, EXPORT_MARKER);
  // A name no checkout can have placed (a pid is predictable in a CI container); "wx" never writes through one.
  const temp = `${marker}.${randomBytes(8).toString("hex")}.tmp`;
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const projects: Record<string, string[]> = {};
  for (const key of [...record.keys()].sort(order)) {
    const folders = [...new Set(record.get(key))].sort(order);
    if (folders.length) Object.defineProperty(projects, key, { value: folders, enumerable: true, writable: true, configurable: true });
  }
  writeFileSync(temp, `${JSON.stringify({ note: NOTE, projects }, null, 2)}\n`, { flag: "wx" });
  renameSync(temp, marker);
}

/** The record after `project`'s export wrote `written`: its entry is those folders, and no other project's names one of them. */
export function recordAfter(record: ExportRecord, project: string, written: readonly string[]): ExportRecord {
  const taken = new Set(written.map(folderKey));
  const next: ExportRecord = new Map();
  for (const [key, folders] of record) if (key !== project) next.set(key, folders.filter((f) => !taken.has(folderKey(f))));
  next.set(project, [...written]);
  return next;
}

/**
 * Removes each recorded folder that this export did not write (compared as macOS and Windows compare
 * names): only a real folder directly under `out`; a link or file at its place is left alone. Returns
 * the names removed.
 */
export function removeStale(out: string, recorded: readonly string[], written: readonly string[]): string[] {
  const kept = new Set(written.map(folderKey));
  const removed: string[] = [];
  for (const name of recorded) {
    if (kept.has(folderKey(name)) || !SEGMENT.test(name)) continue;
    const abs = path.join(out, name);
    if (path.dirname(abs) !== out || !lstatSync(abs, { throwIfNoEntry: false })?.isDirectory()) continue;
    rmSync(abs, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
