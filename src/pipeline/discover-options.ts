// Discovery's options, apart from discover.ts so that discover-report.ts (which discover.ts imports)
// can name them without importing discover.ts back.
import type { Profile, RuleSetting } from "../types.js";
import type { DirEntry, ListingStore } from "./analysis-store.js";
import type { StatThread } from "./stat-thread.js";
import type { Worker } from "node:worker_threads";

export type { DirEntry, ListingStore };

export interface DiscoverOptions {
  /** Absolute working directory; every reported path is relative to it. */
  cwd: string;
  /** Folder levels searched below each root (the root is level 0): the config's `discovery.maxDepth`. */
  maxDepth: number;
  /** Folders listed per root, the root included: the config's `discovery.maxFolders`. */
  maxFolders: number;
  /** Rule severities by id (config `rules`, `--rule`). */
  settings: Record<string, RuleSetting>;
  profile: Profile;
  /** Filled, when given, with the listings of skill folders and the folders inside them (real path → sorted entries), for files.ts. */
  listings?: Map<string, DirEntry[]>;
  /** Listings of earlier runs (with the caches on). */
  listingStore?: ListingStore;
  /** A thread that stats the folders of a large level ahead (stat-thread.ts), with a listing store only. */
  stats?: StatThread;
  /** A cold lint's early worker, idle until the analysis: it lists large levels ahead (list-ahead.ts). */
  lister?: Worker;
}
