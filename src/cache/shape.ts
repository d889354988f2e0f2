// Shape checks for what the cache files hold: a value of the wrong type anywhere (a name that is not
// a string, a list of the wrong shape, a number out of range) makes the entry a miss, never a crash.
// Linear in the size of the value.
import type { Diagnostic, Range, SkillFields } from "../types.js";
import type { BuildEntry, AnalysisSnapshot } from "../pipeline/analysis-store.js";
import { RULES } from "../diagnostics/registry.js";

type Obj = Record<string, unknown>;
const MAX_INT = 2 ** 31;
const MAX_ITEMS = 100_000;

export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === "string";
const isNat = (v: unknown, min = 0): v is number => typeof v === "number" && Number.isInteger(v) && v >= min && v < MAX_INT;
function isStrs(v: unknown): v is string[] {
  if (!Array.isArray(v) || v.length > MAX_ITEMS) return false;
  for (const x of v) if (typeof x !== "string") return false;
  return true;
}
const opt = (v: unknown, check: (x: unknown) => boolean) => v === undefined || check(v);
export const isStrRecord = (v: unknown): v is Record<string, string> => isObj(v) && Object.values(v).every(isStr);
/** SHA-1 hex digests by name: an output-group key joins them unseparated, so each must be 40 hex digits. */
const isDigestRecord = (v: unknown): v is Record<string, string> => isObj(v) && Object.values(v).every((d) => typeof d === "string" && /^[0-9a-f]{40}$/.test(d));

export function isRange(v: unknown): v is Range {
  return isObj(v) && isNat(v.line, 1) && isNat(v.column, 1) && isNat(v.endLine, 1) && isNat(v.endColumn, 1);
}

const optNat1 = (v: unknown) => v === undefined || isNat(v, 1);

function isDiagnostic(v: unknown, file: string): v is Diagnostic {
  if (!isObj(v) || v.file !== file || !isNat(v.line, 1) || !isNat(v.column, 1) || !optNat1(v.endLine) || !optNat1(v.endColumn)) return false;
  if (!isStr(v.ruleId) || !RULES.has(v.ruleId) || (v.severity !== "error" && v.severity !== "warning") || !isStr(v.message)) return false;
  const f = v.fix;
  return f === undefined || (isObj(f) && Array.isArray(f.range) && f.range.length === 2 && isNat(f.range[0]) && isNat(f.range[1]) && f.range[0] <= f.range[1] && isStr(f.text));
}

/** The optional string fields of SkillFields (isFields checks each by name; a test holds this list to the type's). */
export const OPTIONAL_STRINGS = ["license", "compatibility", "whenToUse", "argumentHint", "model", "effort", "agent", "shell", "version"] as const;
const optStr = (v: unknown) => v === undefined || typeof v === "string";

export function isFields(v: unknown): v is SkillFields {
  if (!isObj(v) || !isStr(v.name) || !isStr(v.description) || !isStr(v.briefDescription)) return false;
  if (!isStrs(v.arguments) || !isStrs(v.toolsets) || !isStrs(v.scripts)) return false;
  if (typeof v.disableModelInvocation !== "boolean" || typeof v.userInvocable !== "boolean" || typeof v.defaultEnabled !== "boolean") return false;
  // Spelled out, not a loop over OPTIONAL_STRINGS: a keyed load per name cost a 10,000-skill rebuild ~40 ms.
  if (!optStr(v.license) || !optStr(v.compatibility) || !optStr(v.whenToUse) || !optStr(v.argumentHint) || !optStr(v.model)) return false;
  if (!optStr(v.effort) || !optStr(v.agent) || !optStr(v.shell) || !optStr(v.version)) return false;
  if (v.context !== undefined && v.context !== "fork") return false;
  if ((v.allowedTools !== undefined && !isStrs(v.allowedTools)) || (v.disallowedTools !== undefined && !isStrs(v.disallowedTools))) return false;
  if ((v.paths !== undefined && !isStrs(v.paths)) || (v.metadata !== undefined && !isStrRecord(v.metadata))) return false;
  const t = v.triggers;
  return t === undefined || (isObj(t) && isStrs(t.keywords) && isStrs(t.verbs) && isStrs(t.patterns));
}

