// The split layout's content-addressed modules besides index.js (src/emit/split.ts): each skill's
// payload chunk (with its piece chunks), and the metadata shards. A metadata shard is a module
// `chunks/<sha256>.js` holding a run of skills in output order, grouped on their names by
// groupShards (src/emit/shards.ts: content-defined, so one changed skill changes one or two shards
// and the shards of a large skill set stay small):
//   export const m='[{…},{…}]';                       the skills' metadata as JSON, `payload` the chunk's hash
//   export const t=(__skillcToolsets)=>({<index>:…});  toolset skills' toolsets, when any
// and the links module of a run of about 4 shards (grouped by groupShards too, on each shard's first
// skill), `chunks/<sha256>.js` as well, imported on the first load of one of their skills:
//   export const i={"<hash>":()=>import("./<hash>.js"),…};   each skill's chunk and piece chunks
// index.js imports the shards statically and holds a literal import() of each links module, and the
// split helper's `d` joins them (src/emit/split-helper.ts); the literal import()s let bundlers
// code-split every chunk with no configuration. The thunks sit in links modules, not in the shards,
// so an import does not compile one function per skill (the first load among a links module's
// skills, about 512, imports it); and index.js, not the shards, names the links modules, so one
// changed skill rewrites its chunk, its links module and its shard, not every shard of the run.
// JSON.parse of one string literal is the fastest way V8 builds the metadata (perf-facts.md); the
// split helper parses it on first use, so an import pays only the literal's scan.
import { isReused, type EmitSkill } from "../types.js";
import { serializeSplitSkill, toolsetsLiteral } from "./bundle.js";
import { str } from "./literal.js";
import { groupShards, ShardGrouper, type ShardOptions } from "./shards.js";
import { CHUNK_CAP, chunkFile, renderChunk, type ChunkSink } from "./split.js";
import { TOOLSET_GLOBAL } from "./toolset-helper.js";
import { sha256Hex } from "../util/sha256.js";

/**
 * About 128 skills a shard (about 120 KB at 1 KB of metadata each), never past the chunk cap unless
 * one skill alone does (the 4 KiB: the shard's own head and tail). The mean stays well under the
 * cap so that boundaries are nearly always content-defined: a size-capped boundary moves when a
 * line before it changes length, rewriting the shards up to the next content-defined one.
 */
export const SHARD_OPTIONS: ShardOptions = { every: 128, maxBytes: CHUNK_CAP - 4096 };

/** About 4 shards (512 skills) a links module: few enough that most first loads find theirs imported, small enough to import in a fraction of a millisecond. */
const LINK_OPTIONS: ShardOptions = { every: 4, maxBytes: CHUNK_CAP - 4096 };

/** Each skill's chunk hash, and its piece chunks' hashes (only skills with pieces). */
export interface SplitChunks {
  chunk: Map<EmitSkill, string>;
  pieces: Map<EmitSkill, string[]>;
}

type Files = Map<string, string | Uint8Array>;

/**
 * Each skill's chunk and pieces, rendered one skill at a time and handed to `sink` (or put in
 * `files`); a reused skill keeps its chunk and pieces, known from the build cache and its line, and
 * is not read at all. With a sink, a skill's contents are let go once its chunks are out.
 */
export async function renderChunks(skills: EmitSkill[], files: Files, sink: ChunkSink | undefined): Promise<SplitChunks> {
  const out: SplitChunks = { chunk: new Map(), pieces: new Map() };
  for (const skill of skills) {
    let hashes: string[];
    if (isReused(skill)) {
      if (!skill.chunk) throw new Error(`skillc: the reused skill ${skill.source.file} has no chunk (a split build cache entry without one)`);
      hashes = [skill.chunk, ...linePieces(skill.line.bytes)];
    } else if (skill.chunk) {
      // Staged when it was analysed (project/chunk-stream.ts): its contents are gone already.
      if (!sink) throw new Error(`skillc: the skill ${skill.source.file} was staged without a chunk sink`);
      hashes = [skill.chunk, ...(skill.pieces ?? [])];
    } else {
      const c = renderChunk(skill);
      hashes = [c.hash, ...c.pieces.map((p) => p.hash)];
      for (const part of [c, ...c.pieces]) await put(part.hash, part.bytes, files, sink);
      if (sink) {
        for (const f of skill.files) f.content = "";
        skill.template = [];
      }
    }
    for (const h of hashes) sink?.refer(h);
    out.chunk.set(skill, hashes[0]!);
    if (hashes.length > 1) out.pieces.set(skill, hashes.slice(1));
  }
  return out;
}

async function put(hash: string, bytes: Buffer, files: Files, sink: ChunkSink | undefined): Promise<void> {
  if (!sink) files.set(chunkFile(hash), bytes);
  else if (!sink.has(hash)) await sink.put(hash, bytes);
}

/**
 * The piece hashes a skill's line records: its `payload`, the line's last key, is its chunk's hash
 * or [chunk, pieces…]. A `"` of the key itself is unescaped, as no `"` inside a JSON string is.
 */
