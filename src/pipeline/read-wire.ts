// The wire of lint's reading worker (analyze-share.ts, mode "reads"): the worker reads a batch of
// skills — each SKILL.md's bytes, its folder's files listed and looked into for hidden characters,
// the bytes hashed — and this thread analyses them (analyzeRead), exactly as analyzeMiss would have
// after its own read.
//
// Why a worker that only reads: on 2 cores, a worker that analyses whole skills (share-wire.ts)
// compiles the analysis all over again in its own isolate: at 10,000 skills its optimizing compiler
// alone was ~0.7 s of CPU on V8's helper threads, and its warm-up made its first skills several
// times dearer. The process then spent ~6 s of CPU over 2 cores for ~3 s of work on one. Reading is
// system calls and native code (open, read, readdir, sha256): the worker's isolate hardly warms up,
// and the analysis is compiled once, here.
import type { Diagnostic, SkillSource } from "../types.js";
import { readSkill, type AnalyzeOptions, type SkillAnalysis } from "./analyze.js";
import { sha256Hex } from "../util/sha256.js";
import type { LeftOut } from "./left-out.js";
import { analyzeRead, ownBuffer, unpackListings, type PackedListing, type ShareOptions } from "./share-wire.js";

export interface ReadBatch {
  kind: "read";
  id: number;
  options: ShareOptions;
  sources: SkillSource[];
  /** Discovery's listings of the skills' folders (share-wire.ts packListings). */
  listings: PackedListing[];
}

/** One skill as the worker read it: unreadable (its diagnostics), or its bytes (an ArrayBuffer of their own, transferred), their hash and its files. */
export type ReadResult = { unreadable: Diagnostic[] } | { bytes: ArrayBuffer; hash: string; paths: string[]; leftOut: LeftOut; fileDiagnostics: Diagnostic[] };

export type ReadReply = { id: number; ok: true; results: ReadResult[] } | { id: number; ok: false; error: string };

/** Reads one batch as the worker does. */
export async function runReadBatch(batch: ReadBatch): Promise<ReadResult[]> {
  const opts: AnalyzeOptions = { ...batch.options, listings: unpackListings(batch.listings), readFiles: false };
  const out: ReadResult[] = [];
  for (const source of batch.sources) {
    const read = await readSkill(source, opts);
    if ("outcome" in read) out.push({ unreadable: read.diagnostics });
    else out.push({ bytes: ownBuffer(read.bytes), hash: sha256Hex(read.bytes), paths: read.paths, leftOut: read.leftOut, fileDiagnostics: read.diagnostics });
  }
  return out;
}

/** The ArrayBuffers a read reply transfers: each skill's bytes. */
export function readTransfers(results: readonly ReadResult[]): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const r of results) if ("bytes" in r) out.push(r.bytes);
  return out;
}

/** Whether a worker's result has the shape of a ReadResult (a worker that answers otherwise gets no more). */
export function isReadResult(r: unknown): r is ReadResult {
  if (typeof r !== "object" || r === null) return false;
  const o = r as Record<string, unknown>;
  if ("unreadable" in o) return Array.isArray(o.unreadable);
  return o.bytes instanceof ArrayBuffer && typeof o.hash === "string" && Array.isArray(o.paths) && o.leftOut instanceof Map && Array.isArray(o.fileDiagnostics);
}

/** The analysis analyzeSkill would have returned for a skill the worker read: analysed here, its record given to the cache as analyzeMiss gives it. */
export function fromRead(source: SkillSource, r: ReadResult, opts: AnalyzeOptions): SkillAnalysis {
  if ("unreadable" in r) return { outcome: "unreadable", source, diagnostics: r.unreadable };
  return analyzeRead(source, { bytes: new Uint8Array(r.bytes), paths: r.paths, leftOut: r.leftOut, diagnostics: r.fileDiagnostics }, r.hash, opts);
}
