// Writing outDir so that no reader ever sees a partial file, whatever happens to the writer.
//
// outDir itself stays in place (a directory swap would leave a moment with no outDir at all, and
// would break a watcher or a dev server holding it). Instead, holding outDir's lock (out-lock.ts),
// in two phases:
//   1. every changed file is written whole into a fresh `<outDir>.tmp-<pid>-<random>` next to
//      outDir (same filesystem, so rename is atomic) and fsynced; then a commit record listing
//      them (COMMIT) is written and fsynced. A failure before the record changes nothing.
//   2. each file is renamed over its target, index.js last, so whoever sees the new index.js also
//      sees the new index.d.ts, manifest and catalogs of a single writer. Then outDir is fsynced.
// A reader opens either the old file or the new one. index.js needs no other file, so importing it
// is always consistent. A build killed in phase 2 leaves old and new whole files side by side and
// its temp dir with the commit record: the next build that takes the lock (even one that fails
// and writes nothing) finishes those renames first, so the folder again holds one build's files.
// A temp dir without a record (killed in phase 1) is removed. The lock serialises writers.
// A split build's chunks (chunks/<sha256>.js) were staged in its temp dir while emit rendered them
// (emit/chunk-stage.ts): they are committed with the rest and renamed in first, before index.js;
// the chunks no index refers to any more are removed only after index.js is in place.
import { lstat, mkdir, open, readFile, readdir, rename, rm, stat } from "node:fs/promises";
import { readRegularFile } from "../util/read-regular.js";
import { syncDir } from "../util/sync-dir.js";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { lockOutDir, type LockHolder } from "./out-lock.js";
import { compareCodeUnits } from "../util/compare.js";
import type { ChunkWrite } from "./split.js";
import { ChunksGone, checkChunks, moveChunkFolder, sweepChunks } from "./write-chunks.js";
import { pushAll } from "../util/push-all.js";

const LAST = "index.js";
/** In a temp dir: the names it holds, written once all of them are whole and synced. */
const COMMIT = ".skillc-commit.json";
/** Temp dirs of a live build are left alone, unless older than this (the pid was reused). */
const STALE_MS = 60 * 60 * 1000;
/** The largest commit record read: the names of one build's files (~11,000 chunks at 10,000 skills: under 1 MB). */
const COMMIT_MAX = 16 * 1024 * 1024;

/** What a build knows of outDir's files before it takes the lock. */
export interface WriteOptions {
  /** Names already on disk with these exact bytes (the build cache's verified outputs): not read back to compare. */
  unchanged?: ReadonlySet<string>;
  /**
   * Settles once the staged files (`chunks.staged`) are durable: awaited just before the commit
   * record, so that their last sync runs while the other files are written (and synced) here.
   */
  stagedDurable?: Promise<void>;
  onWait?: (holder: LockHolder) => void;
  chunks?: ChunkWrite;
  /**
   * For an index.js neither given nor staged (emit/index-stage.ts found its bytes equal to the file
   * on disk): whether that file is still the one it was compared with. Asked with the lock held,
   * after any roll-forward; when not, the build starts again (another build's index.js must not
   * stay beside this build's other outputs).
   */
  heldIndex?: () => boolean;
  /** Called with the lock still held, once everything is in place (the build cache notes index.js then). */
  committed?: () => void;
}

export async function writeOutDir(outDir: string, files: Map<string, string | Uint8Array>, opts: WriteOptions = {}): Promise<{ written: string[]; unchanged: string[] }> {
  const names = [...files.keys()].sort((a, b) => (a === LAST ? 1 : b === LAST ? -1 : compareCodeUnits(a, b)));
  for (const name of names) checkName(name);
  // Awaited before the commit record (or left to the caller when nothing is committed): not unhandled meanwhile.
  opts.stagedDurable?.catch(() => undefined);
  await mkdir(outDir, { recursive: true });
  const release = await lockOutDir(outDir, opts.onWait);
  try {
    // After a roll-forward, what the caller knew about the files on disk is out of date.
    const rolled = await recoverTempDirs(outDir);
    const chunks = opts.chunks;
    const indexHeld = !files.has(LAST) && !(chunks?.staged ?? []).includes(LAST);
    if (indexHeld && opts.heldIndex && !opts.heldIndex()) {
      throw new ChunksGone(`${LAST} in ${outDir} was replaced while this build ran (by another build, or an interrupted one's finished renames); build again.`);
    }
    // A single build passes no chunk to keep: it only sweeps an earlier split build's chunks away.
    const listed = chunks && chunks.keep.size > 0 ? await checkChunks(outDir, chunks) : undefined;
    const result = await writeLocked(outDir, names, files, rolled ? undefined : opts.unchanged, chunks, opts.stagedDurable);
    // Only now that index.js is in place: no reader sees an index pointing at a removed chunk.
    if (chunks) await sweepChunks(outDir, chunks.keep, listed);
    await chunks?.committed?.();
    opts.committed?.();
    return result;
  } finally {
    await release();
  }
}

