// Hidden characters in a SKILL.md's text, in a supporting file's text (build) and in the skill's
// folder path (see util/hidden-chars.ts for the list and why). One regex pass over the text: linear
// in its length.
import type { Diagnostic, ParsedSkill } from "../types.js";
import type { ReportContext } from "../diagnostics/rule.js";
import { reportInto } from "../diagnostics/reporter.js";
import { HIDDEN_CHARACTER, HIDDEN_CHARACTER_IN_PATH, type HiddenCharacter } from "../rules/text-rules.js";
import { HIDDEN_RUN, bytesMayHoldHidden, decodeTags, hasHidden, describeFirstUnsafe, describeHidden, escapeChar, escapeTerminal, hasUnsafe } from "../util/hidden-chars.js";
import { LineIndex } from "./frontmatter/locate.js";
import { LONE_CARRIAGE_RETURN } from "../rules/parse-rules.js";
import { findLoneCrs } from "./lone-cr.js";

/** Runs reported one by one per file; the next one says how many more there are. */
const MAX_REPORTED = 10;
const HIDDEN_FIRST_RUN = new RegExp(HIDDEN_RUN.source);
const PICTOGRAPHIC = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u;
const NON_ASCII_LETTER = /[^\p{ASCII}](?<=[\p{L}\p{M}])/u;

/** Hidden characters that are ordinary text: joiners inside emoji or non-Latin words, emoji flag tag sequences. */
function benign(text: string, start: number, run: string): boolean {
  const before = text.slice(Math.max(0, start - 2), start);
  const after = text.slice(start + run.length, start + run.length + 2);
  const last = [...before].pop() ?? "";
  const next = [...after][0] ?? "";
  if (run === "\u200d" && PICTOGRAPHIC.test(last) && PICTOGRAPHIC.test(next)) return true;
  if ((run === "\u200c" || run === "\u200d") && NON_ASCII_LETTER.test(last) && NON_ASCII_LETTER.test(next)) return true;
  // 🏴 + tag letters + CANCEL TAG: the flags of England, Scotland, Wales.
  return last === "\u{1f3f4}" && run.endsWith("\udb40\udc7f") && decodeTags(run).length <= 6;
}

function describeRun(run: string): string {
  const cps = [...run];
  const first = cps[0].codePointAt(0)!;
  const tags = decodeTags(run);
  const what = tags ? `${cps.length} Unicode tag character${cps.length > 1 ? "s" : ""} spelling invisible text "${tags.length > 60 ? tags.slice(0, 59) + "…" : tags}"` : cps.length > 1 ? `${cps.length} hidden characters (the first is ${describeHidden(first)})` : describeHidden(first);
  const shown = cps.slice(0, 4).map(escapeChar).join("") + (cps.length > 4 ? "…" : "");
  return `${what}, \`${shown}\``;
}

/**
 * `hidden-character` at each run of hidden characters in the SKILL.md's (decoded) text, and in
 * frontmatter values that hold one only through a YAML escape (`"\u202e"`). `inText` false: the
 * caller knows the text holds none (util/hidden-chars.ts bytesMayHoldHidden on its bytes).
 */
export function checkHiddenText(parsed: ParsedSkill, ctx: ReportContext, inText = true): Diagnostic[] {
  const out = inText ? checkRawText(parsed, ctx) : [];
  if (parsed.frontmatter && mayHoldHidden(parsed, inText)) out.push(...checkEscapedValues(parsed, ctx, out));
  return out;
}

/**
 * Whether a frontmatter value can hold a hidden character: YAML makes one only from one in its source
 * (the text before the body) or from an escape, which needs a backslash. Most frontmatters have
 * neither, and then walking every value for one (~1% of a cold lint) cannot find any.
 */
function mayHoldHidden(parsed: ParsedSkill, inText: boolean): boolean {
  const end = parsed.bodyOffset;
  if (end > 0 && parsed.text.lastIndexOf("\\", end - 1) !== -1) return true;
  return inText && hasHidden(parsed.text.slice(0, end));
}

