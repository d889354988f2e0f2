import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cut, renderCatalog, type CatalogEntry } from "../../src/runtime/catalog.js";
import type { CatalogFormat } from "../../src/runtime/data.js";
import { createSkills } from "../../src/runtime/index.js";
import { bundle } from "./helpers.js";

const e = (name: string, description: string, rank = 0, scope = "builtin"): CatalogEntry => ({ name, description, location: `skills/${name}/SKILL.md`, scope, rank });
const FORMATS: CatalogFormat[] = ["markdown", "xml", "json"];

describe("renderCatalog: shapes", () => {
  const list = [e("b-skill", "Second <one> & 'quoted' \"too\"."), e("a-skill", "First.")];
  it("markdown: one sorted line per skill", () => {
    expect(renderCatalog(list, { format: "markdown", budget: 1000 })).toEqual({
      text: "- a-skill: First.\n- b-skill: Second <one> & 'quoted' \"too\".",
      shortened: [],
      dropped: [],
    });
  });
  it("xml: reference.md §2's shape, every tag on its own line, all five characters escaped everywhere", () => {
    const x = renderCatalog([e("a", "d & <x>"), { ...e("b", `"q" 'a'`), location: "skills/</location><x>/SKILL.md" }], { format: "xml", budget: 1e6 }).text;
    expect(x).toBe(
      [
        "<available_skills>",
        "<skill>", "<name>", "a", "</name>", "<description>", "d &amp; &lt;x&gt;", "</description>", "<location>", "skills/a/SKILL.md", "</location>", "</skill>",
        "<skill>", "<name>", "b", "</name>", "<description>", "&quot;q&quot; &apos;a&apos;", "</description>", "<location>", "skills/&lt;/location&gt;&lt;x&gt;/SKILL.md", "</location>", "</skill>",
        "</available_skills>",
      ].join("\n"),
    );
  });
  it("json: an array of entries", () => {
    const j = JSON.parse(renderCatalog(list, { format: "json", budget: 1e6 }).text);
    expect(j).toEqual([
      { name: "a-skill", description: "First.", location: "skills/a-skill/SKILL.md", scope: "builtin" },
      { name: "b-skill", description: "Second <one> & 'quoted' \"too\".", location: "skills/b-skill/SKILL.md", scope: "builtin" },
    ]);
  });
  it("empty skill set → empty string in every format", () => {
    for (const format of FORMATS) expect(renderCatalog([], { format, budget: 10 })).toEqual({ text: "", shortened: [], dropped: [] });
  });
  it("collapses whitespace in descriptions", () => {
    expect(renderCatalog([e("a", "one\n  two\tthree ")], { format: "markdown", budget: 100 }).text).toBe("- a: one two three");
  });
});

describe("renderCatalog: budget", () => {
  it("shortens every long description to one cap, at a word boundary, ending in …", () => {
    const list = [e("a", "alpha beta gamma delta epsilon"), e("b", "short"), e("c", "one two three four five six seven")];
    const r = renderCatalog(list, { format: "markdown", budget: 53 });
    expect(r.text).toBe("- a: alpha beta gamma…\n- b: short\n- c: one two three…"); // cap 17
    expect(r.text.length).toBe(53);
    expect(r).toMatchObject({ shortened: ["a", "c"], dropped: [] });
    // One character less: the cap drops to 14 for both.
    expect(renderCatalog(list, { format: "markdown", budget: 52 }).text).toBe("- a: alpha beta…\n- b: short\n- c: one two three…");
    expect(renderCatalog(list, { format: "markdown", budget: 1000 }).shortened).toEqual([]);
  });
  it("drops only when names alone do not fit: lowest rank first, then by name from the end, and says so", () => {
    const list = [..."abcdefghij"].map((c, i) => e(c + "-" + "x".repeat(28), "d", i < 5 ? 1 : 0));
    expect(renderCatalog(list, { format: "markdown", budget: 329 }).dropped).toEqual([]); // names alone: 329
    const r = renderCatalog(list, { format: "markdown", budget: 320 });
    expect(r.dropped).toEqual(["j", "i", "h"].map((c) => c + "-" + "x".repeat(28)));
    expect(r.text).toBe(
      [..."abcdefg"].map((c) => `- ${c}-${"x".repeat(28)}`).join("\n") + "\n3 more skills are not listed here: use the search_skills tool to find them.",
    );
    expect(r.text.length).toBeLessThanOrEqual(320);
    // Never silent: when not even one name and the note fit, the note alone is the catalog.
    expect(renderCatalog(list.slice(0, 2), { format: "markdown", budget: 40 })).toEqual({
      text: "2 more skills are not listed here: use the search_skills tool to find them.",
      shortened: [],
      dropped: [list[1].name, list[0].name],
    });
    const one = [...list, e("k-" + "x".repeat(100), "d", 0)];
    expect(renderCatalog(one, { format: "markdown", budget: 410 }).text).toMatch(/\n1 more skill is not listed here: use the search_skills tool to find it\.$/);
  });
  it("xml and json say what was dropped too", () => {
    const list = Array.from({ length: 20 }, (_, i) => e(`skill-${String(i).padStart(2, "0")}`, "d"));
    const x = renderCatalog(list, { format: "xml", budget: 600 });
    expect(x.dropped.length).toBeGreaterThan(0);
    expect(x.text).toMatch(/<\/available_skills>\n\d+ more skills are not listed here: use the search_skills tool/);
    const j = renderCatalog(list, { format: "json", budget: 600 });
    const arr = JSON.parse(j.text);
    expect(arr.at(-1)).toEqual({ omitted: j.dropped.length, note: expect.stringContaining("search_skills") });
    expect(arr.length - 1 + j.dropped.length).toBe(20);
  });
  it("cut never splits a surrogate pair and never grows", () => {
    expect(cut("😀😀😀 a", 4)).toBe("😀…");
    expect(cut("abc", 5)).toBe("abc");
    expect(cut("abcdef", 1)).toBe("");
    expect(cut("abcdef", 4)).toBe("abc…");
  });
});

