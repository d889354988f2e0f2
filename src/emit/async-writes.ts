// Positional writes of whole buffers handed to the thread pool, so that rendering goes on while
// they run (emit/index-stage.ts); the caller waits on busy() between lines to bound memory.
// Durability overlaps with them too: every `syncEvery` bytes written, an fdatasync of the file starts
// in the background (one at a time), so the disk writes back while the build renders the rest and
// the final sync has only the tail to write. Without it the kernel holds the whole file dirty
// (at 10,000 skills, 338 MB under a dirty_background_ratio of 10% of 24 GB) and the final
// fdatasync wrote it all while the build waited (~0.75 s). An early sync's error is kept and
// thrown by idle(), like a write's: a build whose data did not reach the disk fails.
import { fdatasync, write } from "node:fs";

/** Bytes written between background fdatasyncs. */
export const EARLY_SYNC = 64 * 1024 * 1024;

export interface AsyncWritesOptions {
  /** Bytes written between background fdatasyncs (0: none). */
  syncEvery?: number;
  /** fs.fdatasync, or a stand-in (tests). */
  datasync?: (fd: number, callback: (err: NodeJS.ErrnoException | null) => void) => void;
}

/** Positional writes run by the thread pool while the build goes on; at most `limit` at once. */
export class AsyncWrites {
  private inflight = 0;
  private error: unknown;
  /** Waiting for a write to finish (busy), and for writes and syncs to finish (idle). */
  private slots: Array<() => void> = [];
  private idlers: Array<() => void> = [];
  /** Bytes written since the last background sync started, and whether one is running. */
  private unsynced = 0;
  private syncing = false;
  /** Background syncs started (tests count them). */
  earlySyncs = 0;
  private readonly syncEvery: number;
  private readonly datasync: NonNullable<AsyncWritesOptions["datasync"]>;

  constructor(
    private readonly fd: number,
    private readonly limit: number,
    options: AsyncWritesOptions = {},
  ) {
    this.syncEvery = options.syncEvery ?? 0;
    this.datasync = options.datasync ?? fdatasync;
  }

  /** Writes buf[0, n) at `position`; `release` gets the buffer back once it is written. */
  write(buf: Buffer, n: number, position: number, release: (buf: Buffer) => void): void {
    this.inflight++;
    const step = (at: number): void =>
      write(this.fd, buf, at, n - at, position + at, (err, written) => {
        if (!err && written > 0 && at + written < n) return step(at + written);
        if (err || written === 0) this.error ??= err ?? new Error("skillc: a write to the staged index.js wrote nothing");
        this.inflight--;
        release(buf);
        this.wrote(n);
        for (const f of this.slots.splice(0)) f();
        this.notify();
      });
    step(0);
  }

  busy(): Promise<void> | undefined {
    return this.inflight >= this.limit ? new Promise((resolve) => this.slots.push(resolve)) : undefined;
  }

  /** Resolves when every write (and background sync) is done; rejects with the first error. */
  async idle(): Promise<void> {
    while (this.inflight > 0 || this.syncing) await new Promise<void>((resolve) => this.idlers.push(resolve));
    if (this.error) throw this.error;
  }

  /** Resolves when every write is done and on disk (a last fdatasync); rejects with the first error. */
  async synced(): Promise<void> {
    await this.idle();
    await new Promise<void>((resolve, reject) => this.datasync(this.fd, (err) => (err ? reject(err) : resolve())));
  }

  /** Counts bytes written; past `syncEvery` since the last, starts an fdatasync unless one runs. */
  private wrote(n: number): void {
    this.unsynced += n;
    if (this.syncEvery <= 0 || this.syncing || this.error || this.unsynced < this.syncEvery) return;
    this.unsynced = 0;
    this.syncing = true;
    this.earlySyncs++;
    this.datasync(this.fd, (err) => {
      if (err) this.error ??= err;
      this.syncing = false;
      this.notify();
    });
  }

  private notify(): void {
    for (const f of this.idlers.splice(0)) f();
  }
}
