// One folder's entries for discovery: listed, or kept from an earlier run (the listing store,
// src/cache/listing-cache.ts) while the folder's stat is unchanged. A folder's mtime changes whenever
// an entry is added to it, removed from it or renamed in it, and a stat costs a third of a listing
// (at 10,000 skills discovery lists 22,000 folders).
import fs from "node:fs";
import type { DirEntry, ListingStore } from "./analysis-store.js";
import { compareCodeUnits } from "../util/compare.js";

/**
 * A folder changed less than this long before the search began is listed again next time: a
 * change made in the same timestamp tick as its last one would not show in its mtime.
 */
const RACY_MS = 2000;

/** The folder's entries in code-unit name order (throws as readdirSync does when it cannot be listed). */
export function readFolder(folder: { abs: string; real: string }, store: ListingStore | undefined, started: number): DirEntry[] {
  let fp: string | undefined;
  if (store) {
    try {
      const st = fs.statSync(folder.real);
      fp = `${st.mtimeMs}:${st.ctimeMs}:${st.ino}:${st.size}`;
      const kept = store.get(folder.real, fp);
      if (kept) return kept;
      if (Math.max(st.mtimeMs, st.ctimeMs) > started - RACY_MS) fp = undefined;
    } catch {
      fp = undefined; // listed below, which reports what is wrong
    }
  }
  const entries = fs.readdirSync(folder.abs, { withFileTypes: true }).sort((a, b) => compareCodeUnits(a.name, b.name));
  store?.set(folder.real, fp, entries);
  return entries;
}
