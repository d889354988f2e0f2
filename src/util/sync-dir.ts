// A folder's entries made durable (the names created or renamed in it), for the atomic writes.
import { open } from "node:fs/promises";

/** fsync of a folder; best effort (a folder cannot be opened for syncing on Windows). */
export async function syncDir(dir: string): Promise<void> {
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
