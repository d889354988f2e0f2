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
  // Pushed, as packDirents makes its list: names.map's list is holey, another kind of array for V8.
  const out: DirEntry[] = [];
  for (let i = 0; i < names.length; i++) out.push(new PackedEntry(names[i]!, kinds[i]!));
  return out;
}

/**
 * Entries a folder's readdirSync gave, as packedEntries would make them. Discovery's listings come
 * from its early worker as names and kinds (list-ahead.ts), and those this thread lists itself were
 * fs.Dirents: its functions that read them saw two kinds of object, and V8 compiled them again when
 * the second came (five of them, some twice, at every cold lint).
 */
export function packDirents(dirents: readonly DirEntry[]): DirEntry[] {
  // Nothing after the loop but the return: the root's listing (10,000 entries) has V8 optimize the
  // loop as it runs (OSR), and code after it that had never run deoptimized on every later call
  // (~900 times a run, as the listing store's put did: cache/listing-cache.ts).
  const out: DirEntry[] = [];
  for (const d of dirents) out.push(new PackedEntry(d.name, entryKind(d)));
  return out;
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
