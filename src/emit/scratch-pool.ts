// A few reusable buffers for the split layout's metadata files as they are staged (chunk-stage.ts
// putParts): one is taken while a file's bytes are rendered, hashed and written, and given back
// once its write is done. Memory holds SCRATCH_COUNT of them at most, allocated as first needed.
import { CHUNK_CAP } from "./chunk-render.js";

/** A scratch buffer's size: every metadata file stays under the chunk cap but one record alone past it (that one gets its own Buffer). */
export const SCRATCH_BYTES = CHUNK_CAP;
/** Buffers at most (2 MB): writes without a sync of their own take well under a millisecond each, so a few in flight keep the thread pool busy. */
const SCRATCH_COUNT = 8;

export class ScratchPool {
  private readonly free: Buffer[] = [];
  private made = 0;
  private readonly waiting: Array<(b: Buffer) => void> = [];

  /** A free buffer, made when fewer than SCRATCH_COUNT exist, else the next one given back. */
  async take(): Promise<Buffer> {
    const b = this.free.pop();
    if (b) return b;
    if (this.made < SCRATCH_COUNT) {
      this.made++;
      // Not from Node's shared pool: a slab of it lives while any of its slices does.
      return Buffer.allocUnsafeSlow(SCRATCH_BYTES);
    }
    return new Promise<Buffer>((resolve) => this.waiting.push(resolve));
  }

  give(b: Buffer): void {
    const next = this.waiting.shift();
    if (next) next(b);
    else this.free.push(b);
  }
}
