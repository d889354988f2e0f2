// The analysis pool's wire format (analyze-pool.ts): what a batch of cache misses carries to a worker
// thread, and what comes back: a TextResult as its snapshot and hash (the text and body are
// re-derived from the bytes), with its analysis-cache record when the job gave the entry key.
import type { SkillSource } from "../types.js";
import { encodeAnalysisRecord, type AnalysisSnapshot } from "./analysis-store.js";
import { analyzeText, restoreText, snapshotOf, type TextOptions, type TextResult } from "./analyze-text.js";

/** `record`: the analysis cache's record of it (encodeAnalysisRecord), when the job gave its entry key. */
export type WireResult = AnalysisSnapshot & { hash: string; record?: string };

export interface WireJob {
  source: SkillSource;
  /** Byte range of the SKILL.md in the batch's buffer. */
  start: number;
  end: number;
  paths: string[];
  leftOut?: ReadonlyMap<string, string>;
  /** The SKILL.md's sha256 when this thread has it already (the cache key): not hashed twice. */
  hash?: string;
  /**
   * The analysis cache's entry key, when the result goes into the cache: the worker encodes the
   * record too, which this thread would otherwise do for every skill while saving the cache (10,000
   * skills: ~0.3 s, between the analysis and resolve, while the worker sits idle).
   */
  key?: string;
}

export interface WireBatch {
  id: number;
  options: TextOptions;
  buffer: ArrayBuffer;
  jobs: WireJob[];
}

export type WireReply = { id: number; ok: true; results: WireResult[] } | { id: number; ok: false; error: string };

export function toWire(r: TextResult, key?: string): WireResult {
  const snap = snapshotOf(r);
  return key === undefined ? { ...snap, hash: r.parsed.hash } : { ...snap, hash: r.parsed.hash, record: encodeAnalysisRecord(key, snap) };
}

/** What the pool answers: analyzeText's result, and its cache record when the worker encoded it. */
export type PoolResult = TextResult & { record?: string };

/** The TextResult analyzeText would have returned, from its wire form and the same bytes (with the record, when there is one). */
export function fromWire(source: SkillSource, bytes: Uint8Array, w: WireResult): PoolResult {
  const r: PoolResult = restoreText(source, bytes, w, w.hash);
  if (w.record !== undefined) r.record = w.record;
  return r;
}

/** Runs one batch as a worker does (also the worker's whole job). */
export function runBatch(batch: WireBatch): WireResult[] {
  const all = new Uint8Array(batch.buffer);
  return batch.jobs.map((j) => toWire(analyzeText(j.source, all.subarray(j.start, j.end), new Set(j.paths), batch.options, j.hash, j.leftOut), j.key));
}
