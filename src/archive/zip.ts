// Zip archives through yauzl (central directory first, local headers ignored, sizes validated while
// inflating), with skillc's own policy on top: every name checked by safeEntryPath, links, devices
// and encrypted members refused, limits applied from the central directory before a byte is
// inflated, and each member's CRC-32 checked (yauzl leaves that to its callers).
import zlib from "node:zlib";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { ArchiveError, DEFAULT_LIMITS, EntryBudget, checkRatio, linkError, printable, safeEntryPath, type ArchiveEntry, type ArchiveLimits } from "./entries.js";

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

export async function readZip(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_LIMITS): Promise<ArchiveEntry[]> {
  const zip = await open(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ArchiveError(`the archive has ${zip.entryCount} entries, more than ${limits.maxEntries}; a skill is far smaller, so it was refused.`);
    }
    const budget = new EntryBudget(limits);
    const entries: ArchiveEntry[] = [];
    for (let entry = await next(zip); entry; entry = await next(zip)) {
      const read = await readEntry(zip, entry, budget);
      if (read) entries.push(read);
    }
    return entries;
  } finally {
    zip.close();
  }
}

async function readEntry(zip: ZipFile, entry: Entry, budget: EntryBudget): Promise<ArchiveEntry | undefined> {
  // decodeStrings is off so that yauzl does not rewrite "\" to "/": the raw name is judged here.
  const rawName = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileName as unknown as Buffer, entry.extraFields, true);
  const mode = entry.versionMadeBy >> 8 === 3 ? entry.externalFileAttributes >>> 16 : 0;
  const type = mode & S_IFMT;
  const isDir = rawName.endsWith("/") || type === S_IFDIR || (entry.versionMadeBy >> 8 === 0 && (entry.externalFileAttributes & 0x10) !== 0);
  const name = safeEntryPath(rawName);
  if (isDir) {
    budget.add(name, 0, false);
    return name === "" ? undefined : { type: "dir", path: name };
  }
  if (type !== 0 && type !== S_IFREG && type !== S_IFLNK) {
    throw new ArchiveError(`entry "${printable(rawName)}" is not a regular file (a device, socket or pipe); the archive was refused.`);
  }
  if (entry.isEncrypted()) throw new ArchiveError(`entry "${printable(rawName)}" is encrypted; skillc imports only unencrypted archives.`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new ArchiveError(`entry "${printable(rawName)}" uses compression method ${entry.compressionMethod}; skillc reads only stored (0) and deflated (8) members.`);
  }
  budget.add(name, entry.uncompressedSize, true);
  checkRatio(`entry "${printable(rawName)}"`, entry.compressedSize, entry.uncompressedSize, budget.limits);
  const data = await inflate(zip, entry, rawName);
  if (crc32(data) !== entry.crc32) throw new ArchiveError(`entry "${printable(rawName)}" fails its CRC-32 check; the archive is corrupt.`);
  if (type === S_IFLNK) throw linkError(name, data.toString("utf8"), "symbolic");
  return { type: "file", path: name, data: new Uint8Array(data), executable: (mode & 0o111) !== 0 };
}

/** node:zlib's CRC-32 (Node ≥ 20.15); read at call time so older Nodes still load the CLI. */
function crc32(data: Buffer): number {
  if (typeof zlib.crc32 !== "function") throw new ArchiveError("checking a zip's CRC-32 needs Node 20.15 or later; upgrade Node, or import a .tgz or a folder.");
  return zlib.crc32(data);
}

function open(buf: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(zipError(error)) : resolve(zip),
    ),
  );
}

/** The next central-directory entry, or undefined at the end. */
function next(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    const done = (entry?: Entry, error?: Error) => {
      zip.off("entry", onEntry).off("end", onEnd).off("error", onError);
      if (error) reject(zipError(error));
      else resolve(entry);
    };
    const onEntry = (entry: Entry) => done(entry);
    const onEnd = () => done();
    const onError = (error: Error) => done(undefined, error);
    zip.on("entry", onEntry).on("end", onEnd).on("error", onError);
    zip.readEntry();
  });
}

/** The member's bytes; yauzl stops at the declared size and errors past it (validateEntrySizes). */
function inflate(zip: ZipFile, entry: Entry, rawName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(memberError(error, entry, rawName));
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("error", (e: Error) => reject(memberError(e, entry, rawName)));
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}

function memberError(error: Error, entry: Entry, rawName: string): ArchiveError {
  if (/too many bytes/.test(error.message)) {
    return new ArchiveError(`entry "${printable(rawName)}" inflates to more than its declared ${entry.uncompressedSize} bytes; the archive was refused as a possible zip bomb.`);
  }
  return new ArchiveError(`entry "${printable(rawName)}" cannot be read (${error.message}); the archive is corrupt.`);
}

function zipError(error: Error): ArchiveError {
  if (error instanceof ArchiveError) return error;
  const stored = /size mismatch for stored file: (\d+) != (\d+)/.exec(error.message);
  if (stored) return new ArchiveError(`a stored entry holds ${stored[1]} bytes but declares ${stored[2]}; the archive is corrupt.`);
  if (/zip64/i.test(error.message)) return new ArchiveError(`the archive's ZIP64 records cannot be read (${error.message}); it is corrupt.`);
  if (/end of central directory record signature not found/i.test(error.message)) {
    return new ArchiveError("this is not a zip archive (no end-of-central-directory record), or it is truncated.");
  }
  if (/multi-disk/.test(error.message)) return new ArchiveError("multi-part (spanned) zip archives are not supported.");
  return new ArchiveError(`the zip archive cannot be read (${error.message}); it is corrupt or uses a feature skillc does not read.`);
}
