// The scanner (src/markdown/scan.ts) compared with remark-parse on one document, shared by
// test/unit/markdown/markdown-scan.test.ts and test/conformance/markdown-scan.test.ts.
import { scanMarkdown } from "../../src/markdown/scan.js";
import { scanWithRemark } from "./remark-scan.js";
import { decodeDestination } from "../../src/markdown/syntax.js";

function lineOf(src: string, offset: number): number {
  let n = 1;
  for (let i = src.indexOf("\n"); i >= 0 && i < offset; i = src.indexOf("\n", i + 1)) n++;
  return n;
}

/** Differences between the scanner and remark on `src`, as readable strings (empty: they agree). */
export function diff(src: string): string[] {
  const ours = scanMarkdown(src);
  const ref = scanWithRemark(src);
  const out: string[] = [];
  const lines = src.split("\n");
  // Inline code by exact offsets, fenced code by the fence's offset, indented code by the lines it
  // covers, blank ones aside (micromark splits indented code after an empty block quote line into one block per line).
  const codeKeys = (c: { kind: string; start: number; end: number }): string[] => {
    if (c.kind === "inline") return [`inline@${c.start}-${c.end}`];
    if (c.kind === "fenced") return [`fenced@${c.start}`];
    const keys: string[] = [];
    for (let l = lineOf(src, c.start), last = lineOf(src, c.end); l <= last; l++) if (/\S/.test(lines[l - 1])) keys.push(`indented@L${l}`);
    return keys;
  };
  const as = ours.code.flatMap(codeKeys).sort((x, y) => (x < y ? -1 : 1));
  const b = ref.code.flatMap(codeKeys).sort((x, y) => (x < y ? -1 : 1));
  if (as.join() !== b.join()) out.push(`code: scanner [${as.join(", ")}] remark [${b.join(", ")}]`);
  // Same multiset of (kind, url); each scanner destination lies inside its remark node.
  const unused = [...ref.links];
  for (const l of ours.links) {
    const i = unused.findIndex((r) => r.kind === l.kind && r.url === l.url && r.start <= l.start && l.end <= r.end);
    if (i < 0) out.push(`scanner-only ${l.kind} ${JSON.stringify(l.url)} @${l.start}-${l.end}`);
    else unused.splice(i, 1);
  }
  for (const r of unused) out.push(`remark-only ${r.kind} ${JSON.stringify(r.url)} @${r.start}-${r.end}`);
  // The destination offsets point at the destination as written.
  for (const l of ours.links) {
    if (l.kind === "autolink") continue;
    if (decodeDestination(src.slice(l.start, l.end)) !== l.url) out.push(`offsets of ${JSON.stringify(l.url)}: ${JSON.stringify(src.slice(l.start, l.end))}`);
  }
  return out;
}

