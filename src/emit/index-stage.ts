// A writing single build's index.js, streamed to disk as it is rendered: memory holds one bounded
// buffer (8 MiB, or one skill's line when that is longer), never the whole file (338 MB at 10,000
// skills). The file is staged in a folder `<outDir>.tmp-<pid>-<hex>` beside outDir, the temp-dir
// shape write.ts commits from (and removes when a killed build left it), and fsynced before
// write.ts renames it over index.js: the same stage → fsync → rename as every other output (an
// fdatasync starts in the background every 64 MB written, so the last one has only the tail left).
// A rebuild whose bytes come out equal to the previous index.js stages nothing: while the bytes
// written equal the previous file's, nothing reaches the disk; at the first difference the equal
// prefix is written from the previous bytes and writing goes on from there.
import { close, closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import { AsyncWrites, EARLY_SYNC } from "./async-writes.js";
import { readFully } from "../util/read-fully.js";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

const BUFFER = 8 << 20;
/** Buffers being written by the thread pool at once (rendering waits past this): memory stays bounded. */
const IN_FLIGHT = 3;

/** Where renderBundleTo writes: text and bytes appended in order, each skill's line kept contiguous in memory until it ends. */
export interface BundleOut {
  /** Bytes appended so far. */
  readonly offset: number;
  put(text: string): void;
  putBytes(bytes: Uint8Array): void;
  /** Appends `length` bytes of the previous index.js from `at`; false when left unread (at their own offset while the output equals that file: read only if it turns out to differ). */
  putPrevious(at: number, length: number): boolean;
  /** A promise while too many writes are under way (wait on it between lines), else undefined. */
  busy(): Promise<void> | undefined;
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

  /** A writer of the new index.js into the staging folder; `previous`: the last index.js, spliced from, and left as it is when the bytes come out equal. */
  writer(previous?: PreviousIndex): IndexWriter {
    this.tmp ??= `${this.outDir}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
    mkdirSync(this.tmp, { recursive: true });
    const file = join(this.tmp, "index.js");
    this.writing = new IndexWriter(file, previous, (unchanged) => {
      if (!unchanged) this.staged.push("index.js");
    });
    return this.writing;
  }

  private writing?: IndexWriter;

  /** Waits for index.js to be on disk (its writes and fdatasync run while emit renders the rest). */
  async flush(): Promise<void> {
    await this.writing?.synced();
  }

  /** Removes the staging folder (after write.ts committed it, or when nothing was written). */
  async discard(): Promise<void> {
    this.writing?.abandon();
    await this.writing?.synced().catch(() => undefined);
    if (this.tmp) await rm(this.tmp, { recursive: true, force: true });
  }
}

/** The previous index.js, open for positional reads (the build cache keeps it while it trusts it). */
export interface PreviousIndex {
  fd: number;
  size: number;
}

export class IndexWriter implements BundleOut {
  private buf: Buffer = Buffer.allocUnsafe(BUFFER);
  /** Bytes in `buf` not yet on disk. */
  private used = 0;
  /** Where the current line starts in `buf` (bytes before it may be flushed). */
  private lineStart = -1;
  /** Bytes flushed (written, or found equal to `previous` and held back). */
  private flushed = 0;
  private fd: number | undefined;
  /** Where the next write goes in the staged file. */
  private position = 0;
  /**
   * While every byte so far equals `previous` (nothing is on disk yet): the spans of `buf` not
   * known to be equal, [start, end), compared when flushed. Bytes spliced from `previous` at their
   * own offset are known equal without reading them.
   */
  private unknown: Array<[number, number]> | undefined;
  /** Spans of `buf` spliced at their own offset and not read yet (see putPrevious); filled when the output diverges. */
  private unread: Array<[number, number]> = [];
  private async?: AsyncWrites;
  /** Buffers back from the thread pool, for the next flush. */
  private readonly spare: Buffer[] = [];
  private sync?: Promise<void>;

  constructor(
    private readonly file: string,
    private readonly previous: PreviousIndex | undefined,
    private readonly done: (unchanged: boolean) => void,
  ) {
    if (previous) this.unknown = [];
    else this.open();
  }

  busy(): Promise<void> | undefined {
    return this.async?.busy();
  }

  /** Closes the file when rendering stopped before {@link finish} (an error): nothing more is written. */
  abandon(): void {
    if (this.sync || this.fd === undefined) return;
    const fd = this.fd;
    this.sync = (this.async?.idle() ?? Promise.resolve()).finally(() => closeSync(fd));
    this.sync.catch(() => undefined);
  }

  /** Resolves once every byte is written and synced (rejects with a write's error). */
  synced(): Promise<void> {
    return this.sync ?? Promise.resolve();
  }

  get offset(): number {
    return this.flushed + this.used;
  }

  put(text: string): void {
    // A string of n UTF-16 units is at most 3n bytes of UTF-8: only a long one is measured.
    if (this.buf.length - this.used < text.length * 3) this.room(Buffer.byteLength(text));
    const start = this.used;
    this.used += this.buf.write(text, this.used);
    if (this.unknown) mark(this.unknown, start, this.used);
  }

  putBytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.used);
    if (this.unknown) mark(this.unknown, this.used, this.used + bytes.length);
    this.used += bytes.length;
  }

  /** Appends `length` bytes of the previous index.js from `at` (read straight into the buffer). */
  putPrevious(at: number, length: number): boolean {
    const prev = this.previous!;
    if (at < 0 || at + length > prev.size) throw new Error("skillc: a spliced line lies outside the previous index.js");
    this.room(length);
    const start = this.used;
    this.used += length;
    if (this.unknown && at === this.flushed + start) {
      this.unread.push([start, this.used]);
      return false;
    }
    if (this.unknown) mark(this.unknown, start, this.used);
    readFully(prev.fd, this.buf, start, length, at);
    return true;
  }

  startLine(): void {
    this.lineStart = this.used;
  }

  endLine(): Buffer {
    const line = this.buf.subarray(this.lineStart, this.used);
    this.lineStart = -1;
    return line;
  }

  /** Flushes the rest and starts the sync ({@link synced}); returns the file's size. */
  finish(): number {
    this.flush(this.used);
    const size = this.flushed;
    const unchanged = !!this.unknown && size === this.previous!.size;
    // Equal to the previous file so far, but cut short: that much of it is written now.
    if (!unchanged && this.unknown) this.diverge();
    const { fd, async } = this;
    if (fd !== undefined && async) {
      // Background syncs already wrote back most of it while the build rendered (async-writes.ts).
      this.sync = async.synced().then(
        () => new Promise<void>((resolve) => close(fd, () => resolve())),
        (err: unknown) => new Promise<void>((_, reject) => close(fd, () => reject(err))),
      );
      // Awaited only later (flush, after emit renders the rest) or never (discard): a write error
      // meanwhile must not be an unhandled rejection, which would end the process.
      this.sync.catch(() => undefined);
    }
    this.done(unchanged);
    return size;
  }

  /** Makes room for `n` more bytes: flushes what precedes the current line, grows only for a line longer than the buffer. */
  private room(n: number): void {
    if (this.buf.length - this.used >= n) return;
    this.flush(this.lineStart >= 0 ? this.lineStart : this.used);
    if (this.buf.length - this.used >= n) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.used + n));
    this.buf.copy(bigger, 0, 0, this.used);
    this.buf = bigger;
  }

  /** Writes the first `n` bytes of `buf` (or holds them back while they equal `previous`) and moves the rest to the front. */
  private flush(n: number): void {
    if (n === 0) return;
    if (this.unknown && !this.equalSoFar(n)) this.diverge();
    if (this.unknown) this.buf.copy(this.buf, 0, n, this.used);
    else {
      // The buffer goes to the thread pool; what follows byte n moves to a fresh one.
      const full = this.buf;
      const rest = this.used - n;
      const next = this.spare.pop() ?? Buffer.allocUnsafe(BUFFER);
      this.buf = next.length >= rest ? next : Buffer.allocUnsafe(rest);
      full.copy(this.buf, 0, n, this.used);
      this.async!.write(full, n, this.position, (b) => b.length === BUFFER && this.spare.length < IN_FLIGHT && this.spare.push(b));
      this.position += n;
    }
    this.flushed += n;
    this.used -= n;
    if (this.lineStart >= 0) this.lineStart -= n;
    // The spans past n move to the front with their bytes.
    this.unknown = this.unknown && shift(this.unknown, n);
    this.unread = shift(this.unread, n);
  }

  /** Whether the first `n` bytes of `buf` equal the previous file's at this offset: the unknown spans read and compared. */
  private equalSoFar(n: number): boolean {
    const prev = this.previous!;
    if (this.flushed + n > prev.size) return false;
    for (const [b, e] of this.unknown!) {
      const end = Math.min(e, n);
      if (b >= end) continue;
      const theirs = Buffer.allocUnsafe(end - b);
      readFully(prev.fd, theirs, 0, end - b, this.flushed + b);
      if (theirs.compare(this.buf, b, end) !== 0) return false;
    }
    return true;
  }

  /** The bytes stop equalling `previous`: its equal prefix goes to disk first. */
  private diverge(): void {
    this.unknown = undefined;
    this.open();
    const prev = this.previous!;
    const piece = Buffer.allocUnsafe(Math.min(BUFFER, this.flushed));
    for (let at = 0; at < this.flushed; at += piece.length) {
      const n = Math.min(piece.length, this.flushed - at);
      readFully(prev.fd, piece, 0, n, at);
      this.write(piece, 0, n);
    }
    // The spans still in the buffer that were never read: their bytes are the previous file's there.
    for (const [b, e] of this.unread) readFully(prev.fd, this.buf, b, e - b, this.flushed + b);
    this.unread = [];
  }

  private open(): void {
    this.fd = openSync(this.file, "wx", 0o644);
    this.async = new AsyncWrites(this.fd, IN_FLIGHT, { syncEvery: EARLY_SYNC });
  }

  /** A synchronous write (the previous file's equal prefix, before any buffer goes to the thread pool). */
  private write(src: Buffer, start: number, length: number): void {
    let done = 0;
    while (done < length) done += writeSync(this.fd!, src, start + done, length - done, this.position + done);
    this.position += length;
  }
}

/** Adds [start, end) to `spans`, extending the last one when they touch (one compare per run of text, not per piece). */
function mark(spans: Array<[number, number]>, start: number, end: number): void {
  const last = spans[spans.length - 1];
  if (last && last[1] === start) last[1] = end;
  else spans.push([start, end]);
}

/** Spans of a buffer after its first `n` bytes left it: the rest, moved to the front. */
function shift(spans: Array<[number, number]>, n: number): Array<[number, number]> {
  return spans.filter(([, e]) => e > n).map(([b, e]) => [Math.max(b, n) - n, e - n]);
}
