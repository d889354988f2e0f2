// The scanner (src/markdown/scan.ts) against remark-parse: same code regions, same link
// destinations, on every corpus body and on snippets chosen to break a naive scanner.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scanMarkdown } from "../src/markdown/scan.js";
import { scanWithRemark } from "../src/markdown/remark-scan.js";
import { decodeDestination } from "../src/markdown/syntax.js";

const CORPUS = join(import.meta.dirname, "../../shared/corpus");

function findSkills(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) findSkills(p, out);
    else if (name === "SKILL.md") out.push(p);
  }
  return out;
}

/** The body as the scanner sees it: everything after the closing `---` line (LF, no BOM). */
function bodyOf(raw: string): string {
  const text = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const m = /^---[ \t]*\n[\s\S]*?\n---[ \t]*(?:\n|$)/.exec(text);
  return m ? text.slice(m[0].length) : text;
}

function lineOf(src: string, offset: number): number {
  let n = 1;
  for (let i = src.indexOf("\n"); i >= 0 && i < offset; i = src.indexOf("\n", i + 1)) n++;
  return n;
}

/** Differences between the scanner and remark on `src`, as readable strings (empty: they agree). */
function diff(src: string): string[] {
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

const SNIPPETS: Record<string, string> = {
  "fence in list item": "1. Run:\n   ```bash\n   echo $1\n   ```\n2. Done [x](a.md)\n",
  "fence indented 4 in nested list": "- a\n    - b\n\n      ```\n      code [no](x.md)\n      ```\n",
  "tilde fence with backticks in info": "~~~ py `x`\n[no](a.md)\n~~~\n[yes](b.md)\n",
  "backtick info with backtick is not a fence": "``` a`b\n[yes](c.md)\n```\n",
  "longer closing fence": "````\n```\n[no](a.md)\n`````\n[yes](b.md)\n",
  "unclosed fence runs to end": "text\n```\n[no](a.md)\n",
  "fence closed by end of block quote": "> ```\n> code\n\n[yes](a.md)\n",
  "indented code after blank": "para\n\n    [no](a.md)\n    more\n\n[yes](b.md)\n",
  "indented line inside paragraph is lazy": "para\n    [yes](a.md)\n",
  "indented code with tab": "\t[no](a.md)\n\n[yes](b.md)\n",
  "list item content indented 4 is not code": "-   item [yes](a.md)\n\n    continued [yes2](b.md)\n",
  "code span hides link": "`[no](a.md)` and [yes](b.md)\n",
  "double backtick span": "``a ` [no](x.md) b`` [yes](y.md)\n",
  "unmatched backticks": "```a [yes](z.md)\n\nand ` alone [y2](w.md)\n",
  "code span across lines": "a `b\n[no](x.md)` c\n",
  "link with title and angle dest": "[a](<my file.md> \"t\") ![b](img.png 'x') [c](d.md (paren))\n",
  "nested parens in dest": "[a](foo(bar).md) [b](x\\(y.md)\n",
  "trailing period outside": "See [ref](references/x.md).\n",
  "period inside parens": "See [ref](references/x.md.)\n",
  "escaped bracket": "\\[no](a.md) [yes](b.md)\n",
  "link in link text": "[a [b](inner.md) c](outer.md)\n",
  "image in link text": "[![img](i.png)](target.md)\n",
  "reference link and definition": "[a][ref] and [ref]\n\n[ref]: references/r.md \"Title\"\n",
  "definition after use with brackets": "[x [ref] y](out.md)\n\n[ref]: /r\n",
  "definition needs line end": "[a]: b.md c\n\n[b]: <c d.md>\n[c]:\n  e.md\n  'title'\n",
  "autolinks": "<http://example.com/x> <foo@bar.com> <notalink>\n",
  "html block hides links": "<div>\n[no](a.md)\n</div>\n\n[yes](b.md)\n",
  "html comment block": "<!--\n[no](a.md)\n-->\n[yes](b.md)\n",
  "inline html attribute": "<span title=\"[no](a.md)\">x</span> [yes](b.md)\n",
  "block quote with link and code": "> see [q](q.md)\n> `code`\n>\n>     indented\n",
  "setext heading with link": "[h](h.md)\n===\n\n- [li](l.md)\n---\n",
  "atx heading closing hashes": "## [a](a.md) ##\n#not heading [b](b.md)\n",
  "list interrupts paragraph only at 1": "para\n2. not list\n1. list `c`\n",
  "empty item then blank": "-\n\n  foo [x](x.md)\n",
  "entity and escape in dest": "[a](a&amp;b.md) [b](c\\_d.md) [c](%20e.md)\n",
  "link dest across line": "[a](\nnext.md\n)\n",
  "table row": "| a | [b](b.md) |\n|---|---|\n| `c` | d |\n",
  "thematic break vs list": "* * *\n- a\n***\n",
  "html type 7 cannot interrupt paragraph": "para\n<custom-tag>\n[yes](a.md)\n",
  "html type 7 on a lazy line stays in the container": "> [a](x.md)\n<x-y>\n> [no](y.md)\n\n1. [\n<x-y>\n   ```\n",
  "fence inside list continues after blank": "- a\n\n  ```\n  x\n\n  y\n  ```\n- b `z`\n",
  "tabs after list marker": "-\tcode\n\n\t\tinside\n",
};

describe("scanner vs remark-parse", () => {
  for (const [name, src] of Object.entries(SNIPPETS)) {
    it(name, () => expect(diff(src)).toEqual([]));
  }

  // Random documents from the characters and fragments that decide block and inline structure.
  const TOKENS = [
    "[", "]", "(", ")", "`", "``", "```", "~~~", "```js", "!", "![", "](", "<", ">", "\\", "\\[", "\\`", " ", "  ", "   ", "    ",
    "\t", "\n", "\n\n", "\n   ", "- ", "  - ", "1. ", "2) ", "> ", "> > ", "#", "***", "===", "---", "*", "_", "a", "b.md", "<b.md>",
    "x:", "]:", ":", "[r]: ", "[r]", "[]", "r", "\"t\"", "'", "(t)", "<div>", "<!--", "-->\n", "<a href=\"x\">", "</a>", "<pre>",
    "</pre>", "<x-y>", "&amp;", "&#91;", "http://x", "a@b.c", "- [ ] ",
  ];
  it("agrees on random documents", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }), (tokens) => {
        const src = tokens.join("");
        expect({ src, diff: diff(src) }).toEqual({ src, diff: [] });
      }),
      { numRuns: 3000, seed: 20261122 },
    );
  });

  it("agrees on every corpus body", () => {
    const files = findSkills(CORPUS);
    expect(files.length).toBeGreaterThan(100);
    const bodies = files.map((f) => bodyOf(readFileSync(f, "utf8")));
    const failures: string[] = [];
    for (let i = 0; i < files.length; i++) {
      const d = diff(bodies[i]);
      if (d.length) failures.push(`${files[i]}\n  ${d.join("\n  ")}`);
    }
    expect(failures).toEqual([]);

    // Throughput, in process, same bodies (remark is warmed by the loop above).
    const bytes = bodies.reduce((n, b) => n + Buffer.byteLength(b), 0);
    const time = (fn: (s: string) => unknown) => {
      const t0 = performance.now();
      for (const b of bodies) fn(b);
      return performance.now() - t0;
    };
    time(scanMarkdown);
    const tScan = Math.min(time(scanMarkdown), time(scanMarkdown), time(scanMarkdown));
    const tRemark = time(scanWithRemark);
    const mb = bytes / 1e6;
    console.log(
      `corpus: ${files.length} bodies, ${mb.toFixed(2)} MB; scanner ${tScan.toFixed(1)} ms (${(mb / (tScan / 1000)).toFixed(1)} MB/s); ` +
        `remark ${tRemark.toFixed(0)} ms (${(mb / (tRemark / 1000)).toFixed(2)} MB/s); ratio ${(tRemark / tScan).toFixed(0)}x`,
    );
  });
});

describe("scanMarkdown", () => {
  it("reports code regions with kinds and offsets", () => {
    const src = "a `x` b\n\n```sh\necho\n```\n\n    ind\n";
    expect(scanMarkdown(src).code).toEqual([
      { kind: "inline", start: 2, end: 5 },
      { kind: "fenced", start: 9, end: 23 },
      { kind: "indented", start: 29, end: 32 },
    ]);
  });

  it("keeps a sentence's period outside the destination", () => {
    const src = "See [ref](references/x.md). And [b](references/y.md.)";
    expect(scanMarkdown(src).links.map((l) => l.url)).toEqual(["references/x.md", "references/y.md."]);
  });

  it("scans from an offset, keeping offsets in the whole text", () => {
    const src = "---\nname: x\n---\n[a](b.md)\n";
    const [link] = scanMarkdown(src, 16).links;
    expect(src.slice(link.start, link.end)).toBe("b.md");
  });
});