/** Strings of the frontmatter holding a hidden character where the text itself shows none: written as `\u…`, `\e`, `\x1b`. */
function checkEscapedValues(parsed: ParsedSkill, ctx: ReportContext, found: Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = reportInto(out, ctx);
  const walk = (value: unknown, pointer: string): void => {
    if (out.length >= MAX_REPORTED) return;
    if (typeof value === "string") {
      const m = HIDDEN_FIRST_RUN.exec(value);
      const at = parsed.positions[pointer]?.value;
      if (!m || !at || benign(value, m.index, m[0])) return;
      if (found.some((d) => d.line >= at.line && d.line <= at.endLine)) return;
      report(HIDDEN_CHARACTER, at, { kind: "escaped", field: pointer.slice(1).replace(/\//g, "."), what: describeRun(m[0]) });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    }
  };
  walk(parsed.frontmatter, "");
  return out;
}

function checkRawText(parsed: ParsedSkill, ctx: ReportContext): Diagnostic[] {
  return hiddenRuns(parsed.text, ctx, (index) => (index < parsed.bodyOffset ? "the frontmatter" : "the body"));
}

/**
 * `hidden-character` at each run of hidden characters in a supporting file's text (build reads them
 * all; they reach the model through `read_skill_file` and MCP resources as a SKILL.md body does).
 */
export function checkHiddenInFile(text: string, ctx: ReportContext): Diagnostic[] {
  return hiddenRuns(text, ctx, () => "this file");
}

/**
 * A supporting text file's checks from its bytes: hidden characters (only when the bytes may hold
 * one; `text` is the file decoded, when the caller has it) and lone CRs (`lone-carriage-return`,
 * which a terminal shows by drawing the text after one over the text before it).
 */
export function checkSupportingText(bytes: Buffer, ctx: ReportContext, name: string, text?: string): Diagnostic[] {
  const out = bytesMayHoldHidden(bytes) ? checkHiddenInFile(text ?? bytes.toString("utf8"), ctx) : [];
  const lone = findLoneCrs(bytes);
  if (lone) reportInto(out, ctx)(LONE_CARRIAGE_RETURN, lone.range, { fileName: name, count: lone.count, inFrontmatter: false }, lone.fix);
  return out;
}

/** The runs of `text` that are not benign, reported up to MAX_REPORTED (then one "more"); `where` names the part a run is in. */
function hiddenRuns(text: string, ctx: ReportContext, where: (index: number) => string): Diagnostic[] {
  const out: Diagnostic[] = [];
  // One test first: matchAll's pattern (a run, an alternation) scans ~1.5× slower, and most texts hold none.
  if (!text || !hasHidden(text)) return out;
  const report = reportInto(out, ctx);
  let lines: LineIndex | undefined;
  let found = 0;
  for (const m of text.matchAll(HIDDEN_RUN)) {
    if (benign(text, m.index!, m[0])) continue;
    found++;
    if (found > MAX_REPORTED + 1) continue;
    lines ??= new LineIndex(text);
    const s = lines.pos(m.index!);
    const e = lines.pos(m.index! + m[0].length);
    const params: HiddenCharacter = found > MAX_REPORTED ? { kind: "more", where: where(m.index!) } : { kind: "text", where: where(m.index!), what: describeRun(m[0]) };
    report(HIDDEN_CHARACTER, { line: s.line, column: s.column, endLine: e.line, endColumn: e.column }, params);
  }
  return out;
}

/** `hidden-character-in-path` when the skill's folder (relative to its root) holds a hidden character. */
export function checkSkillPath(parsed: ParsedSkill, ctx: ReportContext): Diagnostic[] {
  const rel = parsed.source.relDir;
  if (!hasUnsafe(rel)) return [];
  const out: Diagnostic[] = [];
  reportInto(out, ctx)(HIDDEN_CHARACTER_IN_PATH, { line: 1, column: 1 }, { kind: "folder", path: escapeTerminal(rel), what: describeFirstUnsafe(rel) });
  return out;
}
