// The scanner (src/markdown/scan.ts) against remark-parse: same code regions, same link
// destinations, on snippets chosen to break a naive scanner and on random documents (every corpus body:
// test/conformance/markdown-scan.test.ts).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scanMarkdown } from "../../../src/markdown/scan.js";
import { diff } from "../../helpers/markdown-diff.js";

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
});

describe("scanMarkdown", () => {
  it("finds the same code regions with codeOnly (paragraphs without a backtick skipped inline)", () => {
    const TOKENS = ["`", "``", "```\n", "~~~\n", "    ", "\n", "\n\n", "- ", "> ", "1. ", "[a](", ")", "](`", "<a href=\"`\">", "<x@y.z>", "<http://a`b>", "\\`", "a", " ", "<div>\n", "[r]: `x`\n", "[r]"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }), (tokens) => {
        const src = tokens.join("");
        expect(scanMarkdown(src, 0, src.length, true).code).toEqual(scanMarkdown(src).code);
      }),
      { numRuns: 5000, seed: 20261124 },
    );
  });

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
