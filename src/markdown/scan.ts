// A single-pass CommonMark scanner that finds only what the body rules need: code regions and link
// destinations, with offsets. Its block phase follows the spec's parsing strategy (commonmark.js's
// container/leaf algorithm: block quotes, list items, lazy continuation, fences, indented code, HTML
// blocks, ATX/setext headings, reference definitions); its inline phase (inline.ts) only looks at
// code spans, autolinks, raw HTML and link brackets. No tree is built and no text is copied but the
// paragraphs' own. test/unit/markdown/markdown-scan.test.ts checks it against remark-parse (micromark) on the whole
// corpus, on tricky snippets and on random documents; where micromark departs from commonmark.js
// (list items right after indented code, `!` in email autolinks, closing raw tags) it follows micromark.
// There is no remark fallback: the scanner agrees with remark on every corpus body. Known gaps:
// named character references in destinations beyond a common few stay undecoded; a tab only partly
// consumed by a container maps inline offsets to the tab itself.
//
// Kept as one file: the block phase is one state machine (the container stack, the line cursor
// and the open leaf) whose methods all read and move the same cursor; split across files, each part
// would need that state passed in or exposed. Its functions are small; the inline phase, the link
// syntax and the HTML rules are files of their own.

import {
  RE_ATX, RE_BULLET, RE_FENCE_CLOSE, RE_HTML_BLOCK_CLOSE, RE_HTML_BLOCK_OPEN, maybeSpecialAt,
  RE_ORDERED, RE_RAW_TAG, RE_SETEXT,
} from "./syntax.js";
import { InlineText, parseDefinitions, scanInline } from "./inline.js";
import type { CodeRegion, LinkTarget, ScanResult } from "./types.js";
import { work } from "./work.js";

export type { CodeRegion, LinkTarget, ScanResult } from "./types.js";

const enum K { Doc, Quote, List, Item, Para, Heading, Code, Html, Break }

interface Block {
  k: K;
  hasChild: boolean;
  /** Code: offset of the fence / first content char; end of the last line added / last non-blank line. */
  start: number;
  end: number;
  lastNonBlankEnd: number;
  // List and Item
  ordered: boolean;
  marker: string;
  markerOffset: number;
  padding: number;
  // Code
  fenced: boolean;
  fenceChar: string;
  fenceLen: number;
  fenceOffset: number;
  // Html
  htmlType: number;
  // Paragraph / Heading: flattened [textStart, textEnd] of each line of content.
  segs: number[];
  /** Paragraph: how many characters of its content were definitions (parsed at a setext underline). */
  defsEnd: number;
  /** Paragraph: how many definitions the document had before this paragraph's were first recorded. */
  defsMark: number;
}

function newBlock(k: K): Block {
  return {
    k, hasChild: false, start: 0, end: 0, lastNonBlankEnd: 0, ordered: false, marker: "", markerOffset: 0, padding: 0,
    fenced: false, fenceChar: "", fenceLen: 0, fenceOffset: 0, htmlType: 0, segs: [], defsEnd: -1, defsMark: -1,
  };
}

function canContain(parent: K, child: K): boolean {
  if (parent === K.Doc || parent === K.Quote || parent === K.Item) return child !== K.Item;
  return parent === K.List && child === K.Item;
}

const acceptsLines = (k: K) => k === K.Para || k === K.Code || k === K.Html;

/**
 * Scans `src` from offset `from` to `to` (default: all of it). Offsets in the result index into `src`.
 * `codeOnly`: the caller reads only `code`, so a paragraph without a backtick (which can hold no code
 * span) is not scanned inline; `links` is then incomplete.
 */
export function scanMarkdown(src: string, from = 0, to = src.length, codeOnly = false): ScanResult {
  const p = new BlockScanner(src);
  let pos = from;
  while (pos < to) {
    let nl = src.indexOf("\n", pos);
    if (nl < 0 || nl > to) nl = to;
    work.chars += nl - pos + 1;
    p.line(pos, src.slice(pos, nl));
    pos = nl + 1;
  }
  while (p.stack.length > 0) p.finalize();
  const links: LinkTarget[] = [...p.definitions];
  const code: CodeRegion[] = p.code;
  for (const text of p.inlines) if (!codeOnly || text.s.indexOf("`", text.from) !== -1) scanInline(text, p.refs, code, links);
  code.sort((a, b) => a.start - b.start);
  links.sort((a, b) => a.start - b.start);
  return { code, links };
}

