// Positional writes of whole buffers handed to the thread pool, so that rendering goes on while
// they run (emit/index-stage.ts); the caller waits on busy() between lines to bound memory.
import { write } from "node:fs";

/** Positional writes run by the thread pool while the build goes on; at most `limit` at once. */
export class AsyncWrites {
  private inflight = 0;
  private error: unknown;
  private wake: Array<() => void> = [];

  constructor(
    private readonly fd: number,
    private readonly limit: number,
  ) {}

  /** Writes buf[0, n) at `position`; `release` gets the buffer back once it is written. */
  write(buf: Buffer, n: number, position: number, release: (buf: Buffer) => void): void {
    this.inflight++;
    const step = (at: number): void =>
      write(this.fd, buf, at, n - at, position + at, (err, written) => {
        if (!err && written > 0 && at + written < n) return step(at + written);
        if (err || written === 0) this.error ??= err ?? new Error("skillc: a write to the staged index.js wrote nothing");
        this.inflight--;
        release(buf);
        for (const f of this.wake.splice(0)) f();
      });
    step(0);
  }

  busy(): Promise<void> | undefined {
    return this.inflight >= this.limit ? new Promise((resolve) => this.wake.push(resolve)) : undefined;
  }

  /** Resolves when every write is done; rejects with the first error. */
  async idle(): Promise<void> {
    while (this.inflight > 0) await new Promise<void>((resolve) => this.wake.push(resolve));
    if (this.error) throw this.error;
  }
}
