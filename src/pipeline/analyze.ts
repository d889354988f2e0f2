// One skill through the per-skill stages: read → parse → validate → body checks.
// Shared by lint (file list only) and build (file contents too). Never throws for bad input.
// With a cache, a skill whose SKILL.md bytes and file list are unchanged skips parse, validate and
// the body checks: the cached result is what they would compute again.
import fs from "node:fs";
import path from "node:path";
import type { Diagnostic, ParsedSkill, Profile, RuleSetting, SkillFile, SkillFileMeta, SkillSource, ValidSkill, ValidSkillHead } from "../types.js";
import { analysisEntryKey, type AnalysisSnapshot, type AnalysisStore, type BuildEntry, type BuildStore } from "./analysis-store.js";
import type { Worker } from "node:worker_threads";
import type { AnalyzePool } from "./analyze-pool.js";
import { analyzeText, restoreText, snapshotOf, type TextResult } from "./analyze-text.js";
import { collectFiles, listFiles, walkFiles, type FileOptions } from "./files.js";
import type { DirEntry } from "./discover-options.js";
import { Reporter } from "../diagnostics/reporter.js";
import { SKILL_FILE_UNREADABLE } from "../rules/skill-file-rules.js";
import { leftOutKey, type LeftOut } from "./left-out.js";
import { sha256Hex } from "../util/sha256.js";
import { statPrint, type StatBatch, type StatLike, type StatThread } from "./stat-thread.js";
import type { WalkAhead } from "./walk-ahead.js";

export interface AnalyzeOptions {
  profile: Profile;
  settings: Record<string, RuleSetting>;
  extraSchema?: Record<string, unknown>;
  files: Omit<FileOptions, "settings" | "profile">;
  /** Build reads every supporting file and keeps it; lint lists them (for link checks) and looks inside for hidden characters only. */
  readFiles: boolean;
  cache?: AnalysisStore;
  /** Build only: the build cache; a skill whose folder fingerprint is unchanged is not read at all. */
  build?: BuildStore;
  /** Folder listings discovery already read (see FileOptions.listings). */
  listings?: ReadonlyMap<string, DirEntry[]>;
  /** Worker threads for the CPU part of cache misses (see analyze-pool.ts); none = in this thread. */
  pool?: AnalyzePool;
  /** Lint: workers started before discovery (analyze-share.ts), used when the run shares its skills. */
  early?: { take(): Worker | undefined };
  /** A thread for stats (stat-thread.ts): a large rebuild's skills are walked and stat'ed ahead (analyze-all.ts). */
  stats?: StatThread;
  /** Set by analyzeAll: the skills walked and stat'ed ahead. */
  ahead?: WalkAhead;
  /** See FileOptions.ownListings. */
  ownListings?: Set<string>;
  /** No pool unless SKILLC_WORKERS asks: a streaming split build (10,000 skills, 2 cores: 20.4 s, 699 MB with a worker; 14.3 s, 332 MB without). */
  inThread?: boolean;
}

/** One skill's analysis: what happened to it decides what it has (`outcome`). */
export type SkillAnalysis = UnreadableAnalysis | FailedAnalysis | ValidAnalysis | ReusedAnalysis;

interface AnalysisBase {
  source: SkillSource;
  /** Every diagnostic of the skill's own files (rated by the run's settings, before overrides). */
  diagnostics: Diagnostic[];
}

/** The SKILL.md could not be read: `skill-file-unreadable`, and nothing else is known. */
export interface UnreadableAnalysis extends AnalysisBase {
  outcome: "unreadable";
  skill?: undefined;
}

/** A SKILL.md that was read, and its folder's files listed (lint) or read (build). */
interface ReadAnalysis extends AnalysisBase {
  parsed: ParsedSkill;
  /** The supporting files' paths. */
  paths: string[];
  /** Present when readFiles was set. */
  files?: SkillFile[];
  /** With a build cache: the folder's fingerprint as read (undefined when it cannot be fingerprinted). */
  fp?: string;
  /** Not set: only a reused skill's files are kept for a run record (see ReusedAnalysis.inputs). */
  inputs?: undefined;
}

