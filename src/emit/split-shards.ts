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
import { CHUNK_CAP, chunkFile, renderChunk, type ChunkPart, type ChunkSink } from "./split.js";
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
export async function renderShards(skills: EmitSkill[], chunks: SplitChunks, files: Files, sink: ChunkSink | undefined, onLine?: OnShardLine, reuse?: ShardReuse): Promise<Array<{ shard: string; links: string }>> {
  // A line is kept as its string (or a reused line's bytes) until its shard is rendered: strings
  // die young, Buffers held that long outlive the young generation's GCs (see chunk-stage.ts putParts).
  const lines = new Map<number, ShardLine>();
  const groups: number[][] = [];
  const shards: string[] = [];
  const store = async (group: number[]) => {
    const kept = sink && reuse ? keptShard(group.map((k) => skills[k]!), group.map((k) => lines.get(k)!.bytes), sink, reuse) : undefined;
    let hash: string;
    if (kept) {
      // The same lines at the same places as in a shard outDir holds as written: that shard, unread.
      hash = kept.hash;
      sink!.refer(hash);
      group.forEach((k, n) => onLine?.(skills[k]!, kept.offsets[n]!, asBuffer(lines.get(k)!.line), chunkFile(hash)));
    } else {
      const shard = shardParts(group.map((k) => lines.get(k)!));
      // Each line's bytes as they sit in the shard, seen before the shard's buffer is let go.
      const seen = (bytes: Buffer, h: string) =>
        group.forEach((k, n) => onLine?.(skills[k]!, shard.offsets[n]!, bytes.subarray(shard.offsets[n]!, shard.offsets[n]! + lines.get(k)!.bytes), chunkFile(h)));
      hash = await putParts(shard.parts, files, sink, seen);
      sink?.refer(hash);
      reuse?.onShardRendered?.(hash);
    }
    groups.push(group);
    shards.push(hash);
    for (const k of group) lines.delete(k);
  };
  const grouper = new ShardGrouper<number>(SHARD_OPTIONS);
  for (const [k, s] of skills.entries()) {
    const pieces = chunks.pieces.get(s);
    const line = isReused(s) ? s.line.bytes : serializeSplitSkill(s, pieces ? [chunks.chunk.get(s)!, ...pieces] : chunks.chunk.get(s)!);
    const bytes = typeof line === "string" ? Buffer.byteLength(line) : line.byteLength;
    const tools = s.toolsets ? toolsetsLiteral(s.name, s.toolsets.entries) : "";
    lines.set(k, { line, bytes, tools });
    for (const group of grouper.push(k, s.name, bytes + 80 + tools.length)) await store(group);
  }
  for (const group of grouper.finish()) await store(group);
  const linkOf = await renderLinks(groups, shards, skills, chunks, files, sink, reuse);
  return groups.map((g, i) => ({ shard: shards[i]!, links: linkOf.get(g)! }));
}

/** A skill's line in its shard: its text (a reused line's bytes), its size in bytes, its toolsets' literal. */
interface ShardLine {
  line: ChunkPart;
  bytes: number;
  tools: string;
}

const asBuffer = (p: ChunkPart): Buffer => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p.buffer, p.byteOffset, p.byteLength));

/** A metadata file from its parts: staged by the sink (its bytes seen by `seen` first), else put in `files`; its hash. */
async function putParts(parts: readonly ChunkPart[], files: Files, sink: ChunkSink | undefined, seen?: (bytes: Buffer, hash: string) => void): Promise<string> {
  if (sink) return sink.putParts(parts, "js", seen);
  const bytes = Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p)));
  const hash = sha256Hex(bytes);
  seen?.(bytes, hash);
  files.set(chunkFile(hash), bytes);
  return hash;
}

/** The links modules of runs of shards (`groups`, their hashes `shards`): each shard's links module's hash. */
async function renderLinks(groups: number[][], shards: string[], skills: EmitSkill[], chunks: SplitChunks, files: Files, sink: ChunkSink | undefined, reuse: ShardReuse | undefined): Promise<Map<number[], string>> {
  const linkOf = new Map<number[], string>();
  const shardOf = new Map(groups.map((g, i) => [g, shards[i]!]));
  // A link is `"<hash>":()=>import("./<hash>.js"),`: 154 bytes, one per chunk and piece.
  const linkBytes = (g: number[]) => g.reduce((n, k) => n + 154 * (1 + (chunks.pieces.get(skills[k]!)?.length ?? 0)), 0);
  const prev = sink && reuse ? previousLinks(reuse, sink) : undefined;
  const next = { keys: [] as string[], hashes: [] as string[] };
  for (const run of groupShards(groups, (g) => skills[g[0]!]!.name, linkBytes, LINK_OPTIONS)) {
    // A links module lists the chunks its shards' lines name: the same shards, the same module.
    const key = run.map((g) => shardOf.get(g)!).join(",");
    let hash = prev?.get(key);
    if (hash) sink!.refer(hash);
    else {
      hash = await putParts([linksText(run.flat(), skills, chunks)], files, sink);
      sink?.refer(hash);
      reuse?.onShardRendered?.(hash);
    }
    next.keys.push(key), next.hashes.push(hash);
    for (const g of run) linkOf.set(g, hash);
  }
  reuse?.setOutput(LINKS_GROUP, "1", [], next);
  return linkOf;
}

