// Positional reads that fill what they are asked to: readSync may return fewer bytes.
import { readSync } from "node:fs";

/** Reads `length` bytes of `fd` at `position` into `buf` at `start`; throws when the file ends first. */
export function readFully(fd: number, buf: Uint8Array, start: number, length: number, position: number): void {
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buf, start + done, length - done, position + done);
    if (n === 0) throw new Error("skillc: the file ended before the bytes it should hold");
    done += n;
  }
}

/** `length` bytes of `fd` at `position`, in a new buffer. */
export function readRange(fd: number, position: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  readFully(fd, buf, 0, length, position);
  return buf;
}
