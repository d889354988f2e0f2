// The analysis cache as tests read and plant it: one value (its key and every entry) over the shard
// files it is stored as (src/cache/analysis-cache.ts), read and written through the same code.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cacheDir, shardFile, shardOf, SHARDS } from "../../src/cache/analysis-cache.js";
import { readCacheFile, writeCacheFile } from "../../src/cache/signed-file.js";

/** The analysis cache's folder under a project root (one file per shard in it). */
export const analysisDir = (root: string): string => cacheDir(root);

/** Every shard file's path, in shard order. */
export const analysisShards = (root: string): string[] => Array.from({ length: SHARDS }, (_, i) => shardFile(cacheDir(root), i));

/** The shards as one value, `{ key, entries }` (the key of the first shard that reads); undefined when none does. */
export async function readAnalysisCache(root: string, key: Buffer | undefined): Promise<{ key: string; entries: Record<string, unknown> } | undefined> {
  let out: { key: string; entries: Record<string, unknown> } | undefined;
  for (const file of analysisShards(root)) {
    const data = (await readCacheFile(file, key)) as { key: string; entries: Record<string, unknown> } | undefined;
    if (!data) continue;
    out ??= { key: data.key, entries: {} };
    Object.assign(out.entries, data.entries);
  }
  return out;
}

/** Writes `data` signed with `key` as the cache stores it: every shard, each entry in the one its path hashes to. */
export async function writeAnalysisCache(root: string, key: Buffer | undefined, data: unknown): Promise<void> {
  const { entries, ...header } = data as { entries: Record<string, unknown> };
  const files = analysisShards(root);
  for (let i = 0; i < SHARDS; i++) {
    const mine = Object.fromEntries(Object.entries(entries).filter(([file]) => shardOf(file) === i));
    await writeCacheFile(files[i]!, key, { ...header, entries: mine });
  }
}

/** Every shard file's bytes, joined in shard order (the ones that exist): equal caches give equal bytes. */
export function analysisBytes(root: string): Buffer {
  return Buffer.concat(analysisShards(root).flatMap((f) => (existsSync(f) ? [readFileSync(f)] : [])));
}

/** Writes `raw` as every shard's whole file (unsigned). */
export function writeAnalysisRaw(root: string, raw: string): void {
  for (const file of analysisShards(root)) writeFileSync(file, raw);
}
