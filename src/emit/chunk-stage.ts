// Where a writing split build streams its chunks while emit renders them: a staging folder
// `<outDir>.tmp-<pid>-<hex>` beside outDir (the temp-dir shape write.ts uses, so a build killed
// while staging leaves a folder the next build removes), written chunk by chunk and fsynced, so
// memory never holds the whole output. write.ts then commits the staged chunks with index.js
// (chunks renamed in first, index.js last) and removes the chunks no index refers to any more.
// A chunk's name is the SHA-256 of its bytes: one already in outDir/chunks is not written again.
import { readdirSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { CHUNK_DIR, CHUNK_NAME, chunkFile, type ChunkExt, type ChunkSink, type ChunkWrite } from "./split.js";
import { writeDurably } from "./write.js";

export class ChunkStage implements ChunkSink, ChunkWrite {
  tmp?: string;
  readonly staged: string[] = [];
  readonly keep = new Set<string>();
  private constructor(
    private readonly outDir: string,
    private readonly present: ReadonlySet<string>,
  ) {}

  /**
   * Lists outDir/chunks once (a missing folder holds nothing). `restage`: trust none of them, so
   * every chunk is written again (the retry after another build removed some while this one ran).
   */
  static open(outDir: string, restage = false): ChunkStage {
    if (restage) return new ChunkStage(outDir, new Set());
    let names: string[] = [];
    try {
      // Regular files only: a link (or folder) under a chunk's name is replaced, never trusted.
      names = readdirSync(join(outDir, CHUNK_DIR), { withFileTypes: true })
        .filter((e) => e.isFile() && CHUNK_NAME.test(e.name))
        .map((e) => e.name);
    } catch {
      // no chunks yet
    }
    return new ChunkStage(outDir, new Set(names));
  }

  refer(hash: string, ext: ChunkExt = "js"): void {
    this.keep.add(`${hash}.${ext}`);
  }

  has(hash: string, ext: ChunkExt = "js"): boolean {
    const name = `${hash}.${ext}`;
    return this.present.has(name) || this.keep.has(name);
  }

  /** Whether outDir held this chunk when the build started (a reused skill keeps its chunk only then). */
  onDisk(hash: string, ext: ChunkExt = "js"): boolean {
    return this.present.has(`${hash}.${ext}`);
  }

  async put(hash: string, bytes: Buffer, ext: ChunkExt = "js"): Promise<void> {
    if (!this.tmp) {
      const tmp = `${this.outDir}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
      await mkdir(dirname(tmp), { recursive: true });
      await mkdir(join(tmp, CHUNK_DIR), { recursive: true });
      this.tmp = tmp;
    }
    const name = chunkFile(hash, ext);
    await writeDurably(join(this.tmp, name), bytes);
    this.staged.push(name);
    this.keep.add(`${hash}.${ext}`);
  }

  /** Removes the staging folder (after the write has moved its files, or when nothing is written). */
  async discard(): Promise<void> {
    if (this.tmp) await rm(this.tmp, { recursive: true, force: true });
    this.tmp = undefined;
  }
}
