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
  diagnostics.push(...validated.diagnostics);
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
  diagnostics.push(...bodyDiagnostics);
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
  const parsed: ParsedSkill = {
    source,
    hash: hash ?? sha256Hex(bytes!),
    text: "",
    frontmatter: json ? undefined : snap.frontmatter,
    positions: json ? {} : snap.positions,
    frontmatterRange: snap.frontmatterRange,
    bodyOffset: snap.bodyOffset,
    body: "",
    bodyStart: snap.bodyStart,
    diagnostics: snap.diagnostics.slice(0, snap.parsedCount ?? 0),
  };
  if (bytes) lazyText(parsed, bytes, snap.bodyOffset);
  if (json) lazyJson(parsed, json);
  return parsed;
}

/**
 * A snapshot's frontmatter (undefined: none) and positions as the JSON texts of its record (a lint
 * worker's answer, analyze-share.ts). This thread reads neither for most skills (a collision's name, a
 * non-ASCII name's check, a client's portability finding do): parsing them for every skill cost it
 * ~0.3 s at 10,000 skills, and the GC copied the objects made (most of a record's) until the end.
 */
export interface SnapshotJson {
  frontmatter: string | undefined;
  positions: string;
}

/** `frontmatter` and `positions` parsed from `json` when first read (set: replaced, as a plain property would be). */
function lazyJson(parsed: ParsedSkill, json: SnapshotJson): void {
  let frontmatterText = json.frontmatter;
  let positionsText: string | undefined = json.positions;
  let frontmatter: Record<string, unknown> | undefined;
  let positions: ParsedSkill["positions"] = {};
  keepAccessors(parsed);
  Object.defineProperties(parsed, {
    frontmatter: {
      get: () => {
        if (frontmatterText !== undefined) frontmatter = JSON.parse(frontmatterText) as Record<string, unknown>;
        frontmatterText = undefined;
        return frontmatter;
      },
      set: (v: Record<string, unknown> | undefined) => void ((frontmatter = v), (frontmatterText = undefined)),
      enumerable: true,
      configurable: true,
    },
    positions: {
      get: () => {
        if (positionsText !== undefined) positions = JSON.parse(positionsText) as ParsedSkill["positions"];
        positionsText = undefined;
        return positions;
      },
      set: (v: ParsedSkill["positions"]) => void ((positions = v), (positionsText = undefined)),
      enumerable: true,
      configurable: true,
    },
  });
}

/** `text` and `body` as setBody would leave them, decoded from `bytes` when first read. */
function lazyText(parsed: ParsedSkill, bytes: Uint8Array, bodyOffset: number): void {
  let text: string | undefined;
  let body: string | undefined;
  // Dropped once the text is set: a split build lets go of a streamed skill's text (project/chunk-stream.ts).
  let source: Uint8Array | undefined = bytes;
  const getText = (): string => {
    if (text === undefined) {
      const decoded = decodeSkill(source!);
      text = decoded.ok ? decoded.text : "";
    }
    source = undefined;
    return text;
  };
  keepAccessors(parsed);
  Object.defineProperties(parsed, {
    text: { get: getText, set: (v: string) => void ((text = v), (source = undefined)), enumerable: true, configurable: true },
    body: { get: () => (body ??= getText().slice(bodyOffset).trim()), set: (v: string) => void (body = v), enumerable: true, configurable: true },
  });
}

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
  const skill: ValidSkill = {
    source: parsed.source,
    hash: parsed.hash,
    text: "",
    frontmatter: lazy ? {} : parsed.frontmatter!,
    positions: lazy ? {} : parsed.positions,
    frontmatterRange: parsed.frontmatterRange,
    bodyOffset: parsed.bodyOffset,
    body: "",
    bodyStart: parsed.bodyStart,
    diagnostics: parsed.diagnostics,
    fields,
  };
  // The same accessors as parsed's: text and body, and with `lazy` frontmatter and positions, stay unread.
  const own = (key: keyof ParsedSkill) => Object.getOwnPropertyDescriptor(parsed, key)!;
  const accessors: PropertyDescriptorMap = { text: own("text"), body: own("body") };
  if (lazy) Object.assign(accessors, { frontmatter: own("frontmatter"), positions: own("positions") });
  return keepAccessors(Object.defineProperties(skill, accessors));
}
