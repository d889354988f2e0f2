// The record of a split outDir's chunks (emit/chunk-prints.ts): each chunk's fingerprint as the
// last build into that folder left it, so the next one keeps by name only the chunks still the
// files it wrote. A signed file beside the build cache's, one per outDir:
// node_modules/.cache/skillc/chunks-v1-<12 hex of outDir's real path>.txt, one record a chunk
// (its name, then `size:mtimeMs:ctimeMs:ino`). A missing, foreign or edited record is no record:
// the chunks are then trusted by name once, and this build's record covers them from then on.
import path from "node:path";
import { buildCacheFile } from "../cache/build-cache.js";
import { cacheKey, readRecordFile, writeRecordFile } from "../cache/signed-file.js";
import type { ChunkTrust } from "../emit/chunk-prints.js";
import { ChunkStage } from "../emit/chunk-stage.js";

const HEADER = { chunks: 1 };

/** The record file of `outDir`'s chunks (named as the build cache's file of that folder). */
export function chunkRecordFile(projectRoot: string, outDir: string): string {
  const file = buildCacheFile(projectRoot, outDir);
  return path.join(path.dirname(file), path.basename(file).replace(/^build-v1-/, "chunks-v1-").replace(/\.json$/, ".txt"));
}

/** The record of outDir's chunks, read (undefined `recorded` when there is none to trust), and its saving. */
export async function loadChunkTrust(projectRoot: string, outDir: string, env: NodeJS.ProcessEnv = process.env): Promise<ChunkTrust> {
  const file = chunkRecordFile(projectRoot, outDir);
  const key = cacheKey(env);
  const read = await readRecordFile(file, key);
  let recorded: Map<string, string> | undefined;
  if (read && read.header.chunks === HEADER.chunks) {
    recorded = new Map();
    for (const [name, print] of read.records) recorded.set(name, print.toString("latin1"));
  }
  return {
    recorded,
    // Failures to write are ignored (writeRecordFile): the next build then trusts the chunks by name once.
    save: (prints) => writeRecordFile(file, key, HEADER, prints),
  };
}

/** A writing split build's chunk stage, keeping by name only the chunks the record still vouches for. */
export async function openChunkStage(projectRoot: string, outDir: string, restage?: boolean): Promise<ChunkStage> {
  return ChunkStage.open(outDir, restage, undefined, await loadChunkTrust(projectRoot, outDir));
}
