// Whether a skill folder is still exactly what an earlier `import <url>` wrote there, by the lock's
// record. Only then does a later import from the same source replace it without --force: the folder
// may have been edited since (a user's local changes, lost silently otherwise), and the lock is a
// file a pull request can change, so "the lock names this source" alone must not let a source
// overwrite a skill it never wrote.
import { ArchiveError } from "./entries.js";
import type { LockEntry } from "./lockfile.js";
import { readSkillSource } from "./skill.js";
import { filesDigest } from "./well-known.js";

/** The digest over the files the import wrote: `digest` when the source served files one by one, else `tree`. */
export function writtenDigest(entry: LockEntry): string | undefined {
  return entry.files ? entry.digest : entry.tree;
}

/**
 * Whether `dir` holds exactly the files `entry` records (same paths, same bytes). A folder that cannot
 * be read as a skill (a link, a FIFO, past the import's limits) or an entry that records no written
 * digest (a lock from before `tree`) is not.
 */
export async function stillAsImported(dir: string, entry: LockEntry): Promise<boolean> {
  const recorded = writtenDigest(entry);
  if (recorded === undefined) return false;
  try {
    return filesDigest((await readSkillSource(dir)).files) === recorded;
  } catch (error) {
    if (error instanceof ArchiveError || (error as NodeJS.ErrnoException).code !== undefined) return false;
    throw error;
  }
}
