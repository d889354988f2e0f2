// One analysis-cache record as stored: three JSON texts joined by tabs (JSON text holds no raw tab),
//   {"key":…,"value":<the snapshot less frontmatter and positions>,"desc":<positions["/description"]>} \t <frontmatter or null> \t <positions>
// (positions and desc in the flat form of pipeline/positions-wire.ts: a record of the nested form is a miss).
// A rebuild restores ~10,000 skills it does not read, and all of them live to the end of the run: every
// object JSON.parse makes of them is copied by the young-generation GC before it is promoted (a
// rebuild's scavenges took ~1 s, its largest line). Of a reused skill a build needs the head (fields
// for resolve and the catalogs, diagnostics for the report), the frontmatter only when its previous
// manifest entry is gone (manifest) or a check reads it (portability), so it is a view (frontmatterView) too, and of
// its positions (a Range per frontmatter node: most of a record's objects) only the description's, for
// the catalog's findings. So a reused skill's positions are a view (positionsView) that holds that one
// entry and parses the rest only when another pointer is asked for (a collision, a portability finding).
// Written by pipeline/analysis-store.ts encodeAnalysisRecord (which a lint worker runs too). A record
// without a tab is the whole `{ key, value }` as JSON (a file written before this form).
import { isAnalysisSnapshot, isObj, isSnapshotHead } from "./shape.js";
import { deepFreeze } from "./memory.js";
import { decodeDesc, decodeRecordPositions as decodePositions, parseAnalysisRecord, type AnalysisSnapshot } from "../pipeline/analysis-store.js";
import type { NodePositions } from "../types.js";
import { types } from "node:util";

const TAB = 9;
const DESCRIPTION = "/description";

/**
 * The snapshot a record stores under `entryKey`, or undefined (another key, not JSON, the wrong
 * shape). `view`: its positions as a view (positionsView), for a skill that is not read again.
 */
export function decodeRecord(raw: Buffer | string | undefined, entryKey: string, file: string, view = false): AnalysisSnapshot | undefined {
  if (raw === undefined) return undefined;
  const bytes = typeof raw === "string" ? Buffer.from(raw) : raw;
  const t1 = bytes.indexOf(TAB);
  if (t1 < 0) {
    const entry = parseJson(bytes.toString("utf8"));
    return isObj(entry) && entry.key === entryKey && isAnalysisSnapshot(entry.value, file) ? entry.value : undefined;
  }
  const t2 = bytes.indexOf(TAB, t1 + 1);
  if (t2 < 0) return undefined;
  const entry = parseJson(bytes.toString("utf8", 0, t1));
  if (!isObj(entry) || entry.key !== entryKey || !isSnapshotHead(entry.value, file)) return undefined;
  const frontmatter = view ? frontmatterView(bytes.subarray(t1 + 1, t2)) : parseJson(bytes.toString("utf8", t1 + 1, t2));
  // A valid skill's snapshot has a frontmatter (analyze-text.ts snapshotOf).
  if (frontmatter === null ? entry.value.fields !== undefined : !isObj(frontmatter)) return undefined;
  let positions: NodePositions | undefined;
  const desc = entry.desc === undefined ? undefined : decodeDesc(entry.desc);
  if (entry.desc !== undefined && !desc) return undefined;
  if (view && bytes[t2 + 1] === 0x7b) {
    positions = positionsView(bytes.subarray(t2 + 1), desc);
  } else {
    positions = decodePositions(parseJson(bytes.toString("utf8", t2 + 1)));
    if (!positions) return undefined;
  }
  // Set on the parsed head, not spread into a copy: one object less per skill for the GC to copy.
  const snap = entry.value as AnalysisSnapshot;
  shareStrings(snap, file, frontmatter);
  snap.frontmatter = frontmatter === null ? undefined : (frontmatter as Record<string, unknown>);
  snap.positions = positions;
  return snap;
}

/**
 * Points the snapshot's copies of a string at one string: each diagnostic's file (the path looked up,
 * checked equal), and the frontmatter's name and description when the fields hold them as written.
 * A rebuild keeps ~10,000 skills' snapshots to the end of the run, and every string the GC finds
 * alive in the young generation it copies (twice): the duplicates then die young instead.
 */
function shareStrings(snap: AnalysisSnapshot, file: string, frontmatter: unknown): void {
  for (const d of snap.diagnostics) d.file = file;
  const fields = snap.fields;
  if (!fields || !isObj(frontmatter) || types.isProxy(frontmatter)) return;
  if (frontmatter.name === fields.name) frontmatter.name = fields.name;
  if (frontmatter.description === fields.description) frontmatter.description = fields.description;
}

