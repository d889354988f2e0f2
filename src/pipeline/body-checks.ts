// The body checks of `skillc lint`/`build`: links, placeholders inside code, `` !`cmd` ``, length.
// The markdown structure comes from src/markdown/scan.ts (one pass, no remark tree: remark-parse
// runs at ~1 MB/s, the scanner at ~80 MB/s, and they agree on the whole corpus).

import { LineIndex } from "./frontmatter/locate.js";
import type { Diagnostic, ParsedSkill, Range } from "../types.js";
import type { ReportContext, RuleMeta } from "../diagnostics/rule.js";
import { reportInto } from "../diagnostics/reporter.js";
import * as R from "../rules/body-rules.js";
import type { NearPath } from "../rules/body-rules.js";
import { scanMarkdown, type CodeRegion } from "../markdown/scan.js";
import { resolveLink } from "../markdown/link-path.js";
import { leftOutReason } from "./left-out.js";
import { compareCodeUnits } from "../util/compare.js";

export interface BodyCheckInput {
  /** Positions are offsets in `parsed.text` (LF, no BOM); its line 1 is the file's line 1. */
  parsed: ParsedSkill;
  /** Names declared by `arguments:`, in positional order (may be empty). */
  declaredArguments: string[];
  /** Whether `argument-hint` is set. */
  hasArgumentHint: boolean;
  /**
   * The skill folder's files, posix paths relative to it ("references/api.md"). Files only: folders
   * are implied by the files under them (entries ending in "/" are accepted too). SKILL.md itself
   * may be left out; a link to it always resolves.
   */
  files: ReadonlySet<string>;
  /** Why entries met in the skill folder are not among `files` (left-out.ts): a link to one says why. */
  leftOut?: ReadonlyMap<string, string>;
  ctx: ReportContext;
}

export const MAX_BODY_LINES = 500;
export const MAX_BODY_TOKENS = 5000;
const CHARS_PER_TOKEN = 4;

/**
 * Runs every body rule on one skill. Never throws for bad input; returns diagnostics in text order.
 * The markdown scan (the costliest part) runs only when its answer can change the result: when a
 * link destination the body might hold is one that checkLinks would report (mayReportLinks), or when
 * a placeholder needs to know whether it is inside code. `alwaysScan` (tests) runs it regardless.
 */
