// Decoding a SKILL.md and locating its frontmatter without building a markdown tree.
//
// remark (micromark) parses at ~1 MB/s, far too slow to run on every SKILL.md (perf-facts.md), so this
// module implements the exact rule of micromark-extension-frontmatter for YAML `---` fences, checked
// against a real unified + remark-parse + remark-frontmatter parse in test/unit/parse/parse.test.ts:
//   - the opening fence is the very first line (after an optional BOM, which micromark skips), at
//     column 1: exactly `---`, then optional spaces/tabs, then a line ending (EOF is not enough);
//     so `----`, `--- x` and ` ---` are not fences;
//   - the closing fence is the first later line that is `---` at column 1 followed by optional
//     spaces/tabs and a line ending or EOF; `--- x` or `----` inside the YAML is content;
//   - the value is the lines in between, joined by "\n" (empty when the fences are adjacent);
//   - without a closing fence there is no frontmatter at all (remark then sees a thematic break).
// Line endings: micromark treats CRLF, LF and a lone CR alike; `decodeSkill` normalizes all of them
// to LF, so this module only has to handle "\n".

import { ownString } from "../../util/own-string.js";
import { MAX_FRONTMATTER_BYTES } from "../../rules/parse-rules.js";

export type Decoded =
  /** `loneCr`: the bytes hold a CR with no LF after it (read as a line break; `lone-carriage-return` says so). */
  | { ok: true; text: string; map: OffsetMap; loneCr: boolean }
  | { ok: false; kind: "invalid-utf8" | "binary"; line: number; column: number };

/**
 * Maps offsets in the normalized text (BOM removed, CRLF → LF) back to offsets in the original
 * text, i.e. the string `Buffer.from(bytes).toString("utf8")` — which keeps the BOM as U+FEFF and
 * keeps every CR. That is the text a fixer reads and rewrites with `Fix.range`.
 */
export interface OffsetMap {
  bom: boolean;
  /** Sorted normalized offsets of the "\n"s that were "\r\n" in the original. */
  crlf: number[];
}

export function toOriginalOffset(map: OffsetMap, offset: number): number {
  // Number of removed CRs strictly before `offset` (binary search over the sorted list).
  let lo = 0;
  let hi = map.crlf.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (map.crlf[mid] < offset) lo = mid + 1;
    else hi = mid;
  }
  return offset + lo + (map.bom ? 1 : 0);
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** Decodes SKILL.md bytes: strict UTF-8, no NUL bytes; BOM stripped and line endings made LF. */
export function decodeSkill(bytes: Uint8Array): Decoded {
  // Buffer's indexOf is a memchr; a plain Uint8Array's (a worker's view of its batch) is 3-5× slower.
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const nul = buf.indexOf(0);
  if (nul !== -1) return { ok: false, kind: "binary", ...positionOfByte(bytes, nul) };
  // A CR byte is a CR character (UTF-8 never uses bytes below 0x80 inside a sequence): a memchr on the bytes, not a scan of the two-byte text.
  const hasCr = buf.indexOf(13) !== -1;
  let raw: string;
  try {
    raw = decoder.decode(bytes);
  } catch {
    return { ok: false, kind: "invalid-utf8", ...positionOfByte(bytes, firstInvalidUtf8(bytes)) };
  }
  const bom = raw.charCodeAt(0) === 0xfeff;
  if (bom) raw = raw.slice(1);
  if (!hasCr) return { ok: true, text: raw, map: { bom, crlf: [] }, loneCr: false };
  const crlf: number[] = [];
  let loneCr = false;
  let out = "";
  let last = 0;
  for (let i = raw.indexOf("\r"); i !== -1; i = raw.indexOf("\r", i + 1)) {
    out += raw.slice(last, i);
    if (raw.charCodeAt(i + 1) === 10) {
      crlf.push(out.length);
      last = i + 1; // keep the "\n"
    } else {
      out += "\n";
      last = i + 1;
      loneCr = true;
    }
  }
  out += raw.slice(last);
  return { ok: true, text: out, map: { bom, crlf }, loneCr };
}