class BlockScanner {
  readonly stack: Block[] = [newBlock(K.Doc)];
  readonly code: CodeRegion[] = [];
  readonly definitions: LinkTarget[] = [];
  readonly refs = new Set<string>();
  readonly inlines: InlineText[] = [];
  private ln = "";
  private lineStart = 0;
  private offset = 0;
  private column = 0;
  private nextNonspace = 0;
  private nextNonspaceColumn = 0;
  private indent = 0;
  private indented = false;
  private blank = false;
  private partialTab = false;
  private allClosed = true;
  private lastMatched = 0;
  private interrupting = false;
  /** Whether the previous line was blank (see repeatBlank). */
  private afterBlank = false;
  /** Where the line's thematic-break tail starts (see isBreakAt); -1 = not computed yet. */
  private breakTail = -1;
  private breakChar = 0;

  constructor(private readonly src: string) {}

  private get tip(): Block {
    return this.stack[this.stack.length - 1];
  }

  line(lineStart: number, ln: string): void {
    this.ln = ln;
    this.lineStart = lineStart;
    this.offset = 0;
    this.column = 0;
    this.partialTab = false;
    this.breakTail = -1;
    const blank = isBlank(ln);
    if (blank && this.afterBlank) return this.repeatBlank();
    this.afterBlank = blank;
    const stack = this.stack;
    let ci = 0;
    for (let i = 1; i < stack.length; i++) {
      this.findNextNonspace();
      const r = this.continues(stack[i]);
      if (r === 2) return;
      if (r === 1) break;
      ci = i;
    }
    const oldTipIndex = stack.length - 1;
    this.allClosed = ci === oldTipIndex;
    this.lastMatched = ci;
    let matchedLeaf = stack[ci].k !== K.Para && acceptsLines(stack[ci].k);
    // The limits on a list item that interrupts a paragraph hold for every container started on
    // this line, and (micromark) right after indented code too.
    const oldTip = stack[oldTipIndex];
    this.interrupting = stack[ci].k === K.Para || (oldTip.k === K.Code && !oldTip.fenced);
    while (!matchedLeaf) {
      this.findNextNonspace();
      if (!this.indented && !maybeSpecialAt(ln, this.nextNonspace)) {
        this.advanceNextNonspace();
        break;
      }
      const r = this.blockStart(ci);
      if (r === 0) {
        this.advanceNextNonspace();
        break;
      }
      ci = this.stack.length - 1;
      if (r === 2) matchedLeaf = true;
    }
    const tip = this.tip;
    if (!this.allClosed && !this.blank && tip.k === K.Para) {
      this.addLine(tip); // lazy continuation
      return;
    }
    this.closeUnmatched();
    const container = this.tip;
    if (acceptsLines(container.k)) {
      this.addLine(container);
      if (container.k === K.Html && container.htmlType >= 1 && container.htmlType <= 5 &&
        (work.chars += ln.length - this.offset, RE_HTML_BLOCK_CLOSE[container.htmlType].test(ln.slice(this.offset)))) {
        this.finalize();
      }
    } else if (this.offset < ln.length && !this.blank) {
      this.addChild(K.Para);
      this.advanceNextNonspace();
      this.addLine(this.tip);
    }
  }

  /**
   * A blank line right after a blank line. The first blank line closed every block a blank line
   * closes (paragraphs, quotes, empty items, HTML blocks of type 6 and 7), so a second one matches
   * every block left and changes nothing but the end of a code or HTML block at the tip. Walking the
   * whole stack again for it would make a deep list followed by many blank lines quadratic.
   */
  private repeatBlank(): void {
    work.chars++;
    const tip = this.tip;
    if (tip.k === K.Code || tip.k === K.Html) tip.end = this.lineStart + this.ln.length;
  }

  /**
   * RE_THEMATIC_BREAK on the rest of the line from `at`, without rescanning the line at every
   * nesting level of `- - - - …`: the line's tail made only of one marker character and blanks is
   * found once (from the end), and the three markers are counted forward.
   */
  private isBreakAt(at: number): boolean {
    const ln = this.ln;
    const c = ln.charCodeAt(at);
    if (c !== 42 && c !== 95 && c !== 45) return false;
    if (this.breakTail < 0 || this.breakChar !== c) {
      let t = ln.length;
      while (t > 0 && (ln.charCodeAt(t - 1) === c || ln.charCodeAt(t - 1) === 32 || ln.charCodeAt(t - 1) === 9)) t--;
      work.chars += ln.length - t + 1;
      this.breakTail = t;
      this.breakChar = c;
    }
    if (at < this.breakTail) return false;
    let n = 0;
    for (let i = at; i < ln.length && n < 3; i++) {
      work.chars++;
      if (ln.charCodeAt(i) === c) n++;
    }
    return n >= 3;
  }

