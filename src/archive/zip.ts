// A zip reader on node:zlib: the central directory, stored and deflated members, CRC-checked.
// ZIP64, encryption and other methods are refused with a clear message (skills never need them).
import { inflateRawSync } from "node:zlib";
import { crc32 } from "./crc32.js";
import { ArchiveError, DEFAULT_LIMITS, EntryBudget, linkError, printable, safeEntryPath, type ArchiveEntry, type ArchiveLimits } from "./entries.js";

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

export function readZip(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_LIMITS): ArchiveEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(buf);
  const count = buf.readUInt16LE(eocd + 10);
  const size = buf.readUInt32LE(eocd + 12);
  const offset = buf.readUInt32LE(eocd + 16);
  if (buf.readUInt16LE(eocd + 4) !== 0 || buf.readUInt16LE(eocd + 6) !== 0) throw new ArchiveError("multi-part (spanned) zip archives are not supported.");
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff || (eocd >= 20 && buf.readUInt32LE(eocd - 20) === ZIP64_LOCATOR)) {
    throw new ArchiveError("this is a ZIP64 archive, which skillc does not read; re-create it with a standard zip tool (a skill is far below 4 GB).");
  }
  if (offset + size > eocd) throw new ArchiveError("the zip's central directory lies outside the file; the archive is corrupt.");
  if (count > limits.maxEntries) throw new ArchiveError(`the archive has ${count} entries, more than ${limits.maxEntries}; a skill is far smaller, so it was refused.`);

  const budget = new EntryBudget(limits);
  const entries: ArchiveEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) throw new ArchiveError("the zip's central directory is corrupt.");
    const madeBy = buf.readUInt16LE(p + 4) >> 8;
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const compressed = buf.readUInt32LE(p + 20);
    const declared = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const external = buf.readUInt32LE(p + 38);
    const local = buf.readUInt32LE(p + 42);
    const rawName = buf.toString((flags & 0x800) !== 0 ? "utf8" : "latin1", p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;

    const mode = madeBy === 3 ? external >>> 16 : 0;
    const isDir = rawName.endsWith("/") || (mode & S_IFMT) === S_IFDIR || (madeBy === 0 && (external & 0x10) !== 0);
    const isLink = (mode & S_IFMT) === S_IFLNK;
    const name = safeEntryPath(rawName);
    if (isDir) {
      budget.add(name, 0, false);
      if (name !== "") entries.push({ type: "dir", path: name });
      continue;
    }
    if ((mode & S_IFMT) !== 0 && (mode & S_IFMT) !== S_IFREG && !isLink) {
      throw new ArchiveError(`entry "${printable(rawName)}" is not a regular file (a device or pipe); the archive was refused.`);
    }
    if ((flags & 1) !== 0) throw new ArchiveError(`entry "${printable(rawName)}" is encrypted; skillc imports only unencrypted archives.`);
    budget.add(name, declared, true);
    const data = readMember(buf, local, { name: rawName, method, compressed, declared, crc });
    if (isLink) throw linkError(name, Buffer.from(data).toString("utf8"), "symbolic");
    entries.push({ type: "file", path: name, data, executable: (mode & 0o111) !== 0 });
  }
  return entries;
}

function findEndOfCentralDirectory(buf: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) {
    if (buf.readUInt32LE(i) === EOCD && i + 22 + buf.readUInt16LE(i + 20) === buf.length) return i;
  }
  throw new ArchiveError("this is not a zip archive (no end-of-central-directory record), or it is truncated.");
}

interface Member {
  name: string;
  method: number;
  compressed: number;
  declared: number;
  crc: number;
}

function readMember(buf: Buffer, local: number, m: Member): Uint8Array {
  if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) throw new ArchiveError(`entry "${printable(m.name)}": its local header is missing; the archive is corrupt.`);
  const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
  if (start + m.compressed > buf.length) throw new ArchiveError(`entry "${printable(m.name)}" runs past the end of the archive; it is truncated.`);
  const raw = buf.subarray(start, start + m.compressed);
  let data: Uint8Array;
  if (m.method === 0) data = raw;
  else if (m.method === 8) {
    try {
      // Bounded by the declared size: a member that inflates to more than it claims is refused.
      data = inflateRawSync(raw, { maxOutputLength: Math.max(1, m.declared) });
    } catch (error) {
      const tooBig = (error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError;
      throw new ArchiveError(
        tooBig
          ? `entry "${printable(m.name)}" inflates to more than its declared ${m.declared} bytes; the archive was refused as a possible zip bomb.`
          : `entry "${printable(m.name)}" cannot be inflated (${(error as Error).message}); the archive is corrupt.`,
      );
    }
  } else throw new ArchiveError(`entry "${printable(m.name)}" uses compression method ${m.method}; skillc reads only stored (0) and deflated (8) members.`);
  if (data.length !== m.declared) throw new ArchiveError(`entry "${printable(m.name)}" holds ${data.length} bytes but declares ${m.declared}; the archive is corrupt.`);
  if (crc32(data) !== m.crc) throw new ArchiveError(`entry "${printable(m.name)}" fails its CRC-32 check; the archive is corrupt.`);
  return new Uint8Array(data);
}
