// The body checks of `skillc lint`/`build`: links, placeholders inside code, `` !`cmd` `` (shell-checks.ts), length.
// The markdown structure comes from src/markdown/scan.ts (one pass, no remark tree: remark-parse
// runs at ~1 MB/s, the scanner at ~80 MB/s, and they agree on the whole corpus).

import { LineIndex } from "./frontmatter/locate.js";
import type { Diagnostic, ParsedSkill, Range } from "../types.js";
import type { ReportContext, RuleMeta } from "../diagnostics/rule.js";
import { reportInto } from "../diagnostics/reporter.js";
import * as R from "../rules/body-rules.js";
import type { NearPath } from "../rules/body-rules.js";
import { scanMarkdown } from "../markdown/scan.js";
import { resolveLink } from "../markdown/link-path.js";
import { leftOutReason } from "./left-out.js";
import { checkPlaceholders, type Report } from "./placeholder-checks.js";
import { checkShellCommands, CommandSpans, shellCommands } from "./shell-checks.js";

export { nextPlaceholder, placeholderPattern, scanEnd } from "./placeholder-checks.js";

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
  // A placeholder inside a `` !`command` `` gets argument-in-command, not also placeholder-in-code.
  const commands = shellCommands(parsed);
  const spans = commands.length ? new CommandSpans(commands) : undefined;
  checkPlaceholders(input, (to) => (scanned ?? scanMarkdown(text, from, to, true)).code, report, spans && ((at) => spans.contains(at)));
  checkShellCommands(parsed, input.declaredArguments, commands, report);
  checkLength(parsed, report, lines);
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}


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
  const near = nearIndex(files);
  const same = near.byLower.get(lower);
  if (same !== undefined) return { kind: "case", path: same };
  const named = near.byBase.get(lower.slice(lower.lastIndexOf("/") + 1));
  return named && named.count === 1 ? { kind: "name", path: named.path } : undefined;
}

interface NearIndex {
  /** Lowercased path → the first file of it. */
  byLower: Map<string, string>;
  /** Lowercased last segment → how many files end in it, and one of them. */
  byBase: Map<string, { path: string; count: number }>;
}

/**
 * The skill's files by lowercased path and by name, made once per file set: each missing link used
 * to walk every file (130,000 links × 50,000 files in one skill was minutes of a lint).
 */
const nearIndexes = new WeakMap<ReadonlySet<string>, NearIndex>();
function nearIndex(files: ReadonlySet<string>): NearIndex {
  let near = nearIndexes.get(files);
  if (near) return near;
  near = { byLower: new Map(), byBase: new Map() };
  for (const f of files) {
    const fl = f.toLowerCase();
    if (!near.byLower.has(fl)) near.byLower.set(fl, f);
    const base = fl.slice(fl.lastIndexOf("/") + 1);
    const named = near.byBase.get(base);
    if (named) named.count++;
    else near.byBase.set(base, { path: f, count: 1 });
  }
  nearIndexes.set(files, near);
  return near;
}

/**
 * `body-too-long`. The body's lines are counted on the text's line table (which the reports use too:
 * ~95% of skills report something), not with a second indexOf pass over the body: the body is the
 * text from bodyStart on, so its line breaks are the line starts in (bodyStart, bodyStart + length].
 */
function checkLength(parsed: ParsedSkill, report: Report, lines: LazyLines): void {
  const { body, bodyStart, text } = parsed;
  const lineEnd = (offset: number) => {
    const nl = text.indexOf("\n", offset);
    return nl < 0 ? text.length : nl;
  };
  const starts = lines.index().starts;
  const first = startsAfter(starts, bodyStart);
  const count = startsAfter(starts, bodyStart + body.length) - first + 1;
  if (count > MAX_BODY_LINES) {
    // The line where the limit is crossed: the 501st line of the body.
    const at = starts[first + MAX_BODY_LINES - 1]!;
    report(R.BODY_TOO_LONG, at, lineEnd(at), { kind: "lines", count, max: MAX_BODY_LINES });
  }
  const tokens = Math.ceil(body.length / CHARS_PER_TOKEN);
  if (tokens > MAX_BODY_TOKENS) {
    const cross = bodyStart + MAX_BODY_TOKENS * CHARS_PER_TOKEN;
    report(R.BODY_TOO_LONG, cross, lineEnd(cross), { kind: "tokens", count: tokens, max: MAX_BODY_TOKENS });
  }
}

/** The index of the first of the sorted `starts` past `offset` (`starts.length` when none is). */
function startsAfter(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Offsets → 1-based line/column, on the text's line table made once per body check (the length check counts lines on it too). */
class LazyLines {
  private lines: LineIndex | undefined;
  constructor(private readonly text: string) {}

  index(): LineIndex {
    return (this.lines ??= new LineIndex(this.text));
  }

  range(start: number, end: number): Range {
    const index = this.index();
    const s = index.pos(start);
    const e = index.pos(Math.max(start, end));
    return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  }
}