/**
 * For a build that writes nothing (it failed): finishes an interrupted build's renames, so the
 * folder it keeps is one build's output. Nothing to do when outDir does not exist.
 */
export async function recoverOutDir(outDir: string, onWait?: (holder: LockHolder) => void): Promise<void> {
  try {
    if (!(await stat(outDir)).isDirectory()) return;
  } catch {
    return;
  }
  const release = await lockOutDir(outDir, onWait);
  try {
    await recoverTempDirs(outDir);
  } finally {
    await release();
  }
}

async function writeLocked(
  outDir: string,
  names: string[],
  files: Map<string, string | Uint8Array>,
  known: ReadonlySet<string> | undefined,
  chunks?: ChunkWrite,
  stagedDurable?: Promise<void>,
): Promise<{ written: string[]; unchanged: string[] }> {
  const staged = chunks?.tmp ? [...chunks.staged] : [];
  const written: string[] = [];
  const unchanged: string[] = [];
  const changed: Array<[string, Uint8Array]> = [];
  for (const name of names) {
    // Known to be on disk as they are: not even encoded (index.d.ts is 3.8 MB at 10,000 skills).
    if (known?.has(name)) {
      unchanged.push(name);
      continue;
    }
    const bytes = toBytes(name, files.get(name)!);
    if (await sameBytes(join(outDir, name), bytes)) unchanged.push(name);
    else changed.push([name, bytes]);
  }
  if (changed.length === 0 && staged.length === 0) return { written, unchanged };

  // A split build's staged chunks are already in its temp dir: they are committed with the rest, first.
  const tmp = chunks?.tmp ?? `${outDir}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
  if (!chunks?.tmp) await mkdir(tmp);
  try {
    // Written and synced side by side (manifest.json, index.d.ts, the catalogs…): their syncs overlap.
    for (const dir of new Set(changed.map(([name]) => dirname(join(tmp, name))))) await mkdir(dir, { recursive: true });
    const writes = await Promise.allSettled(changed.map(([name, bytes]) => writeDurably(join(tmp, name), bytes)));
    for (const w of writes) if (w.status === "rejected") throw w.reason;
    await stagedDurable;
    // index.js last, staged (emit/index-stage.ts) or not: whoever sees it sees the rest.
    const order = [...staged, ...changed.map(([name]) => name)].sort((x, y) => (x === LAST ? 1 : 0) - (y === LAST ? 1 : 0));
    await writeDurably(join(tmp, COMMIT), Buffer.from(JSON.stringify(order) + "\n"));
    await syncDir(tmp);
    pushAll(written, await applyRenames(tmp, outDir, order));
  } finally {
    // A failed write above leaves index.js's last sync running in this folder: removed once it ends
    // (Windows cannot remove a file still open; its error would replace the write's).
    await stagedDurable?.catch(() => undefined);
    await rm(tmp, { recursive: true, force: true });
  }
  return { written, unchanged };
}

/** Phase 2: each file of a committed temp dir renamed into outDir (in the committed order). */
async function applyRenames(tmp: string, outDir: string, names: string[]): Promise<string[]> {
  const done: string[] = [];
  // Each folder made once: a split build renames 10,000 chunks into one (or, the first time, the folder).
  const made = new Set<string>();
  const moved = await moveChunkFolder(tmp, outDir, names);
  for (const name of names) {
    // The names renamed so far durable before index.js, which points at them, is (power loss).
    if (name === LAST) for (const dir of new Set([...made, outDir])) await syncDir(dir);
    if (moved.has(name)) {
      done.push(name);
      continue;
    }
    const dir = dirname(join(outDir, name));
    if (!made.has(dir)) await mkdir(dir, { recursive: true });
    made.add(dir);
    await renameRetrying(join(tmp, name), join(outDir, name));
    done.push(name);
  }
  await syncDir(outDir);
  return done;
}

function checkName(name: string): void {
  const parts = name.split("/");
  if (!name || name.startsWith("/") || name.includes("\\") || parts.some((p) => p === "" || p === "." || p === "..")) {
    throw new Error(`skillc: refusing to write "${name}": output names must be relative posix paths inside outDir`);
  }
}

function toBytes(name: string, content: string | Uint8Array): Uint8Array {
  if (typeof content === "string") return Buffer.from(content, "utf8");
  if (content instanceof Uint8Array) return content;
  throw new TypeError(`skillc: the content of "${name}" is neither a string nor bytes`);
}

async function sameBytes(file: string, bytes: Uint8Array): Promise<boolean> {
  try {
    const st = await stat(file);
    if (!st.isFile() || st.size !== bytes.byteLength) return false;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(await readFile(file));
  } catch {
    return false;
  }
}

export async function writeDurably(file: string, bytes: Uint8Array): Promise<void> {
  const fh = await open(file, "wx", 0o644);
  try {
    await fh.writeFile(bytes);
    await fh.sync();
  } finally {
    await fh.close();
  }
}


async function renameRetrying(from: string, to: string): Promise<void> {
  // Windows refuses to replace a file another process holds open for a moment (EPERM/EBUSY).
  for (let attempt = 0; ; attempt++) {
    try {
      return await rename(from, to);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (attempt >= 5 || (code !== "EPERM" && code !== "EACCES" && code !== "EBUSY")) throw err;
      await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
    }
  }
}

/**
 * Temp dirs `<outDir>.tmp-<pid>-<hex>` left by killed builds (their process is gone, or they are
 * old): one with a commit record is rolled forward (its remaining files renamed into outDir), one
 * without is removed. Called with the lock held, so no live build is using them.
 */
async function recoverTempDirs(outDir: string): Promise<boolean> {
  const parent = dirname(outDir);
  const prefix = basename(outDir) + ".tmp-";
  let entries: string[];
  try {
    entries = await readdir(parent);
  } catch {
    return false;
  }
  let rolled = false;
  for (const entry of entries.sort()) {
    if (!entry.startsWith(prefix)) continue;
    const m = /^(\d+)-[0-9a-f]+$/.exec(entry.slice(prefix.length));
    if (!m) continue;
    const path = join(parent, entry);
    if (!(await isStale(path, Number(m[1])))) continue;
    const names = await committedNames(path);
    if (names) rolled = (await applyRenames(path, outDir, await present(path, names))).length > 0 || rolled;
    await rm(path, { recursive: true, force: true });
  }
  return rolled;
}

async function isStale(path: string, pid: number): Promise<boolean> {
  // A folder of its own only: a checkout can hold a link by such a name to a folder anywhere.
  const st = await lstat(path).catch(() => undefined);
  if (!st?.isDirectory()) return false;
  return (pid !== process.pid && !alive(pid)) || Date.now() - st.mtimeMs > STALE_MS;
}

/** The names a temp dir's commit record lists, when it has a valid one. */
async function committedNames(tmp: string): Promise<string[] | undefined> {
  try {
    // A checkout can hold a folder named like a killed build's, its record a link to /dev/zero (or
    // a FIFO): read only as a small regular file, never through a link.
    const read = readRegularFile(join(tmp, COMMIT), COMMIT_MAX);
    if (!("bytes" in read)) return undefined;
    const names = JSON.parse(read.bytes.toString("utf8")) as unknown;
    if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) return undefined;
    for (const n of names) checkName(n);
    return names;
  } catch {
    return undefined;
  }
}

/** The listed names still in the temp dir (those renamed before the kill are already in place). */
async function present(tmp: string, names: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const n of names) {
    try {
      if ((await stat(join(tmp, n))).isFile()) out.push(n);
    } catch {
      /* already renamed */
    }
  }
  return out;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
