// What the analysis keeps between runs, as the pipeline sees it: the entry shapes and the
// interfaces it reads and fills (discovery's folder listings too). The caches in src/cache/
// implement these (signed files, shape checks, keys by version and config); the pipeline never
// imports them, so a run without a cache, or a test with a Map, needs nothing from there.
import { hash } from "node:crypto";
import type { Dirent } from "node:fs";
import type { Diagnostic, NodePositions, Range, SkillFields, SkillFileMeta } from "../types.js";
import { decodeEntry, decodePositions, encodeEntryArray, encodePositions } from "./positions-wire.js";

/**
 * One skill's analysis as plain data, without the source, text and body (re-derived from the bytes,
 * which are read anyway): what the analysis cache stores, what a worker thread sends back, and what
 * both are restored from (analyze-text.ts: snapshotOf, restoreText).
 */
export interface AnalysisSnapshot {
  frontmatter?: Record<string, unknown>;
  positions: NodePositions;
  frontmatterRange: Range;
  bodyOffset: number;
  bodyStart: number;
  fields?: SkillFields;
  /** Every diagnostic of the analysis; the first `parsedCount` are the parser's own. */
  diagnostics: Diagnostic[];
  parsedCount?: number;
}

/** Where analyses are looked up and stored, by SKILL.md path and entry key (src/cache/analysis-cache.ts). */
export interface AnalysisStore {
  get(file: string, entryKey: string): AnalysisSnapshot | undefined;
  /**
   * As get, for a skill whose SKILL.md is not read again (a rebuild's reused skill): its positions
   * may be a read-only view that parses them when first asked (never handed to another thread).
   */
  getHead?(file: string, entryKey: string): AnalysisSnapshot | undefined;
  set(file: string, entryKey: string, value: AnalysisSnapshot): void;
  /** False when nothing at all is stored for `file` (any key): a sure miss, so its analysis can go elsewhere whole (analyze-share.ts). */
  mayHave?(file: string): boolean;
  /**
   * Stores an entry as its record, `encodeAnalysisRecord(key, value)`, encoded elsewhere (a worker) from
   * what `set` would be given: the string, or its UTF-8 bytes (kept as given: a view, not copied).
   * Returns the UTF-8 bytes it keeps, when it keeps bytes: a lint's analysis reads its frontmatter and
   * positions from them when asked (share-wire.ts analyzeRead), not from objects kept to the end.
   */
  setRecord?(file: string, record: string | Uint8Array): Uint8Array | void;
  /** The part of the store (a file of its own) `file`'s entry is saved in: see savePart. */
  partOf?(file: string): number;
  /**
   * Saves one part now, in the background, every skill stored in it being settled (a lint with workers
   * settles the parts one after the other, analyze-share.ts); save() then writes only the parts set since.
   */
  savePart?(part: number): void;
}

/**
 * An analysis cache record as stored (src/cache/analysis-record.ts reads it): three JSON texts joined
 * by tabs (JSON text holds no raw tab), `{"key","value":<the snapshot less frontmatter and positions>,
 * "desc":<positions["/description"]>}`, the frontmatter (or null), the positions; the positions and
 * `desc` in the flat form of positions-wire.ts. A rebuild parses the first two of a skill it does not
 * read, and of its positions only what it asks for.
 */
export function encodeAnalysisRecord(key: string, value: AnalysisSnapshot): string {
  const { frontmatter, positions, ...head } = value;
  const desc = Object.hasOwn(positions, "/description") ? encodeEntryArray(positions["/description"]!) : undefined;
  return JSON.stringify({ key, value: head, desc }) + "\t" + (frontmatter === undefined ? "null" : JSON.stringify(frontmatter)) + "\t" + encodePositions(positions);
}

/**
 * A record as the `{ key, value }` it stands for, whole (a record stored as one JSON text too); throws
 * when it is not JSON or its positions are not of positions-wire.ts's form.
 */
export function parseAnalysisRecord(record: string): { key: string; value: AnalysisSnapshot } {
  const t1 = record.indexOf("\t");
  if (t1 < 0) return JSON.parse(record) as { key: string; value: AnalysisSnapshot };
  const t2 = record.indexOf("\t", t1 + 1);
  const { key, value } = JSON.parse(record.slice(0, t1)) as { key: string; value: AnalysisSnapshot };
  const frontmatter = JSON.parse(record.slice(t1 + 1, t2)) as Record<string, unknown> | null;
  const positions = decodePositions(JSON.parse(record.slice(t2 + 1)));
  if (!positions) throw new Error("positions of another form");
  return { key, value: { ...value, ...(frontmatter !== null && { frontmatter }), positions } };
}

