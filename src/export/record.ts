// What an earlier `export` wrote into --out, so this one can remove the folders it no longer writes
// (a skill renamed, removed, now denied or refused: a client keeps running what it finds in --out).
// The record is the `.skillc-export` marker itself, as JSON: per project (its path from --out, so
// one committed inside the project reads the same in every checkout), each folder its export wrote
// with the digest of the files it wrote there. Projects sharing one --out (a client's global folder)
// never remove each other's. The marker is untrusted (a checkout can hold one, a pull request can
// edit it): a folder is removed only when it is a real folder directly in --out (never a link) that
// still holds exactly the files recorded (folder-digest.ts), which a record cannot claim of a folder of the user's
// without knowing its bytes; one changed since is kept. A marker of an older skillc (plain text)
// names nothing. It is read bounded, and never through a link.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { folderDigest } from "./folder-digest.js";
import { isMap } from "../util/is-map.js";
import { foldName } from "../util/fold-name.js";

/** Marks a folder export wrote, so a later export may replace the folders in it. */
export const EXPORT_MARKER = ".skillc-export";
const NOTE = "Written by skillc export: it replaces the skill folders in here, and removes the ones it wrote before, unchanged since, and no longer writes.";
/** Far more than a record of thousands of folders; a bigger marker names none. */
const MAX_BYTES = 1024 * 1024;
/** One path segment: no separator, not `.` or `..`, no NUL (write.ts folderIn's test). */
const SEGMENT = /^(?!\.{1,2}$)[^/\\\0]+$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** How macOS and Windows compare names (case, NFC/NFD folded): a folder recorded as `Foo` is the one `foo` was written to. */
export const folderKey = (name: string): string => foldName(name);

/** Project (its path from --out, posix) → folder name → digest of the files export wrote there. */
export type ExportRecord = Map<string, Map<string, string>>;

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
    if (!isMap(projects)) return record;
    for (const [project, folders] of Object.entries(projects)) {
      if (!isMap(folders)) continue;
      const kept = Object.entries(folders).filter(([f, d]) => SEGMENT.test(f) && f.length <= 255 && typeof d === "string" && DIGEST.test(d));
      record.set(project, new Map(kept as Array<[string, string]>));
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
  const projects: Record<string, Record<string, string>> = {};
  for (const key of [...record.keys()].sort(order)) {
    const folders = record.get(key)!;
    if (folders.size === 0) continue;
    const sorted: Record<string, string> = {};
    for (const name of [...folders.keys()].sort(order)) own(sorted, name, folders.get(name)!);
    own(projects, key, sorted);
  }
  writeFileSync(temp, `${JSON.stringify({ note: NOTE, projects }, null, 2)}\n`, { flag: "wx" });
  renameSync(temp, marker);
}

/** The record after `project`'s export wrote `written` (name → digest): its entry is those, and no other project's names one of them. */
export function recordAfter(record: ExportRecord, project: string, written: ReadonlyMap<string, string>): ExportRecord {
  const taken = new Set([...written.keys()].map(folderKey));
  const next: ExportRecord = new Map();
  for (const [key, folders] of record) if (key !== project) next.set(key, new Map([...folders].filter(([f]) => !taken.has(folderKey(f)))));
  next.set(project, new Map(written));
  return next;
}

/**
 * Removes each folder of `before` that this export did not write (compared as macOS and Windows
 * compare names) and that still holds exactly the files recorded: only a real folder directly under
 * `out`; a link, a file, or a folder changed since is kept. Each folder is examined once (its first
 * name in the record). Returns the names removed and kept.
 */
export async function removeStale(out: string, before: ReadonlyMap<string, string>, written: readonly string[]): Promise<{ removed: string[]; kept: string[] }> {
  const writing = new Set(written.map(folderKey));
  // An export never records two names of one folder; a hostile record naming thousands of case forms
  // of one big folder would have it read thousands of times (one folder on macOS and Windows).
  const seen = new Set<string>();
  const removed: string[] = [];
  const kept: string[] = [];
  for (const [name, digest] of before) {
    const key = folderKey(name);
    if (writing.has(key) || seen.has(key) || !SEGMENT.test(name)) continue;
    seen.add(key);
    const abs = path.join(out, name);
    if (path.dirname(abs) !== out || !lstatSync(abs, { throwIfNoEntry: false })?.isDirectory()) continue;
    if ((await folderDigest(abs)) !== digest) {
      kept.push(name);
      continue;
    }
    rmSync(abs, { recursive: true, force: true });
    removed.push(name);
  }
  return { removed, kept };
}

function own(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