export function linePieces(line: Uint8Array): string[] {
  const b = Buffer.from(line.buffer, line.byteOffset, line.byteLength);
  const at = b.lastIndexOf(',"payload":');
  if (at < 0 || b[at + 11] !== 0x5b) return [];
  const list: unknown = JSON.parse(b.subarray(at + 11, b.length - 1).toString("latin1"));
  return Array.isArray(list) ? list.slice(1).filter((h): h is string => typeof h == "string" && /^[0-9a-f]{64}$/.test(h)) : [];
}

/** Where a skill's line landed: its shard's file name (`chunks/<hash>.js`) and its byte offset there. */
export type OnShardLine = (skill: EmitSkill, offset: number, line: Buffer, file: string) => void;

/**
 * The metadata shards and links modules, written like chunks; returns each shard's hash and its
 * links module's, in output order (index.js imports them so). Each shard is written as soon as its
 * last skill's line is known and let go before the next: memory holds one shard's lines.
 */
export async function renderShards(skills: EmitSkill[], chunks: SplitChunks, files: Files, sink: ChunkSink | undefined, onLine?: OnShardLine): Promise<Array<{ shard: string; links: string }>> {
  const lines = new Map<number, { line: Buffer; tools: string }>();
  const groups: number[][] = [];
  const shards: string[] = [];
  const store = async (group: number[]) => {
    const { bytes, offsets } = shardBytes(group.map((k) => lines.get(k)!));
    const hash = sha256Hex(bytes);
    await put(hash, bytes, files, sink);
    sink?.refer(hash);
    groups.push(group);
    shards.push(hash);
    group.forEach((k, n) => {
      if (onLine) onLine(skills[k]!, offsets[n]!, bytes.subarray(offsets[n]!, offsets[n]! + lines.get(k)!.line.length), chunkFile(hash));
      lines.delete(k);
    });
  };
  const grouper = new ShardGrouper<number>(SHARD_OPTIONS);
  for (const [k, s] of skills.entries()) {
    const pieces = chunks.pieces.get(s);
    const line = isReused(s) ? Buffer.from(s.line.bytes.buffer, s.line.bytes.byteOffset, s.line.bytes.byteLength) : Buffer.from(serializeSplitSkill(s, pieces ? [chunks.chunk.get(s)!, ...pieces] : chunks.chunk.get(s)!));
    const tools = s.toolsets ? toolsetsLiteral(s.name, s.toolsets.entries) : "";
    lines.set(k, { line, tools });
    for (const group of grouper.push(k, s.name, line.length + 80 + tools.length)) await store(group);
  }
  for (const group of grouper.finish()) await store(group);
  const linkOf = new Map<number[], string>();
  // A link is `"<hash>":()=>import("./<hash>.js"),`: 154 bytes, one per chunk and piece.
  const linkBytes = (g: number[]) => g.reduce((n, k) => n + 154 * (1 + (chunks.pieces.get(skills[k]!)?.length ?? 0)), 0);
  for (const run of groupShards(groups, (g) => skills[g[0]!]!.name, linkBytes, LINK_OPTIONS)) {
    const links = chunkBytes(linksText(run.flat(), skills, chunks));
    await put(links.hash, links.bytes, files, sink);
    sink?.refer(links.hash);
    for (const g of run) linkOf.set(g, links.hash);
  }
  return groups.map((g, i) => ({ shard: shards[i]!, links: linkOf.get(g)! }));
}

/** One shard's bytes (the shape above) from its skills' lines, and where each line starts in them. */
function shardBytes(group: Array<{ line: Buffer; tools: string }>): { bytes: Buffer; offsets: number[] } {
  const parts: Buffer[] = [Buffer.from("export const m='[")];
  let at = parts[0]!.length;
  const offsets: number[] = [];
  group.forEach(({ line }, n) => {
    if (n > 0) parts.push(Buffer.from(",")), at++;
    offsets.push(at);
    parts.push(line);
    at += line.length;
  });
  let tail = "]';\n";
  const t = group.flatMap(({ tools }, n) => (tools ? [`${n}:${tools}`] : []));
  if (t.length) tail += `export const t=(${TOOLSET_GLOBAL})=>({${t.join(",")}});\n`;
  parts.push(Buffer.from(tail));
  return { bytes: Buffer.concat(parts), offsets };
}

const thunk = (h: string) => `()=>import(${str("./" + h + ".js")})`;

/** A links module: the thunks of its skills' chunks and piece chunks, by hash (each once). */
function linksText(run: number[], skills: EmitSkill[], chunks: SplitChunks): string {
  const hashes = new Set(run.flatMap((k) => [chunks.chunk.get(skills[k]!)!, ...(chunks.pieces.get(skills[k]!) ?? [])]));
  return "export const i={" + [...hashes].map((h) => `${str(h)}:${thunk(h)}`).join(",") + "};\n";
}

function chunkBytes(text: string): { hash: string; bytes: Buffer } {
  const bytes = Buffer.from(text);
  return { hash: sha256Hex(bytes), bytes };
}
