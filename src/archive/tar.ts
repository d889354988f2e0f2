// Tar archives (ustar, pax, GNU long names) through node-tar's Parser, which npm itself uses, over
// an optional gzip layer inflated by node:zlib with a bound. skillc's policy on top: names checked
// by safeEntryPath, links, devices and pipes refused, limits applied from each header before its
// data is kept, and the first header or truncation problem ends the read.
import { gunzipSync } from "node:zlib";
import { Parser, type ReadEntry } from "tar";
import { ArchiveError, DEFAULT_LIMITS, EntryBudget, checkRatio, linkError, printable, safeEntryPath, type ArchiveEntry, type ArchiveLimits } from "./entries.js";

const BLOCK = 512;

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export function readTarGz(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_LIMITS): ArchiveEntry[] {
  if (!isGzip(bytes)) return readTar(bytes, limits);
  // Headers and padding add at most ~1.5 KB per entry on top of the file bytes.
  const bound = limits.maxTotalBytes + (limits.maxEntries + 2) * 3 * BLOCK;
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes, { maxOutputLength: bound });
  } catch (error) {
    const tooBig = (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError;
    throw new ArchiveError(
      tooBig
        ? `the archive unpacks to more than ${bound} bytes; it was refused as a possible zip bomb.`
        : `the archive cannot be decompressed (${(error as Error).message}); it is not gzip or it is corrupt.`,
    );
  }
  checkRatio("the gzip stream", bytes.length, tar.length, limits);
  return readTar(tar, limits);
}

/** Parses synchronously: node-tar's Parser handles a whole buffer written at once in one turn. */
export function readTar(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_LIMITS): ArchiveEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const budget = new EntryBudget(limits);
  const entries: ArchiveEntry[] = [];
  let failure: ArchiveError | undefined;
  const fail = (error: unknown) => {
    failure ??= error instanceof ArchiveError ? error : new ArchiveError(String(error));
    parser.abort(failure);
  };
  const parser = new Parser({
    strict: true,
    onwarn: (_code, message) => fail(headerError(String(message))),
    onReadEntry: (entry) => {
      if (failure) return entry.resume();
      try {
        keep(entry, budget, entries, fail);
      } catch (error) {
        fail(error);
        entry.resume();
      }
    },
  });
  parser.on("error", (error: Error) => fail(headerError(error.message)));
  parser.write(buf);
  parser.end();
  if (failure) throw failure;
  // node-tar stops quietly at the end of the data; tar writers always end with zero blocks.
  if (buf.length < BLOCK || !buf.subarray(buf.length - BLOCK).every((b) => b === 0)) {
    throw new ArchiveError("the tar archive has no end-of-archive marker; it is truncated.");
  }
  return entries;
}

function keep(entry: ReadEntry, budget: EntryBudget, entries: ArchiveEntry[], fail: (e: unknown) => void): void {
  const rawName = entry.path;
  const name = safeEntryPath(rawName);
  if (entry.type === "SymbolicLink") throw linkError(name, entry.linkpath ?? "", "symbolic");
  if (entry.type === "Link") throw linkError(name, entry.linkpath ?? "", "hard");
  if (entry.type === "Directory") {
    budget.add(name, 0, false);
    if (name !== "") entries.push({ type: "dir", path: name });
    return entry.resume();
  }
  if (entry.type !== "File" && entry.type !== "OldFile" && entry.type !== "ContiguousFile") {
    throw new ArchiveError(`entry "${printable(rawName)}" is not a regular file or folder (tar type "${printable(String(entry.header.typeKey))}", ${entry.type}); the archive was refused.`);
  }
  const size = entry.size ?? 0;
  budget.add(name, size, true);
  const chunks: Buffer[] = [];
  let got = 0;
  entry.on("data", (c: Buffer) => {
    got += c.length;
    chunks.push(c);
  });
  entry.on("end", () => {
    if (got !== size) return fail(new ArchiveError(`entry "${printable(rawName)}" runs past the end of the archive; it is truncated.`));
    entries.push({ type: "file", path: name, data: new Uint8Array(Buffer.concat(chunks)), executable: ((entry.mode ?? 0) & 0o111) !== 0 });
  });
}

function headerError(message: string): ArchiveError {
  if (/checksum/i.test(message)) return new ArchiveError(`a tar header fails its checksum; this is not a tar archive, or it is corrupt.`);
  if (/Truncated input/i.test(message)) return new ArchiveError(`the tar archive runs past the end of the archive; it is truncated (${message}).`);
  return new ArchiveError(`the tar archive cannot be read (${message}); it is corrupt.`);
}
