// A rebuild's skill folders walked, and their files stat'ed on the stat thread (stat-thread.ts), a few
// hundred skills ahead of the analysis: by the time a skill's turn comes, whether its folder is
// unchanged is a lookup in numbers already here, and this thread made none of its stats.
//
// Same walk, same stats, same fingerprints as analyze.ts makes them one skill at a time; only when
// they are made moves (a little earlier in the same run).
import path from "node:path";
import type { SkillSource } from "../types.js";
import type { BuildStore } from "./analysis-store.js";
import { walkFiles, type FileOptions } from "./files.js";
import type { StatBatch, StatThread } from "./stat-thread.js";

/** Skills per batch of stats, and batches asked for ahead of the one a skill waits on. */
const CHUNK = 256;
const AHEAD = 2;

/** One skill, walked: with a build cache entry, `batch` holds its SKILL.md's stat at `at` and its listed files' after it. */
export interface Walked {
  walked: ReturnType<typeof walkFiles>;
  batch?: StatBatch;
  at: number;
}

interface Chunk {
  items: Array<{ walked: Walked["walked"]; at: number } | undefined>;
  batch: StatBatch | undefined;
}

export class WalkAhead {
  private readonly index = new Map<SkillSource, number>();
  private readonly chunks: Array<Promise<Chunk> | undefined> = [];

  constructor(
    private readonly sources: readonly SkillSource[],
    private readonly fileOpts: FileOptions,
    private readonly build: BuildStore,
    private readonly stats: StatThread,
  ) {
    sources.forEach((s, i) => this.index.set(s, i));
  }

  /** The skill walked (and stat'ed when the build cache knows it); undefined for a skill not in the list. Taken once. */
  async take(source: SkillSource): Promise<Walked | undefined> {
    const i = this.index.get(source);
    if (i === undefined) return undefined;
    this.index.delete(source);
    const c = Math.floor(i / CHUNK);
    for (let k = c; k <= c + AHEAD && k * CHUNK < this.sources.length; k++) this.start(k);
    const chunk = await this.chunks[c]!;
    const item = chunk.items[i - c * CHUNK];
    // Let go of what this skill held (its walk); the batch's numbers are small.
    chunk.items[i - c * CHUNK] = undefined;
    return item && { walked: item.walked, batch: item.at >= 0 ? chunk.batch : undefined, at: item.at };
  }

  /** Walks chunk `k`'s skills here and asks for the stats of those the build cache knows. */
  private start(k: number): void {
    if (this.chunks[k]) return;
    const items: Chunk["items"] = [];
    const paths: string[] = [];
    for (const source of this.sources.slice(k * CHUNK, (k + 1) * CHUNK)) {
      const walked = walkFiles(source, this.fileOpts);
      if (!this.build.has(source.file)) {
        items.push({ walked, at: -1 });
        continue;
      }
      items.push({ walked, at: paths.length });
      paths.push(path.join(source.absDir, source.fileName));
      for (const real of walked.reals) paths.push(real);
    }
    this.chunks[k] = paths.length === 0 ? Promise.resolve({ items, batch: undefined }) : this.stats.stat(paths).then((batch) => ({ items, batch }));
  }
}
