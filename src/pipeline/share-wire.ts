// The wire of analyze-share.ts: what lint's main thread sends a worker (a batch of whole skills and
// discovery's listings of their folders), what the worker does with it (runShareBatch, in
// analyze-worker.ts), and how its answer becomes the analysis analyzeSkill would have returned
// (fromShare).
import path from "node:path";
import type { Diagnostic, SkillSource } from "../types.js";
import { encodeAnalysisRecord, parseAnalysisRecord, type AnalysisSnapshot, type AnalysisStore, type DirEntry } from "./analysis-store.js";
import { analyzeBytes, readAnalysis, readSkill, type AnalyzeOptions, type SkillAnalysis } from "./analyze.js";
import { restoreText } from "./analyze-text.js";
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

/** One skill's answer: unreadable (its diagnostics), or what rebuilds its analysis. */
export type ShareResult =
  | { unreadable: Diagnostic[] }
  | { start: number; end: number; record: string; hash: string; paths: string[]; fileDiagnostics: Diagnostic[] };

export type ShareReply = { id: number; ok: true; buffer: ArrayBuffer; results: ShareResult[] } | { id: number; ok: false; error: string };

/** Runs one batch as a worker does: reads and analyses every skill, and packs the answers. */
export async function runShareBatch(batch: ShareBatch): Promise<{ buffer: ArrayBuffer; results: ShareResult[] }> {
  const base = { ...batch.options, listings: unpackListings(batch.listings) };
  const parts: Uint8Array[] = [];
  const results: ShareResult[] = [];
  let size = 0;
  for (const source of batch.sources) {
    let entry: { key: string; value: AnalysisSnapshot } | undefined;
    // A store that misses and keeps what is set: the snapshot (and key) the cache would be given.
    const capture: AnalysisStore = { get: () => undefined, set: (_file, key, value) => void (entry = { key, value }) };
    const opts: AnalyzeOptions = { ...base, readFiles: false, cache: capture };
    const read = await readSkill(source, opts);
    if ("outcome" in read) {
      results.push({ unreadable: read.diagnostics });
      continue;
    }
    const analysis = await analyzeBytes(source, read.bytes, undefined, read.paths, read.leftOut, read.diagnostics, opts).done;
    if (!entry || analysis.outcome === "unreadable" || analysis.outcome === "reused") throw new Error("share: no analysis recorded");
    parts.push(read.bytes);
    results.push({ start: size, end: size + read.bytes.byteLength, record: encodeAnalysisRecord(entry.key, entry.value), hash: analysis.parsed.hash, paths: read.paths, fileDiagnostics: read.diagnostics });
    size += read.bytes.byteLength;
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  return { buffer: all.buffer, results };
}

/** The analysis analyzeSkill would have returned, from a worker's answer (and the cache given its record). */
export function fromShare(source: SkillSource, buffer: ArrayBuffer, r: ShareResult, cache: AnalysisStore | undefined): SkillAnalysis {
  if ("unreadable" in r) return { outcome: "unreadable", source, diagnostics: r.unreadable };
  const bytes = new Uint8Array(buffer, r.start, r.end - r.start);
  const entry = parseAnalysisRecord(r.record);
  const own = restoreText(source, bytes, entry.value, r.hash);
  if (cache) {
    if (cache.setRecord) cache.setRecord(source.file, r.record);
    else cache.set(source.file, entry.key, entry.value);
  }
  return readAnalysis({ source, files: undefined, paths: r.paths, diagnostics: [...own.diagnostics, ...r.fileDiagnostics] }, own.parsed, own.skill);
}
