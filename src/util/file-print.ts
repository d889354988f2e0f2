// A written file's fingerprint: size, mtime, ctime and inode from a stat. A rename keeps it; any
// write, truncation or replacement changes it. The build cache vouches for its outputs with it
// (index.js, manifest.json, shards), and a split build for the chunks it keeps (emit/chunk-prints.ts).
import type { Stats } from "node:fs";

export function filePrint(st: Stats): string {
  return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
}