/** What a folder's fingerprint was made from (a run record keeps them, replay.ts): SKILL.md and its print, the files' real paths and "rel\0print"s. */
export type SkillInputs = { md: string; mdPrint: string; reals: readonly string[]; fps: readonly string[] };

/** The frontmatter failed to parse ("unparsed") or is invalid ("invalid"): the skill goes no further. */
export interface FailedAnalysis extends ReadAnalysis {
  outcome: "unparsed" | "invalid";
  skill?: undefined;
}

/** The frontmatter is valid (warnings allowed). */
export interface ValidAnalysis extends ReadAnalysis {
  outcome: "valid";
  skill: ValidSkill;
}

/**
 * With a build cache: a skill whose folder's fingerprint is unchanged, restored from the caches
 * without reading a byte of it (no text or body; its files' metadata only).
 */
export interface ReusedAnalysis extends AnalysisBase {
  outcome: "reused";
  skill: ValidSkillHead;
  paths: string[];
  files: SkillFileMeta[];
  fp: string;
  inputs: SkillInputs;
  /** The build cache's previous entry, which holds where its line is in the previous index.js. */
  entry: BuildEntry;
}

/** The analysis of a SKILL.md that was read, by what its frontmatter turned out to be. */
export function readAnalysis(base: Pick<ReadAnalysis, "source" | "files" | "paths" | "diagnostics">, parsed: ParsedSkill, skill: ValidSkill | undefined): SkillAnalysis {
  // Literals in the base's order, not a spread of it (it showed in a lint's profile: ~1% of its main thread).
  const { source, files, paths, diagnostics } = base;
  if (skill) return { source, files, paths, diagnostics, outcome: "valid", parsed, skill };
  return { source, files, paths, diagnostics, outcome: parsed.frontmatter === undefined ? "unparsed" : "invalid", parsed };
}

/** What in the options changes an analysis result: the cache is keyed by it. */
export function analysisKey(opts: AnalyzeOptions): unknown {
  return { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema ?? null, files: opts.files };
}

export async function analyzeSkill(source: SkillSource, opts: AnalyzeOptions): Promise<SkillAnalysis> {
  return (await startAnalysis(source, opts)).done;
}

/** A skill's analysis, started: `done` settles once its CPU part (maybe on a worker) is done. */
export type StartedAnalysis = { done: Promise<SkillAnalysis> };

/**
 * Does a skill's I/O and cache lookup, and resolves then: the CPU part of a miss may still be running
 * (on opts.pool). Callers that limit concurrent I/O wait for this, then for `done` of them all.
 */
export async function startAnalysis(source: SkillSource, opts: AnalyzeOptions): Promise<StartedAnalysis> {
  if (opts.build && opts.readFiles) return analyzeWithBuildCache(source, opts, opts.build);
  const read = await readSkill(source, opts);
  if ("outcome" in read) return { done: Promise.resolve(read) };
  return analyzeBytes(source, read.bytes, read.files, read.paths, read.leftOut, read.diagnostics, opts);
}

/**
 * The file walk's options for a run's analysis options, made once per options object: the spread of
 * config.files per skill was ~8 µs (a 10,000-skill rebuild's profile: ~80 ms of analyzeWithBuildCache).
 */
const fileOptions = new WeakMap<AnalyzeOptions, FileOptions>();
export function fileOptionsOf(opts: AnalyzeOptions): FileOptions {
  let f = fileOptions.get(opts);
  if (!f) fileOptions.set(opts, (f = { ...opts.files, settings: opts.settings, profile: opts.profile, listings: opts.listings, ownListings: opts.ownListings }));
  return f;
}

/** What a skill's analysis reads (without a build cache): its SKILL.md's bytes and its folder's files (and their diagnostics). */
export interface SkillRead {
  bytes: Uint8Array;
  files: SkillFile[] | undefined;
  paths: string[];
  leftOut: LeftOut;
  diagnostics: Diagnostic[];
}

