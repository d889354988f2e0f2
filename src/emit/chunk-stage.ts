// Where a writing split build streams its chunks as each skill's payload is known (a build renders
// it as soon as the skill is analysed, project/chunk-stream.ts; emit renders the rest): a staging
// folder `<outDir>.tmp-<pid>-<hex>` beside outDir (the temp-dir shape write.ts uses, so a build
// killed while staging leaves a folder the next build removes), written chunk by chunk, so memory
// never holds the whole output. write.ts then commits the staged chunks with index.js (chunks
// renamed in first, index.js last) and removes the chunks no index refers to any more.
// A chunk's name is the SHA-256 of its bytes: one already in outDir/chunks is not written again.
//
// Costs, measured at 10,000 chunks on 2 cores: each chunk's create and write run on the thread
// pool, in the background while the build goes on (a synchronous create on the main thread waited
// there for the journal commits of the syncs before it: 7.8 s of a 24 s build). Durability: on
// Linux one syncfs(2) at `flush()` (`sync -f`, see syncFsBin; others start in the background
// every 64 MB created, so that the disk writes while the build goes on), elsewhere (or when that fails)
// an fdatasync per chunk. build.ts awaits `flush()` before write.ts commits: the commit follows data on disk.
import { mkdir, rm } from "node:fs/promises";
import { runSyncFs, syncFile, syncFsBin } from "./chunk-sync.js";
import { syncDir } from "../util/sync-dir.js";
import { dirname, join } from "node:path";
import { randomBytes } from "node:crypto";
import { CHUNK_DIR, CHUNK_NAME, type ChunkExt, type ChunkPart, type ChunkSink, type ChunkWrite } from "./split.js";
import { writeChunk, type ChunkFlags } from "./chunk-file.js";
import { ScratchPool, SCRATCH_BYTES } from "./scratch-pool.js";
import { committedPrints, listChunks, unchangedRecord, type ChunkTrust, type TrustedChunks } from "./chunk-prints.js";
import { sha256Hex } from "../util/sha256.js";

/**
 * Chunks being written and synced at once; each holds its bytes until it is written, so this bounds
 * the memory they take (64 payloads of up to 256 KB). The thread pool runs 4 at a time and takes the
 * next without the event loop, which the analyses keep busy: a queue this deep keeps it fed.
 */
const SYNCS = 64;

/** Bytes created between early syncfs runs (see wrote). */
const EARLY_SYNC = 64 * 1024 * 1024;
/** Chunks at most that flush syncs one by one rather than with syncfs. */
const FEW = 32;

export class ChunkStage implements ChunkSink, ChunkWrite {
  tmp?: string;
  /** Written to the staging folder (names in chunks/, `<hash>.<ext>`); a chunk staged for a skill later left out is never referred to. */
  private readonly written = new Set<string>();
  /** Names this thread found already made (EEXIST): the chunk writer thread's, maybe unfinished when it was lost. */
  private readonly borrowed = new Set<string>();
  readonly keep = new Set<string>();
  private making?: Promise<string>;
  private syncing = 0;
  private syncError: unknown;
  /** Waiting for every sync (flush), and for a free slot (put). */
  private readonly waiting: Array<() => void> = [];
  private readonly slots: Array<() => void> = [];
  private helper?: { close(): Promise<void> };
  /** Bytes created since the last early syncfs, and the one running. */
  private unsynced = 0;
  private early?: Promise<void>;
  private flags: ChunkFlags = "wx";
  private discarded = false;
  private readonly scratch = new ScratchPool();
  private constructor(
    private readonly outDir: string,
    /** The chunks in outDir this build may keep by name, with their fingerprints (chunk-prints.ts), asked for when first needed. */
    private readonly check: () => TrustedChunks,
    /** `sync -f` to run once at flush, when there is one: then no chunk is synced by itself. */
    private readonly syncfs = syncFsBin(),
    /** Bytes between early syncfs runs (tests set a small one). */
    private readonly earlySync = EARLY_SYNC,
    private readonly trust?: ChunkTrust,
  ) {}

  private checked?: TrustedChunks & { names: ReadonlySet<string> };
  /** The chunks in outDir kept by name: the check's answer, taken at the first question (a check on another thread is done by then). */
  private get present(): ReadonlySet<string> {
    return (this.checked ??= withNames(this.check())).names;
  }

