// The last writing build's result, kept so that the next build whose inputs are all as that build
// saw them (every skill folder's fingerprint, discovery, the options, outDir's files) replays it
// instead of restoring every skill from the other caches (project/replay.ts). One file per outDir,
// beside the build cache; signed per user like the others (signed-file.ts), shape-checked on read:
// anything unexpected is no record, never a crash.
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import type { Diagnostic } from "../types.js";
import { cacheKey, readRecordFile, writeRecordFile } from "./signed-file.js";
import { buildCacheFile } from "./build-cache.js";
import { isMap as isObj } from "../util/is-map.js";

export interface RunRecord {
  /** What the build's result depends on besides its inputs on disk (replay.ts runKey: skillc's cache version and the options). */
  key: string;
  /** The roots' real paths, each after its kind ("d" a folder, "f" a file, "o" another; util/real-kind.ts), or "!" and the error's code for one that did not resolve. */
  roots: string[];
  /** The links among the listed folders' entries, each with its real path then, after its kind as the roots' ("!" and the error's code when broken). */
  links: Array<[link: string, real: string]>;
  /** Each skill in discovery order: its SKILL.md path, and how many listed files it has. */
  skills: Array<[file: string, files: number]>;
  /** The paths the result depends on: every SKILL.md (in skill order), every listed folder, each skill's listed files, outDir's files. */
  paths: string[];
  /** Their stat prints (stat-thread.ts statPrint), in the same order. */
  prints: string[];
  /** outDir's entries as the build left them (posix, from outDir; a folder's with a trailing "/"), sorted; its files are the last of `paths`. */
  outputs: string[];
  /** The build's diagnostics as it returned them. */
  diagnostics: Diagnostic[];
  /** What the build said of itself. */
  result: { emitted: number; bundleBytes: number; chunks?: number; found: number; layout: "single" | "split" };
}

const MAX_ITEMS = 4_000_000;

/** The run record's file for a project root and outDir: build-v1-<h>.json's sibling run-v1-<h>.json. */
export function runRecordFile(projectRoot: string, outDir: string): string {
  return buildCacheFile(projectRoot, outDir).replace(/build-v1-([0-9a-f]+)\.json$/, "run-v1-$1.json");
}

// Stored as records of the signed file (one a line): the lists of paths, prints and outputs as
// NUL-joined text (no path, name or print holds a NUL), the rest as JSON. The diagnostics (the
// larger part at 10,000 skills) sit in a second signed file beside it, read only once the inputs are
// found unchanged; the two carry the same random id, so a record never takes another's diagnostics.
const LISTS = ["paths", "prints", "outputs"] as const;

const diagnosticsFile = (file: string) => file.replace(/\.json$/, ".diagnostics.json");

/** A record as read: its diagnostics read only when asked for (after the inputs were found unchanged); undefined when missing or malformed. */
export type ReadRunRecord = Omit<RunRecord, "diagnostics"> & { diagnostics(): Promise<Diagnostic[] | undefined> };

/** The record for `key`, or undefined (none, another key, not this user's, malformed). */
export async function readRunRecord(file: string, key: string): Promise<ReadRunRecord | undefined> {
  const read = await readRecordFile(file, cacheKey());
  const id = read?.header.id;
  if (!read || read.header.key !== key || typeof id !== "string") return undefined;
  const text = (name: string) => read.records.get(name)?.toString("utf8");
  try {
    const meta: unknown = JSON.parse(text("meta") ?? "null");
    if (!isObj(meta)) return undefined;
    const v: Record<string, unknown> = { ...meta, key, diagnostics: () => readDiagnostics(diagnosticsFile(file), id) };
    for (const name of LISTS) {
      const t = text(name);
      v[name] = t === undefined ? undefined : t === "" ? [] : t.split("\0");
    }
    return isRunRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

async function readDiagnostics(file: string, id: string): Promise<Diagnostic[] | undefined> {
  const read = await readRecordFile(file, cacheKey());
  if (!read || read.header.id !== id) return undefined;
  try {
    const v: unknown = JSON.parse(read.records.get("diagnostics")?.toString("utf8") ?? "null");
    return isList(v, isDiagnostic) ? v : undefined;
  } catch {
    return undefined;
  }
}

export async function writeRunRecord(file: string, record: RunRecord): Promise<void> {
  if (LISTS.some((name) => record[name].some((x) => x.includes("\0") || x.includes("\n")))) return dropRunRecord(file);
  const { key, diagnostics, paths, prints, outputs, ...meta } = record;
  const id = randomBytes(16).toString("hex");
  // The diagnostics first: the record that names them is in place only once they are.
  await writeRecordFile(diagnosticsFile(file), cacheKey(), { id }, [["diagnostics", JSON.stringify(diagnostics)]]);
  await writeRecordFile(file, cacheKey(), { key, id }, [
    ["meta", JSON.stringify(meta)],
    ["paths", paths.join("\0")],
    ["prints", prints.join("\0")],
    ["outputs", outputs.join("\0")],
  ]);
}

/** Removes the record (a build that wrote and whose result may not be replayed). */
export function dropRunRecord(file: string): void {
  try {
    fs.rmSync(file, { force: true });
    fs.rmSync(diagnosticsFile(file), { force: true });
  } catch {
    // A record left in place describes outputs that are no longer there: it is never replayed.
  }
}

const isStr = (v: unknown): v is string => typeof v === "string";
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 2 ** 53;

function isList<T>(v: unknown, item: (x: unknown) => x is T): v is T[] {
  if (!Array.isArray(v) || v.length > MAX_ITEMS) return false;
  for (const x of v) if (!item(x)) return false;
  return true;
}

const isPair = (x: unknown): x is [string, string] => Array.isArray(x) && x.length === 2 && isStr(x[0]) && isStr(x[1]);
const isSkill = (x: unknown): x is [string, number] => Array.isArray(x) && x.length === 2 && isStr(x[0]) && isCount(x[1]);
/** A diagnostic as a formatter reads it (the build wrote them; the file is signed): its strings and positions. */
const isDiagnostic = (d: unknown): d is Diagnostic =>
  isObj(d) && isStr(d.file) && isStr(d.ruleId) && isStr(d.message) && (d.severity === "error" || d.severity === "warning") && isCount(d.line) && isCount(d.column);

function isRunRecord(v: Record<string, unknown>): v is ReadRunRecord & Record<string, unknown> {
  if (!isList(v.roots, isStr) || !isList(v.links, isPair) || !isList(v.skills, isSkill)) return false;
  const { paths, prints, outputs } = v;
  if (!Array.isArray(paths) || !Array.isArray(prints) || !Array.isArray(outputs) || paths.length !== prints.length || paths.length > MAX_ITEMS || outputs.length > MAX_ITEMS) return false;
  const r = v.result;
  return isObj(r) && isCount(r.emitted) && isCount(r.bundleBytes) && isCount(r.found) && (r.chunks === undefined || isCount(r.chunks)) && (r.layout === "single" || r.layout === "split");
}
