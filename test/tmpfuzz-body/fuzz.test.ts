import { it, expect } from "vitest";
import fc from "fast-check";
import { scanMarkdown } from "../../src/markdown/scan.js";
import { scanWithRemark } from "../../src/markdown/remark-scan.js";
const TOKENS = ["[", "]", "(", ")", "`", "``", "```", "~~~", "!", "<", ">", "\\", " ", "  ", "    ", "\t", "\n", "\n\n", "- ", "1. ", "2) ", "> ", "#", "a", "b.md", "x:", "[r]: ", "r", "\"t\"", "<div>", "<!--", "-->", "***", "===", "---", "&amp;", "http://x", "a@b.c", "*", "_", "  - ", "   "];
it("fuzz", () => {
  fc.assert(fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }), (toks) => {
    const src = toks.join("");
    const o = scanMarkdown(src); const r = scanWithRemark(src);
    const key = (c: any) => c.kind === "indented" ? "ind@" + src.slice(0, c.start).split("\n").length : c.kind + "@" + c.start + (c.kind === "inline" ? "-" + c.end : "");
    expect({ src, code: o.code.map(key).sort() }).toEqual({ src, code: r.code.map(key).sort() });
    const lk = (l: any) => l.kind + " " + l.url;
    expect({ src, links: o.links.map(lk).sort() }).toEqual({ src, links: r.links.map(lk).sort() });
  }), { numRuns: 15000, seed: Number(process.env.SEED ?? 1) });
});