export function checkBody(input: BodyCheckInput, alwaysScan = false): Diagnostic[] {
  const { parsed } = input;
  if (!parsed.body) return [];
  const text = parsed.text;
  const from = Math.max(text.lastIndexOf("\n", parsed.bodyStart - 1) + 1, parsed.bodyOffset);
  let scanned: ReturnType<typeof scanMarkdown> | undefined;
  const scan = () => (scanned ??= scanMarkdown(text, from));
  if (alwaysScan) scan();
  const out: Diagnostic[] = [];
  const lines = new LazyLines(text);
  const into = reportInto(out, input.ctx);
  // The checks find offsets; the line table turns them into ranges only for what is reported.
  const report: Report = (rule, start, end, params) => into(rule, lines.range(start, end), params);
  if (scanned || mayReportLinks(input, from)) checkLinks(input, scan().links, report);
  // Without the links, the placeholders need only the code regions, and only up to where they ask.
  checkPlaceholders(input, (to) => (scanned ?? scanMarkdown(text, from, to, true)).code, report);
  checkShellCommands(parsed, report);
  checkLength(parsed, report);
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

type Report = <P>(rule: RuleMeta<P>, start: number, end: number, params: P) => void;

/** A map of a skill's folders, made on first use from its files. */
function folderSet(files: ReadonlySet<string>): (p: string) => boolean {
  let dirs: Set<string> | undefined;
  return (p: string) => {
    if (!dirs) {
      dirs = new Set([""]);
      for (const f of files) for (let i = f.indexOf("/"); i > 0; i = f.indexOf("/", i + 1)) dirs.add(f.slice(0, i));
    }
    return dirs.has(p);
  };
}

function checkLinks(input: BodyCheckInput, links: ReturnType<typeof scanMarkdown>["links"], report: Report): void {
  const isDir = folderSet(input.files);
  for (const link of links) {
    if (link.kind === "autolink" || link.start === link.end) continue;
    const found = linkFinding(input, link.url, link.kind === "image", isDir);
    if (found) report(found.rule as RuleMeta<unknown>, link.start, link.end, found.params);
  }
}

/** What checkLinks reports for a destination (`url` as the scan decodes it), if anything. */
function linkFinding(input: BodyCheckInput, written: string, image: boolean, isDir: (p: string) => boolean): { rule: RuleMeta<never>; params: unknown } | undefined {
  const target = resolveLink(written);
  if (target.kind === "external") return undefined;
  if (target.kind === "absolute") return { rule: R.LINK_ABSOLUTE, params: { written } };
  if (target.kind === "outside") return { rule: R.LINK_OUTSIDE_SKILL, params: { written } };
  const p = target.path;
  const exists = target.dir
    ? isDir(p) || input.files.has(`${p}/`)
    : input.files.has(p) || p === input.parsed.source.fileName || p === "SKILL.md" || isDir(p);
  const reason = exists ? undefined : leftOutReason(p, input.leftOut);
  if (reason) return { rule: R.LINK_MISSING_FILE, params: { written, path: p, leftOut: reason } };
  if (!exists) return { rule: R.LINK_MISSING_FILE, params: { written, path: p, near: suggest(p, input.files) } };
  if (!image && !target.dir && p.split("/").length > 2 && !isDir(p)) return { rule: R.REFERENCE_DEPTH, params: { written, path: p } };
  return undefined;
}

/** Characters of a destination that the scan takes as written (no escape, entity, paren or space). */
const PLAIN_DEST = /^[A-Za-z0-9._/#?=:~+%@-]+$/;

/**
 * Whether the body might hold a link destination checkLinks reports. A destination the scan finds
 * starts right after `](` (inline link or image) or after `]:` and spaces (definition), on the same
 * line, and runs to a space, `)` or the line's end; `]` and `(`/`:` are adjacent in the source as in
 * the scan's paragraph text. So when every such spot holds a plain destination that checkLinks
 * accepts (or one that is not plain is not even met), no link of the body is reported, whatever the
 * scan decides is a link; anything else (a space or `<` after `(`, an escape, `&`, a paren, a line
 * break) answers true and the scan decides.
 */
function mayReportLinks(input: BodyCheckInput, from: number): boolean {
  const text = input.parsed.text;
  const isDir = folderSet(input.files);
  for (let i = text.indexOf("]", from); i !== -1; i = text.indexOf("]", i + 1)) {
    const c = text.charCodeAt(i + 1);
    if (c !== 40 && c !== 58) continue;
    let d = i + 2;
    if (c === 58) while (text.charCodeAt(d) === 32 || text.charCodeAt(d) === 9) d++;
    let e = d;
    for (let k = e; k < text.length; k++) {
      const x = text.charCodeAt(k);
      if (x === 41 || x === 32 || x === 9 || x === 10) break;
      e = k + 1;
    }
    const dest = text.slice(d, e);
    if (!PLAIN_DEST.test(dest) || linkFinding(input, dest, false, isDir)) return true;
  }
  return false;
}

/** A near match for a missing path: without trailing punctuation, in other case, or the one file of that name. */
function suggest(p: string, files: ReadonlySet<string>): NearPath | undefined {
  const trimmed = p.replace(/[.,;:!?)'"]+$/, "");
  if (trimmed !== p && files.has(trimmed)) return { kind: "trailing", path: trimmed, tail: p.slice(trimmed.length) };
  const lower = p.toLowerCase();
  const base = lower.slice(lower.lastIndexOf("/") + 1);
  let sameName: string | undefined;
  let count = 0;
  for (const f of files) {
    const fl = f.toLowerCase();
    if (fl === lower) return { kind: "case", path: f };
    if (fl === base || fl.endsWith(`/${base}`)) {
      sameName = f;
      count++;
    }
  }
  return count === 1 ? { kind: "name", path: sameName! } : undefined;
}

const NAME = /^[A-Za-z_][\w-]*$/;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Claude Code's placeholders in its replacement order, as src/pipeline/template.ts compiles them
 * (claude-code dialect): a `\$` escapes only when no backslash precedes it, and a named argument
 * followed by `[` is not one. Groups: 1 backslash, 2 named, 3 `$ARGUMENTS[N]` index, 4 `$N` index,
 * 5 a `${CLAUDE_…}` variable.
 */
export function placeholderPattern(names: string[]): RegExp {
  const named = names.filter((n) => NAME.test(n)).sort((a, b) => b.length - a.length || compareCodeUnits(a, b)).map(escapeRe);
  // One pattern per list of names (compiled for every skill with a `$`, it showed in profiles): it is sticky and
  // every use sets lastIndex first, so sharing it is safe. Names are [\w-], so "|" separates them.
  const key = named.join("|");
  let re = patterns.get(key);
  if (!re) {
    if (patterns.size >= MAX_PATTERNS) patterns.clear();
    patterns.set(key, (re = compilePattern(named)));
  }
  return re;
}

const patterns = new Map<string, RegExp>();
const MAX_PATTERNS = 256;

function compilePattern(named: string[]): RegExp {
  const namedAlt = named.length ? `(${named.join("|")})(?![\\[\\w])|` : "()(?!)|";
  return new RegExp(`((?<!\\\\)\\\\)?\\$(?:${namedAlt}ARGUMENTS\\[(\\d+)\\]|(\\d+)(?!\\w)|(\\{CLAUDE_(?:SKILL_DIR|SESSION_ID|PROJECT_DIR|EFFORT)\\})|ARGUMENTS)`, "y");
}

/**
 * The first match of the (sticky) placeholder pattern at or after `from`. A match starts at a `$` or
 * at the backslash just before one, so only those offsets are tried, in order (the leftmost match
 * wins, as in a scan from the left): a pattern that opens with an optional group cannot skip ahead
 * by itself, and V8 tried it at every offset (the costliest regex of a lint run).
 */
export function nextPlaceholder(re: RegExp, text: string, from: number): RegExpExecArray | null {
  for (let d = text.indexOf("$", from); d !== -1; d = text.indexOf("$", d + 1)) {
    for (let at = d > from && text.charCodeAt(d - 1) === 92 ? d - 1 : d; at <= d; at++) {
      re.lastIndex = at;
      const m = re.exec(text);
      if (m) return m;
    }
  }
  return null;
}

/** After `$N`: the rest of an amount (`$1.00`, `$5,000`), which Claude Code still treats as `$N` + text. */
const PRICE_TAIL = /^[.,]\d/;
/** After `$N`: a range (`$1-2`); not a price warning, but not evidence that the skill takes arguments either. */
const RANGE_TAIL = /^[-–]\d/;

interface Found {
  start: number;
  end: number;
  text: string;
  /** 0-based argument index for `$N` / `$ARGUMENTS[N]`, the name for `$name`, undefined for `$ARGUMENTS`. */
  arg: number | string | undefined;
  price: boolean;
  /** Whether it shows the skill takes arguments when outside code (not a name, an amount or a range). */
  evidence: boolean;
  inCode: boolean;
}

/**
 * The placeholders of the body, reported when the skill takes arguments: a price always, any other
 * inside code. Whether one is inside code (the markdown scan, the costliest part of the body checks)
 * is asked only when the answer can change the result: not when nothing declares arguments and no
 * placeholder could show the skill takes them, nor for a price. The scan stops where the last
 * placeholder asked about surely has its answer (scanEnd).
 */
function checkPlaceholders(input: BodyCheckInput, codeRegions: (to: number) => CodeRegion[], report: Report): void {
  const { parsed } = input;
  const text = parsed.text;
  // Most bodies hold no `$` at all: then there is nothing to match (and no pattern to build).
  if (text.indexOf("$", parsed.bodyStart) === -1) return;
  const found = findPlaceholders(input);
  const declared = input.declaredArguments.length > 0 || input.hasArgumentHint;
  // Nothing declared and nothing that could show the skill takes arguments: nothing is reported.
  if (!declared && !found.some((f) => f.evidence)) return;
  let last = -1;
  for (const f of found) if (!f.price) last = f.start;
  if (last !== -1) markCode(found, codeRegions(scanEnd(text, last)));
  const takesArguments = declared || found.some((f) => f.evidence && !f.inCode);
  if (!takesArguments) return;
  for (const f of found) {
    if (f.price) {
      const tail = text.slice(f.end, f.end + 12).match(/^[.,]\d+/)?.[0] ?? "";
      report(R.PLACEHOLDER_PRICE, f.start, f.end + tail.length, { text: f.text, arg: f.arg, tail });
    } else if (f.inCode) {
      report(R.PLACEHOLDER_IN_CODE, f.start, f.end, { text: f.text, arg: f.arg });
    }
  }
}

/** The body's placeholders in text order (escaped ones and `${CLAUDE_SKILL_DIR}` left out), not yet placed in code. */
function findPlaceholders(input: BodyCheckInput): Found[] {
  const { parsed } = input;
  const text = parsed.text;
  const end = parsed.bodyStart + parsed.body.length;
  const re = placeholderPattern(input.declaredArguments);
  const found: Found[] = [];
  for (let m = nextPlaceholder(re, text, parsed.bodyStart); m && m.index < end; m = nextPlaceholder(re, text, m.index + m[0].length)) {
    const [all, backslash, name, indexed, positional, skillDir] = m;
    if (backslash || skillDir) continue;
    const start = m.index;
    const digits = indexed ?? positional;
    const tail = text.slice(start + all.length, start + all.length + 2);
    const price = positional !== undefined && PRICE_TAIL.test(tail);
    // An amount in prose (`$1.00`, `$5,000`, `$1-2`) is not evidence that the skill takes arguments.
    const evidence = !name && !(positional !== undefined && (price || RANGE_TAIL.test(tail)));
    found.push({ start, end: start + all.length, text: all, arg: name || (digits !== undefined ? Number(digits) : undefined), price, evidence, inCode: false });
  }
  return found;
}

/** Sets `inCode` on the placeholders but prices (never read for those), one sweep over both lists. */
function markCode(found: Found[], code: CodeRegion[]): void {
  let k = 0;
  for (const f of found) {
    if (f.price) continue;
    while (k < code.length && code[k].end <= f.start) k++;
    f.inCode = k < code.length && code[k].start <= f.start;
  }
}

/**
 * Where a scan that must place offset `at` may stop: just after the first empty line after it. Every
 * block holding text before that line is then either closed (a paragraph ends at an empty line, so its
 * code spans are known) or reaches past `at` whatever follows (a code block: `at` is inside it either
 * way). What follows can still change earlier code spans through a link reference definition (a label
 * `[`x`]` then consumes the backticks), so the scan goes on to the end when `]:` occurs after the line.
 */
export function scanEnd(text: string, at: number): number {
  const empty = text.indexOf("\n\n", at);
  if (empty === -1) return text.length;
  const to = empty + 2;
  return text.indexOf("]:", to) === -1 ? to : text.length;
}

/**
 * Claude Code's `` !`command` `` as documented ("- Diff: !`git diff`"): the `!` starts a word and the
 * command is on one line. `#REF!` followed by inline code, or a pair spanning lines, is not flagged.
 */
const SHELL = /(?<![^\s(*_>])!`([^`\n]+)`/g;

function checkShellCommands(parsed: ParsedSkill, report: Report): void {
  const text = parsed.text;
  const end = parsed.bodyStart + parsed.body.length;
  if (text.indexOf("!`", parsed.bodyStart) === -1) return;
  SHELL.lastIndex = parsed.bodyStart;
  for (let m = SHELL.exec(text); m && m.index < end; m = SHELL.exec(text)) {
    report(R.SHELL_COMMAND_LINE, m.index, m.index + m[0].length, { command: m[1] });
  }
}

function checkLength(parsed: ParsedSkill, report: Report): void {
  const { body, bodyStart, text } = parsed;
  const lineEnd = (offset: number) => {
    const nl = text.indexOf("\n", offset);
    return nl < 0 ? text.length : nl;
  };
  // The line where the limit is crossed: the 501st line of the body.
  let count = 1;
  let at = -1;
  for (let i = body.indexOf("\n"); i >= 0; i = body.indexOf("\n", i + 1)) {
    if (++count === MAX_BODY_LINES + 1) at = bodyStart + i + 1;
  }
  if (count > MAX_BODY_LINES) {
    report(R.BODY_TOO_LONG, at, lineEnd(at), { kind: "lines", count, max: MAX_BODY_LINES });
  }
  const tokens = Math.ceil(body.length / CHARS_PER_TOKEN);
  if (tokens > MAX_BODY_TOKENS) {
    const cross = bodyStart + MAX_BODY_TOKENS * CHARS_PER_TOKEN;
    report(R.BODY_TOO_LONG, cross, lineEnd(cross), { kind: "tokens", count: tokens, max: MAX_BODY_TOKENS });
  }
}

/** Offsets → 1-based line/column; the line table is built on first use (most skills report nothing). */
class LazyLines {
  private index: LineIndex | undefined;
  constructor(private readonly text: string) {}

  range(start: number, end: number): Range {
    this.index ??= new LineIndex(this.text);
    const s = this.index.pos(start);
    const e = this.index.pos(Math.max(start, end));
    return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }
}
