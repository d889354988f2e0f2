// renderCatalog searches the number of skills to drop and the description cap by adding up item
// lengths, and renders once. These tests hold it to the definition it replaced: the same two binary
// searches, each step rendering the whole catalog and measuring the text (the obvious reading of
// design.md's budget policy), over random skill sets in every format and budget. The items and their
// frame are the module's own: what is under test is how the two searches find their answers.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { byName, cut, item, renderCatalog, wrap, type CatalogEntry, type CatalogResult } from "../../../src/runtime/catalog.js";
import type { CatalogFormat } from "../../../src/runtime/data.js";

const FORMATS: CatalogFormat[] = ["markdown", "xml", "json", "codelia"];

/** The catalog by definition: every "does it fit?" answered by rendering it whole. */
function byRendering(entries: CatalogEntry[], opts: { format: CatalogFormat; budget: number }): CatalogResult {
  const f = opts.format, budget = opts.budget;
  const all = entries.map((e) => ({ ...e, description: String(e.description ?? "").replace(/\s+/g, " ").trim() })).sort(byName);
  if (!all.length) return { text: "", shortened: [], dropped: [] };
  const render = (list: CatalogEntry[], c: number, n: number) => wrap(list.map((e) => item(e, cut(e.description, c), f)), n, f);
  const dropOrder = [...all].sort((a, b) => a.rank - b.rank || -byName(a, b));
  const keep = (k: number) => {
    const gone = new Set(dropOrder.slice(0, k));
    return all.filter((e) => !gone.has(e));
  };
  const fits = (k: number, c: number) => render(keep(k), c, k).length <= budget;
  let lo = 0, hi = fits(0, 0) ? 0 : all.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    fits(m, 0) ? (hi = m) : (lo = m + 1);
  }
  const k = lo, kept = keep(k);
  let c = 0, top = kept.reduce((m, e) => Math.max(m, e.description.length), 0);
  while (c < top) {
    const m = (c + top + 1) >> 1;
    fits(k, m) ? (c = m) : (top = m - 1);
  }
  return { text: render(kept, c, k), shortened: kept.filter((e) => e.description.length > c).map((e) => e.name), dropped: dropOrder.slice(0, k).map((e) => e.name) };
}

const word = fc.constantFrom("alpha", "b", "x<y", "a&b", "'q'", '"dq"', "日本語", "中文字", "😀", "\t", "  ", "\n", "url://x/y/z", ",", ";:", "é", "");
const description = fc.array(word, { maxLength: 30 }).map((w) => w.join(" "));
const entry = fc.record({
  name: fc.stringMatching(/^[a-z<&][a-z0-9-]{0,12}$/),
  description,
  location: fc.constantFrom("skills/a/SKILL.md", "skills/b/SKILL.md", "x/<p>/SKILL.md"),
  scope: fc.constantFrom("builtin", "project", "u&ser"),
  rank: fc.integer({ min: 0, max: 3 }),
});

describe("renderCatalog: the searches by length give what rendering at every step gives", () => {
  it("every format, budgets from nothing to everything", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), fc.constantFrom(...FORMATS), fc.integer({ min: 0, max: 6000 }), (entries, format, budget) => {
        expect(renderCatalog(entries, { format, budget })).toEqual(byRendering(entries, { format, budget }));
      }),
      { numRuns: 600 },
    );
  });

  it("budgets around each exact catalog length (the edges of both searches)", () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 25 }), fc.constantFrom(...FORMATS), (entries, format) => {
        const full = byRendering(entries, { format, budget: Infinity }).text.length;
        const bare = byRendering(entries, { format, budget: 0 }).text.length;
        for (const budget of [full - 1, full, full + 1, bare - 1, bare, bare + 1, (full + bare) >> 1]) {
          expect(renderCatalog(entries, { format, budget })).toEqual(byRendering(entries, { format, budget }));
        }
      }),
      { numRuns: 300 },
    );
  });
});