  // 0 matched, 1 not matched, 2 line consumed.
  private continues(b: Block): 0 | 1 | 2 {
    work.chars++;
    const ln = this.ln;
    switch (b.k) {
      case K.Quote:
        if (!this.indented && ln.charCodeAt(this.nextNonspace) === 62 /* > */) {
          this.advanceNextNonspace();
          this.advanceOffset(1, false);
          const c = ln.charCodeAt(this.offset);
          if (c === 32 || c === 9) this.advanceOffset(1, true);
          return 0;
        }
        return 1;
      case K.Item:
        if (this.blank) {
          if (!b.hasChild) return 1;
          this.advanceNextNonspace();
        } else if (this.indent >= b.markerOffset + b.padding) {
          this.advanceOffset(b.markerOffset + b.padding, true);
        } else return 1;
        return 0;
      case K.Heading:
      case K.Break:
        return 1;
      case K.Code:
        if (b.fenced) {
          if (this.indent <= 3 && ln.charAt(this.nextNonspace) === b.fenceChar) {
            work.chars += ln.length - this.nextNonspace;
            const m = RE_FENCE_CLOSE.exec(ln.slice(this.nextNonspace));
            if (m && m[0].length >= b.fenceLen) {
              b.end = this.lineStart + ln.length;
              this.finalize();
              return 2;
            }
          }
          let i = b.fenceOffset;
          while (i > 0 && ln.charCodeAt(this.offset) === 32) {
            this.advanceOffset(1, false);
            i--;
          }
          return 0;
        }
        if (this.indent >= 4) this.advanceOffset(4, true);
        else if (this.blank) this.advanceNextNonspace();
        else return 1;
        return 0;
      case K.Html:
        return this.blank && (b.htmlType === 6 || b.htmlType === 7) ? 1 : 0;
      case K.Para:
        return this.blank ? 1 : 0;
      default:
        return 0;
    }
  }

  // 0 no match, 1 container started, 2 leaf started.
  private blockStart(ci: number): 0 | 1 | 2 {
    const container = this.stack[ci];
    const rest = this.ln.slice(this.nextNonspace);
    const c = rest.charCodeAt(0);
    work.chars++;
    if (!this.indented) {
      if (c === 62 /* > */) return this.startQuote();
      const leaf =
        (c === 35 /* # */ && this.startAtxHeading(rest)) ||
        ((c === 96 || c === 126) && this.startFence(rest)) ||
        (c === 60 /* < */ && this.startHtml(container, rest)) ||
        (container.k === K.Para && this.startSetextHeading(container, rest)) ||
        this.startBreak();
      if (leaf) return 2;
      return this.listItem(container) ? 1 : 0;
    }
    if (this.tip.k !== K.Para && !this.blank) {
      this.advanceOffset(4, true);
      this.closeUnmatched();
      const b = this.addChild(K.Code);
      b.start = this.lineStart + this.offset;
      return 2;
    }
    return 0;
  }

  private startQuote(): 1 {
    this.advanceNextNonspace();
    this.advanceOffset(1, false);
    const n = this.ln.charCodeAt(this.offset);
    if (n === 32 || n === 9) this.advanceOffset(1, true);
    this.closeUnmatched();
    this.addChild(K.Quote);
    return 1;
  }

  private startAtxHeading(rest: string): boolean {
    const m = RE_ATX.exec(rest);
    if (!m) return false;
    work.chars += m[0].length;
    this.advanceNextNonspace();
    this.advanceOffset(m[0].length, false);
    this.closeUnmatched();
    const h = this.addChild(K.Heading);
    const s = this.lineStart + this.offset;
    h.segs.push(s, s + headingContentLength(this.ln, this.offset));
    this.offset = this.ln.length;
    return true;
  }

  private startFence(rest: string): boolean {
    const m = fenceOpen(rest);
    if (!m) return false;
    this.closeUnmatched();
    const b = this.addChild(K.Code);
    b.fenced = true;
    b.fenceLen = m[0].length;
    b.fenceChar = m[0][0];
    b.fenceOffset = this.indent;
    b.start = this.lineStart + this.nextNonspace;
    this.advanceNextNonspace();
    this.advanceOffset(b.fenceLen, false);
    return true;
  }