/**
 * What a rebuild knows of the previous metadata shards (project/build-reuse.ts, over the build
 * cache), so that a shard or links module whose contents are unchanged is neither rendered nor hashed.
 */
export interface ShardReuse {
  /** A reused skill's line in the previous build: its shard's hash, the line's byte offset there, and the shard's size, while that shard is in outDir as it was written. */
  previousShard(skill: EmitSkill): { hash: string; offset: number; size: number } | undefined;
  output(group: string, key: string, names: readonly string[]): { extra?: unknown } | undefined;
  setOutput(group: string, key: string, names: readonly string[], extra?: unknown): void;
  /** Called for each shard or links module rendered (tests count them). */
  onShardRendered?(hash: string): void;
}

/** The build cache's output group holding the previous links modules' hashes by their shards' hashes. */
const LINKS_GROUP = "links-modules";
const HEAD = "export const m='[";
/** A shard's end when none of its skills has toolsets (none reused has). */
const TAIL = "]';\n";
const HASH = /^[0-9a-f]{64}$/;

/**
 * The previous shard a group of skills would render again byte for byte: every skill reused, each
 * line where it was in one shard, one after the other from its head, that shard's size exactly
 * its head, lines, commas and tail (so it held these lines only, and no toolsets), and the shard
 * still in outDir. The lines' bytes were verified as they were reused (build-cache.ts).
 */
function keptShard(group: readonly EmitSkill[], lengths: readonly number[], sink: ChunkSink, reuse: ShardReuse): { hash: string; offsets: number[] } | undefined {
  let hash: string | undefined;
  let size = 0;
  let at = HEAD.length;
  const offsets: number[] = [];
  for (let n = 0; n < group.length; n++) {
    const s = group[n]!;
    const p = isReused(s) ? reuse.previousShard(s) : undefined;
    if (!p || p.offset !== at || (hash !== undefined && p.hash !== hash)) return undefined;
    hash = p.hash;
    size = p.size;
    offsets.push(at);
    at += lengths[n]! + 1;
  }
  if (hash === undefined || at - 1 + TAIL.length !== size || !sink.has(hash)) return undefined;
  return { hash, offsets };
}

/** The previous build's links modules still in outDir, by their shards' hashes (a malformed record is ignored). */
function previousLinks(reuse: ShardReuse, sink: ChunkSink): Map<string, string> {
  const out = new Map<string, string>();
  const extra = reuse.output(LINKS_GROUP, "1", [])?.extra as { keys?: unknown; hashes?: unknown } | undefined;
  if (!extra || !Array.isArray(extra.keys) || !Array.isArray(extra.hashes) || extra.keys.length !== extra.hashes.length) return out;
  const hashes = extra.hashes as unknown[];
  extra.keys.forEach((k, i) => {
    const h = hashes[i];
    if (typeof k === "string" && typeof h === "string" && HASH.test(h) && sink.has(h)) out.set(k, h);
  });
  return out;
}

/** One shard's parts (the shape above) from its skills' lines, and where each line starts in its bytes. */
function shardParts(group: readonly ShardLine[]): { parts: ChunkPart[]; offsets: number[] } {
  const parts: ChunkPart[] = [HEAD];
  let at = HEAD.length;
  const offsets: number[] = [];
  group.forEach(({ line, bytes }, n) => {
    if (n > 0) parts.push(","), at++;
    offsets.push(at);
    parts.push(line);
    at += bytes;
  });
  let tail = TAIL;
  const t = group.flatMap(({ tools }, n) => (tools ? [`${n}:${tools}`] : []));
  if (t.length) tail += `export const t=(${TOOLSET_GLOBAL})=>({${t.join(",")}});\n`;
  parts.push(tail);
  return { parts, offsets };
}

const thunk = (h: string) => `()=>import(${str("./" + h + ".js")})`;

/** A links module: the thunks of its skills' chunks and piece chunks, by hash (each once). */
function linksText(run: number[], skills: EmitSkill[], chunks: SplitChunks): string {
  const hashes = new Set(run.flatMap((k) => [chunks.chunk.get(skills[k]!)!, ...(chunks.pieces.get(skills[k]!) ?? [])]));
  return "export const i={" + [...hashes].map((h) => `${str(h)}:${thunk(h)}`).join(",") + "};\n";
}
