// Inline raw HTML and autolinks at a `<`, matched by hand with a count of the characters examined
// (work.ts). RE_INLINE_HTML's comment, processing-instruction, declaration and CDATA forms search for
// their closer to the end of the text: a run of `<!--` with no `-->` made each one rescan the rest,
// quadratic. Here each closer is searched at most once past any position (Closers), and the tag forms
// scan only the tag. Same matches as the regular expressions in syntax.ts (test/unit/markdown/markdown-scan.test.ts).
import { RE_AUTOLINK } from "./syntax.js";
import { work } from "./work.js";

/** Where each closer (`-->`, `?>`, `>`, `]]>`) next occurs, searched once per stretch of the text. */
export class Closers {
  private memo = new Map<string, { from: number; at: number }>();
  constructor(private readonly s: string) {}

  /** Index of `needle` at or after `from` (-1 when none); `from` may only grow between calls for one needle. */
  find(needle: string, from: number): number {
    const m = this.memo.get(needle);
    if (m && from >= m.from && (m.at < 0 || from <= m.at)) return m.at;
    const at = this.s.indexOf(needle, from);
    work.chars += (at < 0 ? this.s.length : at) - from + needle.length;
    this.memo.set(needle, { from, at });
    return at;
  }
}

/** JavaScript's `\s`, as the regular expressions use it. */
function isWs(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isTagChar = (c: number) => isAlpha(c) || isDigit(c) || c === 45;
const isAttrStart = (c: number) => isAlpha(c) || c === 95 || c === 58;
const isAttrChar = (c: number) => isAttrStart(c) || isDigit(c) || c === 46 || c === 45;
/** `[^"'=<>\`\x00-\x20]`: a character of an unquoted attribute value. */
const isUnquoted = (c: number) => c > 32 && c !== 34 && c !== 39 && c !== 61 && c !== 60 && c !== 62 && c !== 96;

/** End of the raw HTML at `i` (a `<`), or -1: RE_INLINE_HTML's alternatives in its order. */
export function inlineHtmlEnd(s: string, i: number, closers: Closers): number {
  const c = s.charCodeAt(i + 1);
  if (isAlpha(c)) return openTagEnd(s, i, closers);
  if (c === 47 /* / */) return closeTagEnd(s, i);
  if (c === 63 /* ? */) return after(closers.find("?>", i + 2), 2);
  if (c !== 33 /* ! */) return -1;
  if (s.startsWith("<!--", i)) {
    if (s.startsWith("<!-->", i)) return i + 5;
    if (s.startsWith("<!--->", i)) return i + 6;
    return after(closers.find("-->", i + 4), 3);
  }
  if (isAlpha(s.charCodeAt(i + 2))) return after(closers.find(">", i + 3), 1);
  if (s.startsWith("<![CDATA[", i)) return after(closers.find("]]>", i + 9), 3);
  return -1;
}

const after = (at: number, n: number) => (at < 0 ? -1 : at + n);

function skipWs(s: string, j: number): number {
  while (j < s.length && isWs(s.charCodeAt(j))) j++;
  return j;
}

function openTagEnd(s: string, i: number, closers: Closers): number {
  const start = i;
  let j = i + 2;
  while (j < s.length && isTagChar(s.charCodeAt(j))) j++;
  for (;;) {
    const k = skipWs(s, j);
    if (k === j || !isAttrStart(s.charCodeAt(k))) break;
    let n = k + 1;
    while (n < s.length && isAttrChar(s.charCodeAt(n))) n++;
    j = n;
    const eq = skipWs(s, n);
    if (s.charCodeAt(eq) !== 61 /* = */) continue;
    const v = skipWs(s, eq + 1);
    const q = s.charCodeAt(v);
    let end = -1;
    if (q === 34 || q === 39) {
      end = after(closers.find(q === 34 ? '"' : "'", v + 1), 1);
    } else {
      let u = v;
      while (u < s.length && isUnquoted(s.charCodeAt(u))) u++;
      end = u > v ? u : -1;
    }
    if (end < 0) break; // the value is not one: `\s*/?>` must follow the name, and `=` cannot
    j = end;
  }
  let k = skipWs(s, j);
  if (s.charCodeAt(k) === 47) k++;
  work.chars += k - start + 1;
  return s.charCodeAt(k) === 62 ? k + 1 : -1;
}

function closeTagEnd(s: string, i: number): number {
  if (!isAlpha(s.charCodeAt(i + 2))) return -1;
  let j = i + 3;
  while (j < s.length && isTagChar(s.charCodeAt(j))) j++;
  j = skipWs(s, j);
  work.chars += j - i + 1;
  return s.charCodeAt(j) === 62 ? j + 1 : -1;
}

/**
 * RE_AUTOLINK at `i`. Neither of its forms can pass a `<`, so a failed try costs at most the
 * distance to the next `<` (`nextLt`), which is what is counted: the tries cover the text once.
 */
export function autolinkAt(s: string, i: number, nextLt: number): RegExpExecArray | null {
  RE_AUTOLINK.lastIndex = i;
  const a = RE_AUTOLINK.exec(s);
  work.chars += (a ? a[0].length : (nextLt < 0 ? s.length : nextLt) - i) + 1;
  return a;
}
