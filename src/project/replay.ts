// A rebuild whose inputs are all as the last writing build saw them gives that build's result again:
// its diagnostics and summary, replayed from a record (cache/run-record.ts), with nothing discovered,
// restored from the caches, rendered or written. The inputs are what a build's result is a function
// of, and the record holds each with what vouches for it:
//   - the options and config: the record's key;
//   - every folder discovery listed: its stat print (its mtime changes when an entry is added,
//     removed or renamed in it, as the listing cache trusts), and the links among their entries,
//     resolved when their folder was listed, with the kind of their targets (a link's target can change
//     without its folder's print);
//   - the roots' real paths, and the kind of each (a folder, a file, another);
//   - every skill's SKILL.md and listed files: their stat prints (as the build cache trusts);
//   - outDir: each file's stat print, no other file, and no other build's temp folder or lock beside it.
// Checking them is a flat list of stats, shared with a stat thread, the SKILL.md files first: the
// least a rebuild in a new process must do. Any difference, and the build runs as a build.
//
// A build whose result is not a function of those alone records nothing: one with toolsets (their
// evaluation reads what the skill imports), one whose trigger patterns recheck refused (a refusal
// for time depends on the machine), one whose search stopped at a bound (discovery-limit: it looks
// into the folders it cut), one with a skill or folder that has no trusted print. Nor does a
// build that analysed any skill (recordBuild: a run of edits and rebuilds pays for no record).
import fs from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../types.js";
import type { SkillAnalysis } from "../pipeline/analyze.js";
import type { ProjectAnalysis } from "./analyze-project.js";
import { StatThread, statPrint } from "../pipeline/stat-thread.js";
import { compareCodeUnits } from "../util/compare.js";
import { stableJson, useCache } from "../cache/analysis-cache.js";
import { sha256Hex } from "../util/sha256.js";
import { cacheVersion } from "../util/version.js";
import { dropRunRecord, readRunRecord, runRecordFile, writeRunRecord, type ReadRunRecord, type RunRecord } from "../cache/run-record.js";
import type { ResolvedConfig } from "../config/types.js";
import type { CacheMemory } from "../cache/memory.js";
import type { Profile, RuleSetting } from "../types.js";
import { projectRoots } from "./roots.js";
import { checkBuildOutDir } from "./build-out-dir.js";
import { pushAll } from "../util/push-all.js";
import { realWithKind } from "../util/real-kind.js";

/** What replay reads of a build's options (build.ts BuildOptions). */
export interface ReplayOptions {
  cwd: string;
  config: ResolvedConfig;
  profile?: Profile;
  rules?: Record<string, RuleSetting>;
  roots?: string[];
  cache?: boolean;
  strict?: boolean;
  emitOnError?: boolean;
  write?: boolean;
  toolsets?: "evaluate" | "check";
  restage?: boolean;
  memory?: CacheMemory;
}

/** A build's result replayed: what the CLI reports of a build (its skills by count only). */
export type ReplayedBuild = RunRecord["result"] & {
  replayed: true;
  diagnostics: Diagnostic[];
  written: true;
  outDir: string;
};

/** The run record of a build's outDir. */
export interface RunReplay {
  file: string;
  key: string;
  /** The roots resolved before the build's search (rootsOf): a root that changes while it runs must not be recorded as found. */
  roots: string[];
  /** The record, when there is one for this key and the build may replay it. */
  record?: ReadRunRecord;
}

/** Everything a build's result depends on besides its inputs on disk. */
function runKey(opts: ReplayOptions): string {
  const { cwd, config, profile, rules, roots, strict, emitOnError, toolsets } = opts;
  const options = { cwd, config, profile: profile ?? null, rules: rules ?? null, roots: roots ?? null, strict: strict === true, emitOnError: emitOnError === true, toolsets: toolsets ?? "evaluate" };
  // Keyed like the other caches by skillc's version and the code it was built from (util/version.ts).
  return sha256Hex(cacheVersion() + "\0run-v1\0" + stableJson(options));
}

/**
 * The run record of a writing build with the caches (undefined for any other build: it neither
 * replays nor records), read when the build may replay it.
 */
export async function openReplay(opts: ReplayOptions, outDir: string, read: boolean): Promise<RunReplay | undefined> {
  if (opts.write === false || opts.memory || opts.restage || !useCache(opts.cache, Infinity)) return undefined;
  const file = runRecordFile(opts.config.root, outDir);
  const key = runKey(opts);
  return { file, key, roots: rootsOf(opts), record: read ? await readRunRecord(file, key) : undefined };
}

/**
 * The CLI's build asks this first: the last writing build's result when every input is as it saw
 * it, else undefined (then it builds: build.ts). Throws the build's usage errors, as a build would.
 */
