// The listing cache: every folder discovery listed (the skill folders and the folders inside them
// too, which the file walk reuses), with the stat fingerprint the folder had, kept under
// node_modules/.cache/skillc. A folder's mtime changes whenever an entry is added to it, removed
// from it or renamed in it, so while its fingerprint is unchanged a rebuild stats the folder instead
// of listing it (a third of the cost; at 10,000 skills 22,000 folders). What a listing holds is each
// entry's name and kind as readdir reported it (file, folder, link, other): links are resolved
// again on every run. A folder changed within two seconds of its listing is listed again next time
// (discover.ts: a change in the same timestamp tick would not show). Residual risk, as with the
// build cache: a folder whose entries change while its mtime, ctime, inode and size stay the same.
// Trust: signed per user (signed-file.ts); each listing read is shape-checked, a bad one is a miss.
import path from "node:path";
import type { DirEntry, ListingStore } from "../pipeline/analysis-store.js";
import { cacheKey, readHeaderMap, writeRecordFile } from "./signed-file.js";
import { cacheVersion } from "../util/version.js";
import type { CacheMemory } from "./memory.js";
import { realWithKind } from "../util/real-kind.js";

/** A listing as stored: the folder's fingerprint, then each entry's name and kind letter. */
type Stored = [fp: string, ...namesAndKinds: string[]];

const KINDS = new Set(["f", "d", "l", "o"]);

/** A listed entry restored: only what discovery and the file walk ask of it. */
class Entry implements DirEntry {
  constructor(
    readonly name: string,
    private readonly kind: string,
  ) {}
  isFile(): boolean {
    return this.kind === "f";
  }
  isDirectory(): boolean {
    return this.kind === "d";
  }
  isSymbolicLink(): boolean {
    return this.kind === "l";
  }
}

function kindOf(e: DirEntry): string {
  return e.isFile() ? "f" : e.isDirectory() ? "d" : e.isSymbolicLink() ? "l" : "o";
}

/** Whether `v` is a stored listing: a fingerprint, then pairs of a plain entry name and a kind. */
function isStored(v: unknown): v is Stored {
  if (!Array.isArray(v) || v.length % 2 !== 1 || typeof v[0] !== "string") return false;
  for (let i = 1; i < v.length; i += 2) {
    const name: unknown = v[i];
    // includes() rather than a regex: at 10,000 skills this runs for 50,000 names a rebuild.
    if (typeof name !== "string" || name === "" || name === "." || name === ".." || name.includes("/") || name.includes("\0") || !KINDS.has(v[i + 1] as string)) return false;
  }
  return true;
}

/**
 * Under a CacheMemory: each kept listing's entries as restored (checked and made once for the
 * process), by the stored array they came from; the array lives as long as memory keeps the file.
 */
const restored = new WeakMap<object, readonly DirEntry[]>();

export class ListingCache implements ListingStore {
  /** Listings of this run, by real folder path: kept ones as read, new ones as stored. */
  private readonly seen = new Map<string, Stored>();
  private changed = false;
  /** Whether a folder of this run changed too recently (or could not be stat'ed) to be trusted next time. */
  private untrusted = false;
  /**
   * The links among this run's listed entries, each resolved as its listing was handed out (before
   * any use of it: a link retargeted while the run goes on must not be recorded as the run saw it).
   */
  private readonly links: Array<[link: string, real: string]> = [];

  private constructor(
    private readonly file: string,
    private readonly key: string,
    private readonly secret: Buffer | undefined,
    private readonly prev: Record<string, unknown>,
    private readonly memory?: CacheMemory,
  ) {}

  /** Opens the listing cache of this project root; a missing or foreign one starts empty. */
  static async open(projectRoot: string, memory?: CacheMemory): Promise<ListingCache> {
    const file = path.join(projectRoot, "node_modules", ".cache", "skillc", "listings-v1.json");
    const key = cacheVersion();
    const secret = cacheKey();
    return new ListingCache(file, key, secret, await readHeaderMap(file, secret, key, "dirs", memory), memory);
  }

  /** Folders the previous run listed (a rebuild of a large tree starts a stat thread: pipeline/stat-thread.ts). */
  get previousSize(): number {
    return Object.keys(this.prev).length;
  }

  get(realDir: string, fp: string): DirEntry[] | undefined {
    const v = Object.hasOwn(this.prev, realDir) ? this.prev[realDir] : undefined;
    // Read once, before the loop below: the root's listing (~10,000 entries) gets the loop compiled
    // on stack, and a read of this.memory after it, with no feedback yet, deoptimized that code on
    // every later call (44 times in a 10,000-skill rebuild).
    const memory = this.memory;
    // A listing an earlier build of this process restored (memory.ts keeps the file's header as written).
    const done = memory && Array.isArray(v) ? restored.get(v) : undefined;
    if (done) {
      if ((v as Stored)[0] !== fp) return undefined;
      // A long-lived process's builds record no run (project/replay.ts): its links are not resolved here.
      this.untrusted = true;
      this.seen.set(realDir, v as Stored);
      return done.slice();
    }
    if (!isStored(v) || v[0] !== fp) return undefined;
    this.seen.set(realDir, v);
    const entries: DirEntry[] = [];
    for (let i = 1; i < v.length; i += 2) {
      entries.push(memory ? Object.freeze(new Entry(v[i]!, v[i + 1]!)) : new Entry(v[i]!, v[i + 1]!));
      if (v[i + 1] === "l") this.noteLink(realDir, v[i]!);
    }
    if (memory) restored.set(v, entries.slice());
    return entries;
  }

  set(realDir: string, fp: string | undefined, entries: readonly DirEntry[]): void {
    this.changed = true;
    if (fp === undefined) {
      this.untrusted = true;
      return void this.seen.delete(realDir);
    }
    const stored: Stored = [fp];
    // Put in the map before it is filled: after the loop, a cold lint's first call (the root of
    // 10,000 skill folders) reached the put only in code V8 had optimized during the loop (OSR),
    // without feedback for it, and that code deoptimized there again on later calls (41 to 1,331
    // times a run).
    this.seen.set(realDir, stored);
    for (const e of entries) {
      const kind = kindOf(e);
      stored.push(e.name, kind);
      if (kind === "l") this.noteLink(realDir, e.name);
    }
  }

  private noteLink(realDir: string, name: string): void {
    const link = path.join(realDir, name);
    this.links.push([link, realWithKind(link)]);
  }

  /**
   * The folders this run listed, each with its fingerprint, and the links among their entries; undefined
   * when one of them could not be trusted (a run record vouches for a run's inputs with these: project/replay.ts).
   */
  folders(): { folders: Array<[realDir: string, fp: string]>; links: Array<[link: string, real: string]> } | undefined {
    if (this.untrusted) return undefined;
    const folders: Array<[string, string]> = [];
    for (const [dir, stored] of this.seen) folders.push([dir, stored[0]]);
    return { folders, links: this.links };
  }

  /** Writes the listings of this run (folders not met any more are dropped), unless it kept every listing it read. */
  async save(): Promise<void> {
    if (!this.changed && this.seen.size === Object.keys(this.prev).length) return;
    const dirs: Record<string, Stored> = {};
    for (const k of [...this.seen.keys()].sort()) dirs[k] = this.seen.get(k)!;
    await writeRecordFile(this.file, this.secret, { key: this.key, dirs }, [], this.memory, true);
  }
}
