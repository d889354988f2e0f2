// From an import source (a folder or an archive) to the files of exactly one skill, in memory, and
// back to disk. Everything an archive names is checked before a byte is written.
import { constants as fsConstants, promises as fs } from "node:fs";
import path from "node:path";
import { skillFileCandidates } from "../pipeline/discover.js";
import { isInside, toPosix } from "../util/paths.js";
import { ArchiveError, DEFAULT_LIMITS, EntryBudget, invisible, printable, type ArchiveEntry, type ArchiveLimits } from "./entries.js";
import { isZip, readZip } from "./zip.js";
import { isGzip, readTarGz } from "./tar.js";
import { checkEntrySet } from "./entry-set.js";

export interface SkillFiles {
  /** The folder name the source suggests: the skill folder's, or the archive's base name. */
  suggestedName: string;
  /** Where the skill sits inside the source, posix ("" for its top): "my-skill" in my-skill.zip. */
  inner: string;
  files: Array<Extract<ArchiveEntry, { type: "file" }>>;
}

const ARCHIVE_SUFFIX = /\.(zip|skill|tar\.gz|tgz|tar)$/i;
/** Never part of a skill: macOS metadata and folders that discovery skips anyway. */
const JUNK_FILE = /(^|\/)(\.DS_Store|Thumbs\.db)$/;
const JUNK_DIR = new Set(["__MACOSX", ".git", "node_modules"]);

function isJunk(p: string): boolean {
  return JUNK_FILE.test(p) || p.split("/").some((seg) => JUNK_DIR.has(seg));
}

/** Reads a folder or an archive (.zip, .skill, .tar.gz, .tgz, .tar; else sniffed) and keeps one skill. */
export async function readSkillSource(source: string, limits: ArchiveLimits = DEFAULT_LIMITS): Promise<SkillFiles> {
  const stat = await fs.stat(source);
  if (stat.isDirectory()) {
    const entries = await readFolder(source, limits);
    checkEntrySet(entries, "folder", limits.maxEntries);
    return pickSkill(entries, path.basename(source), "folder");
  }
  const bytes = await readRegularFile(source, path.basename(source), limits.maxSourceBytes, "the archive");
  const lower = source.toLowerCase();
  let entries: ArchiveEntry[];
  if (/\.(zip|skill)$/.test(lower) || (!ARCHIVE_SUFFIX.test(lower) && isZip(bytes))) entries = await readZip(bytes, limits);
  else if (/\.(tar\.gz|tgz|tar)$/.test(lower) || isGzip(bytes)) entries = readTarGz(bytes, limits);
  else throw new ArchiveError(`${printable(path.basename(source))} is neither a folder nor a .zip, .skill, .tar.gz or .tgz archive.`);
  checkEntrySet(entries, "archive", limits.maxEntries);
  return pickSkill(entries, path.basename(source).replace(ARCHIVE_SUFFIX, ""), "archive");
}

/**
 * A regular file's bytes, at most `max` of them. Opened without blocking and checked on the open
 * descriptor, so a FIFO (which would block the read forever), a device such as /dev/zero (endless)
 * or a file swapped for one of them after a check is refused, not read.
 */