const word = fc.stringMatching(/^[a-z]{1,8}$/);
const name = fc.stringMatching(/^[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,5}){0,2}$/);
const desc = fc.array(fc.oneof(word, fc.constantFrom("&", "<b>", '"x"', "it's", "😀", "é")), { maxLength: 40 }).map((w) => w.join(" "));
const entries = fc.uniqueArray(fc.record({ name, description: desc, rank: fc.integer({ min: 0, max: 3 }), scope: fc.constantFrom("a", "b") }), {
  selector: (x) => x.name,
  maxLength: 25,
}).map((l) => l.map((x) => ({ ...x, location: `skills/${x.name}/SKILL.md` })));
const names = (text: string, format: CatalogFormat, all: CatalogEntry[]): string[] =>
  !text ? [] : format === "json"
    ? JSON.parse(text).filter((x: { name?: string }) => x.name).map((x: CatalogEntry) => x.name)
    : all.map((x) => x.name).filter((n) => (format === "xml" ? text.includes(`<name>\n${n}\n</name>`) : new RegExp(`^- ${n}(:|$)`, "m").test(text)));

describe("renderCatalog: properties", () => {
  it("fits the budget whenever names fit; keeps every name while they fit; never lengthens; cuts fairly", () => {
    fc.assert(
      fc.property(entries, fc.integer({ min: 0, max: 3000 }), fc.constantFrom(...FORMATS), (list, budget, format) => {
        const r = renderCatalog(list, { format, budget });
        if (!list.length) {
          expect(r.text).toBe("");
          return;
        }
        const namesOnly = renderCatalog(list.map((x) => ({ ...x, description: "" })), { format, budget: Infinity }).text;
        const shown = names(r.text, format, list);
        if (namesOnly.length <= budget) {
          expect(r.text.length).toBeLessThanOrEqual(budget);
          expect(r.dropped).toEqual([]);
          expect(shown.sort()).toEqual(list.map((x) => x.name).sort());
        } else expect(r.dropped.length).toBeGreaterThan(0);
        expect(shown.length + r.dropped.length).toBe(list.length);
        // Descriptions as rendered: never longer than the source; all cut ones share one cap.
        const full = renderCatalog(list, { format: "json", budget: Infinity });
        const src = new Map<string, string>(JSON.parse(full.text).map((x: CatalogEntry) => [x.name, x.description]));
        const got = renderCatalog(list, { format: "json", budget: format === "json" ? budget : Infinity });
        if (format === "json") {
          const rendered = JSON.parse(got.text).filter((x: { name?: string }) => x.name) as CatalogEntry[];
          for (const x of rendered) expect(x.description.length).toBeLessThanOrEqual(src.get(x.name)!.length);
          const cut = rendered.filter((x) => x.description !== src.get(x.name));
          const kept = rendered.filter((x) => x.description === src.get(x.name));
          expect(cut.map((x) => x.name).sort()).toEqual([...got.shortened].sort());
          if (cut.length && kept.length) {
            const cap = Math.max(...cut.map((x) => x.description.length));
            // Every untouched description is no longer than the cap would allow; every cut source is longer.
            expect(Math.max(...kept.map((x) => src.get(x.name)!.length))).toBeLessThan(Math.min(...cut.map((x) => src.get(x.name)!.length)));
            for (const x of cut) expect(src.get(x.name)!.length).toBeGreaterThan(cap - 1);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("hidden and denied skills never appear in the runtime's catalog", () => {
    fc.assert(
      fc.property(entries, fc.integer({ min: 50, max: 3000 }), fc.constantFrom(...FORMATS), (list, budget, format) => {
        const b = bundle(
          list.map((x, i) => ({ name: x.name, description: x.description || "d", hidden: i % 3 === 0, rank: x.rank })),
          { permissions: { allow: [], deny: list.filter((_, i) => i % 3 === 1).map((x) => x.name) } },
        );
        const text = createSkills(b.data).catalog({ format, budget });
        const visible = list.filter((_, i) => i % 3 === 2);
        const shown = names(text, format, list);
        for (const n of shown) expect(visible.map((x) => x.name)).toContain(n);
      }),
      { numRuns: 100 },
    );
  });
});
