// A folder entry as plain data, a name and a one-letter kind: how lint's workers get discovery's
// listings (share-wire.ts) and how discovery gets the listings its early worker made (list-ahead.ts).
import type { DirEntry } from "./analysis-store.js";

/** An entry's kind, one character each: file, directory, symbolic link, other ("o"). */
export const FILE = "f";
export const DIR = "d";
export const LINK = "l";

/** The letter of a listed entry's kind (a link first: withFileTypes does not follow it). */
export function entryKind(e: DirEntry): string {
  return e.isSymbolicLink() ? LINK : e.isFile() ? FILE : e.isDirectory() ? DIR : "o";
}

/** One folder's entries from its names and their kinds, one letter each (discovery's listings made ahead too, list-ahead.ts). */
export function packedEntries(names: readonly string[], kinds: string): DirEntry[] {
  return names.map((name, i) => new PackedEntry(name, kinds[i]!));
}

class PackedEntry implements DirEntry {
  constructor(
    readonly name: string,
    private readonly kind: string,
  ) {}
  isFile(): boolean {
    return this.kind === FILE;
  }
  isDirectory(): boolean {
    return this.kind === DIR;
  }
  isSymbolicLink(): boolean {
    return this.kind === LINK;
  }
}
