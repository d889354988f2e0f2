// The wire of analyze-share.ts: what lint's main thread sends a worker (a batch of whole skills and
// discovery's listings of their folders), what the worker does with it (runShareBatch, in
// analyze-worker.ts), and how its answer becomes the analysis analyzeSkill would have returned
// (fromShare).
import path from "node:path";
import type { Diagnostic, SkillSource } from "../types.js";
import { analysisEntryKey, encodeAnalysisRecord, parseAnalysisRecord, type AnalysisSnapshot, type AnalysisStore, type DirEntry } from "./analysis-store.js";
import { readSkill, type AnalyzeOptions, type SkillAnalysis, type SkillRead } from "./analyze.js";
import { analyzeText, restoreText, snapshotOf, type SnapshotJson, type TextResult } from "./analyze-text.js";
import { leftOutKey } from "./left-out.js";
import { sha256Hex } from "../util/sha256.js";
import { DIR, entryKind, packedEntries } from "./packed-entry.js";

/** What a worker needs of AnalyzeOptions (plain data). */
export type ShareOptions = Pick<AnalyzeOptions, "profile" | "settings" | "extraSchema" | "files">;

export interface ShareBatch {
  kind: "share";
  id: number;
  options: ShareOptions;
  sources: SkillSource[];
  /** Discovery's listings of the skills' folders (packListings), so that the worker lists none of them again. */
  listings: PackedListing[];
}

/** A folder's entries as plain data: real path, names, and each entry's kind (ENTRY_KINDS). */
export type PackedListing = [dir: string, names: string[], kinds: string];

/** The listings discovery read of `source`'s folder and the plain folders below it. */
export function packListings(source: SkillSource, listings: ReadonlyMap<string, DirEntry[]> | undefined, out: PackedListing[]): void {
  if (!listings) return;
  const stack = [source.absDir];
  for (let dir = stack.pop(); dir !== undefined; dir = stack.pop()) {
    const entries = listings.get(dir);
    if (!entries) continue;
    const names: string[] = [];
    let kinds = "";
    const sep = dir.endsWith(path.sep) ? "" : path.sep;
    for (const e of entries) {
      names.push(e.name);
      const kind = entryKind(e);
      kinds += kind;
      if (kind === DIR) stack.push(dir + sep + e.name);
    }
    out.push([dir, names, kinds]);
  }
}

/** The listings as the file walk reads them (DirEntry: a name and its kind). */
export function unpackListings(packed: readonly PackedListing[]): Map<string, DirEntry[]> {
  const out = new Map<string, DirEntry[]>();
  for (const [dir, names, kinds] of packed) out.set(dir, packedEntries(names, kinds));
  return out;
}

/**
 * One skill's answer: unreadable (its diagnostics), or what rebuilds its analysis (`bytes`: its
 * SKILL.md's, an ArrayBuffer of their own, transferred; `record`: its cache record's UTF-8 bytes, a
 * view of the batch's one records buffer, transferred too).
 */
export type ShareResult =
  | { unreadable: Diagnostic[] }
  | { bytes: ArrayBuffer; record: Uint8Array; hash: string; paths: string[]; fileDiagnostics: Diagnostic[] };

export type ShareReply = { id: number; ok: true; results: ShareResult[] } | { id: number; ok: false; error: string };

/** The ArrayBuffers a reply transfers: each skill's bytes (distinct, see ownBuffer) and the records' one buffer (packRecords). */
export function replyTransfers(results: readonly ShareResult[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const r of results) {
    if (!("bytes" in r)) continue;
    out.add(r.bytes);
    out.add(r.record.buffer as ArrayBuffer);
  }
  return [...out];
}

/**
 * The records as UTF-8 views of one ArrayBuffer of their own, to transfer. Sent as strings, each was
 * copied into this thread's heap and lived there until the cache was saved (the young-generation GC
 * copying it twice on the way), and then was encoded to UTF-8 to be written: as bytes they are never
 * strings on that side, and the cache writes them as they are.
 */
function packRecords(records: readonly string[]): Buffer[] {
  let total = 0;
  for (const r of records) total += Buffer.byteLength(r, "utf8");
  // Not from Buffer's pool: a pooled buffer's memory is shared with other Buffers, and is not transferable.
  const all = Buffer.allocUnsafeSlow(total);
  const out: Buffer[] = [];
  let at = 0;
  for (const r of records) {
    const n = all.write(r, at, "utf8");
    out.push(all.subarray(at, at + n));
    at += n;
  }
  return out;
}

/**
 * `bytes` as an ArrayBuffer of their own, to transfer: readFileSync's buffer when it is one (a file
 * past Buffer's 4 KB pool size, read whole), else a copy (a pooled small file's, a view). Copying
 * every skill's bytes into one fresh buffer per batch instead cost the worker ~85 ms at 10,000 skills.
 */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const b = bytes.buffer;
  if (b instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === b.byteLength) return b;
  return new Uint8Array(bytes).buffer as ArrayBuffer;
}

/**
 * Runs one batch as a worker does: reads and analyses every skill, and packs the answers. The analysis
 * is analyzeBytes's for a cache miss, without the SkillAnalysis it would build around it (this thread
 * sends only the record): one options object per batch, the text analysed, its snapshot encoded.
 */
