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
import { CHUNK_HEAD, CHUNK_TAIL, SPLIT_GLOBAL } from "./split-helper.js";
import { sha256Hex } from "../util/sha256.js";

/** Where chunks live in outDir. */
export const CHUNK_DIR = "chunks";
/**
 * A content-addressed file's name in chunks/: its SHA-256 and an extension. `.js` for modules
 * index.js imports (payloads, metadata shards); other extensions for the split layout's other
 * content-addressed files (`.json` data, `.d.ts` types). The sweep removes only names of this shape.
 */
export const CHUNK_NAME = /^[0-9a-f]{64}\.(?:js|json|d\.ts)$/;
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

/**
 * No content-addressed file of the split layout passes this (bytes), whatever the corpus holds:
 * a file whose content would push its skill's chunk past it is stored in piece chunks instead.
 */
export const CHUNK_CAP = 256 * 1024;

/** One content-addressed file: its bytes and their SHA-256 (hex), its name. */
export interface Chunk {
  hash: string;
  bytes: Buffer;
}

/**
 * A skill's chunk, and the piece chunks of its files too large to sit in it. The chunk is
 * `export default {"template":[…],"files":[[path, content],…]};` where content is the text, `{"b64"}`
 * for binary, or `{"pieces":[hash,…]}` / `{"b64pieces":[hash,…]}`: the hashes of piece chunks
 * (`export default "…";`, a JSON string each, at most {@link CHUNK_CAP} bytes) whose strings
 * joined are the text or the base64 (binary is cut at multiples of 3 bytes, so each piece's base64
 * is whole and the joined string is the file's base64). Files are moved to pieces largest first
 * until the chunk fits, so a skill of small files keeps them all in one chunk.
 */
export function renderChunk(skill: ToolsetSkill): Chunk & { pieces: Chunk[] } {
  const files = skill.files.map((f) => {
    const text = typeof f.content === "string";
    return { path: f.path, text, json: jsonLit(text ? (f.content as string) : { b64: Buffer.from(f.content as Uint8Array).toString("base64") }) };
  });
  const head = `{"template":${jsonLit(skill.template)},"files":[`;
  const bytes = (t: string) => Buffer.byteLength(t);
  let size = bytes(head) + files.reduce((n, f) => n + bytes(f.json) + bytes(f.path) * 2 + 8, 0);
  const pieces: Chunk[] = [];
  for (const f of [...files].sort((a, b) => b.json.length - a.json.length || (a.path < b.path ? -1 : 1))) {
    if (size + CHUNK_HEAD.length + CHUNK_TAIL.length <= CHUNK_CAP - 4096) break;
    const content = skill.files.find((x) => x.path === f.path)!.content;
    const own = typeof content === "string" ? textPieces(content) : binaryPieces(Buffer.from(content));
    pieces.push(...own);
    const json = jsonLit({ [f.text ? "pieces" : "b64pieces"]: own.map((c) => c.hash) });
    size += bytes(json) - bytes(f.json);
    f.json = json;
  }
  const parts = [CHUNK_HEAD + head];
  files.forEach((f, i) => parts.push(`${i ? "," : ""}[${jsonLit(f.path)},`, f.json, "]"));
  parts.push("]}" + CHUNK_TAIL);
  return { ...chunkOfParts(parts), pieces };
}

/**
 * A chunk from its text in parts, encoded straight into one buffer: the joined string is never
 * made (at 10,000 skills a copy of every payload, ~300 MB, for the GC to collect).
 */
function chunkOfParts(parts: string[]): Chunk {
  let size = 0;
  for (const p of parts) size += Buffer.byteLength(p);
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const p of parts) at += bytes.write(p, at);
  return { hash: sha256Hex(bytes), bytes };
}

/** JSON with the line separators escaped for older JS parsers (the chunk is parsed as a module too). */
function jsonLit(v: unknown): string {
  return JSON.stringify(v).replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}

function chunkOf(text: string): Chunk {
  const bytes = Buffer.from(text, "utf8");
  return { hash: sha256Hex(bytes), bytes };
}

/** The piece chunks of a text: cut by UTF-16 length, shortened until each encodes within the cap, never inside a surrogate pair. */
function textPieces(text: string): Chunk[] {
  const out: Chunk[] = [];
  const room = CHUNK_CAP - CHUNK_HEAD.length - CHUNK_TAIL.length;
  let at = 0;
  while (at < text.length) {
    let len = Math.min(text.length - at, Math.floor(room / 3));
    for (;;) {
      const code = text.charCodeAt(at + len - 1);
      if (len > 1 && at + len < text.length && code >= 0xd800 && code <= 0xdbff) len--;
      const lit = jsonLit(text.slice(at, at + len));
      const bytes = Buffer.byteLength(lit);
      if (bytes <= room) {
        out.push(chunkOf(CHUNK_HEAD + lit + CHUNK_TAIL));
        break;
      }
      len = Math.max(1, Math.floor((len * room) / bytes) - 16);
    }
    at += len;
  }
  return out;
}

/** The piece chunks of a binary file: whole 3-byte groups per piece, so each piece's base64 has no padding but the last. */
function binaryPieces(bytes: Buffer): Chunk[] {
  const out: Chunk[] = [];
  const step = Math.floor((CHUNK_CAP - CHUNK_HEAD.length - CHUNK_TAIL.length - 2) / 4) * 3;
  for (let at = 0; at < bytes.length; at += step) out.push(chunkOf(CHUNK_HEAD + JSON.stringify(bytes.subarray(at, at + step).toString("base64")) + CHUNK_TAIL));
  return out;
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
  /** Notes a chunk the outputs refer to (reused skills' too): the others are removed after the write. */
  refer(hash: string, ext?: ChunkExt): void;
}

/** What write.ts needs of a split build's chunks (src/emit/chunk-stage.ts). */
export interface ChunkWrite {
  /** The staging folder holding the new chunks under `chunks/`, if any was written. */
  tmp?: string;
  /** The staged files, as names in outDir (`chunks/<hash>.js`). */
  staged: readonly string[];
  /** The chunks' file names (`<hash>.<ext>`) the outputs refer to: every other chunk in outDir is removed once index.js is in place. */
  keep: ReadonlySet<string>;
}
