// One analysis-cache record as stored: three JSON texts joined by tabs (JSON text holds no raw tab),
//   {"key":…,"value":<the snapshot less frontmatter and positions>} \t <frontmatter or null> \t <positions>
// A rebuild restores 10,000 skills it does not read, and what it needs of each is the head: the
// fields for resolve and the catalogs, the diagnostics for the report. The positions (a Range per
// frontmatter node, a third of a record's bytes and most of its objects) and the frontmatter are
// needed only for a collision, a catalog finding, the MCP output or a skill read again: they are parsed
// when first read (JSON.parse of whole records was a 10,000-skill rebuild's largest line after GC).
// A record without a tab is the whole `{ key, value }` as JSON (what a lint worker hands setRecord).
import { isAnalysisSnapshot, isObj, isPositions, isSnapshotHead } from "./shape.js";
import type { AnalysisSnapshot } from "../pipeline/analysis-store.js";
import { keepAccessors } from "../util/extend.js";

const TAB = 9;

/** The stored form of `{ key, value }`. */
export function encodeRecord(key: string, value: AnalysisSnapshot): string {
  const { frontmatter, positions, ...head } = value;
  return JSON.stringify({ key, value: head }) + "\t" + (frontmatter === undefined ? "null" : JSON.stringify(frontmatter)) + "\t" + JSON.stringify(positions);
}

/**
 * The snapshot a record stores under `entryKey`, or undefined (another key, not JSON, the wrong
 * shape). The head is parsed and shape-checked now; frontmatter and positions on first read.
 */
export function decodeRecord(raw: Buffer | string | undefined, entryKey: string, file: string): AnalysisSnapshot | undefined {
  if (raw === undefined) return undefined;
  const bytes = typeof raw === "string" ? Buffer.from(raw) : raw;
  const t1 = bytes.indexOf(TAB);
  if (t1 < 0) {
    const entry = parseJson(bytes.toString("utf8"));
    return isObj(entry) && entry.key === entryKey && isAnalysisSnapshot(entry.value, file) ? entry.value : undefined;
  }
  const t2 = bytes.indexOf(TAB, t1 + 1);
  if (t2 < 0 || !startsObject(bytes, t2 + 1)) return undefined;
  const entry = parseJson(bytes.toString("utf8", 0, t1));
  if (!isObj(entry) || entry.key !== entryKey || !isSnapshotHead(entry.value, file)) return undefined;
  const fm = bytes.subarray(t1 + 1, t2);
  const hasFm = !isNull(fm);
  // A valid skill's snapshot has both (analyze-text.ts snapshotOf); a frontmatter that is not an object is a miss.
  if ((hasFm && !startsObject(fm, 0)) || (entry.value.fields !== undefined && !hasFm)) return undefined;
  const snap = entry.value as AnalysisSnapshot;
  lazy(snap, "frontmatter", () => (hasFm ? objectOr(parseJson(fm.toString("utf8")), isObj, {}) : undefined));
  lazy(snap, "positions", () => objectOr(parseJson(bytes.toString("utf8", t2 + 1)), isPositions, {}));
  return keepAccessors(snap);
}

/**
 * The record is signed by this user's key and was checked to start as an object: a part that is
 * then not JSON or of the wrong shape can only be a skillc bug, and restores as empty rather than
 * failing a build long after the lookup (positions only place diagnostics; an empty frontmatter
 * renders as one).
 */
function objectOr<T>(v: unknown, check: (x: unknown) => x is T, empty: T): T {
  return check(v) ? v : empty;
}

/** `obj[key]` computed on first read and kept; a write replaces it. Enumerable, so a spread or JSON sees it. */
function lazy<T>(obj: object, key: string, make: () => T): void {
  let value: T;
  let made = false;
  Object.defineProperty(obj, key, {
    get: () => (made ? value : ((made = true), (value = make()))),
    set: (v: T) => void ((made = true), (value = v)),
    enumerable: true,
    configurable: true,
  });
}

function startsObject(b: Uint8Array, at: number): boolean {
  return b[at] === 0x7b;
}

function isNull(b: Uint8Array): boolean {
  return b.length === 4 && b[0] === 0x6e && b[1] === 0x75 && b[2] === 0x6c && b[3] === 0x6c;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