/** The I/O part of startAnalysis: the SKILL.md's bytes and the folder's files listed (lint) or read (build). */
export async function readSkill(source: SkillSource, opts: AnalyzeOptions): Promise<SkillRead | UnreadableAnalysis> {
  const fileOpts = fileOptionsOf(opts);
  let bytes: Uint8Array;
  try {
    // Synchronous on purpose: for many small files it is several times faster than fs.promises here
    // (each async read round-trips the thread pool), and discovery admits only regular files.
    bytes = fs.readFileSync(path.join(source.absDir, source.fileName));
  } catch (error) {
    return { outcome: "unreadable", source, diagnostics: cannotRead(source, error, opts) };
  }
  // File-level diagnostics (oversize, escaping links…) are recomputed every run: cheap, and they depend on more than the cache key.
  if (opts.readFiles) {
    const { files, leftOut, diagnostics } = await collectFiles(source, fileOpts);
    return { bytes, files, paths: files.map((f) => f.path), leftOut, diagnostics };
  }
  return { bytes, files: undefined, ...(await listFiles(source, fileOpts)) };
}

/** The build's analysis with a build cache: stat first, and read nothing when the fingerprint is unchanged. */
async function analyzeWithBuildCache(source: SkillSource, opts: AnalyzeOptions, build: BuildStore): Promise<StartedAnalysis> {
  const ready = (a: SkillAnalysis): StartedAnalysis => ({ done: Promise.resolve(a) });
  const fileOpts = fileOptionsOf(opts);
  // Joined only when this thread stats or reads the SKILL.md: a reused skill's stat came from the walk ahead.
  const mdPath = () => path.join(source.absDir, source.fileName);
  const ahead = await opts.ahead?.take(source);
  const walked = ahead?.walked ?? walkFiles(source, fileOpts);
  const known = build.has(source.file);
  if (known && opts.cache) {
    try {
      const pre = ahead?.batch;
      const fps = pre ? walked.stat(pre, ahead.at + 1) : walked.stat();
      const mdPrint = fps && statPrint(pre ? mdStat(pre, ahead.at) : fs.statSync(mdPath()));
      const fp = fps && folderPrint(mdPrint!, fps);
      const entry = fp ? build.get(source.file, fp) : undefined;
      // Reused only when every listed file is a plain file within maxBytes, so reading adds no reasons.
      const cache = opts.cache;
      const entryKey = entry && analysisEntryKey(entry.hash, leftOutKey(walked.paths, walked.walkLeftOut));
      const hit = entryKey && (cache.getHead ? cache.getHead(source.file, entryKey) : cache.get(source.file, entryKey));
      if (fp && entry && hit && hit.fields && hit.frontmatter && hit.fields.toolsets.length === 0) {
        const skill = reusedHead(source, entry.hash, hit, hit.frontmatter, hit.fields);
        // The record's own array and the entry's fingerprint (equal to `fp`): every reused skill's
        // objects live to the end of the run, and each copy is one more for the GC to move (twice).
        const diagnostics = walked.walkDiagnostics.length === 0 ? hit.diagnostics : [...hit.diagnostics, ...walked.walkDiagnostics];
        return ready({ outcome: "reused", source, skill, files: entry.files, paths: walked.paths, diagnostics, fp: entry.fp, inputs: { md: mdPath(), mdPrint: mdPrint!, reals: walked.reals, fps: fps! }, entry });
      }
    } catch {
      // fall through to a full read, which reports what is wrong
    }
  }
  let bytes: Buffer;
  let mdFp: string;
  try {
    const fd = fs.openSync(mdPath(), "r");
    try {
      const st = fs.fstatSync(fd);
      bytes = fs.readFileSync(fd);
      mdFp = bytes.length === st.size ? statPrint(st) : "changed";
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    return ready({ outcome: "unreadable", source, diagnostics: cannotRead(source, error, opts) });
  }
  const fps: string[] = [];
  const collected = walked.read(fps);
  const files = collected.files;
  const paths = files.map((f) => f.path);
  // Fingerprintable only when every listed file was read (none skipped, oversize or special).
  const fp = fps.length === walked.paths.length ? folderPrint(mdFp, fps) : undefined;
  const started = analyzeBytes(source, bytes, files, paths, collected.leftOut, collected.diagnostics, opts);
  // No `inputs` here: a build that analysed a skill records no run (project/replay.ts recordBuild),
  // and holding every file's path and print to the end of a cold build raised its peak by ~20 MB.
  const done = started.done.then((result): SkillAnalysis => (result.outcome === "unreadable" || result.outcome === "reused" ? result : { ...result, fp }));
  done.catch(() => undefined);
  return { done };
}

/**
 * A skill folder's fingerprint: the sha256 of its SKILL.md's stat print and its files' (each
 * "path\0print"), one a line. The digest, not the ~300-character text: the build cache stores one
 * per skill, and a rebuild parsed every one (escaped NULs and all) and kept it to the end of the run
 * (10,000 skills: 2.4 MB of the cache file read, signed and written again, 2.2 MB of strings alive).
 */
export function folderPrint(mdPrint: string, filePrints: readonly string[]): string {
  return sha256Hex("SKILL.md\0" + mdPrint + "\n" + filePrints.join("\n"));
}

/** The SKILL.md's stat made ahead; throws, as statSync would, when it failed. */
function mdStat(pre: StatBatch, at: number): StatLike {
  const st = pre.at(at);
  if (!st) throw new Error("cannot stat");
  return st;
}

/**
 * A reused skill's head: restoreParsed's members less text and body, as one literal (object rest
 * and spread cost ~10 µs a skill, a 10,000-skill rebuild 0.1 s).
 */
function reusedHead(source: SkillSource, hash: string, hit: AnalysisSnapshot, frontmatter: Record<string, unknown>, fields: ValidSkillHead["fields"]): ValidSkillHead {
  const { positions, frontmatterRange, bodyOffset, bodyStart } = hit;
  return { source, hash, frontmatter, positions, frontmatterRange, bodyOffset, bodyStart, diagnostics: hit.diagnostics.slice(0, hit.parsedCount ?? 0), fields };
}

/** `skill-file-unreadable` at the SKILL.md: a skill that cannot be read is said, never skipped. */
export function cannotRead(source: SkillSource, error: unknown, opts: AnalyzeOptions): Diagnostic[] {
  const code = (error as NodeJS.ErrnoException)?.code ?? String((error as Error)?.message ?? error);
  const out: Diagnostic[] = [];
  new Reporter(opts).to(out, source.file)(SKILL_FILE_UNREADABLE, { line: 1, column: 1 }, { kind: "cannot-read", file: source.file, code });
  return out;
}

export function analyzeBytes(
  source: SkillSource,
  bytes: Uint8Array,
  files: SkillFile[] | undefined,
  paths: string[],
  leftOut: LeftOut,
  diagnostics: Diagnostic[],
  opts: AnalyzeOptions,
): StartedAnalysis {
  // Hashed once: the cache key and the parsed skill's `hash` are the same digest.
  const hash = opts.cache ? sha256Hex(bytes) : undefined;
  // Why files are left out changes the link messages, so it is part of the key.
  const key = hash ? analysisEntryKey(hash, leftOutKey(paths, leftOut)) : "";
  const hit = opts.cache?.get(source.file, key);
  const result = (own: TextResult) => readAnalysis({ source, files, paths, diagnostics: [...own.diagnostics, ...diagnostics] }, own.parsed, own.skill);
  if (hit) return { done: Promise.resolve(result(restoreText(source, bytes, hit, hash))) };

  const finish = (own: TextResult & { record?: string }): SkillAnalysis => {
    // A worker's answer may carry its record, encoded there (analyze-pool.ts): stored as it is.
    if (own.record !== undefined && opts.cache?.setRecord) opts.cache.setRecord(source.file, own.record);
    else opts.cache?.set(source.file, key, snapshotOf(own));
    return result(own);
  };
  if (opts.pool) {
    const done = opts.pool.analyze(source, bytes, paths, leftOut.size ? leftOut : undefined, hash, opts.cache?.setRecord ? key : undefined).then(finish);
    // Awaited later with all the others: a rejection must not count as unhandled meanwhile.
    done.catch(() => undefined);
    return { done };
  }
  return { done: Promise.resolve(finish(analyzeText(source, bytes, new Set(paths), opts, hash, leftOut))) };
}
