// Lone carriage returns (a CR byte with no LF after it) in a SKILL.md. skillc decodes them as line
// breaks (frontmatter/locate.ts), as markdown and YAML's spec do, but the JavaScript `yaml` package,
// clients that split on "\n", and terminals do not: a terminal returns to the start of the line, so
// text before a CR is drawn over. `lone-carriage-return` says so, once per file.
import type { Fix, Range } from "../types.js";

export interface LoneCrs {
  /** How many lone CRs the file holds. */
  count: number;
  /** The first, its line and column 1-based, counting every CRLF, CR and LF as one line break (as skillc reads the file). */
  range: Range;
  /** Replaces every lone CR with LF, in offsets of the file read as UTF-8 (BOM and CRLFs kept; what --fix rewrites). */
  fix: Fix;
}

/** The file's lone CRs, or undefined when it has none: one memchr pass over the bytes, then work only when one is found. */
export function findLoneCrs(bytes: Uint8Array): LoneCrs | undefined {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let first = -1;
  for (let i = buf.indexOf(13); i !== -1; i = buf.indexOf(13, i + 1)) {
    if (buf[i + 1] !== 10) {
      first = i;
      break;
    }
  }
  if (first === -1) return undefined;
  // Rare from here on: the file as --fix reads it, and each lone CR's offset in it.
  const original = buf.toString("utf8");
  const offsets: number[] = [];
  for (let i = original.indexOf("\r"); i !== -1; i = original.indexOf("\r", i + 1)) if (original.charCodeAt(i + 1) !== 10) offsets.push(i);
  const from = offsets[0]!;
  const to = offsets[offsets.length - 1]! + 1;
  const before = original.slice(original.charCodeAt(0) === 0xfeff ? 1 : 0, from).split(/\r\n?|\n/);
  return {
    count: offsets.length,
    range: { line: before.length, column: before[before.length - 1]!.length + 1, endLine: before.length, endColumn: before[before.length - 1]!.length + 2 },
    fix: { range: [from, to], text: original.slice(from, to).replace(/\r(?!\n)/g, "\n") },
  };
}
