// The split layout (config `output: "split"`): index.js keeps the runtime and imports the metadata
// shards (src/emit/split-shards.ts); each skill's payload (template and files) is a
// content-addressed chunk module `chunks/<sha256>.js` that a shard's links module reaches through a
// literal `import("./<hash>.js")`, so wrangler, Vite, Rollup and esbuild code-split it with no
// configuration. A file too large for its skill's chunk goes into piece chunks, so no file in
// chunks/ passes CHUNK_CAP. The hash is the SHA-256 of the file's bytes: equal payloads share a
// chunk, a changed skill gets a new name (never an overwrite), and the fetch loader can verify what
// a CDN serves (src/emit/split-helper.ts).
import type { OutputLayout } from "../config/types.js";
import type { ToolsetSkill } from "../types.js";
import { SPLIT_GLOBAL } from "./split-helper.js";

// The chunks' rendering is a module of its own (the chunk writer thread loads only it).
export { CHUNK_CAP, renderChunk, type Chunk } from "./chunk-render.js";

/** Where chunks live in outDir. */
export const CHUNK_DIR = "chunks";
/**
 * A content-addressed file's name in chunks/: its SHA-256 and an extension. `.js` for modules
 * index.js imports (payloads, metadata shards); other extensions for the split layout's other
 * content-addressed files (`.json` data, `.d.ts` types). The sweep removes only names of this shape.
 */
export { CHUNK_NAME } from "./chunk-prints.js";
export type ChunkExt = "js" | "json" | "d.ts";

/**
 * "auto" splits past this estimate of the single index.js (bytes). Cloudflare's free plan takes a
 * Worker of at most 3 MB compressed; markdown compresses about 3×, so a 3 MB bundle is about 1 MB
 * gzipped, leaving the app's own code room, and its parse on every cold start already costs tens
 * of milliseconds. Under it, one file is simpler and keeps `load` synchronous.
 */
export const AUTO_SPLIT_BYTES = 3_000_000;
/** The estimate's share of a skill beyond its supporting files: a typical SKILL.md and its metadata. */
const SKILL_ESTIMATE = 4096;

/**
 * The layout a build writes. "auto" decides from what is known before anything is read in full
 * (the supporting files' sizes and the skill count), so a warm rebuild decides the same way.
 */
export function resolveLayout(output: OutputLayout, stats: { skills: number; bytes: number }): "single" | "split" {
  if (output !== "auto") return output;
  return stats.bytes + stats.skills * SKILL_ESTIMATE > AUTO_SPLIT_BYTES ? "split" : "single";
}

/** The file name of a chunk in outDir. */
export function chunkFile(hash: string, ext: ChunkExt = "js"): string {
  return `${CHUNK_DIR}/${hash}.${ext}`;
}

/** The exports of a split index.js: `skills` and `createSkills` wrapped by the split helper, and `fetchLoader`. */
export function splitTail(runtimeGlobal: string): string[] {
  return [
    `export const skills=${SPLIT_GLOBAL}.create(__skillcData);`,
    `export const SkillError=${runtimeGlobal}.SkillError;`,
    `export const createSkills=(options)=>${SPLIT_GLOBAL}.create(__skillcData,options);`,
    `export const fetchLoader=${SPLIT_GLOBAL}.fetchLoader;`,
  ];
}

/**
 * Where emit puts chunks. A writing build streams them to a staging folder (src/emit/chunk-stage.ts)
 * as each skill is rendered; without one, they go into emit's file map.
 */
export interface ChunkSink {
  /** Whether outDir already holds this chunk (its name is its hash, so its bytes are these). */
  has(hash: string, ext?: ChunkExt): boolean;
  put(hash: string, bytes: Buffer, ext?: ChunkExt): Promise<void>;
  /**
   * Stages the file whose bytes are `parts` (strings as UTF-8) one after the other, unless outDir or
   * the stage has it; its hash. `seen` gets the bytes, valid only during the call (they are a
   * scratch buffer's, reused once written).
   */
  putParts(parts: readonly ChunkPart[], ext: ChunkExt, seen?: (bytes: Buffer, hash: string) => void): Promise<string>;
  /** Notes a chunk the outputs refer to (reused skills' too): the others are removed after the write. */
  refer(hash: string, ext?: ChunkExt): void;
}

/** A part of a file's bytes: a string (as UTF-8) or bytes. */
export type ChunkPart = string | Uint8Array;

/** What write.ts needs of a split build's chunks (src/emit/chunk-stage.ts). */
export interface ChunkWrite {
  /** The staging folder holding the new chunks under `chunks/`, if any was written. */
  tmp?: string;
  /** The staged files, as names in outDir (`chunks/<hash>.js`). */
  staged: readonly string[];
  /** The chunks' file names (`<hash>.<ext>`) the outputs refer to: every other chunk in outDir is removed once index.js is in place. */
  keep: ReadonlySet<string>;
  /** With outDir's lock held, after the commit and the sweep: records what the next build checks of the chunks (emit/chunk-prints.ts). */
  committed?(): Promise<void>;
}