/** A record as the one JSON value `{ key, value }` it stands for (both forms; throws when it is not JSON): for readCacheFile. */
export function recordJson(bytes: Buffer): unknown {
  return parseAnalysisRecord(bytes.toString("utf8"));
}

interface ViewTarget {
  /** The positions' JSON, until parsed. */
  json: Uint8Array | undefined;
  desc: NodePositions[string] | undefined;
  all: NodePositions | undefined;
}

/** Every position, parsed on first need. Signed by this user's key and checked to start as an object: not JSON or the wrong shape can only be a skillc bug, and reads as none (positions only place findings) rather than failing a build long after the lookup. */
function allOf(t: ViewTarget): NodePositions {
  if (!t.all) {
    const all = parseJson(Buffer.from(t.json!.buffer, t.json!.byteOffset, t.json!.byteLength).toString("utf8"));
    t.all = decodePositions(all) ?? {};
    t.json = undefined;
  }
  return t.all;
}

/** A view is read like the object it stands for, by pointer or whole (keys, spread, JSON); only the description's entry without parsing. */
const VIEW: ProxyHandler<ViewTarget> = {
  get: (t, k) => (k === DESCRIPTION && !t.all ? t.desc : typeof k === "string" && Object.hasOwn(allOf(t), k) ? allOf(t)[k] : undefined),
  has: (t, k) => typeof k === "string" && Object.hasOwn(allOf(t), k),
  ownKeys: (t) => Object.keys(allOf(t)),
  getOwnPropertyDescriptor: (t, k) => {
    const all = allOf(t);
    return typeof k === "string" && Object.hasOwn(all, k) ? { value: all[k], writable: true, enumerable: true, configurable: true } : undefined;
  },
  set: (t, k, v) => typeof k === "string" && ((allOf(t)[k] = v), true),
  deleteProperty: (t, k) => typeof k === "string" && delete allOf(t)[k],
  defineProperty: () => false,
};

/**
 * A record's positions read as an object without parsing them: `desc` is the description's entry
 * as the record's head holds it (the catalog's findings of every reused skill ask for it). Never
 * handed to another thread (a proxy does not clone): only a skill a rebuild does not read has one.
 */
export function positionsView(json: Uint8Array, desc: NodePositions[string] | undefined): NodePositions {
  return new Proxy<ViewTarget>({ json, desc, all: undefined }, VIEW) as unknown as NodePositions;
}

/**
 * A reused skill's frontmatter as a read-only view of its JSON, parsed on first access: a rebuild's
 * reused skill is emitted from its previous line and manifest entry, and its frontmatter is read
 * only when one of those is gone or a check asks (portability). null when the record holds none;
 * undefined when it is not an object's JSON (`{`), which makes the record a miss. Signed by this
 * user's key: JSON that does not parse can only be a skillc bug, and reads as an empty object.
 * Never handed to another thread as it is (a proxy does not clone): emit/side-render.ts copies it.
 */
function frontmatterView(json: Uint8Array): object | null | undefined {
  if (json.length === 4 && Buffer.from(json.buffer, json.byteOffset, 4).toString("latin1") === "null") return null;
  if (json[0] !== 0x7b) return undefined;
  return new Proxy<ObjectTarget>({ json, all: undefined }, OBJECT_VIEW);
}

interface ObjectTarget {
  json: Uint8Array | undefined;
  all: Record<string, unknown> | undefined;
}

/** The object a view stands for, parsed (and frozen: a stage must not change what the next build reuses) once. */
function objectOf(t: ObjectTarget): Record<string, unknown> {
  if (!t.all) {
    const all = parseJson(Buffer.from(t.json!.buffer, t.json!.byteOffset, t.json!.byteLength).toString("utf8"));
    t.all = deepFreeze(isObj(all) ? all : {});
    t.json = undefined;
  }
  return t.all;
}

/** Read like the object it stands for (by key, keys, spread, JSON), never written. */
const OBJECT_VIEW: ProxyHandler<ObjectTarget> = {
  get: (t, k) => (typeof k === "string" && Object.hasOwn(objectOf(t), k) ? objectOf(t)[k] : undefined),
  has: (t, k) => typeof k === "string" && Object.hasOwn(objectOf(t), k),
  ownKeys: (t) => Object.keys(objectOf(t)),
  getOwnPropertyDescriptor: (t, k) => {
    const all = objectOf(t);
    return typeof k === "string" && Object.hasOwn(all, k) ? { value: all[k], writable: true, enumerable: true, configurable: true } : undefined;
  },
  set: () => false,
  deleteProperty: () => false,
  defineProperty: () => false,
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
