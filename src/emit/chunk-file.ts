// Creating one staged chunk file on the thread pool: the stage's (chunk-stage.ts) and the chunk
// writer thread's (chunk-writer.ts).
import { close, closeSync, fdatasync, open, openSync, write, writeSync } from "node:fs";

/**
 * The create flags: "wx" (a fresh name in a fresh staging folder), or "w" once a writer thread
 * was lost midway and may have left a name half written (the bytes are the name's, so the rewrite
 * is the same file).
 */
export type ChunkFlags = "wx" | "w";

/**
 * Creates `file` with `bytes` (and fdatasyncs it when `sync`), all on the thread pool; `done` gets
 * the first error. The open runs there too: on ext4 a create waits while the syncs of the chunks
 * before it commit the journal, and done on the main thread it stalled the build (7.8 s of 24 s
 * sampled, in `openSync`, at 10,000 skills).
 */
export function writeChunk(file: string, bytes: Uint8Array, sync: boolean, done: (err: NodeJS.ErrnoException | null, existed?: boolean) => void, flags: ChunkFlags = "wx"): void {
  open(file, flags, 0o644, (err, fd) => {
    // Made by this build's other writer (the stage's own folder; both create it from the same
    // bytes, and both are waited for before the commit): two skills with one payload, staged by
    // this thread and the writer thread at once.
    // `existed`: not made here, so possibly still being written (chunk-stage.ts rewrite()).
    if (err?.code === "EEXIST") return done(null, true);
    if (err) return done(err);
    const finish = (first: NodeJS.ErrnoException | null) => close(fd, (closeErr) => done(first ?? closeErr));
    const rest = (off: number): void =>
      write(fd, bytes, off, bytes.length - off, null, (werr, n) => {
        if (werr) return finish(werr);
        if (off + n < bytes.length) return rest(off + n);
        if (sync) fdatasync(fd, finish);
        else finish(null);
      });
    rest(0);
  });
}

/**
 * writeChunk done in the calling thread, for the chunk writer thread (chunk-writer.ts), whose own
 * work it is: no thread-pool hops (an open, a write and a close each went to the pool and back, ~3
 * wake-ups of this thread per chunk: most of a 10,000-skill split build's 160,000 futex calls).
 * Without a sync only (an fdatasync per chunk waits for the disk: those stay on the pool, several
 * at once). The first error; EEXIST is none (see writeChunk).
 */
export function writeChunkSync(file: string, bytes: Uint8Array, flags: ChunkFlags = "wx"): NodeJS.ErrnoException | undefined {
  let fd: number;
  try {
    fd = openSync(file, flags, 0o644);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EEXIST" ? undefined : (err as NodeJS.ErrnoException);
  }
  let first: NodeJS.ErrnoException | undefined;
  try {
    for (let off = 0; off < bytes.length; ) off += writeSync(fd, bytes, off, bytes.length - off);
  } catch (err) {
    first = err as NodeJS.ErrnoException;
  }
  try {
    closeSync(fd);
  } catch (err) {
    first ??= err as NodeJS.ErrnoException;
  }
  return first;
}
