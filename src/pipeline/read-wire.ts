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
import path from "node:path";
import { cannotRead, fileOptionsOf, type AnalyzeOptions, type SkillAnalysis } from "./analyze.js";
import { listFiles } from "./files.js";
import { readBatch } from "./batch-read.js";
import { sha256Hex } from "../util/sha256.js";
import type { LeftOut } from "./left-out.js";
import { analyzeRead, unpackListings, type PackedListing, type ShareOptions } from "./share-wire.js";

export interface ReadBatch {
  kind: "read";
  id: number;
  options: ShareOptions;
  sources: SkillSource[];
  /** Discovery's listings of the skills' folders (share-wire.ts packListings). */
  listings: PackedListing[];
}

/** One skill as the worker read it: unreadable (its diagnostics), or its bytes (a view of the batch's one buffer, transferred: batch-read.ts), their hash and its files. */
export type ReadResult = { unreadable: Diagnostic[] } | { bytes: Uint8Array; hash: string; paths: string[]; leftOut: LeftOut; fileDiagnostics: Diagnostic[] };

export type ReadReply = { id: number; ok: true; results: ReadResult[] } | { id: number; ok: false; error: string };

/**
 * Reads one batch as the worker does: what readSkill reads (lint: the SKILL.md's bytes, then the
 * files listed), the batch's SKILL.md files first, into one buffer (batch-read.ts).
 */
export async function runReadBatch(batch: ReadBatch): Promise<ReadResult[]> {
  const opts: AnalyzeOptions = { ...batch.options, listings: unpackListings(batch.listings), readFiles: false };
  const fileOpts = fileOptionsOf(opts);
  const all = readBatch(batch.sources.map((s) => path.join(s.absDir, s.fileName)));
  const out: ReadResult[] = [];
  for (let k = 0; k < batch.sources.length; k++) {
    const source = batch.sources[k]!;
    const bytes = all[k]!;
    if (!(bytes instanceof Uint8Array)) {
      out.push({ unreadable: cannotRead(source, bytes.error, opts) });
      continue;
    }
    const listed = await listFiles(source, fileOpts);
    out.push({ bytes, hash: sha256Hex(bytes), paths: listed.paths, leftOut: listed.leftOut, fileDiagnostics: listed.diagnostics });
  }
  return out;
}

/** The ArrayBuffers a read reply transfers: the buffers of the skills' bytes (the batch's one, and any read on its own). */
export function readTransfers(results: readonly ReadResult[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const r of results) if ("bytes" in r) out.add(r.bytes.buffer as ArrayBuffer);
  return [...out];
}

/** Whether a worker's result has the shape of a ReadResult (a worker that answers otherwise gets no more). */
export function isReadResult(r: unknown): r is ReadResult {
  if (typeof r !== "object" || r === null) return false;
  const o = r as Record<string, unknown>;
  if ("unreadable" in o) return Array.isArray(o.unreadable);
  return o.bytes instanceof Uint8Array && typeof o.hash === "string" && Array.isArray(o.paths) && o.leftOut instanceof Map && Array.isArray(o.fileDiagnostics);
}

/** The analysis analyzeSkill would have returned for a skill the worker read: analysed here, its record given to the cache as analyzeMiss gives it. */
export function fromRead(source: SkillSource, r: ReadResult, opts: AnalyzeOptions): SkillAnalysis {
  if ("unreadable" in r) return { outcome: "unreadable", source, diagnostics: r.unreadable };
  return analyzeRead(source, { bytes: r.bytes, paths: r.paths, leftOut: r.leftOut, diagnostics: r.fileDiagnostics }, r.hash, opts);
}