export async function runShareBatch(batch: ShareBatch): Promise<ShareResult[]> {
  const opts: AnalyzeOptions = { ...batch.options, listings: unpackListings(batch.listings), readFiles: false };
  const answers: Array<{ unreadable: Diagnostic[] } | { bytes: ArrayBuffer; record: string; hash: string; paths: string[]; fileDiagnostics: Diagnostic[] }> = [];
  const records: string[] = [];
  for (const source of batch.sources) {
    const read = await readSkill(source, opts);
    if ("outcome" in read) {
      answers.push({ unreadable: read.diagnostics });
      continue;
    }
    const hash = sha256Hex(read.bytes);
    const key = analysisEntryKey(hash, leftOutKey(read.paths, read.leftOut));
    const own = analyzeText(source, read.bytes, new Set(read.paths), opts, hash, read.leftOut);
    const record = encodeAnalysisRecord(key, snapshotOf(own));
    records.push(record);
    answers.push({ bytes: ownBuffer(read.bytes), record, hash, paths: read.paths, fileDiagnostics: read.diagnostics });
  }
  const packed = packRecords(records);
  let k = 0;
  return answers.map((a) => ("unreadable" in a ? a : { ...a, record: packed[k++]! }));
}

/**
 * analyzeSkill's analysis of a skill the cache surely misses, in this thread, as fromShare restores a
 * worker's (and its record given to the cache as a worker's is): its text and body decoded again from
 * the bytes only when read. The analysis made them, and a lint never reads them after: kept, the
 * ~4,500 texts this thread analyses at 10,000 skills (two-byte strings of ~20 KB) were ~90 MB more
 * for the young-generation GC to copy and promote (195 → 106 MB promoted), to live to the end.
 */
export async function analyzeMiss(source: SkillSource, opts: AnalyzeOptions): Promise<SkillAnalysis> {
  const read = await readSkill(source, opts);
  if ("outcome" in read) return read;
  return analyzeRead(source, read, sha256Hex(read.bytes), opts);
}

/** analyzeMiss after its read (`hash`: the bytes' sha256), here or by lint's reading worker (read-wire.ts). */
export function analyzeRead(source: SkillSource, read: Pick<SkillRead, "bytes" | "paths" | "leftOut" | "diagnostics">, hash: string, opts: AnalyzeOptions): SkillAnalysis {
  const own = analyzeText(source, read.bytes, new Set(read.paths), opts, hash, read.leftOut);
  const snap = snapshotOf(own);
  const key = analysisEntryKey(hash, leftOutKey(read.paths, read.leftOut));
  // Encoded now, while a worker is busy too, not when the cache is saved after the analysis, when this thread works alone.
  let kept: Uint8Array | void = undefined;
  if (opts.cache?.setRecord) kept = opts.cache.setRecord(source.file, encodeAnalysisRecord(key, snap));
  else opts.cache?.set(source.file, key, snap);
  // The frontmatter and positions read from the record the cache keeps, when they are read (as a
  // worker's are): the objects made for them die young instead of living to the end of the run.
  const json = kept ? recordJson(kept) : undefined;
  return restored(source, restoreText(source, read.bytes, snap, hash, json), read.paths, read.diagnostics, json);
}

/** The analysis analyzeSkill would have returned, from a worker's answer (and the cache given its record). */
export function fromShare(source: SkillSource, r: ShareResult, cache: AnalysisStore | undefined): SkillAnalysis {
  if ("unreadable" in r) return { outcome: "unreadable", source, diagnostics: r.unreadable };
  const bytes = new Uint8Array(r.bytes);
  const record = Buffer.from(r.record.buffer, r.record.byteOffset, r.record.byteLength);
  const { value, json } = splitRecord(record);
  const own = restoreText(source, bytes, value, r.hash, json);
  if (cache) {
    if (cache.setRecord) cache.setRecord(source.file, record);
    else {
      const entry = parseAnalysisRecord(record.toString("utf8"));
      cache.set(source.file, entry.key, entry.value);
    }
  }
  return restored(source, own, r.paths, r.fileDiagnostics, json);
}

/** readAnalysis's result for a restored text result, its outcome told without reading a frontmatter still JSON. */
function restored(source: SkillSource, own: TextResult, paths: string[], fileDiagnostics: Diagnostic[], json: SnapshotJson | undefined): SkillAnalysis {
  // readAnalysis's members in its order, as literals (a spread of the base cost ~2 µs a skill).
  const diagnostics = [...own.diagnostics, ...fileDiagnostics];
  if (own.skill) return { source, files: undefined, paths, diagnostics, outcome: "valid", parsed: own.parsed, skill: own.skill };
  const unparsed = json ? json.frontmatter === undefined : own.parsed.frontmatter === undefined;
  return { source, files: undefined, paths, diagnostics, outcome: unparsed ? "unparsed" : "invalid", parsed: own.parsed };
}

/**
 * A record's snapshot with only its head parsed (encodeAnalysisRecord's first part): the frontmatter
 * and positions stay JSON bytes until read (analyze-text.ts SnapshotJson). A record of one JSON text is parsed whole.
 */
function splitRecord(record: Buffer): { value: AnalysisSnapshot; json: SnapshotJson | undefined } {
  const json = recordJson(record);
  if (!json) return { value: parseAnalysisRecord(record.toString("utf8")).value, json: undefined };
  const { value } = JSON.parse(record.toString("utf8", 0, record.indexOf(TAB))) as { value: AnalysisSnapshot };
  return { value, json };
}

/** A record's frontmatter (undefined: "null") and positions as views of its UTF-8 bytes; undefined for a record of one JSON text. */
function recordJson(record: Uint8Array): SnapshotJson | undefined {
  const t1 = record.indexOf(TAB);
  const t2 = t1 < 0 ? -1 : record.indexOf(TAB, t1 + 1);
  if (t2 < 0) return undefined;
  const none = t2 - t1 === 5 && record[t1 + 1] === 0x6e && record[t1 + 2] === 0x75 && record[t1 + 3] === 0x6c && record[t1 + 4] === 0x6c; // "null"
  return { frontmatter: none ? undefined : record.subarray(t1 + 1, t2), positions: record.subarray(t2 + 1) };
}

const TAB = 9;
