// skillc-lock.json: what `skillc import` took from a remote source (an index or an MCP server), so
// that another machine takes the same bytes (`--frozen` fails on any difference). One entry per
// imported skill: the source the user named, the artifact's URL and its digest (for a source
// without one artifact per skill, the digest over its files and each file's digest). Written
// deterministically: keys sorted, two-space JSON, one trailing newline. (Not skills-lock.json:
// that name is the `skills` CLI's.)
import { readRegularFile } from "../util/read-regular.js";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { ArchiveError, printable } from "./entries.js";

export const LOCKFILE = "skillc-lock.json";
const VERSION = 1;
/** Far above any real lock (1,000 skills of 1,000 files each is ~100 MB); a larger file is not one. */
const MAX_LOCK_BYTES = 256 * 1024 * 1024;

export interface LockEntry {
  /** What the user pointed import at, normalized: the index URL that answered, or "mcp:…". */
  source: string;
  url: string;
  digest: string;
  /** path → digest, when the source serves files one by one (MCP, a v0.1.0 index). */
  files?: Record<string, string>;
  /**
   * The digest over the files written (filesDigest), when `digest` is an artifact's (a single
   * SKILL.md or an archive): with `files`, `digest` is that already. import-written.ts compares it
   * with the folder before replacing the folder without --force.
   */
  tree?: string;
}

export type Lock = Map<string, LockEntry>;

/** The lockfile in `dir`, or an empty lock when there is none; a damaged one is an ArchiveError. */
export function readLock(dir: string): Lock {
  const text = readLockText(path.join(dir, LOCKFILE));
  if (text === undefined) return new Map();
  let json: { lockfileVersion?: unknown; skills?: Record<string, LockEntry> };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    throw new ArchiveError(`${LOCKFILE} is not JSON; fix it or delete it (and import again without --frozen).`);
  }
  if (json.lockfileVersion !== VERSION || !json.skills || typeof json.skills !== "object") {
    throw new ArchiveError(`${LOCKFILE} is not a version ${VERSION} skillc lockfile; delete it and import again without --frozen.`);
  }
  const lock: Lock = new Map();
  for (const [name, e] of Object.entries(json.skills)) {
    if (typeof e?.source !== "string" || typeof e.url !== "string" || typeof e.digest !== "string") throw new ArchiveError(`${LOCKFILE}: the entry "${printable(name)}" lacks source, url or digest.`);
    // Kept and written back as read: a value of any other shape (100,000 nested arrays) would break the write after the import.
    if (e.files !== undefined && !isDigestMap(e.files)) {
      throw new ArchiveError(`${LOCKFILE}: the entry "${printable(name)}" has "files" that is not an object of digests; fix it or delete it (and import again without --frozen).`);
    }
    if (e.tree !== undefined && typeof e.tree !== "string") throw new ArchiveError(`${LOCKFILE}: the entry "${printable(name)}" has a "tree" that is not a digest; fix it or delete it (and import again without --frozen).`);
    lock.set(name, e);
  }
  return lock;
}

function isDigestMap(v: unknown): v is Record<string, string> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((d) => typeof d === "string");
}

/**
 * The lockfile's text, or undefined when there is none. A checkout can hold a link named
 * skillc-lock.json to /dev/zero (read, it filled 16 GB in a minute) or to a FIFO (read, it never
 * returns): only a regular file of at most MAX_LOCK_BYTES is read, opened without blocking.
 */
function readLockText(file: string): string | undefined {
  const read = readRegularFile(file, MAX_LOCK_BYTES, { follow: true });
  if ("missing" in read) return undefined;
  if ("bytes" in read) return read.bytes.toString("utf8");
  if (read.refused === "too-large") throw new ArchiveError(`${LOCKFILE} is larger than ${MAX_LOCK_BYTES} bytes; it was not read.`);
  throw new ArchiveError(`${LOCKFILE} is not a regular file (a device, FIFO or folder, or a link to one); it was not read. Delete it and import again without --frozen.`);
}

export function renderLock(lock: Lock): string {
  const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const skills: Record<string, LockEntry> = {};
  for (const name of [...lock.keys()].sort()) {
    const e = lock.get(name)!;
    skills[name] = { source: e.source, url: e.url, digest: e.digest, ...(e.files ? { files: sorted(e.files) } : {}), ...(e.tree !== undefined ? { tree: e.tree } : {}) };
  }
  return JSON.stringify({ lockfileVersion: VERSION, skills }, null, 2) + "\n";
}

/** Writes the lock beside itself, then renames it into place. */
export async function writeLock(dir: string, lock: Lock): Promise<void> {
  const file = path.join(dir, LOCKFILE);
  const tmp = path.join(dir, `.${LOCKFILE}.${randomBytes(4).toString("hex")}`);
  await writeFile(tmp, renderLock(lock));
  await rename(tmp, file);
}

/** What upstream offers now, per skill name. */
export type Offer = Map<string, { url: string; digest: string }>;

/** Every difference between the lock's entries for `source` and what it offers now; [] when none. */
export function drift(lock: Lock, source: string, offer: Offer): string[] {
  const out: string[] = [];
  const locked = new Map([...lock].filter(([, e]) => e.source === source));
  if (locked.size === 0) return [`${LOCKFILE} holds nothing from ${source}; import it once without --frozen to record it.`];
  for (const [name, e] of [...locked].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const now = offer.get(name);
    if (!now) out.push(`"${name}" was removed upstream (locked ${e.digest}).`);
    else if (now.digest !== e.digest) out.push(`"${name}" changed upstream: locked ${e.digest}, now ${now.digest}.`);
    else if (now.url !== e.url) out.push(`"${name}" moved upstream: locked at ${e.url}, now at ${now.url}.`);
  }
  for (const name of [...offer.keys()].sort()) {
    if (!locked.has(name)) out.push(`"${name}" was added upstream (${offer.get(name)!.digest}).`);
  }
  // Names, URLs and digests a checkout's lockfile holds: escaped for the terminal.
  return out.map(printable);
}
