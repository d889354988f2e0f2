// One folder's entries for discovery: listed, or kept from an earlier run (the listing store,
// src/cache/listing-cache.ts) while the folder's stat is unchanged. A folder's mtime changes whenever
// an entry is added to it, removed from it or renamed in it, and a stat costs a third of a listing
// (at 10,000 skills discovery lists 22,000 folders). A rebuild of a large tree makes a level's folder
// stats ahead, on the stat thread (statsAhead, stat-thread.ts), and hands each to readFolder.
import fs from "node:fs";
import type { DirEntry, ListingStore } from "./analysis-store.js";
import { compareCodeUnits } from "../util/compare.js";
import { packDirents } from "./packed-entry.js";
import { statPrint, type StatBatch, type StatLike, type StatThread } from "./stat-thread.js";

/**
 * A folder changed less than this long before the search began is listed again next time: a
 * change made in the same timestamp tick as its last one would not show in its mtime.
 */
const RACY_MS = 2000;

/**
 * The folder's entries in code-unit name order (throws as readdirSync does when it cannot be listed).
 * `pre`: the folder's stat made ahead (stat-thread.ts, list-ahead.ts), null when that stat failed; else it is made here.
 */
export function readFolder(folder: { abs: string; real: string }, store: ListingStore | undefined, started: number, pre?: StatLike | null, listed?: DirEntry[]): DirEntry[] {
  let fp: string | undefined;
  if (store) {
    try {
      const st = pre === undefined ? statHere(folder.real) : pre;
      if (st === null) throw new Error("no stat");
      // The stat's fingerprint as the stat thread wrote it, when it made the stat (else made here).
      fp = statPrint(st);
      const kept = store.get(folder.real, fp);
      if (kept) return kept;
      if (Math.max(st.mtimeMs, st.ctimeMs) > started - RACY_MS) fp = undefined;
    } catch {
      fp = undefined; // listed below, which reports what is wrong
    }
  }
  // `listed`: the sorted entries made ahead on the early worker (list-ahead.ts).
  // Listed here: made the same kind of entries as the worker's (packDirents).
  let entries: DirEntry[];
  try {
    entries = listed ?? packDirents(fs.readdirSync(folder.abs, { withFileTypes: true }).sort((a, b) => compareCodeUnits(a.name, b.name)));
  } catch (err) {
    // Not listed: the store must not vouch for this run's folders (ListingCache.folders).
    store?.set(folder.real, undefined, []);
    throw err;
  }
  store?.set(folder.real, fp, entries);
  return entries;
}

/** A folder's stat as the early worker and the stat thread hand them (StatLike's members only): one kind of object for statPrint and its callers (see packDirents). */
function statHere(real: string): StatLike {
  const s = fs.statSync(real);
  return { size: s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino, mode: s.mode };
}

/** Folders a level holds at least (unless the thread is forced), and folders a batch holds at most, for their stats to be made ahead. */
const STAT_AHEAD_MIN = 256;
export const STAT_BATCH = 512;

/**
 * The stats of a large level's folders, asked of the stat thread (stat-thread.ts) in batches of
 * STAT_BATCH, all at once: the thread works through them while this thread lists (or restores from
 * the store) the folders of the batches before. Only with a listing store (without one, no stat is made).
 */
export function statsAhead(opts: { stats?: StatThread; listingStore?: ListingStore }, level: ReadonlyArray<{ real: string }>): Array<Promise<StatBatch>> | undefined {
  const { stats, listingStore } = opts;
  if (!stats || !listingStore || (!stats.forced && level.length < STAT_AHEAD_MIN)) return undefined;
  const batches: Array<Promise<StatBatch>> = [];
  for (let i = 0; i < level.length; i += STAT_BATCH) batches.push(stats.stat(level.slice(i, i + STAT_BATCH).map((f) => f.real)));
  return batches;
}
