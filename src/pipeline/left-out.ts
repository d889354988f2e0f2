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
//   unreadable:<code>      a broken link or a read error
// The codes are plain strings so they travel to analysis workers and into the analysis cache's key.

import fs, { constants } from "node:fs";

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

const n = (x: number) => x.toLocaleString("en-US");

/**
 * The link-missing-file message for a link written as `written` to a path that is on the left-out
 * list: why the file is not in this skill's bundle, and how to bring it in (or what to do instead).
 */
export function leftOutMessage(written: string, p: string, reason: { at: string; code: string }): string {
  const head = `\`${written}\` is not in this skill's bundle`;
  const [kind, ...rest] = reason.code.split(":");
  const detail = rest.join(":");
  switch (kind) {
    case "nested": {
      const slash = detail.indexOf("/");
      const file = `${reason.at}/${detail.slice(0, slash)}`, name = detail.slice(slash + 1);
      const inner = p.slice(reason.at.length + 1).replace(/\/+$/, "");
      const use = inner && inner !== detail.slice(0, slash) ? `read_skill_file("${name}", "${inner}")` : `load_skill("${name}")`;
      return `${head}: it is inside \`${reason.at}/\`, the folder of the nested skill "${name}" (\`${file}\`), and a nested skill's files belong to that skill alone. Name the skill "${name}" in the text instead of linking into its folder (the model reaches it with ${use}), move the file out of \`${reason.at}/\` into this skill, or rename \`${file}\` if \`${reason.at}/\` is not meant to be a skill.`;
    }
    case "exclude":
      return `${head}: the \`files.exclude\` pattern \`${detail}\` leaves ${reason.at === written.replace(/\/+$/, "") ? "it" : `\`${reason.at}/\``} out. Narrow or remove that pattern in the config to bundle it, or drop the link.`;
    case "include":
      return `${head}: it matches none of the \`files.include\` patterns. Add a pattern that covers it to \`files.include\` in the config, or drop the link.`;
    case "always":
      return `${head}: skillc never bundles \`${reason.at.slice(reason.at.lastIndexOf("/") + 1)}\` (.git, node_modules and OS junk files are always left out). Copy the file to a folder or name of its own in the skill and link to the copy.`;
    case "size":
      return `${head}: it is ${n(Number(rest[0]))} bytes, over \`files.maxBytes\` (${n(Number(rest[1]))}). Raise \`files.maxBytes\` in the config to bundle it, make the file smaller, or drop the link.`;
    case "special":
      return `${head}: it is a FIFO, socket or device, which cannot be bundled. Replace it with a regular file.`;
    case "escape":
      return `${head}: it is a symbolic link to a place outside the skill folder, which skillc never reads. Copy the target into the skill folder instead of linking to it.`;
    default:
      return `${head}: it could not be read (${detail || "unknown error"}), e.g. a broken symbolic link. Fix the file or the link, or drop the link.`;
  }
}

/**
 * A nested skill's name for messages: its frontmatter `name` when a plain `name:` line opens its
 * first 4 KB (the nested skill is analysed on its own; this is only a label), else its folder's name.
 */
export function nestedName(file: string, rel: string): string {
  let head = "";
  try {
    const fd = fs.openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
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
