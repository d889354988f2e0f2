// The placeholder rules of the body checks (body-checks.ts): `$ARGUMENTS`, `$N`, `$name` inside code
// once the skill takes arguments, and prices (`$1.00`) read as `$1`. Whether a placeholder is inside
// code comes from the markdown scan, asked for only when it can change the result.
import type { CodeRegion } from "../markdown/scan.js";
import * as R from "../rules/body-rules.js";
import { compareCodeUnits } from "../util/compare.js";
import type { ParsedSkill } from "../types.js";
import type { RuleMeta } from "../diagnostics/rule.js";

/** What the placeholder rules read of body-checks.ts's input. */
export interface PlaceholderInput {
  parsed: ParsedSkill;
  /** Names declared by `arguments:`, in positional order (may be empty). */
  declaredArguments: string[];
  /** Whether `argument-hint` is set. */
  hasArgumentHint: boolean;
}

/** Reports a rule at offsets of the text. */
export type Report = <P>(rule: RuleMeta<P>, start: number, end: number, params: P) => void;

const NAME = /^[A-Za-z_][\w-]*$/;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Claude Code's placeholders in its replacement order, as src/pipeline/template.ts compiles them
 * (claude-code dialect): a `\$` escapes only when no backslash precedes it, and a named argument
 * followed by `[` is not one. Groups: 1 backslash, 2 named, 3 `$ARGUMENTS[N]` index, 4 `$N` index,
 * 5 a `${CLAUDE_…}` variable.
 */
export function placeholderPattern(names: string[]): RegExp {
  // One pattern per list of names (compiled for every skill with a `$`, it showed in profiles): it is sticky and
  // every use sets lastIndex first, so sharing it is safe. Keyed by the names as declared (most
  // skills declare none, or the same few), so a known list skips the filter, sort and escaping too.
  const key = names.length === 0 ? "" : JSON.stringify(names);
  let re = patterns.get(key);
  if (!re) {
    const named = names.filter((n) => NAME.test(n)).sort((a, b) => b.length - a.length || compareCodeUnits(a, b)).map(escapeRe);
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

/** A gauge of the placeholder search's work: the `$` it tries. Plain counting for the tests (shell-checks.test.ts), no timing. */
export const placeholderWork = { tries: 0 };

/**
 * The first match of the (sticky) placeholder pattern at or after `from`, starting before `to` (a
 * search bounded to one span: unbounded, each span of many would scan the rest of the text). A match
 * starts at a `$` or at the backslash just before one, so only those offsets are tried, in order (the
 * leftmost match wins, as in a scan from the left): a pattern that opens with an optional group
 * cannot skip ahead by itself, and V8 tried it at every offset (the costliest regex of a lint run).
 */
export function nextPlaceholder(re: RegExp, text: string, from: number, to = Infinity): RegExpExecArray | null {
  for (let d = text.indexOf("$", from); d !== -1 && d < to; d = text.indexOf("$", d + 1)) {
    placeholderWork.tries++;
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
 * placeholder asked about surely has its answer (scanEnd). One inside a `` !`command` `` is left to
 * `argument-in-command` (`reportedElsewhere`).
 */
export function checkPlaceholders(input: PlaceholderInput, codeRegions: (to: number) => CodeRegion[], report: Report, reportedElsewhere?: (offset: number) => boolean): void {
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
    } else if (f.inCode && !reportedElsewhere?.(f.start)) {
      report(R.PLACEHOLDER_IN_CODE, f.start, f.end, { text: f.text, arg: f.arg });
    }
  }
}

/** The body's placeholders in text order (escaped ones and `${CLAUDE_SKILL_DIR}` left out), not yet placed in code. */
function findPlaceholders(input: PlaceholderInput): Found[] {
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

