// Checks over the whole set of entries, once each entry is known to be safe on its own: no path is
// both a file and a folder, no two paths name one file on a case-insensitive or normalising
// filesystem (macOS, Windows), where extracting both would silently keep one, and the folders the
// paths imply are counted too: an archive need not list them, and writing it creates every one.
import { ArchiveError, DEFAULT_LIMITS, printable, type ArchiveEntry } from "./entries.js";
import { foldName } from "../util/fold-name.js";

/** One file or folder the entries need, keyed in its parent by its folded name. */
interface Node {
  /** The name as the first entry that needed it wrote it. */
  name: string;
  /** That entry's path (for a folder, a path inside it unless a folder entry named it). */
  entry: string;
  file: boolean;
  kids: Map<string, Node>;
}

/**
 * Refuses file/folder clashes, entries that differ only in case or Unicode normalisation, a file
 * listed twice (the archive readers refuse one too; a v0.1.0 index's `files` list had `SKILL.md` and
 * `./SKILL.md` fetched twice, each answer a file of its own), and more than `maxPaths` files and
 * folders in all. A tree of names, so the work is one step per segment:
 * checking every prefix of every path as a string was quadratic in a path's depth.
 */
export function checkEntrySet(entries: readonly ArchiveEntry[], kind: "archive" | "folder", maxPaths = DEFAULT_LIMITS.maxEntries): void {
  const root: Node = { name: "", entry: "", file: false, kids: new Map() };
  let count = 0;
  for (const e of entries) {
    const parts = e.path.split("/");
    let node = root;
    for (let i = 0; i < parts.length; i++) {
      const isFile = i === parts.length - 1 && e.type === "file";
      const key = foldName(parts[i]!);
      const kid = node.kids.get(key);
      if (kid === undefined) {
        if (++count > maxPaths) {
          throw new ArchiveError(
            `the ${kind} needs more than ${maxPaths} files and folders (counting the folders its paths imply); a skill is far smaller, so it was refused.`,
          );
        }
        const made: Node = { name: parts[i]!, entry: e.path, file: isFile, kids: new Map() };
        node.kids.set(key, made);
        node = made;
        continue;
      }
      if (kid.name !== parts[i]) throw caseClash(kind, [...parts.slice(0, i), kid.name].join("/"), parts.slice(0, i + 1).join("/"));
      if (kid.file !== isFile) throw fileFolderClash(kind, parts.slice(0, i + 1).join("/"), kid.file ? e.path : kid.entry);
      if (isFile) throw new ArchiveError(`the ${kind} lists "${printable(e.path)}" twice; it was refused.`);
      node = kid;
    }
  }
}

/** `p` is a file in one entry and a folder in another: `inside` is the folder's entry. */
function fileFolderClash(kind: string, p: string, inside: string): ArchiveError {
  const other = inside === p ? `${p}/` : inside;
  return new ArchiveError(`the ${kind} holds "${printable(p)}" as a file and "${printable(other)}" inside a folder of that name; it was refused.`);
}

function caseClash(kind: string, seen: string, p: string): ArchiveError {
  return new ArchiveError(
    `the ${kind} holds both "${printable(seen)}" and "${printable(p)}", which differ only in letter case or Unicode normalisation ` +
      "and would be one file on macOS or Windows; it was refused — rename one of them.",
  );
}
