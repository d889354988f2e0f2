// The markdown scanner is linear on every input: on each shape that once made it (or could make it)
// quadratic, the work it counts (src/markdown/work.ts: characters examined by its loops and regular
// expressions) grows in proportion to the input from 10 KB to 80 KB. Counted, never timed.
import { describe, expect, it } from "vitest";
import { scanMarkdown } from "../../../src/markdown/scan.js";
import { work } from "../../../src/markdown/work.js";
import { diff } from "../../helpers/markdown-diff.js";

/** `unit` repeated to about `size` characters, with `head` before and `tail` after. */
const fill = (unit: string, size: number, head = "", tail = "") => head + unit.repeat(Math.ceil(size / unit.length)) + tail;
const ladder = (size: number, f: (k: number) => string) => {
  let out = "";
  for (let k = 1; out.length < size; k++) out += f(k);
  return out;
};

const SHAPES: Record<string, (size: number) => string> = {
  "nested list markers `- - - … a`": (n) => fill("- ", n, "", "a\n"),
  "nested ordered markers `1. 1. …`": (n) => fill("1. ", n, "", "a\n"),
  "`* * * … a`": (n) => fill("* ", n, "", "a\n"),
  "nested quotes `> > > … a`": (n) => fill("> ", n, "", "a\n"),
  "deep list then blank lines": (n) => fill("- ", n / 2, "", "a\n") + "\n".repeat(n / 2),
  "deep list, a fence, then blank lines": (n) => fill("- ", n / 2, "", "```\n") + "\n".repeat(n / 2),
  "`[[[[` then links": (n) => "[".repeat(n / 2) + fill("[a](b)", n / 2),
  "`[[[[` alone": (n) => fill("[", n),
  "`]]]]` and `][][`": (n) => fill("][", n),
  "one backtick run": (n) => fill("`", n),
  "backtick runs of growing length": (n) => ladder(n, (k) => "`".repeat(k) + " "),
  "a long backtick run then one more": (n) => fill("`", n, "", " `\n"),
  "`*_*_`": (n) => fill("*_", n),
  "long link destinations `[a](b[a](b…`": (n) => fill("[a](b", n),
  "link destination with parens `[a](((((…`": (n) => fill("[a](", 64) + fill("(", n),
  "titles `[a](b \"[a](b \"`": (n) => fill('[a](b "', n),
  "`<` runs": (n) => fill("<", n),
  "`<a<a<a`": (n) => fill("<a", n),
  "unclosed comments `<!--`": (n) => fill("<!--", n),
  "unclosed declarations `<!a`": (n) => fill("<!a", n),
  "unclosed CDATA": (n) => fill("<![CDATA[", n),
  "unclosed processing instructions `<?`": (n) => fill("<?", n),
  "tags with quoted attributes `<a x=\"<a x='`": (n) => fill("<a x=\"<a x='", n),
  "tags with many attributes, unclosed": (n) => fill("<a", n / 2) + fill(" b", n / 2),
  "autolink-like `<a@a<a@a`": (n) => fill("<a@a", n),
  "heading with a long blank run": (n) => "# a" + " ".repeat(n) + "b\n",
  "heading of `#`s and blanks": (n) => "# " + fill("# ", n),
  "setext underlines after definitions": (n) => "[a]: b\n" + fill("-\n", n),
  "definitions": (n) => fill("[a]: b\n", n),
  "escaped backticks": (n) => fill("\\``", n),
  "html block opener lines": (n) => fill("<div\n", n),
  "tabs and list markers": (n) => fill("-\t", n, "", "a\n"),
};

function measure(src: string): number {
  work.chars = 0;
  scanMarkdown(src);
  return work.chars;
}

describe("scanMarkdown does linear work", () => {
  it.each(Object.entries(SHAPES))("%s", (_name, make) => {
    const small = make(10_000);
    const large = make(80_000);
    const a = measure(small);
    const b = measure(large);
    const ratio = b / a;
    const sizeRatio = large.length / small.length;
    // Linear: 8× the input costs about 8× the work (quadratic would be about 64×).
    expect(ratio, `work ${a} → ${b} for ${small.length} → ${large.length} characters`).toBeLessThan(sizeRatio * 1.3);
    // And a small constant per character.
    expect(b / large.length).toBeLessThan(40);
  });

  // The by-hand matching that made these linear must find what remark finds.
  it.each(Object.entries(SHAPES))("%s, small: agrees with remark", (_name, make) => {
    for (const n of [40, 300]) expect(diff(make(n) + "\n\n[z](z.md) `y` <a x='1'> <!-- c --> <b@c.de>\n")).toEqual([]);
  });

  it("counts something (the gauge is wired to the scan)", () => {
    expect(measure("a [b](c.md) `d`\n")).toBeGreaterThan(10);
  });
});
