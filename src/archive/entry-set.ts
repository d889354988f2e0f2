// Checks over the whole set of entries, once each entry is known to be safe on its own: no path is
// both a file and a folder, and no two paths name one file on a case-insensitive or
// normalising filesystem (macOS, Windows), where extracting both would silently keep one.
import { ArchiveError, printable, type ArchiveEntry } from "./entries.js";

/** Refuses file/folder clashes and entries that differ only in case or Unicode normalisation. */
export function checkEntrySet(entries: readonly ArchiveEntry[], kind: "archive" | "folder"): void {
  const files = new Set(entries.filter((e) => e.type === "file").map((e) => e.path));
  /** Every path the entries need, files and the folders above them, by its folded form. */
  const folded = new Map<string, string>();
  for (const e of entries) {
    const parts = e.path.split("/");
    for (let i = 1; i <= parts.length; i++) {
      const p = parts.slice(0, i).join("/");
      const isFolder = i < parts.length || e.type === "dir";
      if (isFolder && files.has(p)) {
        const other = i < parts.length ? e.path : `${p}/`;
        throw new ArchiveError(`the ${kind} holds "${printable(p)}" as a file and "${printable(other)}" inside a folder of that name; it was refused.`);
      }
      const key = fold(p);
      const seen = folded.get(key);
      if (seen === undefined) folded.set(key, p);
      else if (seen !== p) {
        throw new ArchiveError(
          `the ${kind} holds both "${printable(seen)}" and "${printable(p)}", which differ only in letter case or Unicode normalisation ` +
            "and would be one file on macOS or Windows; it was refused — rename one of them.",
        );
      }
    }
  }
}

/** The form two names share when a filesystem treats them as one: NFC, then case-folded. */
function fold(p: string): string {
  return p.normalize("NFC").toLowerCase();
}
