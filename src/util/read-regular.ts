// Reading a small file a checkout may have made hostile: only a regular file, at most `max` bytes,
// checked on the open descriptor (so a file swapped for a link, a FIFO or /dev/zero after any earlier
// check is refused, not read), opened without blocking, and never read past `max` + 1 bytes even if
// it grows while being read. Callers say in their own words what a refusal means.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { READ_NO_FOLLOW } from "./open-flags.js";

export type RegularRead =
  | { bytes: Buffer }
  | { missing: true }
  /** Not read: a link (when not followed), no regular file (a FIFO, a device, a folder), or over `max`. */
  | { refused: "link" | "not-regular" | "too-large" };

/** Without following a link (the default), or through one when the caller allows it (a lockfile a repository links to). */
const FOLLOW = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** The file's bytes, or why not. Errors other than a missing file or a refused link (EACCES, EIO) are thrown. */
export function readRegularFile(file: string, max: number, opts: { follow?: boolean } = {}): RegularRead {
  let fd: number;
  try {
    fd = openSync(file, opts.follow ? FOLLOW : READ_NO_FOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { missing: true };
    if (code === "ELOOP" && !opts.follow) return { refused: "link" };
    throw error;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { refused: "not-regular" };
    if (st.size > max) return { refused: "too-large" };
    const buf = Buffer.allocUnsafe(Math.min(st.size, max) + 1);
    let total = 0;
    for (let n = 1; n > 0 && total < buf.length; total += n) n = readSync(fd, buf, total, buf.length - total, null);
    return total > max ? { refused: "too-large" } : { bytes: buf.subarray(0, total) };
  } finally {
    closeSync(fd);
  }
}
