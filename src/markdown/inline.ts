// The inline half of the scanner: in a paragraph's or heading's text, finds code spans, autolinks,
// inline links/images (commonmark.js's bracket-stack algorithm, reference links resolved against the
// document's definitions so that "links never contain links" holds) and, at a paragraph's start,
// reference definitions. Raw inline HTML and backslash escapes are skipped the way CommonMark does.

import { decodeDestination, isAsciiPunct, normalizeLabel } from "./syntax.js";
import { atLineEnd, linkLabelLength, parseDestination, parseTitle, skipSpnl, type Destination } from "./link-syntax.js";
import type { CodeRegion, LinkTarget } from "./types.js";
import { Closers, autolinkAt, inlineHtmlEnd } from "./inline-html.js";
import { work } from "./work.js";

/** A paragraph's or heading's text: its lines joined by "\n", each line mapped back to its source offset. */
export interface InlineText {
  s: string;
  /** Index in `s` where each line starts, ascending. */
  at: number[];
  /** Source offset of each line's start. */
  textAt: number[];
  /** Where inline content starts (after leading definitions). */
  from: number;
}

function toSource(t: InlineText, i: number): number {
  const { at } = t;
  let lo = 0;
  let hi = at.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (at[mid] <= i) lo = mid;
    else hi = mid - 1;
  }
  return t.textAt[lo] + (i - at[lo]);
}

/**
 * Parses the reference definitions at the start of a paragraph's text, records them, and returns
 * how many characters they took.
 */
export function parseDefinitions(t: InlineText, refs: Set<string>, out: LinkTarget[]): number {
  const s = t.s;
  let pos = 0;
  while (s.charCodeAt(pos) === 91 /* [ */) {
    const n = linkLabelLength(s, pos);
    if (n < 3 || s.charCodeAt(pos + n) !== 58 /* : */) break;
    const label = normalizeLabel(s.slice(pos + 1, pos + n - 1));
    work.chars += n;
    if (label === "") break;
    let k = skipSpnl(s, pos + n + 1);
    const dest = parseDestination(s, k);
    if (!dest || (dest.start === dest.end && s.charCodeAt(k) !== 60)) break;
    k = dest.next;
    const beforeTitle = k;
    k = skipSpnl(s, k);
    let end = -1;
    if (k !== beforeTitle) {
      const titleEnd = parseTitle(s, k);
      if (titleEnd >= 0) end = atLineEnd(s, titleEnd);
    }
    if (end < 0) end = atLineEnd(s, beforeTitle);
    if (end < 0) break;
    refs.add(label);
    work.chars += dest.end - dest.start;
    out.push({
      kind: "definition",
      url: decodeDestination(s.slice(dest.start, dest.end)),
      start: toSource(t, dest.start),
      end: toSource(t, dest.start) + (dest.end - dest.start),
    });
    pos = end;
  }
  return pos;
}

interface Opener {
  pos: number;
  image: boolean;
  active: boolean;
  bracketAfter: boolean;
}

const RE_SPECIAL = /[\\`<!\[\]]/g;

/** Finds code spans, autolinks and inline links/images in `t`, appending them to `code` and `links`. */
export function scanInline(t: InlineText, refs: ReadonlySet<string>, code: CodeRegion[], links: LinkTarget[]): void {
  const s = t.s;
  const len = s.length;
  const openers: Openers = Object.assign([] as Opener[], { inactiveBelow: 0 });
  const ticks = new BacktickRuns(s, t.from);
  const closers = new Closers(s);
  let nextLt = -1;
  let i = t.from;
  while (i < len) {
    RE_SPECIAL.lastIndex = i;
    const m = RE_SPECIAL.exec(s);
    work.chars += (m ? m.index : len) - i + 1;
    if (!m) break;
    i = m.index;
    const c = s[i];
    if (c === "\\") {
      i += i + 1 < len && isAsciiPunct(s[i + 1]) ? 2 : 1;
    } else if (c === "`") {
      let n = 1;
      while (s.charCodeAt(i + n) === 96) n++;
      work.chars += n;
      const close = ticks.closer(i + n, n);
      if (close < 0) i += n;
      else {
        code.push({ kind: "inline", start: toSource(t, i), end: toSource(t, close - 1) + 1 });
        i = close;
      }
    } else if (c === "<") {
      if (nextLt <= i) nextLt = closers.find("<", i + 1);
      const a = autolinkAt(s, i, nextLt);
      if (a) {
        const start = toSource(t, i + 1);
        links.push({ kind: "autolink", url: a[1] ?? `mailto:${a[2]}`, start, end: start + a[0].length - 2 });
        i += a[0].length;
        continue;
      }
      const h = inlineHtmlEnd(s, i, closers);
      i = h < 0 ? i + 1 : h;
    } else if (c === "!" || c === "[") {
      const image = c === "!";
      if (image && s[i + 1] !== "[") {
        i++;
        continue;
      }
      if (openers.length) openers[openers.length - 1].bracketAfter = true;
      openers.push({ pos: i, image, active: true, bracketAfter: false });
      i += image ? 2 : 1;
    } else {
      i = closeBracket(t, i, openers, refs, links);
    }
  }
}

