// A writing single build's index.js, streamed to disk as it is rendered: memory holds one bounded
// buffer (8 MiB, or one skill's line when that is longer), never the whole file (338 MB at 10,000
// skills). The file is staged in a folder `<outDir>.tmp-<pid>-<hex>` beside outDir, the temp-dir
// shape write.ts commits from (and removes when a killed build left it), and fsynced before
// write.ts renames it over index.js: the same stage → fsync → rename as every other output.
// A rebuild whose bytes come out equal to the previous index.js stages nothing: while the bytes
// written equal the previous file's, nothing reaches the disk; at the first difference the equal
// prefix is written from the previous bytes and writing goes on from there.
import { closeSync, fdatasyncSync, mkdirSync, openSync, writeSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

const BUFFER = 8 << 20;

/** Where renderBundleTo writes: text and bytes appended in order, each skill's line kept contiguous in memory until it ends. */
export interface BundleOut {
  /** Bytes appended so far. */
  readonly offset: number;
  put(text: string): void;
  putBytes(bytes: Uint8Array): void;
  /** Marks the start of a line: its bytes stay in memory until {@link endLine}. */
  startLine(): void;
  /** The bytes appended since {@link startLine} (valid until the next append). */
  endLine(): Buffer;
}

export class IndexStage {
  /** The staging folder, once made. */
  tmp?: string;
  /** The staged names in it (index.js, unless the bytes equal the previous file's). */
  readonly staged: string[] = [];

  constructor(private readonly outDir: string) {}

  /** A writer of the new index.js into the staging folder; `previous`: the last index.js, whose bytes need not be written again when equal. */
  writer(previous?: Buffer): IndexWriter {
    this.tmp ??= `${this.outDir}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
    mkdirSync(this.tmp, { recursive: true });
    const file = join(this.tmp, "index.js");
    return new IndexWriter(file, previous, (unchanged) => {
      if (!unchanged) this.staged.push("index.js");
    });
  }

  /** Removes the staging folder (after write.ts committed it, or when nothing was written). */
  async discard(): Promise<void> {
    if (this.tmp) await rm(this.tmp, { recursive: true, force: true });
  }
}

export class IndexWriter implements BundleOut {
  private buf = Buffer.allocUnsafe(BUFFER);
  /** Bytes in `buf` not yet on disk. */
  private used = 0;
  /** Where the current line starts in `buf` (bytes before it may be flushed). */
  private lineStart = -1;
  /** Bytes flushed (written, or found equal to `previous` and held back). */
  private flushed = 0;
  private fd: number | undefined;
  /** Whether every byte flushed so far equals `previous` (and so is not on disk yet). */
  private same: boolean;

  constructor(
    private readonly file: string,
    private readonly previous: Buffer | undefined,
    private readonly done: (unchanged: boolean) => void,
  ) {
    this.same = !!previous;
    if (!previous) this.fd = openSync(file, "wx", 0o644);
  }

  get offset(): number {
    return this.flushed + this.used;
  }

  put(text: string): void {
    // A string of n UTF-16 units is at most 3n bytes of UTF-8: only a long one is measured.
    if (this.buf.length - this.used < text.length * 3) this.room(Buffer.byteLength(text));
    this.used += this.buf.write(text, this.used);
  }

  putBytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.used);
    this.used += bytes.length;
  }

  startLine(): void {
    this.lineStart = this.used;
  }

  endLine(): Buffer {
    const line = this.buf.subarray(this.lineStart, this.used);
    this.lineStart = -1;
    return line;
  }

  /** Flushes the rest and syncs; returns the file's size. */
  finish(): number {
    this.flush(this.used);
    const size = this.flushed;
    const unchanged = this.same && size === this.previous!.length;
    if (!unchanged) {
      // The previous bytes held back were all of it but its end was cut: they are written now.
      if (this.same) this.diverge();
      fdatasyncSync(this.fd!);
    }
    if (this.fd !== undefined) closeSync(this.fd);
    this.done(unchanged);
    return size;
  }

  /** Makes room for `n` more bytes: flushes what precedes the current line, grows only for a line longer than the buffer. */
  private room(n: number): void {
    if (this.buf.length - this.used >= n) return;
    const keep = this.lineStart >= 0 ? this.lineStart : this.used;
    this.flush(keep);
    if (this.buf.length - this.used >= n) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.used + n));
    this.buf.copy(bigger, 0, 0, this.used);
    this.buf = bigger;
  }

  /** Writes the first `n` bytes of `buf` (or holds them back while they equal `previous`) and moves the rest to the front. */
  private flush(n: number): void {
    if (n === 0) return;
    if (this.same) {
      const prev = this.previous!;
      const end = this.flushed + n;
      if (end > prev.length || prev.compare(this.buf, 0, n, this.flushed, end) !== 0) this.diverge();
    }
    if (!this.same) this.write(this.buf, 0, n);
    this.flushed += n;
    this.buf.copy(this.buf, 0, n, this.used);
    this.used -= n;
    if (this.lineStart >= 0) this.lineStart -= n;
  }

  /** The bytes stop equalling `previous`: its equal prefix goes to disk first. */
  private diverge(): void {
    this.same = false;
    this.fd = openSync(this.file, "wx", 0o644);
    let at = 0;
    this.position = 0;
    while (at < this.flushed) at += this.write(this.previous!, at, Math.min(this.flushed, at + BUFFER) - at);
  }

  private position = 0;

  private write(src: Buffer, start: number, length: number): number {
    let done = 0;
    while (done < length) done += writeSync(this.fd!, src, start + done, length - done, this.position + done);
    this.position += length;
    return length;
  }
}
