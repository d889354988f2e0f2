import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cut, renderCatalog, type CatalogEntry } from "../../../src/runtime/catalog.js";
import type { CatalogFormat } from "../../../src/runtime/data.js";
import { createSkills } from "../../../src/runtime/index.js";
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
    // Empty descriptions: nothing to shorten, so the names are all there is to fit.
    const list = [..."abcdefghij"].map((c, i) => e(c + "-" + "x".repeat(28), "", i < 5 ? 1 : 0));
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
  it("cut never splits a word or a surrogate pair and never grows", () => {
    expect(cut("😀 😀😀 a", 5)).toBe("😀…");
    expect(cut("abc", 5)).toBe("abc");
    // Not even the first word fits: shortened to nothing, and "…" says so (never "", never "abc…").
    expect(cut("abcdef", 1)).toBe("…");
    expect(cut("abcdef", 4)).toBe("…");
    expect(cut("Calendaring utilities that sync", 6)).toBe("…");
    expect(cut("Calendaring utilities that sync", 24)).toBe("Calendaring utilities…");
    expect(cut("one, two three", 8)).toBe("one…");
    expect(cut("one, two three", 9)).toBe("one, two…");
  });
  it("cut parts CJK text between any two characters (a script written without spaces)", () => {
    expect(cut("日本語のテキストを要約する", 5)).toBe("日本語の…");
    expect(cut("摘要𠀋𠀋文本", 5)).toBe("摘要…"); // astral characters count as letters: a pair is never split
    expect(cut("PDF转换工具", 3)).toBe("…"); // "PDF" is one word: no cut inside it
    expect(cut("PDF转换工具", 5)).toBe("PDF转…");
  });
  it("a description shortened to nothing is said to be so in every format", () => {
    const list = [e("calendar-sync", "Calendaring utilities that synchronise events between providers."), e("data-export", "Exports data.")];
    const md = renderCatalog(list, { format: "markdown", budget: 40 });
    expect(md.text).toBe("- calendar-sync: …\n- data-export: …");
    expect(md.shortened).toEqual(["calendar-sync", "data-export"]);
    const xml = renderCatalog(list, { format: "xml", budget: 240 }).text;
    expect(xml).toContain("<description>\n…\n</description>");
    expect(xml).not.toMatch(/<description>\n\n<\/description>|Cal…/);
    const json = JSON.parse(renderCatalog(list, { format: "json", budget: 220 }).text);
    expect(json[0]).toEqual({ name: "calendar-sync", description: "…", location: "skills/calendar-sync/SKILL.md", scope: "builtin", shortened: true });
    // Not shortened: no flag, the description as written.
    expect(JSON.parse(renderCatalog(list, { format: "json", budget: 1e6 }).text)[1]).toEqual({ name: "data-export", description: "Exports data.", location: "skills/data-export/SKILL.md", scope: "builtin" });
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
        // Names alone: every description shortened to nothing ("…", and in json `shortened: true`).
        const marked = list.map((x) => ({ ...x, description: x.description.trim() ? "…" : "" }));
        const flags = format === "json" ? marked.filter((x) => x.description).length * ',"shortened":true'.length : 0;
        const namesOnly = renderCatalog(marked, { format, budget: Infinity }).text + " ".repeat(flags);
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

// Issue 12 item 6: word boundaries always, within budget, and a marker exactly when shortened.
const cjk = fc.constantFrom("日本語", "テキスト", "摘要𠀋", "中文", "。");
const longWord = fc.stringMatching(/^[A-Za-z0-9/:.-]{9,40}$/); // a URL or a compound: one word
const word2 = fc.oneof(word, word, longWord, cjk, fc.constantFrom("😀", "é", "x,", "y;", "&", "<b>"));
const desc2 = fc.array(word2, { maxLength: 30 }).chain((ws) => fc.array(fc.constantFrom(" ", "  ", ""), { minLength: ws.length, maxLength: ws.length }).map((gaps) => ws.map((w, i) => (i ? gaps[i] || " " : "") + w).join("")));
const isCjk = (ch: string) => /^[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]$/.test(ch);
const isGap = (ch: string) => /[\s,;:]/.test(ch);
/** Whether `s` may end after its first `n` UTF-16 units without splitting a word (an independent definition). */
const wordEnd = (s: string, n: number) => {
  const before = Array.from(s.slice(0, n)).at(-1)!, after = Array.from(s.slice(n))[0];
  if (after === undefined || isGap(after) || isGap(before)) return true;
  if (before.length === 2 && s.slice(0, n).length !== n) return false;
  return isCjk(before) || isCjk(after);
};
/** A boundary with a whole word before it, that a cap of `c` leaves room for (one character is the "…"). */
const hasRoomForAWord = (s: string, c: number) => {
  for (let p = 1; p <= c - 1 && p < s.length; p++) {
    if (s.slice(0, p).replace(/[\s,;:]+$/, "") && (/\s/.test(s[p]) || isCjk(Array.from(s.slice(p))[0]) || isCjk(Array.from(s.slice(0, p)).at(-1)!)) && (s.charCodeAt(p) & 0xfc00) !== 0xdc00) return true;
  }
  return false;
};

describe("cut and renderCatalog: word boundaries and the shortened marker (properties)", () => {
  it("cut: the text itself when it fits; else whole words and a final …, within the cap; … alone only when no word fits", () => {
    fc.assert(
      fc.property(desc2, fc.integer({ min: 0, max: 120 }), (raw, c) => {
        const s = raw.replace(/\s+/g, " ").trim();
        const r = cut(s, c);
        if (s.length <= c) {
          expect(r).toBe(s);
          return;
        }
        expect(r.endsWith("…")).toBe(true);
        expect(r.length).toBeLessThanOrEqual(Math.max(c, 1));
        const t = r.slice(0, -1);
        expect(s.startsWith(t)).toBe(true);
        if (t) expect(wordEnd(s, t.length)).toBe(true);
        // Shortened to nothing only when no whole word fits in front of the "…".
        expect(t === "").toBe(!hasRoomForAWord(s, c));
      }),
      { numRuns: 2000 },
    );
  });

  const list2 = fc.uniqueArray(fc.record({ name, description: desc2, rank: fc.integer({ min: 0, max: 2 }), scope: fc.constantFrom("a", "b") }), { selector: (x) => x.name, minLength: 1, maxLength: 15 })
    .map((l) => l.map((x) => ({ ...x, location: `skills/${x.name}/SKILL.md` })));
  const unxml = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
  /** name → description as rendered (undefined when listed without one), and json's shortened flags. */
  const rendered = (text: string, format: CatalogFormat): { desc: Map<string, string>; flagged: Set<string> } => {
    const desc = new Map<string, string>(), flagged = new Set<string>();
    if (format === "json") {
      for (const x of JSON.parse(text) as Array<{ name?: string; description: string; shortened?: true }>) {
        if (!x.name) continue;
        desc.set(x.name, x.description);
        if (x.shortened) flagged.add(x.name);
      }
    } else if (format === "xml") {
      for (const m of text.matchAll(/<name>\n(.*)\n<\/name>\n<description>\n(.*)\n<\/description>/g)) desc.set(m[1], unxml(m[2]));
    } else {
      for (const m of text.matchAll(/^- ([a-z0-9-]+)(?:: (.*))?$/gm)) desc.set(m[1], m[2] ?? "");
    }
    return { desc, flagged };
  };

  it("renderCatalog: within budget while names fit, never mid-word, and … (json: shortened: true) exactly on the shortened", () => {
    fc.assert(
      fc.property(list2, fc.integer({ min: 0, max: 2500 }), fc.constantFrom(...FORMATS), (list, budget, format) => {
        const r = renderCatalog(list, { format, budget });
        const marked = list.map((x) => ({ ...x, description: x.description.trim() ? "…" : "" }));
        const flags = format === "json" ? marked.filter((x) => x.description).length * ',"shortened":true'.length : 0;
        if (renderCatalog(marked, { format, budget: Infinity }).text.length + flags <= budget) expect(r.text.length).toBeLessThanOrEqual(budget);
        const { desc, flagged } = rendered(r.text, format);
        const shortened = new Set(r.shortened);
        for (const x of list) {
          if (!desc.has(x.name)) continue;
          const src = x.description.replace(/\s+/g, " ").trim();
          const got = desc.get(x.name)!;
          expect(got === src).toBe(!shortened.has(x.name));
          if (format === "json") expect(flagged.has(x.name)).toBe(shortened.has(x.name));
          if (shortened.has(x.name)) {
            expect(got.endsWith("…")).toBe(true);
            expect(got).not.toBe("");
            if (got.length > 1) expect(wordEnd(src, got.length - 1)).toBe(true);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
