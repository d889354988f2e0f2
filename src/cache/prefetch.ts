// Cache files read ahead of the run's read of them (signed-file.ts prefetchRecordFile): what was read,
// by file, taken once, and only while the file is still the one that was read (same size, times and inode).
import { stat } from "node:fs/promises";

type StatLike = { size: number; mtimeMs: number; ctimeMs: number; ino: number };
type Read<T> = { value: T; st: StatLike } | undefined;

const prefetched = new Map<string, { key: Buffer; read: Promise<Read<unknown>> }>();

/** Starts `read` for `file` under `key`, unless one is under way; what it gives, with the file's stat, is kept for takePrefetched. */
export function startPrefetch<T>(file: string, key: Buffer, read: () => Promise<Read<T>>): Promise<unknown> {
  const had = prefetched.get(file);
  if (had) return had.read;
  const p = read();
  prefetched.set(file, { key, read: p });
  return p;
}

/** What was read ahead of `file` under `key`, taken (the next read reads the file), or false: none, another key, or the file changed since (undefined: it went). */
export async function takePrefetched<T>(file: string, key: Buffer): Promise<T | undefined | false> {
  const p = prefetched.get(file);
  if (!p) return false;
  prefetched.delete(file);
  const got = (await p.read) as Read<T>;
  if (!got || !p.key.equals(key)) return false;
  try {
    const st = await stat(file);
    const same = st.size === got.st.size && st.mtimeMs === got.st.mtimeMs && st.ctimeMs === got.st.ctimeMs && st.ino === got.st.ino;
    return same ? got.value : false;
  } catch {
    return undefined;
  }
}
