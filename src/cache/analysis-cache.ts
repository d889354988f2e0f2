// The incremental cache: per-skill analysis results keyed by a hash of the SKILL.md bytes and the
// skill folder's file list, stored under node_modules/.cache/skillc and keyed as a whole by the
// skillc version and everything in the config that changes analysis. A hit skips YAML, ajv and the
// body scan; the output is identical with and without it (the analysis is a pure function of the key).
// Trust: the file is signed with a per-user key kept outside the project (signed-file.ts), so a cache
// file from anywhere else is ignored; each entry read is shape-checked (shape.ts) and a
// malformed one is a miss. One exception, for a rebuild's reused skill: its positions part is
// parsed only when a pointer past the description's is asked, its frontmatter only when read
// (analysis-record.ts), and one that turns out malformed then reads as empty (findings placed at
// the frontmatter; a frontmatter of no keys) rather than as a miss; only a
// file signed with the user's own key can hold one. In CI the cache is off unless asked for (`--cache`): see useCache.
// Stored as SHARDS files, each skill's record in the one its SKILL.md path hashes to (shardOf): a
// rebuild with one skill changed rewrites one shard, not the whole cache (10,000 skills: 25 MB
// signed and written again, ~40 ms of this thread, for one record).
import { existsSync, promises as fsp } from "node:fs";
import path from "node:path";
import { cacheKey, readRecordFile, writeRecordFile } from "./signed-file.js";
import { isAnalysisSnapshot } from "./shape.js";
import { decodeRecord } from "./analysis-record.js";
import { deepFreeze, type CacheMemory } from "./memory.js";
import { encodeAnalysisRecord, type AnalysisStore, type AnalysisSnapshot } from "../pipeline/analysis-store.js";
import { cacheVersion } from "../util/version.js";
import { sha256Hex } from "../util/sha256.js";
import { isCI } from "./cache-option.js";

export { cacheOption, isCI } from "./cache-option.js";

/**
 * Entries by SKILL.md path, one record each (`{ key, value: AnalysisSnapshot }` stored as analysis-record.ts
 * says, checked when read):
 * replaced when its key changes (so the file never grows stale). A record is parsed only when its
 * skill is looked up, and one this run did not replace is written back as the bytes it was read as.
 */