  private startHtml(container: Block, rest: string): boolean {
    work.chars += 8 * rest.length; // seven anchored block-start tests and the raw-tag test, once per line
    const lazyPara = !this.allClosed && !this.blank && this.tip.k === K.Para;
    for (let t = 1; t <= 7; t++) {
      if (!RE_HTML_BLOCK_OPEN[t].test(rest)) continue;
      if (t === 7 && (container.k === K.Para || RE_RAW_TAG.test(rest))) continue;
      // micromark: a type 7 line where a lazy paragraph line could be goes into that
      // paragraph's container, as if every container had matched.
      if (t === 7 && lazyPara) this.lastMatched = this.stack.length - 2;
      this.closeUnmatched();
      const b = this.addChild(K.Html);
      b.htmlType = t;
      return true;
    }
    return false;
  }

  /** A setext underline below a paragraph that is more than reference definitions. */
  private startSetextHeading(container: Block, rest: string): boolean {
    work.chars += rest.length;
    if (!RE_SETEXT.test(rest)) return false;
    this.closeUnmatched();
    const text = this.paragraphText(container);
    // A second underline parses the same definitions again: record them once.
    if (container.defsMark >= 0) this.definitions.length = container.defsMark;
    else container.defsMark = this.definitions.length;
    const consumed = parseDefinitions(text, this.refs, this.definitions);
    container.defsEnd = consumed;
    if (consumed < text.s.length && /\S/.test(text.s.slice(consumed))) {
      container.k = K.Heading;
      this.offset = this.ln.length;
      return true;
    }
    return false;
  }

  private startBreak(): boolean {
    if (!this.isBreakAt(this.nextNonspace)) return false;
    this.closeUnmatched();
    this.addChild(K.Break);
    this.offset = this.ln.length;
    return true;
  }

  private listItem(container: Block): boolean {
    const ln = this.ln;
    const rest = ln.slice(this.nextNonspace);
    let m: RegExpExecArray | null;
    let ordered = false;
    let marker: string;
    const interrupting = this.interrupting;
    if ((m = RE_BULLET.exec(rest))) {
      marker = m[0];
    } else if ((m = RE_ORDERED.exec(rest)) && (!interrupting || m[1] === "1")) {
      ordered = true;
      marker = m[2];
    } else return false;
    const after = ln.charCodeAt(this.nextNonspace + m[0].length);
    if (!(Number.isNaN(after) || after === 9 || after === 32)) return false;
    if (interrupting && isBlank(ln, this.nextNonspace + m[0].length)) return false;
    const markerOffset = this.indent;
    this.advanceNextNonspace();
    this.advanceOffset(m[0].length, true);
    const spacesStartCol = this.column;
    const spacesStartOffset = this.offset;
    let next: number;
    do {
      this.advanceOffset(1, true);
      next = ln.charCodeAt(this.offset);
    } while (this.column - spacesStartCol < 5 && (next === 32 || next === 9));
    const blankItem = this.offset >= ln.length;
    const spaces = this.column - spacesStartCol;
    let padding: number;
    if (spaces >= 5 || spaces < 1 || blankItem) {
      padding = m[0].length + 1;
      this.column = spacesStartCol;
      this.offset = spacesStartOffset;
      this.partialTab = false;
      const n = ln.charCodeAt(this.offset);
      if (n === 32 || n === 9) this.advanceOffset(1, true);
    } else padding = m[0].length + spaces;
    this.closeUnmatched();
    const list = this.tip;
    if (list.k !== K.List || list.ordered !== ordered || list.marker !== marker) {
      const added = this.addChild(K.List);
      added.ordered = ordered;
      added.marker = marker;
    }
    const item = this.addChild(K.Item);
    item.ordered = ordered;
    item.marker = marker;
    item.markerOffset = markerOffset;
    item.padding = padding;
    return true;
  }

  private addChild(k: K): Block {
    while (!canContain(this.tip.k, k)) this.finalize();
    this.tip.hasChild = true;
    const b = newBlock(k);
    this.stack.push(b);
    return b;
  }

  private addLine(b: Block): void {
    const ln = this.ln;
    const start = this.lineStart + this.offset;
    const end = this.lineStart + ln.length;
    if (b.k === K.Para) {
      b.segs.push(start, end);
      return;
    }
    b.end = end;
    if (b.k === K.Code && !isBlank(ln, this.offset)) b.lastNonBlankEnd = end;
  }

  private closeUnmatched(): void {
    if (this.allClosed) return;
    while (this.stack.length - 1 > this.lastMatched) this.finalize();
    this.allClosed = true;
  }