export async function replayBuild(opts: ReplayOptions): Promise<ReplayedBuild | undefined> {
  const outDir = path.resolve(opts.config.root, opts.config.outDir);
  if (opts.write !== false) checkBuildOutDir(opts);
  const replay = await openReplay(opts, outDir, true);
  return replay?.record && (await replayed(replay.record, opts, outDir));
}

/** The record's result when every input and outDir are as it says; else undefined. */
export async function replayed(record: ReadRunRecord, opts: ReplayOptions, outDir: string): Promise<ReplayedBuild | undefined> {
  if (!sameRoots(rootsOf(opts), record) || !sameLinks(record) || !sameOutputs(outDir, record.outputs)) return undefined;
  if (!(await samePrints(absolute(opts.config.root, record.paths), record.prints))) return undefined;
  const diagnostics = await record.diagnostics();
  return diagnostics && { replayed: true, ...record.result, diagnostics, written: true, outDir };
}

/** Recorded paths are relative to the project root where they are inside it (a third of the record at 10,000 skills). */
function relative(root: string, paths: string[]): string[] {
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return paths.map((p) => (p.startsWith(prefix) ? p.slice(prefix.length) : p));
}

function absolute(root: string, paths: readonly string[]): string[] {
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return paths.map((p) => (path.isAbsolute(p) ? p : prefix + p));
}

/** Paths to check, at least, for a stat thread to pay for its start (~0.1 s of the other core). */
const STAT_THREAD_MIN = 20_000;
/** The share of the paths the stat thread takes: this thread also starts the process and reads the record (10,000 skills: ~0.2 s). */
const THREAD_SHARE = 0.6;

function sameRoots(now: readonly string[], record: ReadRunRecord): boolean {
  return now.length === record.roots.length && now.every((r, i) => r === record.roots[i]);
}

function rootsOf(opts: ReplayOptions): string[] {
  return projectRoots(opts.cwd, opts.config, opts.roots).map((r) => realWithKind(path.resolve(opts.cwd, r.dir)));
}

function sameLinks(record: ReadRunRecord): boolean {
  return record.links.every(([link, real]) => realWithKind(link) === real);
}

/**
 * Whether every path's stat print is the one recorded (a failed stat's is "", never recorded): a
 * share on the stat thread, the rest here meanwhile. Stops at this thread's first difference.
 */
async function samePrints(paths: readonly string[], prints: readonly string[]): Promise<boolean> {
  // This thread takes the head (the SKILL.md files come first: the file most often changed), the thread the tail.
  const split = paths.length >= STAT_THREAD_MIN ? Math.ceil(paths.length * (1 - THREAD_SHARE)) : paths.length;
  const thread = split < paths.length ? StatThread.start() : undefined;
  try {
    const there = thread?.stat(paths.slice(split)).then((b) => {
      const list = b.printList();
      return list.length === paths.length - split && list.every((p, i) => p === prints[split + i]);
    });
    for (let i = 0; i < (thread ? split : paths.length); i++) if (statPrintOf(paths[i]!) !== prints[i]) return false;
    return there === undefined || (await there);
  } finally {
    // A difference found here: the thread's answer is not needed (its batch is not made here instead).
    await thread?.close(true);
  }
}

function statPrintOf(p: string): string {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  return st ? statPrint(st) : "";
}

/** outDir's entries (posix, from outDir; a folder's with a trailing "/"), sorted; undefined past `max` or when one cannot be listed. */
export function listOutDir(outDir: string, max = 4_000_000): string[] | undefined {
  const out: string[] = [];
  const walk = (dir: string, rel: string): boolean => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const e of entries) {
      if (out.length >= max) return false;
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (!e.isDirectory()) out.push(name);
      else if (out.push(name + "/") && !walk(path.join(dir, e.name), name)) return false;
    }
    return true;
  };
  return walk(outDir, "") ? out.sort(compareCodeUnits) : undefined;
}

/** Whether outDir holds exactly the recorded entries (their prints are among the inputs), and no other build's temp folder or lock sits beside it. */
function sameOutputs(outDir: string, outputs: readonly string[]): boolean {
  const base = path.basename(outDir) + ".";
  try {
    // `<outDir>.lock`, `<outDir>.tmp-…` (emit/out-lock.ts, emit/write.ts): another build is writing, or one was killed.
    if (fs.readdirSync(path.dirname(outDir)).some((n) => n.startsWith(base))) return false;
  } catch {
    return false;
  }
  const now = listOutDir(outDir, outputs.length + 1);
  return now !== undefined && now.length === outputs.length && now.every((n, i) => n === outputs[i]);
}

/**
 * outDir's entries and its files' prints as a build left them, taken (`take`) while the build still
 * holds outDir's lock: once it lets go, another build (other options, no cache) may write there
 * before this one's record is made, and the record would vouch for that build's files.
 */