export class AnalysisCache implements AnalysisStore {
  /**
   * Set by this run: an entry, or a record as its UTF-8 bytes (setRecord). Bytes, not strings: a cold
   * lint holds ~10,000 records (24 MB) until save, which as strings the young-generation GC copied
   * twice each, and which save then had to encode anyway.
   */
  private readonly fresh = new Map<string, { key: string; value: AnalysisSnapshot } | Buffer>();
  /** The paths set by this run, by shard. */
  private readonly changed = Array.from({ length: SHARDS }, () => [] as string[]);
  /** Shards holding a record set since they were last written. */
  private readonly dirty = new Set<number>();
  /** Where the records set as strings are kept as bytes: the current slab (see utf8) and how much of it is used. */
  private slab = Buffer.alloc(0);
  private slabAt = 0;
  /** The shard writes under way, one after the other (two writes of one shard would share its staged file). */
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly dir: string,
    private readonly key: string,
    private readonly secret: Buffer | undefined,
    /** As read: raw JSON bytes by SKILL.md path, one map per shard (a shard of another config: empty). */
    private readonly raw: ReadonlyArray<Map<string, Buffer>>,
    /** Under a CacheMemory (memory.ts): each shard's snapshots decoded by getHead, by record, kept for the next build. */
    private readonly decoded: ReadonlyArray<Map<Buffer, unknown> | undefined> = [],
    private readonly memory?: CacheMemory,
  ) {}

  /** Whether this project root has a cache (of any config): a run may then hit it. */
  static exists(projectRoot: string): boolean {
    return existsSync(cacheDir(projectRoot));
  }

  /** Opens the cache for this project root and config; a missing or stale shard starts empty. */
  static async open(projectRoot: string, configKey: unknown, memory?: CacheMemory): Promise<AnalysisCache> {
    const dir = cacheDir(projectRoot);
    const key = configCacheKey(configKey);
    const secret = cacheKey();
    // The one file of the caches before shards: it would never be read again.
    const legacy = fsp.rm(path.join(path.dirname(dir), "analysis-v1.json"), { force: true }).catch(() => {});
    // No cache yet, a foreign or unreadable shard: that shard starts empty (it is only ever an optimisation).
    const [shards] = await Promise.all([Promise.all(Array.from({ length: SHARDS }, (_, i) => readRecordFile(shardFile(dir, i), secret, memory))), legacy]);
    // Looked up in the shard its path hashes to: a record anywhere else is never read.
    const raw = shards.map((data) => (data && data.header.key === key ? data.records : new Map<string, Buffer>()));
    return new AnalysisCache(dir, key, secret, raw, shards.map((data) => (data && data.header.key === key ? data.decoded : undefined)), memory);
  }

  /** The analysis stored for `file` under `entryKey`, when it has the right shape. */
  get(file: string, entryKey: string): AnalysisSnapshot | undefined {
    const fresh = this.fresh.get(file);
    if (fresh === undefined || fresh instanceof Uint8Array) return decodeRecord(fresh ?? this.raw[shardOf(file)]!.get(file), entryKey, file);
    return fresh.key === entryKey && isAnalysisSnapshot(fresh.value, file) ? fresh.value : undefined;
  }

  /** As get, for a skill that is not read again: its positions a view, parsed only if asked beyond the description's (analysis-record.ts). */
  getHead(file: string, entryKey: string): AnalysisSnapshot | undefined {
    const fresh = this.fresh.get(file);
    if (fresh !== undefined) return this.get(file, entryKey);
    const shard = shardOf(file);
    const raw = this.raw[shard]!.get(file);
    const kept = raw && this.decoded[shard];
    if (!kept) return decodeRecord(raw, entryKey, file, true);
    // Decoded by an earlier build of this process from these very bytes (the same Buffer).
    const was = kept.get(raw) as { key: string; file: string; snap: AnalysisSnapshot } | undefined;
    if (was?.key === entryKey && was.file === file) return was.snap;
    const snap = decodeRecord(raw, entryKey, file, true);
    // Frozen: a stage that changed it in place would change what the next build reuses (its positions are a view).
    // (Its positions and frontmatter are views, read-only as far as they parse.)
    if (snap) kept.set(raw, { key: entryKey, file, snap: deepFreeze(snap, (v) => v === snap.positions || v === snap.frontmatter) });
    return snap;
  }

  set(file: string, entryKey: string, value: AnalysisSnapshot): void {
    this.setFresh(file, { key: entryKey, value });
  }

  mayHave(file: string): boolean {
    return this.raw[shardOf(file)]!.has(file) || this.fresh.has(file);
  }

  setRecord(file: string, record: string | Uint8Array): Buffer {
    const bytes = typeof record === "string" ? this.utf8(record) : Buffer.from(record.buffer, record.byteOffset, record.byteLength);
    this.setFresh(file, bytes);
    return bytes;
  }

  /** `text`'s UTF-8 bytes, written into the current slab (a Buffer per record took one of Buffer's 8 KB pools per ~3 records). */
  private utf8(text: string): Buffer {
    const most = 3 * text.length;
    if (most > SLAB / 4) return Buffer.from(text, "utf8");
    if (this.slabAt + most > this.slab.length) [this.slab, this.slabAt] = [Buffer.allocUnsafeSlow(SLAB), 0];
    const n = this.slab.write(text, this.slabAt, "utf8");
    const out = this.slab.subarray(this.slabAt, this.slabAt + n);
    this.slabAt += n;
    return out;
  }

  private setFresh(file: string, entry: { key: string; value: AnalysisSnapshot } | Buffer): void {
    const shard = shardOf(file);
    if (!this.fresh.has(file)) this.changed[shard]!.push(file);
    this.fresh.set(file, entry);
    this.dirty.add(shard);
  }

  partOf(file: string): number {
    return shardOf(file);
  }

  /** Writes shard `part` after the writes already under way, if a record was set in it since it was last written. */
  savePart(part: number): void {
    this.writing = this.writing.then(() => this.writeShard(part));
    // Its failure is save()'s to throw (it awaits the same promise), not an unhandled rejection meanwhile.
    this.writing.catch(() => undefined);
  }

  /** Writes each shard that holds a record set by this run and not written yet (savePart), atomically (one after the other); failures are ignored. */
  async save(): Promise<void> {
    await this.writing;
    for (let i = 0; i < SHARDS; i++) await this.writeShard(i);
  }

  /** Writes shard `i` whole (its records read and those set by this run), when one was set since it was last written. */
  private async writeShard(i: number): Promise<void> {
    if (!this.dirty.delete(i)) return;
    const raw = this.raw[i]!;
    const keys = [...new Set([...raw.keys(), ...this.changed[i]!])].sort();
    await writeRecordFile(shardFile(this.dir, i), this.secret, { key: this.key }, this.records(raw, keys), this.memory);
  }

  /**
   * The records in `keys` order, each encoded only when the writer reaches it: the writer holds one
   * batch, so at 10,000 skills the 24 MB of records never sit in memory as strings at once.
   */
  private *records(raw: Map<string, Buffer>, keys: readonly string[]): Generator<readonly [string, Buffer | string]> {
    for (const k of keys) {
      const f = this.fresh.get(k);
      yield [k, f === undefined ? raw.get(k)! : f instanceof Uint8Array ? f : encodeAnalysisRecord(f.key, f.value)];
    }
  }
}