  /**
   * Lists outDir/chunks once (a missing folder holds nothing). `restage`: trust none of them, so
   * every chunk is written again (the retry after another build removed some while this one ran).
   * `test`: a stand-in for `sync` and a smaller EARLY_SYNC. `trust`: the check of the chunks
   * against the record the build before left (with none, against their names' hashes): one no
   * longer the file it wrote is not kept but staged again (chunk-prints.ts); without `trust` (the
   * stage's unit tests), every chunk is kept by name.
   */
  static open(outDir: string, restage = false, test?: { syncfs?: string; earlySync?: number }, trust?: ChunkTrust): ChunkStage {
    const opts = [test?.syncfs ?? syncFsBin(), test?.earlySync ?? EARLY_SYNC, trust] as const;
    const none = { prints: new Map<string, string>(), recorded: -1 };
    if (restage) return new ChunkStage(outDir, () => none, ...opts);
    if (trust) return new ChunkStage(outDir, () => trust.take(), ...opts);
    const names = listChunks(join(outDir, CHUNK_DIR));
    return new ChunkStage(outDir, () => ({ prints: new Map(names.map((n) => [n, ""])), recorded: -1 }), ...opts);
  }

  /**
   * With outDir's lock held, once the commit is in place (write.ts): records the fingerprint of each
   * chunk the outputs refer to for the next build (none when it is the record read at the start).
   */
  async committed(): Promise<void> {
    if (!this.trust) return;
    const { prints: known, recorded } = (this.checked ??= withNames(this.check()));
    const prints = committedPrints(join(this.outDir, CHUNK_DIR), this.keep, known, this.written);
    if (!unchangedRecord(prints, this.keep, known, this.written, recorded)) await this.trust.save(prints);
  }

  /** The staged chunks the outputs refer to, as names in outDir: only these are committed. */
  get staged(): string[] {
    return [...this.written].filter((n) => this.keep.has(n)).map((n) => `${CHUNK_DIR}/${n}`);
  }

  refer(hash: string, ext: ChunkExt = "js"): void {
    this.keep.add(`${hash}.${ext}`);
  }

  has(hash: string, ext: ChunkExt = "js"): boolean {
    const name = `${hash}.${ext}`;
    return this.present.has(name) || this.written.has(name);
  }

  /** Whether outDir held this chunk when the build started (a reused skill keeps its chunk only then). */
  onDisk(hash: string, ext: ChunkExt = "js"): boolean {
    return this.present.has(`${hash}.${ext}`);
  }

  async put(hash: string, bytes: Buffer, ext: ChunkExt = "js"): Promise<void> {
    await this.stage(hash, bytes, ext);
  }

  /**
   * The metadata files emit renders (shards, links modules, manifest and type shards: ~40 MB at 10,000
   * skills) go through a few scratch buffers: a Buffer each, held until its write is done, outlived
   * young-generation GCs and stayed until a full GC, after the build's peak (all ~40 MB held at exit).
   */
  async putParts(parts: readonly ChunkPart[], ext: ChunkExt, seen?: (bytes: Buffer, hash: string) => void): Promise<string> {
    const size = parts.reduce((n, p) => n + (typeof p === "string" ? Buffer.byteLength(p) : p.byteLength), 0);
    // Files fdatasynced each (no syncfs) get a Buffer each: a scratch one would be held through the sync.
    const scratch = this.syncfs && size <= SCRATCH_BYTES ? await this.scratch.take() : undefined;
    const bytes = (scratch ?? Buffer.allocUnsafe(size)).subarray(0, size);
    let at = 0;
    for (const p of parts) at += typeof p === "string" ? bytes.write(p, at) : (bytes.set(p, at), p.byteLength);
    const hash = sha256Hex(bytes);
    const release = scratch && (() => this.scratch.give(scratch));
    try {
      seen?.(bytes, hash);
    } catch (err) {
      release?.();
      throw err;
    }
    if (this.has(hash, ext)) release?.();
    else await this.stage(hash, bytes, ext, release);
    return hash;
  }

  /** Stages `bytes` as `<hash>.<ext>` unless staged already; `release` runs once they are not needed any more. */
  private async stage(hash: string, bytes: Buffer, ext: ChunkExt, release?: () => void): Promise<void> {
    const tmp = await this.folder().catch((err: unknown) => {
      release?.();
      throw err;
    });
    const name = `${hash}.${ext}`;
    if (this.written.has(name)) return release?.();
    // At most SYNCS chunks in flight: past it, wait for one to finish (each holds its bytes until written).
    while (this.syncing >= SYNCS) await new Promise<void>((resolve) => this.slots.push(resolve));
    // Another put of the same chunk (two skills with one payload, or one piece) may have claimed it
    // while this one waited: the check and the add below run without a turn in between. The slot
    // this one was woken for goes to the next waiter, or that one waits for a wake that never comes.
    if (this.written.has(name)) return void (this.slots.shift()?.(), release?.());
    this.written.add(name);
    this.syncing++;
    writeChunk(join(tmp, CHUNK_DIR, name), bytes, !this.syncfs, (err, existed) => {
      if (err && !this.syncError) this.syncError = err;
      if (existed) this.borrowed.add(name);
      this.wrote(bytes.length);
      release?.();
      this.syncing--;
      this.slots.shift()?.();
      if (this.syncing === 0) for (const resolve of this.waiting.splice(0)) resolve();
    }, this.flags);
  }

