// Tiny archive writers for tests: zip (stored or deflated, with Unix modes and symlinks, and ways to
// lie about sizes) and ustar tar (with pax records), so the readers are checked against bytes we control.
import { deflateRawSync, gzipSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipItem {
  name: string;
  data?: string | Uint8Array;
  /** 0 stored, 8 deflated (default). */
  method?: number;
  /** Unix mode including the file type bits; default 0o100644 (0o040755 for names ending in "/"). */
  mode?: number;
  /** Symbolic link to this target (data is the target, as zip stores it). */
  symlink?: string;
  /** Lie about the uncompressed size in both headers. */
  declaredSize?: number;
  flags?: number;
}

export function makeZip(items: ZipItem[], opts: { zip64Locator?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const item of items) {
    const dir = item.name.endsWith("/");
    const raw = Buffer.from(item.symlink ?? item.data ?? "");
    const method = dir ? 0 : (item.method ?? 8);
    const body = method === 8 ? deflateRawSync(raw) : raw;
    const mode = item.mode ?? (item.symlink ? 0o120777 : dir ? 0o040755 : 0o100644);
    const name = Buffer.from(item.name);
    const flags = item.flags ?? 0x800;
    const size = item.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc32(raw), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(items.length, 8);
  end.writeUInt16LE(items.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  const parts = [...locals, cd];
  if (opts.zip64Locator) {
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    parts.push(locator);
    end.writeUInt32LE(offset, 16);
  }
  return Buffer.concat([...parts, end]);
}

export interface TarItem {
  name: string;
  data?: string | Uint8Array;
  /** "0" file (default), "5" folder, "2" symlink, "1" hard link, "3" character device, … */
  type?: string;
  linkname?: string;
  mode?: number;
  /** Put the name in a pax "path" record (and a dummy in the header). */
  pax?: boolean;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, size: number, type: string, linkname: string, mode: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, "utf8");
  h.write(octal(mode, 8), 100, "latin1");
  h.write(octal(0, 8), 108, "latin1");
  h.write(octal(0, 8), 116, "latin1");
  h.write(octal(size, 12), 124, "latin1");
  h.write(octal(0, 12), 136, "latin1");
  h.write("        ", 148, "latin1");
  h.write(type, 156, "latin1");
  h.write(linkname, 157, 100, "utf8");
  h.write("ustar\0", 257, "latin1");
  h.write("00", 263, "latin1");
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, "latin1");
  return h;
}

function padded(data: Buffer): Buffer {
  return Buffer.concat([data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
}

export function makeTar(items: TarItem[]): Buffer {
  const blocks: Buffer[] = [];
  for (const item of items) {
    const type = item.type ?? "0";
    const data = Buffer.from(item.data ?? "");
    const mode = item.mode ?? (type === "5" ? 0o755 : 0o644);
    if (item.pax) {
      const record = (len: number) => `${len} path=${item.name}\n`;
      let len = record(0).length;
      while (record(len).length !== len) len = record(len).length;
      const paxData = Buffer.from(record(len));
      blocks.push(header("PaxHeader/x", paxData.length, "x", "", 0o644), padded(paxData));
    }
    blocks.push(header(item.pax ? "placeholder" : item.name, type === "0" ? data.length : 0, type, item.linkname ?? "", mode));
    if (type === "0") blocks.push(padded(data));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

export function makeTarGz(items: TarItem[]): Buffer {
  return gzipSync(makeTar(items));
}