/** A record head's `desc` (encodeAnalysisRecord), or undefined when it is not of positions-wire.ts's form. */
export function decodeDesc(desc: unknown): NodePositions[string] | undefined {
  return decodeEntry(desc);
}

/** A record's parsed positions part (encodeAnalysisRecord), or undefined when it is not of positions-wire.ts's form. */
export function decodeRecordPositions(json: unknown): NodePositions | undefined {
  return decodePositions(json);
}

/** The key of one skill's analysis: the hash of its SKILL.md bytes and the names of its files. */
export function analysisEntryKey(bytesHash: string, fileList: readonly string[]): string {
  // One-shot: a Hash object per skill showed in a 10,000-skill rebuild's profile (same digest).
  return hash("sha256", bytesHash + "\0" + fileList.join("\0"));
}

export interface BuildEntry {
  /** The skill folder's fingerprint when it was read (pipeline/analyze.ts folderPrint: a digest of its files' stats). */
  fp: string;
  /** sha256 of the SKILL.md bytes (the analysis cache's key and the content hash start from it). */
  hash: string;
  files: SkillFileMeta[];
  /**
   * The skill's line in index.js (without the trailing comma): its key, byte offset, length and
   * sha1. Split layout: `file`, the metadata shard (`chunks/<hash>.js` in outDir) it is in instead.
   */
  line?: { key: string; offset: number; length: number; sha1: string; file?: string };
  /** The skill's entry in manifest.json's `skills` (UTF-16 offset and length), valid while `line.key` is. */
  manifest?: { offset: number; length: number };
  /** Split layout: the hash of the skill's chunk (`chunks/<hash>.js` in outDir). */
  chunk?: string;
  /** What the skill gives each output group's key (emit/index.ts), by group: a digest of its fields there, valid while `line.key` is. */
  parts?: Record<string, string>;
  /**
   * The skill's content hash (project/compile.ts), a function of `hash` and `files` alone: a reused
   * skill takes it from here rather than hashing its files' digests again (~2 µs a skill). Absent
   * in an entry written before it was recorded.
   */
  contentHash?: string;
}

/** The build's previous entries, by SKILL.md path and folder fingerprint (src/cache/build-cache.ts). */
export interface BuildStore {
  has(file: string): boolean;
  get(file: string, fp: string): BuildEntry | undefined;
}

/** What discovery and the file walk read of a folder entry: a Dirent, or one restored from the listing cache. */
export type DirEntry = Pick<Dirent, "name" | "isFile" | "isDirectory" | "isSymbolicLink">;

/**
 * Folder listings kept between runs (src/cache/listing-cache.ts): the entries of a folder as read when
 * its stat had fingerprint `fp` (a folder's mtime changes whenever an entry is added, removed or
 * renamed in it, so an unchanged folder is stat'ed, not listed again).
 */
export interface ListingStore {
  get(realDir: string, fp: string): DirEntry[] | undefined;
  /** Records a fresh listing; `fp` undefined when the folder changed too recently to be trusted next time. */
  set(realDir: string, fp: string | undefined, entries: readonly DirEntry[]): void;
}

/** recheck's verdict on one trigger pattern, as trigger-checks.ts gives and keeps it (frontmatter/trigger-regex.ts RegexVerdict). */
export type RegexVerdict = { ok: true } | { ok: false; kind: "invalid" | "redos"; reason: string };

/** A verdict recheck finished, with what it cost. */
export interface KeptVerdict {
  verdict: RegexVerdict;
  ms: number;
}

/** Verdicts recheck finished, by pattern source (src/cache/regex-verdicts.ts keeps them between runs). */
export interface RegexVerdictStore {
  /** The verdict, and the milliseconds recheck took to reach it (a rebuild charges them to its run's time, as the first run did). */
  get(source: string): KeptVerdict | undefined;
  set(source: string, kept: KeptVerdict): void;
  /** Writes what this run used and made. */
  save(): Promise<void>;
}
