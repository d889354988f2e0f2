// outDir's chunks/ for write.ts, with outDir's lock held: before a split build commits, the checks
// that keep a reader from an index pointing at a missing chunk and the sweep from reaching outside
// outDir; the commit's renames of a first build's chunks as one folder; after index.js is in
// place, the removal of the chunks it no longer refers to.
import { lstat, mkdir, readdir, rename, rm, rmdir } from "node:fs/promises";
import { join } from "node:path";
import { UsageError } from "../diagnostics/usage-error.js";
import { CHUNK_DIR, CHUNK_NAME, type ChunkWrite } from "./split.js";

/** A chunk this build did not stage (it was in outDir) went away while the build ran. */
export class ChunksGone extends UsageError {}

/**
 * Before a split build commits: outDir/chunks must be a folder of its own (not a link or a file,
 * whose target the sweep would empty), and every chunk index.js will refer to without staging it
 * must still be there (another build may have removed it since this one looked).
 */
export async function checkChunks(outDir: string, chunks: ChunkWrite): Promise<ReadonlySet<string>> {
  const dir = join(outDir, CHUNK_DIR);
  let present: Set<string>;
  try {
    const st = await lstat(dir);
    if (!st.isDirectory()) throw new UsageError(`refusing to write chunks into ${dir}: it is ${st.isSymbolicLink() ? "a symbolic link" : "not a folder"}; remove it and build again.`);
    const entries = await readdir(dir, { withFileTypes: true });
    // A folder named like a chunk can be neither replaced by a rename nor swept: said here, before
    // anything is committed, instead of failing the commit's renames half way.
    const folder = entries.find((e) => e.isDirectory() && CHUNK_NAME.test(e.name));
    if (folder) throw new UsageError(`refusing to write chunks into ${dir}: ${folder.name} there is a folder, not a chunk; remove it and build again.`);
    present = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    present = new Set();
  }
  const staged = new Set(chunks.tmp ? chunks.staged : []);
  for (const name of chunks.keep) {
    if (!present.has(name) && !staged.has(`${CHUNK_DIR}/${name}`)) {
      throw new ChunksGone(`the chunk ${CHUNK_DIR}/${name} left ${outDir} while this build ran (another build into the same folder removed it); build again.`);
    }
  }
  return present;
}

/**
 * Removes the chunks index.js no longer refers to (and the folder, once empty). Only names of chunks
 * are touched. `listed`: the folder's files as checkChunks found them under the same lock (listed
 * once per build, not twice: 10,000 names at 10,000 skills); the chunks staged since are all kept.
 */
export async function sweepChunks(outDir: string, keep: ReadonlySet<string>, listed?: ReadonlySet<string>): Promise<void> {
  const dir = join(outDir, CHUNK_DIR);
  let names: string[];
  try {
    if (!(await lstat(dir)).isDirectory()) return;
    names = listed && keep.size > 0 ? [...listed] : await readdir(dir);
  } catch {
    return;
  }
  let left = names.length;
  for (const name of names) {
    if (!CHUNK_NAME.test(name) || keep.has(name)) continue;
    await rm(join(dir, name), { force: true });
    left--;
  }
  if (left === 0) await rmdir(dir).catch(() => {});
}

/**
 * The commit's renames of the chunks, when outDir has no chunks/ yet (a first build) and the temp
 * dir's chunks/ holds exactly the chunks to commit: that folder renamed whole, one rename for all
 * of them (10,774 renames in turn took 1.3 s of a 10,000-skill build). The names it moved;
 * none when the renames must go one by one. Kill-safe as those are: a build killed before it
 * rolls forward every name still in the temp dir, after it finds none there.
 */
export async function moveChunkFolder(tmp: string, outDir: string, names: readonly string[]): Promise<ReadonlySet<string>> {
  const chunks = names.filter((n) => n.startsWith(`${CHUNK_DIR}/`));
  if (chunks.length < 2) return new Set();
  const wanted = new Set(chunks.map((n) => n.slice(CHUNK_DIR.length + 1)));
  const to = join(outDir, CHUNK_DIR);
  try {
    await lstat(to);
    return new Set();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") return new Set();
  }
  try {
    const held = await readdir(join(tmp, CHUNK_DIR), { withFileTypes: true });
    // A chunk staged for a skill left out is not committed: then the names go one by one.
    if (held.length !== wanted.size || !held.every((e) => e.isFile() && wanted.has(e.name))) return new Set();
    await mkdir(outDir, { recursive: true });
    await rename(join(tmp, CHUNK_DIR), to);
  } catch {
    return new Set();
  }
  return new Set(chunks);
}
