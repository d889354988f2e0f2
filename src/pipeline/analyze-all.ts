// Every skill's analysis (analyzeAll): in this thread, or with workers when there are enough cache
// misses, lint's whole skills (analyze-share.ts) or the build's CPU part (analyze-pool.ts).
import type { SkillSource } from "../types.js";
import { analyzeSkill, fileOptionsOf, startAnalysis, type AnalyzeOptions, type SkillAnalysis } from "./analyze.js";
import { WalkAhead } from "./walk-ahead.js";
import { AnalyzePool, poolConfig } from "./analyze-pool.js";
import { analyzeShared } from "./analyze-share.js";

/**
 * Every skill's analysis, in input order: I/O and cache lookups here, 16 at a time; with enough cache
 * misses, lint's whole skills (analyze-share.ts) or the build's CPU part (analyze-pool.ts) also on
 * worker threads.
 * `onDone` is called with each skill's analysis as it completes, and awaited (a build stages the
 * skill's output then and lets go of its contents).
 */
export async function analyzeAll(sources: readonly SkillSource[], given: AnalyzeOptions, onDone?: (a: SkillAnalysis) => void | Promise<void>): Promise<SkillAnalysis[]> {
  const opts = withWalkAhead(sources, given);
  const config = opts.pool ? undefined : poolConfig(sources.length, process.env, opts.inThread);
  const done = async (a: SkillAnalysis): Promise<SkillAnalysis> => (await onDone?.(a), a);
  if (!config) return mapLimit(sources, 16, (source) => analyzeSkill(source, opts).then(done));
  // Lint (files listed, not read): the workers take whole skills, reads included (analyze-share.ts).
  if (!opts.readFiles && !opts.build) return analyzeShared(sources, opts, config, done);
  const pool = new AnalyzePool({ profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema }, config);
  try {
    const withPool = { ...opts, pool };
    let sinceYield = 0;
    let ahead = 0;
    const freed: Array<() => void> = [];
    const started = await mapLimit(sources, 16, async (source) => {
      // The reads are synchronous and the rest settles in microtasks, so without a turn of the event
      // loop now and then the workers' replies wait until every skill is read, and the workers idle
      // after their first batches (measured: 64 of 10,000 skills analysed during the reads).
      if (++sinceYield >= YIELD_EVERY) {
        sinceYield = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      // A build holds each skill's files until its analysis is done (and `onDone` has staged them):
      // the reads stay at most READ_AHEAD skills ahead, or memory holds the whole input.
      while (opts.readFiles && ahead >= READ_AHEAD) await new Promise<void>((resolve) => freed.push(resolve));
      ahead++;
      const s = await startAnalysis(source, withPool);
      const result = s.done.then(done).finally(() => {
        ahead--;
        freed.shift()?.();
      });
      result.catch(() => undefined);
      return { result };
    });
    pool.finish();
    return await Promise.all(started.map((s) => s.result));
  } finally {
    await pool.close();
  }
}

/** Skills a rebuild holds at least for its walks and stats to be made ahead (walk-ahead.ts). */
const WALK_AHEAD_MIN = 256;

/** A large rebuild's options with its skills walked and stat'ed ahead on the stat thread; else `opts`. */
function withWalkAhead(sources: readonly SkillSource[], opts: AnalyzeOptions): AnalyzeOptions {
  if (!opts.stats || !opts.build || !opts.cache || !opts.readFiles || (!opts.stats.forced && sources.length < WALK_AHEAD_MIN)) return opts;
  return { ...opts, ahead: new WalkAhead(sources, fileOptionsOf(opts), opts.build, opts.stats) };
}

/** Skills read between turns of the event loop while workers analyse (see analyzeAll). */
const YIELD_EVERY = 32;
/** Skills read and not yet analysed, at most (a build with workers): above the pool's HELP_MIN, so the pool starts and this thread still helps; ~60 MB at 10,000 skills. */
const READ_AHEAD = 2048;

/** Runs `fn` over `items` with at most `limit` in flight, keeping the input order in the result. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}
