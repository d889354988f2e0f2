// The build cache: what a rebuild needs to emit a skill that did not change without reading its
// files or serializing it again. Stored beside the analysis cache (node_modules/.cache/skillc), one
// file per output folder (buildCacheFile: builds into two folders alternate warm),
// keyed as a whole by the skillc version and the whole config, per skill by a fingerprint: the
// SKILL.md's and every listed file's (path, size, mtime, ctime, inode, mode) from a stat.
// For each skill it keeps the files' metadata (for manifest.json, index.d.ts, the content hash) and
// where the skill's line sits in the index.js that build wrote, with a hash of that line. A rebuild
// copies an unchanged skill's line from the previous index.js (read once) when its key (name, path,
// scope, rank, content hash) is the same and the line's bytes are verified; anything else — a
// deleted or edited index.js, a renamed skill — falls back to reading and serializing that skill.
// The same goes for the other outputs: a reused skill's entry is copied from the previous
// manifest.json (by offset, while that file keeps its recorded stat fingerprint), and the catalogs
// and index.d.ts are kept as they are on disk while the hash of what they are rendered from is
// unchanged and their fingerprints match; anything else renders them again.
// Residual risk, as with make or tsc: a file rewritten with the same size within one mtime/ctime
// tick, keeping its inode, is taken as unchanged (delete the cache or touch the file to force it).
// The split layout's lines live in metadata shards (chunks/<hash>.js): a shard with the fingerprint
// recorded when it was written is trusted as index.js is; any other is read with its lines hashed.
// Trust: as the analysis cache, signed per user (signed-file.ts) and shape-checked as read (shape.ts).
// Stored as records (signed-file.ts): one per skill, parsed when looked up, its line's and manifest
// entry's offsets kept apart in the header (`at`); an entry equal to the one read but for those
// offsets (a reused skill, moved or not) is written back as its bytes, and a rebuild that changed
// nothing leaves the file as it is.
// Kept as one file: every way back to a previous output (index.js, manifest.json, the shards, the
// output groups) shares the one fingerprint scheme and the one record file; split apart, each would
// carry its own copy of both.
import { hash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { BuildEntry, BuildStore } from "../pipeline/analysis-store.js";
import { configCacheKey, parseRecord } from "./analysis-cache.js";
import { cacheKey, readRecordFile, writeRecordFile } from "./signed-file.js";
import { filePrint } from "../util/file-print.js";
import { deepFreeze, type CacheMemory } from "./memory.js";
import { isBuildEntry, isObj, isOutputEntry, isStrRecord } from "./shape.js";
import { readRange } from "../util/read-fully.js";

interface OutputEntry {
  /** Hash of everything the group is rendered from (see emit's `outputs`). */
  key: string;
  /** The group's files in outDir, by name, with their stat fingerprint as written. */
  files: Record<string, string>;
  extra?: unknown;
}

interface BuildCacheFile {
  key: string;
  /** Outputs other than index.js, by group. */
  outputs?: Record<string, OutputEntry>;
  /** Stat fingerprint of the index.js the lines point into, as written. */
  index?: string;
  /** Stat fingerprint of the manifest.json the entries' `manifest` spans point into, as written. */
  manifest?: string;
  /** Split layout: stat fingerprints of the metadata shards the lines point into, as written. */
  shards?: Record<string, string>;
  /**
   * Every record's line offset and manifest offset, two numbers a record in record order (-1: none).
   * Kept out of the records: one changed skill moves the lines of every skill after it, and with the
   * offsets inside, each moved record was serialized again (10,000 skills: 10 MB, ~0.2 s a rebuild).
   */
  at?: number[];
}

/** Records encodeAhead encodes between two turns of the event loop (~5 ms). */
const ENCODE_SLICE = 256;

/** A line's key: its parts as JSON (short strings already; hashing them cost more than it saved). */
export function lineKey(parts: unknown[]): string {
  return JSON.stringify(parts);
}

export function sha1(bytes: Uint8Array): string {
  // One-shot: a Hash object per line cost a 10,000-skill rebuild about 90 ms (same digest).
  return hash("sha1", bytes, "hex");
}

/** Opened without blocking (a FIFO) and read only when a regular file (not a link to /dev/zero, which never ends). */
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
const readRegular = (fd: number, st: fs.Stats): Buffer | undefined => (st.isFile() ? fs.readFileSync(fd) : undefined);

const closed = (): never => {
  throw new Error("skillc: a reused line's bytes were asked for after its build closed the previous index.js");
};

/** Whether two JSON-like values are equal as JSON would write them (key order aside; undefined members absent). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const y = b as unknown[];
    if (a.length !== y.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const kx = Object.keys(x).filter((k) => x[k] !== undefined);
  const ky = Object.keys(y).filter((k) => y[k] !== undefined);
  if (kx.length !== ky.length) return false;
  for (const k of kx) if (!Object.hasOwn(y, k) || !sameJson(x[k], y[k])) return false;
  return true;
}

/** Whether `v` is a header's `at`: two offsets (each -1 or a natural number) for each of `records` records. */
function isOffsets(v: unknown, records: number): v is number[] {
  if (!Array.isArray(v) || v.length !== 2 * records) return false;
  for (const n of v) if (!(Number.isInteger(n) && (n as number) >= -1 && (n as number) < 2 ** 53)) return false;
  return true;
}

/** An entry as its record holds it: without the offsets, which the header holds (see `at`). */
function stored(e: BuildEntry): unknown {
  const { line, manifest, ...rest } = e;
  const l = line && { key: line.key, length: line.length, sha1: line.sha1, ...(line.file !== undefined && { file: line.file }) };
  return { ...rest, ...(l && { line: l }), ...(manifest && { manifest: { length: manifest.length } }) };
}

export class BuildCache implements BuildStore {
  private prevIndex: Buffer | undefined;
  /** The previous index.js, open, when the cache trusts it: its lines are read from it (or spliced) by range, never the whole file. */
  private prevFile: { fd: number; size: number } | undefined;
  private trusted = false;
  private loaded = false;
  /** Output groups of this build, recorded by save() with their files' fingerprints. */
  private outputs: Record<string, { key: string; names: readonly string[]; extra?: unknown; reused?: boolean }> = {};

  private constructor(
    private readonly file: string,
    private readonly key: string,
    private readonly indexFile: string,
    private readonly data: BuildCacheFile,
    /** The entries as read: raw JSON bytes by SKILL.md path, each parsed when its skill is looked up. */
    private readonly raw: Map<string, Buffer>,
    private readonly secret: Buffer | undefined,
    /** Each record's place in the file (its offsets are `data.at[2i]` and `[2i + 1]`). */
    private readonly order: Map<string, number> = new Map(),
    /** Under a CacheMemory (memory.ts): records parsed by an earlier build of this process, by record. */
    private readonly decoded?: Map<Buffer, unknown>,
    private readonly memory?: CacheMemory,
  ) {}

  static async open(projectRoot: string, configKey: unknown, outDir: string, memory?: CacheMemory): Promise<BuildCache> {
    const file = buildCacheFile(projectRoot, outDir);
    // The one file of the builds before there was one per outDir: it would never be read again.
    const legacy = fs.promises.rm(path.join(path.dirname(file), "build-v1.json"), { force: true }).catch(() => {});
    // manifest: "bytes": the spans count bytes (a file whose spans counted UTF-16 units starts empty).
    const key = configCacheKey({ build: configKey, manifest: "bytes" });
    const indexFile = path.join(outDir, "index.js");
    let data: BuildCacheFile = { key };
    let raw = new Map<string, Buffer>();
    let decoded: Map<Buffer, unknown> | undefined;
    const order = new Map<string, number>();
    const secret = cacheKey();
    // No cache yet, a foreign or unreadable one: start empty (it is only ever an optimisation).
    const [read] = await Promise.all([readRecordFile(file, secret, memory), legacy]);
    const h = read?.header;
    // Records without their offsets (a malformed `at`) are of no use: start empty.
    if (h && h.key === key && isOffsets(h.at, read.records.size)) {
      data = {
        key,
        outputs: isObj(h.outputs) ? (h.outputs as BuildCacheFile["outputs"]) : undefined,
        index: typeof h.index === "string" ? h.index : undefined,
        manifest: typeof h.manifest === "string" ? h.manifest : undefined,
        shards: isStrRecord(h.shards) ? h.shards : undefined,
        at: h.at,
      };
      raw = read.records;
      decoded = read.decoded;
      let i = 0;
      for (const k of raw.keys()) order.set(k, i++);
    }
    return new BuildCache(file, key, indexFile, data, raw, secret, order, decoded, memory);
  }

  /** The entry of a skill whose folder still has this fingerprint. */
  get(file: string, fp: string): BuildEntry | undefined {
    const raw = this.raw.get(file);
    if (this.decoded && raw) return this.getKept(raw, this.decoded, fp, this.order.get(file));
    const e = parseRecord(raw);
    const i = this.order.get(file);
    if (!isObj(e) || e.fp !== fp || i === undefined) return undefined;
    // The offsets from the header, over whatever the record says.
    if (isObj(e.line)) e.line.offset = this.data.at![2 * i];
    if (isObj(e.manifest)) e.manifest.offset = this.data.at![2 * i + 1];
    return isBuildEntry(e) ? e : undefined;
  }

  /** As get, the record parsed once for the process (kept frozen), its offsets set on a copy. */
  private getKept(raw: Buffer, kept: Map<Buffer, unknown>, fp: string, i: number | undefined): BuildEntry | undefined {
    let e = kept.get(raw);
    if (e === undefined) kept.set(raw, (e = deepFreeze(parseRecord(raw) ?? null)));
    if (!isObj(e) || e.fp !== fp || i === undefined) return undefined;
    const at = this.data.at!;
    const copy = { ...e, ...(isObj(e.line) && { line: { ...e.line, offset: at[2 * i] } }), ...(isObj(e.manifest) && { manifest: { ...e.manifest, offset: at[2 * i + 1] } }) };
    return isBuildEntry(copy) ? copy : undefined;
  }

  /** Whether any entry exists for this skill (a cold build stats nothing). */
  has(file: string): boolean {
    return this.raw.has(file);
  }

  private loadIndex(): void {
    if (this.loaded) return;
    this.loaded = true;
    let fd: number | undefined;
    try {
      const st = fs.fstatSync((fd = fs.openSync(this.indexFile, OPEN_FLAGS)));
      // Trusted: kept open (builds replace index.js by rename, so this fd keeps the recorded bytes).
      if ((this.trusted = this.data.index !== undefined && this.data.index === filePrint(st))) this.prevFile = { fd, size: st.size };
      else this.prevIndex = readRegular(fd, st);
    } catch {
      this.prevIndex = undefined;
    } finally {
      if (fd !== undefined && !this.prevFile) fs.closeSync(fd);
    }
  }

  /** Whether index.js on disk is still the file this cache trusted (a build may have replaced it since). */
  indexUnmoved(): boolean {
    try {
      return this.trusted && this.data.index === filePrint(fs.statSync(this.indexFile));
    } catch {
      return false;
    }
  }

  /** Notes index.js as this build committed or kept it (called with outDir's lock held): save() records that one. */
  noteIndex(): void {
    this.committedIndex = fingerprintOf(this.indexFile);
    this.committedManifest = fingerprintOf(path.join(path.dirname(this.indexFile), "manifest.json"));
  }

  private committedIndex: string | undefined;
  private committedManifest: string | undefined;

  /** Closes the previous index.js (after the write, or by a build that wrote nothing). */
  closeIndex(): void {
    if (this.prevFile) fs.closeSync(this.prevFile.fd);
    this.prevFile = undefined;
  }

  private prevManifest: Buffer | undefined;
  private manifestLoaded = false;

  /** A reused skill's entry in the previous manifest.json, when the cache trusts that file as its own. */
  manifestEntry(entry: BuildEntry): Buffer | undefined {
    const m = entry.manifest;
    if (!m) return undefined;
    if (!this.manifestLoaded) {
      this.manifestLoaded = true;
      try {
        const fd = fs.openSync(path.join(path.dirname(this.indexFile), "manifest.json"), OPEN_FLAGS);
        try {
          const st = fs.fstatSync(fd);
          const bytes = readRegular(fd, st);
          if (bytes && this.data.manifest !== undefined && this.data.manifest === filePrint(st) && bytes.length === st.size) this.prevManifest = bytes;
        } finally {
          fs.closeSync(fd);
        }
      } catch {
        this.prevManifest = undefined;
      }
    }
    const prev = this.prevManifest;
    if (prev === undefined || m.offset < 0 || m.offset + m.length > prev.length) return undefined;
    // Bytes: the offsets are the file's (manifest.ts), not decoded to text.
    return prev.subarray(m.offset, m.offset + m.length);
  }

  /** The previous line of `entry` when its key matches and its bytes are intact; from a trusted index.js, its `span` (emit splices it; bytes read if asked). */
  line(entry: BuildEntry, key: string): { bytes: Uint8Array; sha1: string; span?: { offset: number; length: number } } | undefined {
    const l = entry.line;
    if (!l || l.key !== key) return undefined;
    if (l.file === undefined) this.loadIndex();
    const file = l.file === undefined ? this.prevFile : undefined;
    if (file) {
      if (l.offset < 0 || l.offset + l.length > file.size) return undefined;
      // Read only while the file is open here: a closed fd's number may name another file by then.
      const bytes = () => (this.prevFile === file ? readRange(file.fd, l.offset, l.length) : closed());
      return { sha1: l.sha1, span: { offset: l.offset, length: l.length }, get bytes() { return bytes(); } };
    }
    const shard = l.file === undefined ? undefined : this.shard(l.file);
    const prev = l.file === undefined ? this.prevIndex : shard?.bytes;
    if (!prev || l.offset < 0 || l.offset + l.length > prev.length) return undefined;
    const bytes = prev.subarray(l.offset, l.offset + l.length);
    // Verified unless its file is the one the cache recorded as written (same stat fingerprint).
    const trusted = l.file === undefined ? this.trusted : shard!.trusted;
    if (!trusted && sha1(bytes) !== l.sha1) return undefined;
    return { bytes, sha1: l.sha1 };
  }

  private readonly shards = new Map<string, { bytes: Buffer; trusted: boolean } | undefined>();

  /**
   * A split layout's metadata shard in outDir (`chunks/<hash>.js`), read once; undefined when
   * missing. Trusted (its lines not hashed again) when it has the fingerprint it had when written.
   */
  private shard(file: string): { bytes: Buffer; trusted: boolean } | undefined {
    if (!this.shards.has(file)) {
      let read: { bytes: Buffer; trusted: boolean } | undefined;
      try {
        const fd = fs.openSync(path.join(path.dirname(this.indexFile), file), OPEN_FLAGS);
        try {
          const st = fs.fstatSync(fd);
          const bytes = readRegular(fd, st);
          if (!bytes) throw new Error("not a regular file");
          const fp = this.data.shards && Object.hasOwn(this.data.shards, file) ? this.data.shards[file] : undefined;
          read = { bytes, trusted: fp !== undefined && fp === filePrint(st) && bytes.length === st.size };
        } finally {
          fs.closeSync(fd);
        }
      } catch {
        read = undefined;
      }
      this.shards.set(file, read);
    }
    return this.shards.get(file);
  }

  /** A metadata shard's size, when it was read for a reused line and is trusted (the fingerprint it had when written). */
  shardSize(file: string): number | undefined {
    const s = this.shards.get(file);
    return s?.trusted ? s.bytes.length : undefined;
  }

  /**
   * The files of an output group as the previous build wrote them, when its key is unchanged and
   * every file still has the fingerprint it had right after that write.
   */
  output(group: string, key: string, names: readonly string[]): { files: Map<string, string>; extra?: unknown } | undefined {
    const prev: unknown = this.data.outputs && Object.hasOwn(this.data.outputs, group) ? this.data.outputs[group] : undefined;
    if (!isOutputEntry(prev) || (prev as OutputEntry).key !== key) return undefined;
    return this.readOutput(group, key, names, prev as OutputEntry);
  }

  private readOutput(group: string, key: string, names: readonly string[], prev: OutputEntry): { files: Map<string, string>; extra?: unknown } | undefined {
    const files = new Map<string, string>();
    try {
      for (const name of names) {
        const file = path.join(path.dirname(this.indexFile), name);
        const fd = fs.openSync(file, OPEN_FLAGS);
        try {
          const st = fs.fstatSync(fd);
          if (!st.isFile() || !Object.hasOwn(prev.files, name) || prev.files[name] !== filePrint(st)) return undefined;
          const bytes = fs.readFileSync(fd);
          if (bytes.length !== st.size) return undefined;
          files.set(name, bytes.toString("utf8"));
        } finally {
          fs.closeSync(fd);
        }
      }
    } catch {
      return undefined;
    }
    this.outputs[group] = { key, names, extra: prev.extra, reused: true };
    return { files, extra: prev.extra };
  }

  /** The names of the outputs reused as they are on disk. */
  reusedOutputs(): string[] {
    return Object.values(this.outputs).flatMap((o) => (o.reused ? [...o.names] : []));
  }

  /** Records an output group rendered by this build (saved with its files' fingerprints). */
  setOutput(group: string, key: string, names: readonly string[], extra?: unknown): void {
    this.outputs[group] = { key, names, extra };
  }

  /** The previous index.js (open), when trusted as the one recorded: emit splices lines from it, and keeps it when the bytes come out equal. */
  trustedIndex(): { fd: number; size: number } | undefined {
    return this.loaded && this.trusted ? this.prevFile : undefined;
  }

  /**
   * Replaces every entry and records the index.js just written; failures are ignored. `same`: the
   * skills whose entry equals the one read (written back as the bytes read, not serialized again);
   * when that is every entry and nothing else changed, the file is left as it is.
   */
  async save(entries: Record<string, BuildEntry>, same: ReadonlySet<string> = new Set()): Promise<void> {
    this.prevIndex = undefined;
    this.closeIndex();
    this.shards.clear();
    const out: BuildCacheFile = { key: this.key };
    // The index.js noted under the lock: one another build committed after it is not this build's,
    // and offsets into it would splice wrong bytes. Not noted: lines are verified by hash next time.
    // The same for manifest.json, whose entries are cut by byte offsets too (none noted: none copied).
    out.index = this.committedIndex;
    out.manifest = this.committedManifest;
    this.prevManifest = undefined;
    out.outputs = this.outputFingerprints();
    out.shards = this.shardFingerprints(entries);
    const keys = Object.keys(entries).sort();
    const unchanged = keys.length === this.raw.size && keys.every((k) => same.has(k) && this.raw.has(k));
    const at: number[] = [];
    for (const k of keys) at.push(entries[k]!.line?.offset ?? -1, entries[k]!.manifest?.offset ?? -1);
    const header = { key: out.key, outputs: out.outputs, index: out.index, manifest: out.manifest, ...(out.shards && { shards: out.shards }), at };
    // Compared as values, not as stable JSON: the outputs' `extra` lists thousands of names.
    if (unchanged && sameJson(header, { ...this.data, outputs: this.data.outputs ?? {} })) return;
    // Each record encoded when the streaming writer reaches it, unless encodeAhead did already.
    const raw = this.raw;
    const ahead = this.encoded?.entries === entries ? this.encoded.records : undefined;
    this.encoded = undefined;
    const records = (function* () {
      for (const k of keys) yield [k, same.has(k) && raw.has(k) ? raw.get(k)! : (ahead?.get(k) ?? JSON.stringify(stored(entries[k]!)))] as const;
    })();
    await writeRecordFile(this.file, this.secret, header, records, this.memory);
  }

  /** Records encodeAhead made for save(), and the entries they were made from. */
  private encoded?: { entries: Record<string, BuildEntry>; records: Map<string, string> };

  /**
   * Encodes the records save() will write for `entries` (final by now: save() keeps only their
   * offsets apart, in the header), a slice at a time between turns of the event loop: a writing
   * build calls it before its commit, whose fdatasyncs and renames leave this thread waiting on the
   * disk (10,000 skills: ~0.2 s of encoding, which otherwise followed the commit). The header waits
   * for the commit (the files' fingerprints as committed); save() encodes whatever is not here yet.
   */
  async encodeAhead(entries: Record<string, BuildEntry>, same: ReadonlySet<string>): Promise<void> {
    const records = new Map<string, string>();
    this.encoded = { entries, records };
    let n = 0;
    for (const k in entries) {
      if (this.encoded?.records !== records) return;
      if (!(same.has(k) && this.raw.has(k))) records.set(k, JSON.stringify(stored(entries[k]!)));
      if (++n % ENCODE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The fingerprints of the metadata shards `entries` point into, as they are now (none when there are none). */
  private shardFingerprints(entries: Record<string, BuildEntry>): Record<string, string> | undefined {
    const files = new Set<string>();
    for (const k in entries) {
      const f = entries[k]!.line?.file;
      if (f !== undefined) files.add(f);
    }
    if (files.size === 0) return undefined;
    const out: Record<string, string> = {};
    for (const f of [...files].sort()) {
      try {
        out[f] = filePrint(fs.statSync(path.join(path.dirname(this.indexFile), f)));
      } catch {
        // gone: its lines are verified by hash next time
      }
    }
    return out;
  }

  /** This build's output groups with their files' fingerprints as they are now. */
  private outputFingerprints(): Record<string, OutputEntry> {
    const outputs: Record<string, OutputEntry> = {};
    for (const [group, o] of Object.entries(this.outputs)) {
      try {
        const files: Record<string, string> = {};
        for (const name of o.names) files[name] = filePrint(fs.statSync(path.join(path.dirname(this.indexFile), name)));
        outputs[group] = { key: o.key, files, ...(o.extra !== undefined && { extra: o.extra }) };
      } catch {
        // a file is missing: the group is rendered again next time
      }
    }
    return outputs;
  }

}

/**
 * The build cache file of one output folder: `build-v1-<12 hex of the sha256 of outDir's real path>.json`.
 * One per outDir, so that a project built into two folders (a single and a split build, two configs)
 * keeps both warm: with one file, each build evicted the other's entries and the next was cold.
 * A folder not yet made is named by its resolved path under its parent's real path.
 */
export function buildCacheFile(projectRoot: string, outDir: string): string {
  const dir = realOutDir(path.resolve(projectRoot, outDir));
  return path.join(projectRoot, "node_modules", ".cache", "skillc", `build-v1-${hash("sha256", dir, "hex").slice(0, 12)}.json`);
}

function realOutDir(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    const parent = path.dirname(dir);
    return parent === dir ? dir : path.join(realOutDir(parent), path.basename(dir));
  }
}

/** A file's fingerprint, undefined when it is missing. */
function fingerprintOf(file: string): string | undefined {
  try {
    return filePrint(fs.statSync(file));
  } catch {
    return undefined;
  }
}