/**
 * Every backtick run of the text, listed once by length, so that finding the closer of a run of
 * length n is a step along that length's list: linear, where searching the text for each opener was
 * quadratic on runs of many different lengths (`` ` `` `` ``` ```` …).
 */
class BacktickRuns {
  private readonly byLength = new Map<number, { starts: number[]; next: number }>();
  constructor(s: string, from: number) {
    for (let j = s.indexOf("`", from); j >= 0; j = s.indexOf("`", j)) {
      let m = 1;
      while (s.charCodeAt(j + m) === 96) m++;
      let list = this.byLength.get(m);
      if (!list) this.byLength.set(m, (list = { starts: [], next: 0 }));
      list.starts.push(j);
      j += m;
    }
    work.chars += s.length - from + 1;
  }

  /** End of the first run of exactly `n` backticks starting at or after `from` (-1 if none); `from` only grows. */
  closer(from: number, n: number): number {
    const list = this.byLength.get(n);
    if (!list) return -1;
    while (list.next < list.starts.length && list.starts[list.next] < from) {
      list.next++;
      work.chars++;
    }
    return list.next < list.starts.length ? list.starts[list.next] + n : -1;
  }
}

/** The bracket stack; every link opener below `inactiveBelow` is inactive already. */
type Openers = Opener[] & { inactiveBelow: number };

function popOpener(openers: Openers): void {
  openers.pop();
  // An opener pushed later at this index is a new, active one.
  if (openers.inactiveBelow > openers.length) openers.inactiveBelow = openers.length;
}

/** Handles the `]` at i; returns where scanning continues. */
function closeBracket(t: InlineText, i: number, openers: Openers, refs: ReadonlySet<string>, links: LinkTarget[]): number {
  const s = t.s;
  const op = openers[openers.length - 1];
  if (!op) return i + 1;
  if (!op.active) {
    popOpener(openers);
    return i + 1;
  }
  let dest: Destination | null = null;
  let end = -1;
  if (s[i + 1] === "(") {
    let k = skipSpnl(s, i + 2);
    const d = parseDestination(s, k);
    if (d) {
      k = d.next;
      const before = k;
      k = skipSpnl(s, k);
      if (k !== before) {
        const te = parseTitle(s, k);
        if (te >= 0) k = skipSpnl(s, te);
      }
      if (s[k] === ")") {
        dest = d;
        end = k + 1;
      }
    }
  }
  if (!dest) {
    const n = linkLabelLength(s, i + 1);
    let label: string | undefined;
    if (n > 2) label = s.slice(i + 2, i + n);
    else if (!op.bracketAfter) label = s.slice(op.pos + (op.image ? 2 : 1), i);
    if (label !== undefined && label.length <= 999 && (work.chars += label.length, refs.has(normalizeLabel(label)))) end = n === 0 ? i + 1 : i + 1 + n;
  }
  popOpener(openers);
  if (end < 0) return i + 1;
  // "Links may not contain links": every link opener before this one is inactive from now on. Those
  // below `inactiveBelow` already are, so each opener is visited once, not once per link.
  if (!op.image) {
    for (let k = Math.min(openers.inactiveBelow, openers.length); k < openers.length; k++) {
      work.chars++;
      if (!openers[k].image) openers[k].active = false;
    }
    openers.inactiveBelow = openers.length;
  }
  if (dest) {
    const start = toSource(t, dest.start);
    links.push({
      kind: op.image ? "image" : "link",
      url: (work.chars += dest.end - dest.start, decodeDestination(s.slice(dest.start, dest.end))),
      start,
      end: toSource(t, dest.end),
    });
  }
  return end;
}