  /**
   * For a writer of the staging folder's chunks in another thread (project/chunk-thread.ts): the
   * folder, the names it must not create (in outDir or staged here), whether to fdatasync each.
   */
  async writerData(): Promise<{ dir: string; present: string[]; sync: boolean }> {
    const tmp = await this.folder();
    return { dir: join(tmp, CHUNK_DIR), present: [...this.present, ...this.written], sync: !this.syncfs };
  }

  /** What such a writer created (names in chunks/) and its first error, which flush throws. */
  adopt(wrote: readonly string[], bytes: number, error?: { message: string; code?: string }): void {
    for (const name of wrote) this.written.add(name);
    if (error && !this.syncError) this.syncError = Object.assign(new Error(error.message), error.code && { code: error.code });
    this.wrote(bytes);
  }

  /**
   * Counts bytes created; past EARLY_SYNC bytes since the last, starts a syncfs in the background
   * (one at a time), so that the disk writes them while the build goes on and the one at flush
   * has only the rest to write (at 10,000 skills, ~300 MB: 1.1 s at flush when it wrote them all).
   */
  private wrote(bytes: number): void {
    this.unsynced += bytes;
    if (!this.syncfs || !this.tmp || this.early || this.unsynced < this.earlySync) return;
    this.unsynced = 0;
    const early = (this.early = runSyncFs(this.syncfs, this.tmp).then(() => {
      if (this.early === early) this.early = undefined;
    }));
  }

  /**
   * That writer was lost midway: it may have left a name half written and not said which, so names
   * are created whole from now on (overwritten: a name's bytes are always the same).
   */
  rewrite(): void {
    this.flags = "w";
    // A name this thread found already made was being made by the writer, which may have stopped
    // halfway through it: forgotten, so the skill's re-render here writes it whole.
    for (const name of this.borrowed) this.written.delete(name);
    this.borrowed.clear();
  }

  /**
   * Stops that writer once no skill is streamed any more (build.ts, after compile): its isolate
   * (~25 MB at 10,000 skills) is let go before emit, where the build's memory peaks.
   */
  async retire(): Promise<void> {
    const helper = this.helper;
    this.helper = undefined;
    await helper?.close();
  }

  /** Stopped before discard removes the staging folder: that writer. */
  attach(helper: { close(): Promise<void> }): void {
    this.helper = helper;
  }

  /** The staging folder, made by the first chunk (several skills' analyses finish at once: the others wait for it). */
  private async folder(): Promise<string> {
    if (this.discarded) throw new Error("the chunk stage was discarded");
    return this.tmp ?? (await (this.making ??= this.makeTmp()));
  }

  private async makeTmp(): Promise<string> {
    const tmp = `${this.outDir}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
    await mkdir(dirname(tmp), { recursive: true });
    await mkdir(join(tmp, CHUNK_DIR), { recursive: true });
    return (this.tmp = tmp);
  }

  /**
   * Waits until every staged chunk is on disk; throws the first error. With `sync -f`, one
   * syncfs(2) of the staging folder's filesystem (its per-chunk fallback when that fails).
   */
  async flush(): Promise<void> {
    await this.settle();
    // An early syncfs still running: the final one below follows it (it covers every write since).
    await this.early;
    if (this.syncError) throw this.syncError;
    if (!this.syncfs || !this.tmp || this.written.size === 0) return;
    // A few chunks (a rebuild's): synced each, not with the whole file system's dirty data, which
    // on a shared disk is whatever else was written lately (a warm 10,000-skill rebuild waited
    // 0.26 s in syncfs for its handful of files).
    if (this.written.size > FEW) {
      if (await runSyncFs(this.syncfs, this.tmp)) return;
    }
    const dir = join(this.tmp, CHUNK_DIR);
    const names = [...this.written];
    await Promise.all(Array.from({ length: 16 }, async () => {
      for (let name = names.pop(); name !== undefined; name = names.pop()) await syncFile(join(dir, name));
    }));
    // The names too (syncfs covered them): the folder is renamed whole, or its files one by one.
    await syncDir(dir);
  }

  /** Waits until no write is in flight. */
  private async settle(): Promise<void> {
    if (this.syncing > 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Removes the staging folder (after the write has moved its files, or when nothing is written). */
  async discard(): Promise<void> {
    this.discarded = true;
    await this.helper?.close();
    await this.early;
    await this.settle();
    await this.making?.catch(() => {});
    if (this.tmp) await rm(this.tmp, { recursive: true, force: true });
    this.tmp = undefined;
    this.making = undefined;
  }
}

function withNames(t: TrustedChunks): TrustedChunks & { names: ReadonlySet<string> } {
  return { ...t, names: new Set(t.prints.keys()) };
}
