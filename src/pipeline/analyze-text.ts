// The per-skill stages on one SKILL.md's bytes: parse → validate → body checks → suppressions. Pure
// (no I/O): the same result in this thread, on a worker (analyze-pool.ts) or restored from the cache,
// both of which carry it as an AnalysisSnapshot (snapshotOf, restoreText).
import type { Diagnostic, ParsedSkill, Profile, RuleSetting, SkillSource, ValidSkill } from "../types.js";
import type { ReportContext } from "../diagnostics/rule.js";
import type { AnalysisSnapshot } from "./analysis-store.js";
import { parseSkill } from "./parse.js";
import { decodeSkill } from "./frontmatter/locate.js";
import { validateSkill } from "./validate.js";
import { checkBody } from "./body-checks.js";
import { applySuppressions } from "./suppress.js";
import { checkHiddenText, checkSkillPath } from "./text-checks.js";
import { keepAccessors } from "../util/extend.js";
import { bytesMayHoldHidden } from "../util/hidden-chars.js";
import { sha256Hex } from "../util/sha256.js";
import { ownString } from "../util/own-string.js";
import { pushAll } from "../util/push-all.js";
import { decodePositions } from "./positions-wire.js";

/** What analyzeText depends on besides the skill's bytes and file names. */
export interface TextOptions {
  profile: Profile;
  settings: Record<string, RuleSetting>;
  extraSchema?: Record<string, unknown>;
}