/** Files the records are spread over. */
export const SHARDS = 16;
/** Bytes of a slab of records set as strings (AnalysisCache.utf8). */
const SLAB = 1024 * 1024;

/** The shard of a SKILL.md path: FNV-1a of its UTF-16 code units, modulo SHARDS (the same on every platform). */
export function shardOf(file: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < file.length; i++) h = Math.imul(h ^ file.charCodeAt(i), 0x01000193);
  return (h >>> 0) % SHARDS;
}

/** The analysis cache's folder: `analysis-v2/`, one file per shard. */
export function cacheDir(projectRoot: string): string {
  return path.join(projectRoot, "node_modules", ".cache", "skillc", "analysis-v2");
}

/** Shard `i`'s file: `<two hex digits>.json`. */
export function shardFile(dir: string, i: number): string {
  return path.join(dir, `${i.toString(16).padStart(2, "0")}.json`);
}

/**
 * The records' form (analysis-store.ts encodeAnalysisRecord), part of every file's key: a shard written
 * in another form is ignored whole. "2": positions as flat arrays (pipeline/positions-wire.ts).
 */
const RECORD_FORM = "2";

/** A cache file's key: the skillc version, the records' form and the config's part that changes its records. */
export function configCacheKey(configKey: unknown): string {
  return sha256Hex(cacheVersion() + "\0" + RECORD_FORM + "\0" + stableJson(configKey));
}

/** A record's JSON, or undefined when there is none or it is not JSON (a miss, never a crash). */
export function parseRecord(raw: Buffer | undefined): unknown {
  return raw ? parseJson(raw.toString("utf8")) : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Below this many skills, a run analyses from scratch unless the cache is asked for explicitly. */
export const CACHE_MIN_SKILLS = 32;

/**
 * Whether a run uses the caches: `option` when given (`--cache` / `--no-cache`, the API's `cache`);
 * else never in CI (a CI machine's cache can come from another branch's run, and a build must not
 * depend on it), else from CACHE_MIN_SKILLS skills on.
 */
export function useCache(option: boolean | undefined, skills: number, env: NodeJS.ProcessEnv = process.env): boolean {
  return option ?? (!isCI(env) && skills >= CACHE_MIN_SKILLS);
}

/** JSON with sorted keys, so that equal configs give equal cache keys. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