/** 1-based line and column (UTF-16 units, as editors count) of byte `index`. */
function positionOfByte(bytes: Uint8Array, index: number): { line: number; column: number } {
  let prefix = lenientDecoder.decode(bytes.subarray(0, index));
  if (prefix.charCodeAt(0) === 0xfeff) prefix = prefix.slice(1);
  const lines = prefix.split(/\r\n?|\n/);
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** Byte offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min = 0x80;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) min = 0xa0;
      if (b === 0xed) max = 0x9f; // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) min = 0x90;
      if (b === 0xf4) max = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      const lo = k === 1 ? min : 0x80;
      const hi = k === 1 ? max : 0xbf;
      if (c === undefined || c < lo || c > hi) return i;
    }
    i += need + 1;
  }
  return bytes.length;
}

export type Located =
  | { kind: "none" }
  | { kind: "unclosed" }
  | {
      kind: "found";
      /** The YAML between the fences (lines joined by "\n"), as remark-frontmatter's `value`. */
      value: string;
      /** Offset in text where `value` starts (the line after the opening fence). */
      valueStart: number;
      /** 1-based line of the closing fence, and its length (for the frontmatter's end column). */
      closeLine: number;
      closeLineLength: number;
      /** Offset just after the closing fence line and its "\n" (the body starts here). */
      bodyOffset: number;
    };

const FENCE_REST = /^[ \t]*$/;

function isFence(line: string): boolean {
  return line.startsWith("---") && FENCE_REST.test(line.slice(3));
}

/** Finds the YAML frontmatter of LF-normalized, BOM-less text, exactly as remark-frontmatter does. */
export function locateFrontmatter(text: string): Located {
  const firstEnd = text.indexOf("\n");
  if (firstEnd === -1) return isFence(text) ? { kind: "unclosed" } : { kind: "none" };
  if (!isFence(text.slice(0, firstEnd))) return { kind: "none" };
  const valueStart = firstEnd + 1;
  let lineStart = valueStart;
  let line = 2;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    // Cheap pre-check before slicing: fences start with "---".
    if (text.startsWith("---", lineStart) && isFence(text.slice(lineStart, lineEnd))) {
      const between = text.slice(valueStart, lineStart);
      return {
        kind: "found",
        // Its own string: every value, field and record made from it is one-byte when it can be (util/own-string.ts).
        value: ownString(between.endsWith("\n") ? between.slice(0, -1) : between),
        valueStart,
        closeLine: line,
        closeLineLength: lineEnd - lineStart,
        bodyOffset: Math.min(lineEnd + 1, text.length),
      };
    }
    if (lineEnd === text.length) break;
    lineStart = lineEnd + 1;
    line++;
  }
  return { kind: "unclosed" };
}

/** Line starts of `text` up to (and including the line holding) offset `limit`, for offset → line:column. */
export class LineIndex {
  readonly starts: number[] = [0];
  constructor(
    readonly text: string,
    limit = text.length,
  ) {
    for (let i = text.indexOf("\n"); i !== -1 && i < limit; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }
  /** 1-based line and column of a text offset. */
  pos(offset: number): { line: number; column: number } {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (s[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - s[lo] + 1 };
  }
  /** Offset of a 1-based line and column. */
  offset(line: number, column: number): number {
    return (this.starts[line - 1] ?? this.text.length) + column - 1;
  }
}

/** The frontmatter's UTF-8 size, counted only when its length alone cannot settle `limit` (a UTF-16 unit is 1–3 bytes). */
export function frontmatterBytes(value: string, limit = MAX_FRONTMATTER_BYTES): number {
  return value.length * 3 <= limit ? value.length : Buffer.byteLength(value, "utf8");
}
