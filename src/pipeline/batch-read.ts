// A batch of SKILL.md files read into one ArrayBuffer (lint's reading worker, read-wire.ts): each
// file's bytes are a view of it, and the batch's reply transfers that one buffer.
//
// Why: read one by one (readFileSync), each ~10 KB file got an ArrayBuffer of its own (past Buffer's
// pool size), and at 10,000 skills making them was ~0.09 s of the worker's CPU; the 10,000 buffers
// transferred were as many backing stores made, tracked by the GC and freed on the main thread.
// Copied into one buffer per batch after reading instead, the copy cost as much (share-wire.ts
// ownBuffer): here each file is read straight into its place.
import fs from "node:fs";

/** Files larger than this are read on their own (readFileSync), not into the batch's buffer. */
const ALONE_BYTES = 1024 * 1024;

/** One file's bytes, or the error reading it threw (what readFileSync would have thrown). */
export type BatchBytes = Uint8Array | { error: unknown };

/**
 * The bytes of each of `files`, as readFileSync would have read them (the same bytes, the same
 * errors): regular files of up to ALONE_BYTES as views of one buffer, exactly as large as they are
 * together; others (not a regular file, larger) each read by readFileSync into a buffer of its own.
 */
export function readBatch(files: readonly string[]): BatchBytes[] {
  const out: Array<BatchBytes | undefined> = new Array(files.length);
  const fds: number[] = new Array<number>(files.length).fill(-1);
  const sizes: number[] = new Array<number>(files.length).fill(-1);
  try {
    let total = 0;
    for (let i = 0; i < files.length; i++) {
      try {
        fds[i] = fs.openSync(files[i]!, "r");
        const st = fs.fstatSync(fds[i]!);
        if (st.isFile() && st.size <= ALONE_BYTES) total += sizes[i] = st.size;
      } catch (error) {
        out[i] = { error };
      }
    }
    // Not from Buffer's pool: a pooled buffer's memory is shared with other Buffers, and is not transferable.
    const all = Buffer.allocUnsafeSlow(total);
    let at = 0;
    for (let i = 0; i < files.length; i++) {
      if (out[i]) continue;
      if (sizes[i]! < 0) out[i] = readAlone(files[i]!);
      else {
        out[i] = readInto(fds[i]!, all, at, sizes[i]!);
        at += sizes[i]!;
      }
    }
  } finally {
    for (const fd of fds) if (fd >= 0) fs.closeSync(fd);
  }
  return out as BatchBytes[];
}

/** `size` bytes of `fd` from its start into `all` at `at`, as readFileSync reads a regular file: until `size` or the end, whichever comes first. */
function readInto(fd: number, all: Buffer, at: number, size: number): BatchBytes {
  let got = 0;
  try {
    while (got < size) {
      const n = fs.readSync(fd, all, at + got, size - got, got);
      if (n === 0) break;
      got += n;
    }
  } catch (error) {
    return { error };
  }
  return new Uint8Array(all.buffer, all.byteOffset + at, got);
}

/** A file read on its own, in an ArrayBuffer of its own (to transfer). */
function readAlone(file: string): BatchBytes {
  try {
    const bytes = fs.readFileSync(file);
    return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? new Uint8Array(bytes.buffer) : new Uint8Array(bytes);
  } catch (error) {
    return { error };
  }
}
