// A deterministic .tar.gz of a skill's files: the same files give the same bytes on any machine,
// in any folder, at any time. Headers come from node-tar's Header (ustar; a pax record only for a
// path ustar cannot hold, such as a non-ASCII one), with every field that varies between machines
// fixed: mtime, uid/gid, user and group names, modes (0644, or 0755 for an executable), entry
// order (code-unit order of the path, files only: extractors create the folders). gzip's header
// carries no name and no time, and its OS byte is pinned, so the whole stream is a function of the
// files (and of zlib's level-9 deflate, which Node bundles).
import { gzipSync } from "node:zlib";
import { Header, Pax } from "tar";
import { compareCodeUnits } from "../util/compare.js";

export interface TarFile {
  /** posix, relative to the skill folder: "SKILL.md", "scripts/run.sh". */
  path: string;
  data: Uint8Array;
  executable: boolean;
}

const BLOCK = 512;
/** 2000-01-01T00:00:00Z: a fixed time, not 0, because some extractors warn on 1970 mtimes. */
const MTIME = new Date(Date.UTC(2000, 0, 1));
/** gzip header byte 9 (OS): 255 "unknown", the same wherever the archive is made. */
const GZIP_OS_BYTE = 9;

/** The archive's bytes: files at the archive's root (no wrapper folder), as the discovery RFC asks. */
export function deterministicTarGz(files: readonly TarFile[]): Uint8Array {
  const sorted = [...files].sort((a, b) => compareCodeUnits(a.path, b.path));
  const parts: Buffer[] = [];
  for (const f of sorted) {
    parts.push(...entryHeaders(f));
    parts.push(Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength));
    const pad = (BLOCK - (f.data.byteLength % BLOCK)) % BLOCK;
    if (pad > 0) parts.push(Buffer.alloc(pad));
  }
  // The end-of-archive marker: two zero blocks.
  parts.push(Buffer.alloc(2 * BLOCK));
  const gz = gzipSync(Buffer.concat(parts), { level: 9 });
  gz[GZIP_OS_BYTE] = 0xff;
  return new Uint8Array(gz.buffer, gz.byteOffset, gz.byteLength);
}

/** The ustar header of one file, preceded by a pax record when ustar cannot hold its path. */
function entryHeaders(f: TarFile): Buffer[] {
  const fields = {
    path: f.path,
    mode: f.executable ? 0o755 : 0o644,
    uid: 0,
    gid: 0,
    size: f.data.byteLength,
    mtime: MTIME,
    type: "File" as const,
    uname: "",
    gname: "",
  };
  const header = new Header(fields);
  const block = Buffer.alloc(BLOCK);
  header.encode(block, 0);
  if (!header.needPax) return [block];
  const pax = new Pax({ path: f.path, mtime: MTIME }).encode();
  return [pax, block];
}
