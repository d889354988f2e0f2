// Why a path inside a skill folder is not in the skill's bundle, so that `link-missing-file` says
// why instead of "does not exist" about a file that is on disk (issue 12 item 14).
//
// files.ts records, while it walks, every entry it leaves out: path (posix, relative to the skill
// folder; a key ending in "/" covers a folder and everything below it) → a reason code:
//   nested:<file>/<name>   the folder holds its own skill (skill file, name): its files are that skill's alone
//   exclude:<pattern>      a `files.exclude` pattern matched
//   include                no `files.include` pattern matched
//   always                 a name never bundled (.git, node_modules, OS junk)
//   size:<bytes>:<max>     over `files.maxBytes`
//   special                a FIFO, socket or device
//   escape                 a symbolic link out of the skill folder
//   unservable             a path the runtime refuses (a backslash, a %-escape, a drive letter, over 1,024 characters)
//   unreadable:<code>      a broken link or a read error
// The codes are plain strings so they travel to analysis workers and into the analysis cache's key.
// The message each code makes is `link-missing-file`'s template (src/rules/body-rules.ts).

import fs from "node:fs";
import { READ_NO_FOLLOW } from "../util/open-flags.js";

/** Path → reason code, as recorded by files.ts. */
export type LeftOut = Map<string, string>;

/** The recorded reason for `p` or for the nearest folder above it that covers it. */
export function leftOutReason(p: string, leftOut: ReadonlyMap<string, string> | undefined): { at: string; code: string } | undefined {
  if (!leftOut || leftOut.size === 0) return undefined;
  const bare = p.replace(/\/+$/, "");
  const own = leftOut.get(bare) ?? leftOut.get(bare + "/");
  if (own !== undefined) return { at: bare, code: own };
  for (let i = bare.lastIndexOf("/"); i > 0; i = bare.lastIndexOf("/", i - 1)) {
    const code = leftOut.get(bare.slice(0, i) + "/");
    if (code !== undefined) return { at: bare.slice(0, i), code };
  }
  return undefined;
}

/** Lines for the analysis cache's key: the reasons change the link messages, so they are part of it. */
export function leftOutKey(paths: readonly string[], leftOut: ReadonlyMap<string, string> | undefined): readonly string[] {
  if (!leftOut || leftOut.size === 0) return paths;
  return [...paths, ...[...leftOut].map(([k, v]) => `\0${k}\0${v}`).sort()];
}

/**
 * A nested skill's name for messages: its frontmatter `name` when a plain `name:` line opens its
 * first 4 KB (the nested skill is analysed on its own; this is only a label), else its folder's name.
 */
export function nestedName(file: string, rel: string): string {
  let head = "";
  try {
    const fd = fs.openSync(file, READ_NO_FOLLOW);
    try {
      const buf = Buffer.alloc(4096);
      head = buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, 0)).toString("utf8");
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // unreadable: the folder's name will do
  }
  const fm = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(head)?.[1] ?? "";
  const name = /^name:[ \t]*(["']?)([a-z0-9][a-z0-9-]{0,63})\1[ \t]*$/m.exec(fm)?.[2];
  return name ?? rel.slice(rel.lastIndexOf("/") + 1);
}