  /** Closes the tip. */
  finalize(): void {
    const b = this.stack.pop()!;
    if (b.k === K.Code) {
      this.code.push({ kind: b.fenced ? "fenced" : "indented", start: b.start, end: b.fenced ? b.end : b.lastNonBlankEnd });
    } else if (b.k === K.Para || b.k === K.Heading) {
      const text = this.paragraphText(b);
      let from = b.defsEnd;
      if (from < 0) from = b.k === K.Para ? parseDefinitions(text, this.refs, this.definitions) : 0;
      if (from < text.s.length) {
        text.from = from;
        this.inlines.push(text);
      }
    }
  }

  private paragraphText(b: Block): InlineText {
    const { segs } = b;
    const parts: string[] = [];
    const at: number[] = [];
    const textAt: number[] = [];
    let n = 0;
    for (let i = 0; i < segs.length; i += 2) {
      work.chars += segs[i + 1] - segs[i] + 1;
      at.push(n);
      textAt.push(segs[i]);
      const s = this.src.slice(segs[i], segs[i + 1]);
      parts.push(s);
      n += s.length + 1;
    }
    return { s: parts.join("\n"), at, textAt, from: 0 };
  }

  private findNextNonspace(): void {
    const ln = this.ln;
    let i = this.offset;
    let cols = this.column;
    let c = 0;
    work.chars++;
    while (i < ln.length) {
      work.chars++;
      c = ln.charCodeAt(i);
      if (c === 32) {
        i++;
        cols++;
      } else if (c === 9) {
        i++;
        cols += 4 - (cols % 4);
      } else break;
    }
    this.blank = i >= ln.length;
    this.nextNonspace = i;
    this.nextNonspaceColumn = cols;
    this.indent = cols - this.column;
    this.indented = this.indent >= 4;
  }

  private advanceNextNonspace(): void {
    this.offset = this.nextNonspace;
    this.column = this.nextNonspaceColumn;
    this.partialTab = false;
  }

  private advanceOffset(count: number, columns: boolean): void {
    const ln = this.ln;
    while (count > 0 && this.offset < ln.length) {
      work.chars++;
      if (ln.charCodeAt(this.offset) === 9) {
        const toTab = 4 - (this.column % 4);
        this.partialTab = columns && toTab > count;
        const adv = toTab > count ? count : toTab;
        this.column += adv;
        this.offset += this.partialTab ? 0 : 1;
        count -= columns ? adv : 1;
      } else {
        this.partialTab = false;
        this.offset++;
        this.column++;
        count--;
      }
    }
  }
}

/** Whether `ln` from `from` on holds only spaces and tabs. */
function isBlank(ln: string, from = 0): boolean {
  let i = from;
  while (i < ln.length && (ln.charCodeAt(i) === 32 || ln.charCodeAt(i) === 9)) i++;
  work.chars += i - from + 1;
  return i >= ln.length;
}

const isBlankAt = (ln: string, i: number) => ln.charCodeAt(i) === 32 || ln.charCodeAt(i) === 9;

/**
 * Length of an ATX heading's content from `from`: without a closing sequence of `#`s (preceded by a
 * blank, or the whole content) and trailing blanks. By hand: `/[ \t]+#+[ \t]*$/` rescans every blank
 * run from each of its positions, quadratic on a long one.
 */
function headingContentLength(ln: string, from: number): number {
  let e = ln.length;
  while (e > from && isBlankAt(ln, e - 1)) e--;
  let h = e;
  while (h > from && ln.charCodeAt(h - 1) === 35) h--;
  work.chars += ln.length - h + 1;
  if (h < e) {
    if (h === from) return 0; // only #s (and blanks): empty heading
    if (isBlankAt(ln, h - 1)) e = h; // a closing sequence
    else return e - from; // `foo#`: the #s are content
    while (e > from && isBlankAt(ln, e - 1)) e--;
    work.chars += h - e + 1;
  }
  return e - from;
}

/**
 * RE_FENCE_OPEN by hand: three or more backticks not followed by another backtick on the line (up to
 * a line terminator `.` stops at), or three or more tildes. The regex backtracks through the run,
 * rescanning the line for each shorter run: quadratic on a long run followed by a backtick.
 */
function fenceOpen(rest: string): [string] | null {
  const c = rest.charCodeAt(0);
  let n = 0;
  while (rest.charCodeAt(n) === c) n++;
  work.chars += n + 1;
  if (n < 3) return null;
  if (c === 126) return [rest.slice(0, n)];
  for (let i = n; i < rest.length; i++) {
    work.chars++;
    const d = rest.charCodeAt(i);
    if (d === 96) return null;
    if (d === 13 || d === 0x2028 || d === 0x2029) break;
  }
  return [rest.slice(0, n)];
}
