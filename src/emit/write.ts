// Writing outDir so that no reader ever sees a partial file, whatever happens to the writer.
//
// outDir itself stays in place (a directory swap would leave a moment with no outDir at all, and
// would break a watcher or a dev server holding it). Instead, in two phases:
//   1. every changed file is written whole into a fresh `<outDir>.tmp-<pid>-<random>` next to
//      outDir (same filesystem, so rename is atomic) and fsynced. A failure here changes nothing.
//   2. each file is renamed over its target, index.js last, so whoever sees the new index.js also
//      sees the new index.d.ts, manifest and catalogs of a single writer. Then outDir is fsynced.
// A reader opens either the old file or the new one. index.js needs no other file, so importing it
// is always consistent. Two concurrent builds each use their own temp dir: they can interleave
// whole files (harmless when their inputs are equal) but never tear one. A build killed in
// phase 2 leaves old and new whole files; its temp dir is removed by the next run.
import { mkdir, open, readFile, readdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

const LAST = "index.js";
/** Temp dirs of a live build are left alone, unless older than this (the pid was reused). */
const STALE_MS = 60 * 60 * 1000;

/**
 * `opts.unchanged`: names the caller knows are already on disk with these exact bytes (the build
 * cache's verified outputs); they are not read back to compare.
 */
export async function writeOutDir(
  outDir: string,
  files: Map<string, string | Uint8Array>,
  opts: { unchanged?: ReadonlySet<string> } = {},
): Promise<{ written: string[]; unchanged: string[] }> {
  const names = [...files.keys()].sort((a, b) => (a === LAST ? 1 : b === LAST ? -1 : a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) checkName(name);
  await mkdir(outDir, { recursive: true });
  await removeStaleTempDirs(outDir);

  const written: string[] = [];
  const unchanged: string[] = [];
  const changed: Array<[string, Uint8Array]> = [];
  for (const name of names) {
    const bytes = toBytes(name, files.get(name)!);
    if (opts.unchanged?.has(name) || (await sameBytes(join(outDir, name), bytes))) unchanged.push(name);
    else changed.push([name, bytes]);
  }
  if (changed.length === 0) return { written, unchanged };

  const tmp = `${outDir}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
  await mkdir(tmp);
  try {
    for (const [name, bytes] of changed) {
      await mkdir(dirname(join(tmp, name)), { recursive: true });
      await writeDurably(join(tmp, name), bytes);
    }
    for (const [name] of changed) {
      await mkdir(dirname(join(outDir, name)), { recursive: true });
      await renameRetrying(join(tmp, name), join(outDir, name));
      written.push(name);
    }
    await syncDir(outDir);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return { written, unchanged };
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

async function writeDurably(file: string, bytes: Uint8Array): Promise<void> {
  const fh = await open(file, "wx", 0o644);
  try {
    await fh.writeFile(bytes);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

async function syncDir(dir: string): Promise<void> {
  // Makes the renames durable; directories cannot be opened for syncing on Windows.
  try {
    const fh = await open(dir, "r");
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    /* best effort */
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

/** Removes `<outDir>.tmp-<pid>-<hex>` left by killed builds: their process is gone, or they are old. */
async function removeStaleTempDirs(outDir: string): Promise<void> {
  const parent = dirname(outDir);
  const prefix = basename(outDir) + ".tmp-";
  let entries: string[];
  try {
    entries = await readdir(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(prefix)) continue;
    const m = /^(\d+)-[0-9a-f]+$/.exec(entry.slice(prefix.length));
    if (!m) continue;
    const path = join(parent, entry);
    const pid = Number(m[1]);
    let stale = pid !== process.pid && !alive(pid);
    if (!stale) {
      try {
        stale = Date.now() - (await stat(path)).mtimeMs > STALE_MS;
      } catch {
        continue;
      }
    }
    if (stale) await rm(path, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
