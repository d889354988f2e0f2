// The pieces of link syntax that inline links and reference definitions share (CommonMark 6.3 and
// 4.7): destinations, titles, labels, and the whitespace between them. Offsets are into a
// paragraph's joined text; each character looked at is counted in `work`.

import { isAsciiPunct } from "./syntax.js";
import { work } from "./work.js";

export interface Destination {
  start: number;
  end: number;
  next: number;
}

/** After spaces and tabs, at most one line ending, and spaces and tabs again. */
export function skipSpnl(s: string, k: number): number {
  const from = k;
  while (s.charCodeAt(k) === 32 || s.charCodeAt(k) === 9) k++;
  if (s.charCodeAt(k) === 10) {
    k++;
    while (s.charCodeAt(k) === 32 || s.charCodeAt(k) === 9) k++;
  }
  work.chars += k - from + 1;
  return k;
}

/** A link destination at k (`<…>` or a run without spaces and with balanced parentheses), or null. */
export function parseDestination(s: string, k: number): Destination | null {
  const len = s.length;
  if (s.charCodeAt(k) === 60 /* < */) {
    for (let j = k + 1; j < len; j++) {
      work.chars++;
      const c = s[j];
      if (c === "\\" && j + 1 < len && isAsciiPunct(s[j + 1])) j++;
      else if (c === ">") return { start: k + 1, end: j, next: j + 1 };
      else if (c === "<" || c === "\n") return null;
    }
    return null;
  }
  let depth = 0;
  let j = k;
  for (; j < len; j++) {
    work.chars++;
    const c = s.charCodeAt(j);
    if (c === 92 && j + 1 < len && isAsciiPunct(s[j + 1])) j++;
    else if (c === 40) {
      if (++depth > 32) return null;
    } else if (c === 41) {
      if (depth === 0) break;
      depth--;
    } else if (c <= 32 || c === 127) break;
  }
  if (j === k && s.charCodeAt(j) !== 41) return null;
  if (depth !== 0) return null;
  return { start: k, end: j, next: j };
}

/** End of a link title starting at k, or -1. */
export function parseTitle(s: string, k: number): number {
  const open = s[k];
  if (open !== '"' && open !== "'" && open !== "(") return -1;
  const close = open === "(" ? ")" : open;
  for (let j = k + 1; j < s.length; j++) {
    work.chars++;
    const c = s[j];
    if (c === "\\" && j + 1 < s.length && isAsciiPunct(s[j + 1])) j++;
    else if (c === close) return j + 1;
    else if (open === "(" && c === "(") return -1;
  }
  return -1;
}

/** Length of a link label `[…]` at k (≤ 999 chars inside, no unescaped brackets), or 0. */
export function linkLabelLength(s: string, k: number): number {
  if (s[k] !== "[") return 0;
  for (let j = k + 1; j < s.length && j - k <= 1000; j++) {
    work.chars++;
    const c = s[j];
    if (c === "\\" && j + 1 < s.length && isAsciiPunct(s[j + 1])) j++;
    else if (c === "[") return 0;
    else if (c === "]") return j + 1 - k;
  }
  return 0;
}

/** After spaces and tabs at k: the start of the next line (or the end of the text), or -1 when something else follows. */
export function atLineEnd(s: string, k: number): number {
  const from = k;
  while (s.charCodeAt(k) === 32 || s.charCodeAt(k) === 9) k++;
  work.chars += k - from + 1;
  if (k >= s.length) return k;
  return s.charCodeAt(k) === 10 ? k + 1 : -1;
}
