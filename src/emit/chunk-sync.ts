// How the chunk stage (chunk-stage.ts) makes its chunks durable: one syncfs of the staging folder's
// filesystem where `sync -f` is there, else an fdatasync per file.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { open as openFile } from "node:fs/promises";

/**
 * Linux: coreutils' (or busybox's) `sync`, whose `-f` is one syncfs(2): every chunk's data and
 * name on disk at once. 10,000 fdatasyncs, each a journal commit and a disk flush, took longer
 * than the analysis they ran beside at 10,000 skills on a shared disk (the build then waited for
 * them); one syncfs of the same files took under a second. Elsewhere each chunk is synced itself.
 */
export function syncFsBin(): string | undefined {
  if (process.platform !== "linux" || process.env.SKILLC_CHUNK_SYNC === "each") return undefined;
  return ["/usr/bin/sync", "/bin/sync"].find((f) => existsSync(f));
}

/** Whether `sync -f dir` succeeded (syncfs reports write-back errors since Linux 5.8). */
export function runSyncFs(bin: string, dir: string): Promise<boolean> {
  return new Promise((resolve) => execFile(bin, ["-f", dir], { timeout: 10 * 60_000 }, (err) => resolve(!err)));
}

/** fdatasync of a file written before (opened for writing: Windows flushes only such handles). */
export async function syncFile(file: string): Promise<void> {
  const fh = await openFile(file, "r+");
  try {
    await fh.datasync();
  } finally {
    await fh.close();
  }
}