export interface OutDirAtCommit {
  take(): void;
  state?: { outputs: string[]; files: string[]; prints: string[] };
}

/** For a build that may record its result (it restored every skill), else undefined (it takes nothing). */
export function outDirAtCommit(project: ProjectAnalysis, outDir: string): OutDirAtCommit | undefined {
  if (!project.analyses.every((a) => a.outcome === "reused")) return undefined;
  const at: OutDirAtCommit = {
    take: () => {
      const outputs = listOutDir(outDir);
      const files = outputs?.filter((n) => !n.endsWith("/")).map((n) => path.join(outDir, n));
      at.state = outputs && files && { outputs, files, prints: files.map(statPrintOf) };
    },
  };
  return at;
}

/** What recordBuild reads of a build's result (build.ts BuildResult). */
export interface BuiltResult {
  diagnostics: Diagnostic[];
  skills: ReadonlyArray<{ toolsets?: unknown }>;
  bundleBytes: number;
  chunks?: number;
  found: number;
  layout?: "single" | "split";
}

/** What the run record is made from. */
interface FinishedBuild {
  analyses: readonly SkillAnalysis[];
  /** Discovery's folders and links (ProjectAnalysis.folders), undefined when not all could be trusted. */
  folders: { folders: Array<[string, string]>; links: Array<[string, string]> } | undefined;
  suppressed: readonly Diagnostic[];
  diagnostics: Diagnostic[];
  result: RunRecord["result"];
  /** Whether its result may be recorded at all (see recordBuild). */
  replayable: boolean;
  /** outDir as the build left it (OutDirAtCommit). */
  outDir: OutDirAtCommit["state"];
}

/**
 * After a build that wrote: its record for the next build to replay, or none. Only a build with the
 * caches that restored every skill records its result (a record costs ~0.2 s at 10,000 skills, and
 * so does the next build's look at it when something changed: a run of edits and rebuilds pays
 * neither), and none with toolsets (their evaluation reads more than the skill's files).
 */
export async function recordBuild(replay: RunReplay, opts: ReplayOptions, project: ProjectAnalysis, built: BuiltResult, cached: boolean, atCommit: OutDirAtCommit | undefined): Promise<void> {
  const { analyses, suppressed } = project;
  const { skills, bundleBytes, chunks, found, layout } = built;
  const replayable = cached && analyses.every((a) => a.outcome === "reused") && !skills.some((s) => s.toolsets !== undefined);
  const result = { emitted: skills.length, bundleBytes, ...(chunks !== undefined && { chunks }), found, layout: layout ?? "single" };
  const record = recordOf(replay, opts, { analyses, folders: project.folders(), suppressed, diagnostics: built.diagnostics, replayable, result, outDir: atCommit?.state });
  if (record) await writeRunRecord(replay.file, record);
  else dropRunRecord(replay.file);
}

function recordOf(replay: RunReplay, opts: ReplayOptions, build: FinishedBuild): RunRecord | undefined {
  const { folders, outDir } = build;
  if (!build.replayable || !folders || !outDir) return undefined;
  // A refusal for time depends on the machine; a search cut at a bound names the skills in the
  // folders it cut by a look into each (discover-report.ts reportCuts), folders it never listed.
  const unrecorded = (d: Diagnostic) => d.ruleId === "trigger-regex-redos" || d.ruleId === "discovery-limit";
  if (build.diagnostics.some(unrecorded) || build.suppressed.some(unrecorded)) return undefined;
  // Every SKILL.md first (in skill order), then the folders, then each skill's listed files, then outDir's.
  const paths: string[] = [];
  const prints: string[] = [];
  const skills: RunRecord["skills"] = [];
  for (const a of build.analyses) {
    const inputs = a.outcome === "unreadable" ? undefined : a.inputs;
    if (!inputs) return undefined;
    skills.push([a.source.file, inputs.reals.length]);
    paths.push(inputs.md), prints.push(inputs.mdPrint);
  }
  for (const [dir, fp] of folders.folders) paths.push(dir), prints.push(fp);
  for (const a of build.analyses) {
    const inputs = a.outcome === "unreadable" ? undefined : a.inputs;
    for (let i = 0; i < inputs!.reals.length; i++) {
      const fp = inputs!.fps[i]!;
      paths.push(inputs!.reals[i]!), prints.push(fp.slice(fp.indexOf("\0") + 1));
    }
  }
  pushAll(paths, outDir.files);
  pushAll(prints, outDir.prints);
  // A print the build could not make vouches for nothing: "changed" (the file changed while it was read), "" (gone).
  if (prints.some((p) => p === "" || p === "changed")) return undefined;
  return { key: replay.key, roots: replay.roots, links: folders.links, skills, paths: relative(opts.config.root, paths), prints, outputs: outDir.outputs, diagnostics: build.diagnostics, result: build.result };
}