/** Whether `v` is an analysis of the SKILL.md at `file` as the cache stores it. Loops, not closures: a rebuild runs it for every skill. */
export function isAnalysisSnapshot(v: unknown, file: string): v is AnalysisSnapshot {
  return isObj(v) && opt(v.frontmatter, isObj) && isPositions(v.positions) && isSnapshotHead(v, file);
}

/** A snapshot's positions: a Range (and maybe a key Range) by JSON pointer. */
export function isPositions(positions: unknown): positions is AnalysisSnapshot["positions"] {
  if (!isObj(positions)) return false;
  for (const k in positions) {
    if (!Object.hasOwn(positions, k)) continue;
    const p = positions[k];
    if (!isObj(p) || !isRange(p.value) || (p.key !== undefined && !isRange(p.key))) return false;
  }
  return true;
}

/** Whether `v` is an analysis snapshot but for `frontmatter` and `positions` (which the cache stores apart, analysis-cache.ts). */
export function isSnapshotHead(v: unknown, file: string): v is Omit<AnalysisSnapshot, "frontmatter" | "positions"> {
  if (!isObj(v) || !isRange(v.frontmatterRange)) return false;
  if (!isNat(v.bodyOffset) || !isNat(v.bodyStart) || v.bodyStart < v.bodyOffset || !opt(v.fields, isFields)) return false;
  const ds = v.diagnostics;
  if (!Array.isArray(ds) || ds.length > MAX_ITEMS) return false;
  if (v.parsedCount !== undefined && !(isNat(v.parsedCount) && v.parsedCount <= ds.length)) return false;
  for (const d of ds) if (!isDiagnostic(d, file)) return false;
  return true;
}

const isFileMeta = (f: unknown) =>
  isObj(f) && isStr(f.path) && isNat(f.bytes) && isStr(f.sha256) && typeof f.binary === "boolean" && typeof f.executable === "boolean" && opt(f.interpreter, isStr);
const isSpan = (s: unknown) => isObj(s) && isNat(s.offset) && isNat(s.length);

const CHUNK = /^[0-9a-f]{64}$/;
const SHARD = /^chunks\/[0-9a-f]{64}\.js$/;

/** Whether `v` is a build-cache entry (see build-cache.ts). */
export function isBuildEntry(v: unknown): v is BuildEntry {
  if (!isObj(v) || !isStr(v.fp) || !isStr(v.hash) || !Array.isArray(v.files) || v.files.length > MAX_ITEMS) return false;
  for (const f of v.files) if (!isFileMeta(f)) return false;
  // A chunk hash becomes a module path in index.js: exactly 64 lowercase hex digits.
  if (v.chunk !== undefined && !(isStr(v.chunk) && CHUNK.test(v.chunk))) return false;
  const l = v.line;
  // A line's shard is read from outDir: only a chunk's name there.
  if (l !== undefined && !(isSpan(l) && isStr((l as Obj).key) && isStr((l as Obj).sha1) && ((l as Obj).file === undefined || (isStr((l as Obj).file) && SHARD.test((l as Obj).file as string))))) return false;
  return opt(v.manifest, isSpan) && opt(v.parts, isDigestRecord) && opt(v.contentHash, (c) => isStr(c) && CHUNK.test(c));
}

/** Whether `v` is an output group's record: a key, file fingerprints, and `extra` of string lists. */
export function isOutputEntry(v: unknown): boolean {
  return isObj(v) && isStr(v.key) && isStrRecord(v.files) && opt(v.extra, (e) => isObj(e) && Object.values(e).every(isStrs));
}