export interface TextResult {
  parsed: ParsedSkill;
  skill: ValidSkill | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Parse, validate and check the body: a pure function of the bytes, the file names (and why others
 * were left out: left-out.ts) and the options.
 */
export function analyzeText(source: SkillSource, bytes: Uint8Array, fileSet: ReadonlySet<string>, opts: TextOptions, hash?: string, leftOut?: ReadonlyMap<string, string>): TextResult {
  const ctx: ReportContext = { file: source.file, profile: opts.profile, settings: opts.settings };
  const parsed = parseSkill(source, bytes, ctx, hash);
  // Whether the text can hold a hidden character at all, told from the bytes (a few memchrs, not a regex over the text).
  const diagnostics = [...parsed.diagnostics, ...checkSkillPath(parsed, ctx), ...checkHiddenText(parsed, ctx, bytesMayHoldHidden(bytes))];
  if (parsed.frontmatter === undefined) return { parsed, skill: undefined, diagnostics };
  const validated = validateSkill(parsed, { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema });
  pushAll(diagnostics, validated.diagnostics);
  const fields = validated.skill?.fields;
  const body = checkBody({
    parsed,
    declaredArguments: fields?.arguments ?? [],
    hasArgumentHint: fields?.argumentHint !== undefined,
    files: fileSet,
    leftOut,
    ctx,
  });
  // Suppressed ones stay in the list, marked: the cache and the workers carry them like the others.
  const bodyDiagnostics = applySuppressions(parsed, body, ctx);
  // Messages quoting the body (a placeholder, a link) are two-byte strings like the text (util/own-string.ts).
  for (const d of bodyDiagnostics) d.message = ownString(d.message);
  pushAll(diagnostics, bodyDiagnostics);
  return { parsed, skill: validated.skill, diagnostics };
}

/** The result as plain data (for the cache and the workers' replies). */
export function snapshotOf(r: TextResult): AnalysisSnapshot {
  const p = r.parsed;
  return {
    frontmatter: p.frontmatter,
    positions: p.positions,
    frontmatterRange: p.frontmatterRange,
    bodyOffset: p.bodyOffset,
    bodyStart: p.bodyStart,
    fields: r.skill?.fields,
    diagnostics: r.diagnostics,
    parsedCount: p.diagnostics.length,
  };
}

/**
 * The ParsedSkill a snapshot was taken of, from the same bytes (decoding is cheap; parsing is not).
 * Without bytes (a skill a rebuild reuses unread) the text and body stay empty. The text and body are
 * decoded on first read: a lint never reads them after the analysis (on a worker or from the cache),
 * and decoding every SKILL.md again in this thread cost it ~0.4 s of CPU and the garbage of 100 MB
 * of strings at 10,000 skills.
 */
export function restoreParsed(source: SkillSource, bytes: Uint8Array | undefined, snap: AnalysisSnapshot, hash?: string, json?: SnapshotJson): ParsedSkill {
  const state: LazyState | undefined = bytes || json ? { lazyText: bytes !== undefined, bytes, text: undefined, body: undefined, bodyOffset: snap.bodyOffset, frontmatterText: json?.frontmatter, frontmatter: undefined, positionsText: json?.positions, positions: {} } : undefined;
  const text = bytes ? LAZY_TEXT : undefined;
  const lazyJson = json ? LAZY_JSON : undefined;
  // Built member by member, the lazy ones as accessors from the start (see put), in ParsedSkill's order.
  const parsed = {} as Record<string, unknown>;
  parsed.source = source;
  parsed.hash = hash ?? sha256Hex(bytes!);
  put(parsed, "text", "", text);
  put(parsed, "frontmatter", json ? undefined : snap.frontmatter, lazyJson);
  put(parsed, "positions", json ? {} : snap.positions, lazyJson);
  parsed.frontmatterRange = snap.frontmatterRange;
  parsed.bodyOffset = snap.bodyOffset;
  put(parsed, "body", "", text);
  parsed.bodyStart = snap.bodyStart;
  parsed.diagnostics = snap.diagnostics.slice(0, snap.parsedCount ?? 0);
  if (state) {
    Object.defineProperty(parsed, LAZY, { value: state, configurable: true });
    keepAccessors(parsed);
  }
  return parsed as unknown as ParsedSkill;
}

/**
 * Adds `key` to `o`: `lazy`'s accessor for it when `lazy` is given, else `value`. Members added one by
 * one to a new object keep it in V8's fast mode (every restored object of the same kind sharing one
 * map); a data member redefined as an accessor, as before, turned every restored parse and skill
 * into a dictionary (~1 KB more each for the GC to copy, at 10,000 skills ~22 MB of a lint's main
 * thread, and slower to read and to copy: resolve's extend).
 */
function put(o: Record<string, unknown>, key: string, value: unknown, lazy: PropertyDescriptorMap | undefined): void {
  if (lazy) Object.defineProperty(o, key, lazy[key]!);
  else o[key] = value;
}

/**
 * A snapshot's frontmatter (undefined: none) and positions as the JSON texts of its record (a lint
 * worker's answer, analyze-share.ts). This thread reads neither for most skills (a collision's name, a
 * non-ASCII name's check, a client's portability finding do): parsing them for every skill cost it
 * ~0.3 s at 10,000 skills, and the GC copied the objects made (most of a record's) until the end.
 */
export interface SnapshotJson {
  frontmatter: string | Uint8Array | undefined;
  positions: string | Uint8Array;
}

/** A JSON text given as a string or as its UTF-8 bytes, parsed (throws when it is not JSON). */
function parseJsonText(json: string | Uint8Array): unknown {
  return JSON.parse(typeof json === "string" ? json : Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString("utf8"));
}

/**
 * What a restored parse's lazy members are made from: one object, shared by the parse and the skill
 * made from it (restoredSkill), kept under LAZY. The accessors are the same functions for every
 * restored skill (LAZY_TEXT, LAZY_JSON), reading the state of the object they are read on: closures
 * per skill (eight, and their descriptors) cost the main thread of a lint ~3 µs a skill to make, and
 * gave every restored object a shape of its own.
 */
interface LazyState {
  /** Whether text and body are lazy (the parse was given bytes). */
  lazyText: boolean;
  /** The SKILL.md's bytes, until the text is decoded from them or set. */
  bytes: Uint8Array | undefined;
  text: string | undefined;
  body: string | undefined;
  bodyOffset: number;
  /** The frontmatter's JSON until first read (undefined: read, or none). */
  frontmatterText: string | Uint8Array | undefined;
  frontmatter: Record<string, unknown> | undefined;
  positionsText: string | Uint8Array | undefined;
  positions: ParsedSkill["positions"];
}

const LAZY = Symbol("skillc.lazy");
const lazyOf = (o: object): LazyState => (o as { [LAZY]: LazyState })[LAZY];

/** `text` as setBody would leave it, decoded from the bytes when first read; the bytes are dropped then (a split build lets go of a streamed skill's text, project/chunk-stream.ts). */
function textOf(s: LazyState): string {
  if (s.text === undefined) {
    const decoded = decodeSkill(s.bytes!);
    s.text = decoded.ok ? decoded.text : "";
  }
  s.bytes = undefined;
  return s.text;
}

/** `text` and `body`, decoded from the bytes when first read (set: replaced, as a plain property would be). */
const LAZY_TEXT: PropertyDescriptorMap = {
  text: {
    get(this: object) {
      return textOf(lazyOf(this));
    },
    set(this: object, v: string) {
      const s = lazyOf(this);
      s.text = v;
      s.bytes = undefined;
    },
    enumerable: true,
    configurable: true,
  },
  body: {
    get(this: object) {
      const s = lazyOf(this);
      return (s.body ??= textOf(s).slice(s.bodyOffset).trim());
    },
    set(this: object, v: string) {
      lazyOf(this).body = v;
    },
    enumerable: true,
    configurable: true,
  },
};

/** `frontmatter` and `positions` parsed from the record's JSON when first read (set: replaced). */
const LAZY_JSON: PropertyDescriptorMap = {
  frontmatter: {
    get(this: object) {
      const s = lazyOf(this);
      if (s.frontmatterText !== undefined) s.frontmatter = parseJsonText(s.frontmatterText) as Record<string, unknown>;
      s.frontmatterText = undefined;
      return s.frontmatter;
    },
    set(this: object, v: Record<string, unknown> | undefined) {
      const s = lazyOf(this);
      s.frontmatter = v;
      s.frontmatterText = undefined;
    },
    enumerable: true,
    configurable: true,
  },
  positions: {
    get(this: object) {
      const s = lazyOf(this);
      // Written by this run (a worker or this thread): of another form only through a bug, and then none.
      if (s.positionsText !== undefined) s.positions = decodePositions(parseJsonText(s.positionsText)) ?? {};
      s.positionsText = undefined;
      return s.positions;
    },
    set(this: object, v: ParsedSkill["positions"]) {
      const s = lazyOf(this);
      s.positions = v;
      s.positionsText = undefined;
    },
    enumerable: true,
    configurable: true,
  },
};

/** The TextResult analyzeText would have returned, from its snapshot and the same bytes (`json`: its frontmatter and positions still as JSON). */
export function restoreText(source: SkillSource, bytes: Uint8Array, snap: AnalysisSnapshot, hash?: string, json?: SnapshotJson): TextResult {
  const parsed = restoreParsed(source, bytes, snap, hash, json);
  const hasFrontmatter = json ? json.frontmatter !== undefined : !!parsed.frontmatter;
  const skill = snap.fields && hasFrontmatter ? restoredSkill(parsed, snap.fields, json !== undefined) : undefined;
  return { parsed, skill, diagnostics: snap.diagnostics };
}

/**
 * `extend(parsed, { frontmatter, fields })` for a restored `parsed`: the same keys in the same order,
 * the text and body the same accessors (one lazy text for both). Copying every property's descriptor,
 * as extend does, cost a lint this thread ~0.15 s per 5,000 restored skills.
 */
function restoredSkill(parsed: ParsedSkill, fields: ValidSkill["fields"], lazy: boolean): ValidSkill {
  // The same accessors and state as parsed's: text and body, and with `lazy` frontmatter and positions, stay unread.
  const state = Object.hasOwn(parsed, LAZY) ? lazyOf(parsed) : undefined;
  const text = state?.lazyText ? LAZY_TEXT : undefined;
  const lazyJson = state && lazy ? LAZY_JSON : undefined;
  // Member by member in ValidSkill's order, as restoreParsed builds a parse (see put).
  const skill = {} as Record<string, unknown>;
  skill.source = parsed.source;
  skill.hash = parsed.hash;
  put(skill, "text", "", text);
  put(skill, "frontmatter", lazy ? {} : parsed.frontmatter!, lazyJson);
  put(skill, "positions", lazy ? {} : parsed.positions, lazyJson);
  skill.frontmatterRange = parsed.frontmatterRange;
  skill.bodyOffset = parsed.bodyOffset;
  put(skill, "body", "", text);
  skill.bodyStart = parsed.bodyStart;
  skill.diagnostics = parsed.diagnostics;
  skill.fields = fields;
  if (state) Object.defineProperty(skill, LAZY, { value: state, configurable: true });
  return keepAccessors(skill as unknown as ValidSkill);
}
