// Creating one staged chunk file on the thread pool: the stage's (chunk-stage.ts) and the chunk
// writer thread's (chunk-writer.ts).
import { close, fdatasync, open, write } from "node:fs";

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
