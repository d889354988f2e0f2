// The split layout's manifest: manifest.json keeps the top level (schema, version, profile, layout,
// collisions, stats) and lists its shards; each shard `chunks/<sha256>.json` is `{"skills": [...]}`
// with the entries the single layout's manifest.json has, in skill order. Shard boundaries are
// content-defined (emit/shards.ts), so one changed skill changes at most two shards, and no file
// grows with the skill count. A shard is content-addressed like a chunk: written through the same
// sink (staged, renamed in before index.js, swept when no longer referred to), never overwritten.
// On a rebuild, a shard whose skills were all reused is not rendered at all: the build cache keeps
// each shard's hash by the identity of its skills, and each skill's entry length (for the boundaries).
import { createHash } from "node:crypto";
import { isReused, type EmitSkill } from "../types.js";
import { manifestEntry, manifestShardParts, renderManifestShard, renderSplitManifest, type ManifestInput } from "./manifest.js";
import { ShardGrouper } from "./shards.js";
import { chunkFile, type ChunkExt, type ChunkSink } from "./split.js";
import { sha256Hex } from "../util/sha256.js";

/** Mean skills per manifest shard (an entry is ~2.6 KB, so ~170 KB a shard), and the most bytes in one. */
export const MANIFEST_SHARDS = { every: 64, maxBytes: 256 * 1024 };
/** The build cache's output group holding the previous shards' hashes by the identity of their skills. */
const GROUP = "manifest-shards";
const HASH = /^[0-9a-f]{64}$/;
/** `{"skills": [` and `]}` as renderManifestShard writes them. */
const SHARD_FRAME = renderManifestShard([""]).length;

/** What the shards need of emit's EmitReuse (src/emit/index.ts, backed by the build cache). */
export interface ManifestReuse {
  output(group: string, key: string, names: readonly string[]): { extra?: unknown } | undefined;
  setOutput(group: string, key: string, names: readonly string[], extra?: unknown): void;
  onManifestEntry(skill: EmitSkill, offset: number, length: number): void;
  manifestLength?(skill: EmitSkill): number | undefined;
}

/**
 * A content-addressed file of the split layout: its SHA-256 and where it went (the sink, else
 * `files`). `refer`: kept by the sweep.
 */
export async function storeShard(text: string | readonly string[], ext: ChunkExt, files: Map<string, string | Uint8Array>, sink: ChunkSink | undefined): Promise<string> {
  if (sink) {
    // Never joined: the parts go straight into the stage's scratch buffer.
    const hash = await sink.putParts(typeof text === "string" ? [text] : text, ext);
    sink.refer(hash, ext);
    return hash;
  }
  const whole = typeof text === "string" ? text : text.join("");
  const hash = sha256Hex(whole);
  files.set(chunkFile(hash, ext), whole);
  return hash;
}

/**
 * Renders the split manifest: its shards into `sink` (or `files`), and returns manifest.json's text.
 * `chunks`: each skill's payload chunk hash; `skills` sorted as emit sorts them.
 */
export async function renderManifestShards(
  input: ManifestInput & { chunks: ReadonlyMap<EmitSkill, string> },
  files: Map<string, string | Uint8Array>,
  sink: ChunkSink | undefined,
  reuse: ManifestReuse | undefined,
): Promise<string> {
  // Rendered one shard at a time: the open shard's entries are all memory holds of them (all of
  // them at once were 26 MB of strings at 10,000 skills, with their garbage).
  const open = new Map<EmitSkill, { entry?: string; length: number }>();
  const entryOf = (s: EmitSkill) => {
    const o = open.get(s)!;
    return (o.entry ??= manifestEntry(s, input.chunks.get(s)));
  };
  // An entry and its separator; the shard's brackets off the bound (UTF-16 units: bytes for ASCII text).
  const grouper = new ShardGrouper<EmitSkill>({ ...MANIFEST_SHARDS, maxBytes: MANIFEST_SHARDS.maxBytes - SHARD_FRAME });
  const prev = previousShards(reuse, sink);
  const next = { keys: [] as string[], hashes: [] as string[] };
  const names: string[] = [];
  const store = async (group: EmitSkill[]) => {
    const key = sink && reuse ? shardKey(group, input.chunks) : undefined;
    // Reused skills are unchanged since the build that recorded the key: so is their shard.
    let hash = key !== undefined && group.every(isReused) ? prev.get(key) : undefined;
    if (hash) sink!.refer(hash, "json");
    else hash = await storeShard(manifestShardParts(group.map(entryOf)), "json", files, sink);
    if (key !== undefined) next.keys.push(key), next.hashes.push(hash);
    for (const s of group) reuse?.onManifestEntry(s, 0, open.get(s)!.length), open.delete(s);
    names.push(chunkFile(hash, "json"));
  };
  for (const s of input.skills) {
    // A reused skill's entry is unchanged, so its length is the one recorded last time: exact, so the
    // boundaries (and bytes) equal a cold build's, and its entry is not rendered unless its shard is.
    const recorded = reuse?.manifestLength?.(s);
    const o: { entry?: string; length: number } = { length: recorded ?? 0 };
    open.set(s, o);
    if (recorded === undefined) o.length = entryOf(s).length;
    for (const group of grouper.push(s, s.source.file, o.length + 2)) await store(group);
  }
  for (const group of grouper.finish()) await store(group);
  reuse?.setOutput(GROUP, "1", [], next);
  return renderSplitManifest(input, names);
}

/** A shard's identity: its skills, in order, with what names their state (a reused skill's is the recorded build's). */
function shardKey(group: readonly EmitSkill[], chunks: ReadonlyMap<EmitSkill, string>): string {
  const h = createHash("sha1");
  for (const s of group) h.update(`${s.source.file}\0${s.name}\0${s.contentHash}\0${chunks.get(s)}\n`);
  return h.digest("hex");
}

/** The previous build's shards still in outDir, by key (a malformed record is ignored). */
function previousShards(reuse: ManifestReuse | undefined, sink: ChunkSink | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const extra = sink && (reuse?.output(GROUP, "1", [])?.extra as { keys?: unknown; hashes?: unknown } | undefined);
  if (!extra || !Array.isArray(extra.keys) || !Array.isArray(extra.hashes) || extra.keys.length !== extra.hashes.length) return out;
  extra.keys.forEach((k, i) => {
    const h = extra.hashes as unknown[];
    if (typeof k === "string" && typeof h[i] === "string" && HASH.test(h[i] as string) && sink!.has(h[i] as string, "json")) out.set(k, h[i] as string);
  });
  return out;
}
