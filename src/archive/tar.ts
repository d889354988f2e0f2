// A tar reader (ustar, with pax and GNU long names) over an optional gzip layer, on node:zlib.
// Regular files and folders only: links, devices and pipes are refused.
import { gunzipSync } from "node:zlib";
import { ArchiveError, DEFAULT_LIMITS, EntryBudget, linkError, printable, safeEntryPath, type ArchiveEntry, type ArchiveLimits } from "./entries.js";

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
  return readTar(tar, limits);
}

export function readTar(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_LIMITS): ArchiveEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const budget = new EntryBudget(limits);
  const entries: ArchiveEntry[] = [];
  let pax: Record<string, string> = {};
  let longName: string | undefined;
  let longLink: string | undefined;
  let ended = false;
  for (let p = 0; p + BLOCK <= buf.length; ) {
    const at = p;
    const header = buf.subarray(p, p + BLOCK);
    if (header.every((b) => b === 0)) {
      ended = true;
      break;
    }
    checkChecksum(header, at);
    const type = String.fromCharCode(header[156]!);
    const size = octal(header, 124, 12, at);
    const dataStart = p + BLOCK;
    if (dataStart + size > buf.length) throw new ArchiveError(`the tar entry at offset ${p} runs past the end of the archive; it is truncated.`);
    const data = buf.subarray(dataStart, dataStart + size);
    p = dataStart + Math.ceil(size / BLOCK) * BLOCK;

    // Extended headers describe the entry that follows.
    if (type === "x") {
      pax = { ...pax, ...parsePax(data) };
      continue;
    }
    if (type === "g") continue;
    if (type === "L" || type === "K") {
      const text = data.toString("utf8").replace(/\0.*$/s, "");
      if (type === "L") longName = text;
      else longLink = text;
      continue;
    }
    const rawName = pax.path ?? longName ?? headerName(header);
    const linkName = pax.linkpath ?? longLink ?? cString(header, 157, 100);
    const entrySize = pax.size !== undefined ? Number(pax.size) : size;
    pax = {};
    longName = longLink = undefined;
    if (entrySize !== size) throw new ArchiveError(`entry "${printable(rawName)}" has a pax size that differs from its data; the archive is corrupt.`);

    const name = safeEntryPath(rawName);
    if (type === "2") throw linkError(name, linkName, "symbolic");
    if (type === "1") throw linkError(name, linkName, "hard");
    if (type === "5") {
      budget.add(name, 0, false);
      if (name !== "") entries.push({ type: "dir", path: name });
      continue;
    }
    if (type !== "0" && type !== "\0" && type !== "7") {
      throw new ArchiveError(`entry "${printable(rawName)}" is not a regular file or folder (tar type "${printable(type)}"); the archive was refused.`);
    }
    budget.add(name, size, true);
    const mode = octal(header, 100, 8, at);
    entries.push({ type: "file", path: name, data: new Uint8Array(data), executable: (mode & 0o111) !== 0 });
  }
  if (!ended) throw new ArchiveError("the tar archive has no end-of-archive marker; it is truncated.");
  return entries;
}

function headerName(header: Buffer): string {
  const name = cString(header, 0, 100);
  const isUstar = header.toString("latin1", 257, 262) === "ustar";
  const prefix = isUstar ? cString(header, 345, 155) : "";
  return prefix ? `${prefix}/${name}` : name;
}

function cString(buf: Buffer, start: number, length: number): string {
  const field = buf.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.toString("utf8", 0, end === -1 ? length : end);
}

function octal(buf: Buffer, start: number, length: number, at: number): number {
  if ((buf[start]! & 0x80) !== 0) throw new ArchiveError(`the tar entry at offset ${at} uses a base-256 size or mode (a file over 8 GB); it was refused.`);
  const text = cString(buf, start, length).trim();
  if (text === "") return 0;
  if (!/^[0-7]+$/.test(text)) throw new ArchiveError(`the tar header at offset ${at} has a malformed number "${printable(text)}"; the archive is corrupt.`);
  return parseInt(text, 8);
}

function checkChecksum(header: Buffer, at: number): void {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  if (octal(header, 148, 8, at) !== sum) throw new ArchiveError(`the tar header at offset ${at} fails its checksum; this is not a tar archive, or it is corrupt.`);
}

/** pax records: "<length> <key>=<value>\n", the length counting the whole record. */
function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let p = 0;
  while (p < data.length) {
    const space = data.indexOf(0x20, p);
    if (space === -1) break;
    const length = Number(data.toString("latin1", p, space));
    if (!Number.isInteger(length) || length <= 0 || p + length > data.length) throw new ArchiveError("a pax extended header is malformed; the archive is corrupt.");
    const record = data.toString("utf8", space + 1, p + length - 1);
    const eq = record.indexOf("=");
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    p += length;
  }
  return out;
}