async function readRegularFile(file: string, shown: string, max: number, what: string): Promise<Buffer> {
  const fh = await fs.open(file, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK);
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new ArchiveError(`"${printable(shown)}" is ${kindOf(st)}, not a regular file; only folders and archive files are imported.`);
    if (st.size > max) throw new ArchiveError(`"${printable(shown)}" is ${st.size} bytes, more than the ${max} allowed for ${what}; it was refused.`);
    const buf = Buffer.alloc(st.size);
    const { bytesRead } = await fh.read(buf, 0, st.size, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

function kindOf(st: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean }): string {
  if (st.isFIFO()) return "a FIFO (named pipe)";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  if (st.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * One skill: a SKILL.md at the top (the source is the skill), or a single top-level folder that
 * holds one (the usual `zip -r my-skill.zip my-skill/`).
 */
export function pickSkill(entries: ArchiveEntry[], baseName: string, kind: "folder" | "archive"): SkillFiles {
  const kept = entries.filter((e) => !isJunk(e.path));
  const files = kept.filter((e): e is Extract<ArchiveEntry, { type: "file" }> => e.type === "file");
  const top = new Set(files.map((f) => f.path.split("/")[0]!));
  if (skillFileCandidates(files.filter((f) => !f.path.includes("/")).map((f) => f.path)).length > 0) {
    return oneSkill({ suggestedName: baseName, inner: "", files });
  }
  const dirs = new Set(kept.map((e) => e.path.split("/")[0]!));
  if (dirs.size === 1 && top.size === 1) {
    const folder = [...top][0]!;
    const inside = files.filter((f) => f.path.startsWith(folder + "/")).map((f) => ({ ...f, path: f.path.slice(folder.length + 1) }));
    if (inside.length === files.length && skillFileCandidates(inside.filter((f) => !f.path.includes("/")).map((f) => f.path)).length > 0) {
      return oneSkill({ suggestedName: folder, inner: folder, files: inside });
    }
  }
  const listing = [...dirs].sort().slice(0, 8).map((d) => printable(d)).join(", ") || "nothing";
  throw new ArchiveError(
    `the ${kind} holds no SKILL.md at its top nor a single folder with one (it holds: ${listing}). Import one skill at a time: a folder with a SKILL.md, or an archive of one.`,
  );
}

/**
 * `skill`, unless it holds another skill: a skill file in a subfolder (`inner/SKILL.md`, any case
 * variant). Import lints the skill it takes, and that lint leaves a nested skill out of it, unread;
 * once written, discovery finds the nested one and `build` serves it as a skill of its own, whose
 * grants, hooks and `!` commands import never showed. One skill at a time, so refused.
 */
export function oneSkill(skill: SkillFiles): SkillFiles {
  for (const f of skill.files) {
    const slash = f.path.lastIndexOf("/");
    if (slash === -1 || skillFileCandidates([f.path.slice(slash + 1)]).length === 0) continue;
    throw new ArchiveError(`the skill holds another skill at "${printable(f.path)}": a SKILL.md in a subfolder is a skill of its own, which build would serve and this import would not check; import each skill on its own.`);
  }
  return skill;
}

/**
 * The files of a folder, as an archive would list them. A link is followed when it stays inside
 * the folder and names a file; one that leaves the folder (or names a folder) is refused.
 */
async function readFolder(root: string, limits: ArchiveLimits): Promise<ArchiveEntry[]> {
  const realRoot = await fs.realpath(root);
  const budget = new EntryBudget(limits);
  const out: ArchiveEntry[] = [];
  const walk = async (dir: string): Promise<void> => {
    const names = (await fs.readdir(dir)).sort();
    for (const name of names) {
      const abs = path.join(dir, name);
      const rel = toPosix(path.relative(root, abs));
      if (isJunk(rel)) continue;
      const lst = await fs.lstat(abs);
      let stat = lst;
      if (lst.isSymbolicLink()) {
        let real: string;
        try {
          real = await fs.realpath(abs);
        } catch {
          throw new ArchiveError(`"${printable(rel)}" is a broken link; remove it or replace it with the file.`);
        }
        if (!isInside(realRoot, real)) throw new ArchiveError(`"${printable(rel)}" is a link to ${real}, outside the skill folder; copy the file into the skill instead.`);
        stat = await fs.stat(abs);
        if (stat.isDirectory()) throw new ArchiveError(`"${printable(rel)}" is a link to a folder; links to folders are not imported.`);
      }
      const hidden = invisible(name);
      if (hidden) throw new ArchiveError(`"${printable(rel)}" holds ${hidden} in its name, which a terminal or a prompt would not show as written; rename it.`);
      if (stat.isDirectory()) {
        budget.add(rel, 0, false);
        out.push({ type: "dir", path: rel });
        await walk(abs);
      } else if (stat.isFile()) {
        budget.add(rel, stat.size, true);
        const data = await readRegularFile(abs, rel, budget.limits.maxFileBytes, "one file");
        out.push({ type: "file", path: rel, data, executable: (stat.mode & 0o111) !== 0 });
      } else {
        throw new ArchiveError(`"${printable(rel)}" is ${kindOf(stat)}; a skill holds only files and folders, so the folder was refused.`);
      }
    }
  };
  await walk(root);
  return out;
}

/** Writes the files below `dir` (created); every path was checked by the readers. */
export async function writeSkillFiles(dir: string, files: SkillFiles["files"]): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const f of files) {
    const target = path.join(dir, ...f.path.split("/"));
    if (!isInside(dir, target)) throw new ArchiveError(`entry "${printable(f.path)}" escapes the target folder.`);
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, f.data, { mode: f.executable ? 0o755 : 0o644 });
    } catch (error) {
      throw new ArchiveError(`cannot write "${printable(f.path)}": ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (a file and a folder may share its name).`);
    }
  }
}
