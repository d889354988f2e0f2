// The digest of what an exported folder holds: sha256 over each file's path and sha256, sorted, so
// two folders have the same digest only when they hold the same files with the same bytes. A folder
// holding anything but plain folders and regular files (a link, a FIFO), or more than export could
// have written, has none: it cannot be shown to be what export wrote.
import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sha256Hex } from "../util/sha256.js";
import { MAX_FILES } from "../pipeline/file-walk.js";

/** Past any folder export writes (the build bundles at most MAX_FILES files per skill). */
const MAX_ENTRIES = MAX_FILES + 1_000;
/** Bytes read at most: a folder a record names may be any of the user's, and is not read without end. */
const MAX_BYTES = 1024 * 1024 * 1024;
/** Junk files a file manager may add to any folder (macOS, Windows): not counted, as `import` does not. */
const JUNK = /^(\.DS_Store|Thumbs\.db|desktop\.ini)$/i;

/** `sha256:<hex>` of the folder's files, or undefined when it holds something export never writes. */
export async function folderDigest(dir: string): Promise<string | undefined> {
  const lines: string[] = [];
  let bytes = 0;
  const walk = async (abs: string, rel: string): Promise<boolean> => {
    for (const name of await readdir(abs)) {
      if (lines.length >= MAX_ENTRIES) return false;
      const p = path.join(abs, name);
      const r = rel ? `${rel}/${name}` : name;
      const st = await lstat(p);
      // Only a junk file: a folder or link of that name holds (or reaches) what nobody can vouch for.
      if (JUNK.test(name) && st.isFile()) continue;
      if (st.isDirectory()) {
        if (!(await walk(p, r))) return false;
      } else if (st.isFile()) {
        if ((bytes += st.size) > MAX_BYTES) return false;
        lines.push(`${r}\0${sha256Hex(await readFile(p))}\n`);
      } else {
        return false;
      }
    }
    return true;
  };
  try {
    if (!(await walk(dir, ""))) return undefined;
  } catch {
    return undefined;
  }
  return `sha256:${sha256Hex(lines.sort().join(""))}`;
}
