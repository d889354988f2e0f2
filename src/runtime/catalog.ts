// The catalog prompt: pure, shared by the compiler (catalog.md/.xml/.json) and the runtime.
// Policy (design.md §5 "Catalog budget"): never silent. While every name fits, every skill is
// listed and descriptions are cut fairly to one cap; only when names alone do not fit are skills
// dropped, lowest precedence first, and the catalog says how many and where to look.
import type { CatalogFormat } from "./data.js";
import { esc, order } from "./xml.js";

export interface CatalogEntry {
  name: string;
  description: string;
  /** SKILL.md path shown to the model. */
  location: string;
  scope: string;
  /** Source precedence: lower is dropped first. */
  rank: number;
}

export interface CatalogResult {
  /** "" when there are no entries (the spec: omit the catalog entirely). */
  text: string;
  /** Names whose description was cut. */
  shortened: string[];
  /** Names left out because names alone did not fit. */
  dropped: string[];
}

/**
 * Where a word may end: before a space, or before or after a character of a script written without
 * spaces (CJK ideographs, kana, CJK punctuation, fullwidth forms; BMP only, so a surrogate pair is
 * never parted: an astral character counts as a letter).
 */
const BREAK = /[\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;
/** Dropped before the "…": trailing spaces and `,;:`. */
const TRAIL = /[\s,;:]/;

/**
 * `s` itself when it fits in `c` characters (UTF-16 units); else its longest run of whole words that
 * fits with a final "…" (trailing spaces and `,;:` dropped), never a part of a word. When not even
 * the first word fits (a cap below it, or one overlong word such as a URL) the result is "…" alone:
 * the description was shortened to nothing, and says so. Never longer than `s` or than max(c, 1).
 */
export function cut(s: string, c: number): string {
  if (s.length <= c) return s;
  for (let p = Math.min(c, s.length) - 1; p > 0; p--) {
    if (!BREAK.test(s[p]) && !BREAK.test(s[p - 1])) continue;
    // One linear trim, then done: an earlier break would only give a prefix of what was trimmed away.
    let end = p;
    while (end > 0 && TRAIL.test(s[end - 1])) end--;
    return end > 0 ? s.slice(0, end) + "…" : "…";
  }
  return "…";
}

/** One skill in format `f` with description `d` (exported for the tests of the searches below). */
export const item = (e: CatalogEntry, d: string, f: CatalogFormat) =>
  f === "xml"
    ? `<skill>\n<name>\n${esc(e.name)}\n</name>\n<description>\n${esc(d)}\n</description>\n<location>\n${esc(e.location)}\n</location>\n</skill>`
    : f === "codelia"
      ? `<skill>\n<name>${esc(e.name)}</name>\n<description>${esc(d)}</description>\n<path>${esc(e.location)}</path>\n<scope>${esc(e.scope)}</scope>\n</skill>`
    : f === "json"
      ? JSON.stringify({ name: e.name, description: d, location: e.location, scope: e.scope, ...(d === e.description ? {} : { shortened: true }) })
      : `- ${e.name}${d ? ": " + d : ""}`;

/** The items in the format's frame, with the note on `n` skills left out. */
export function wrap(items: string[], n: number, f: CatalogFormat): string {
  const note = n
    ? `${n} more skill${n > 1 ? "s are" : " is"} not listed here: use the search_skills tool to find ${n > 1 ? "them" : "it"}.`
    : "";
  if (f === "json") return `[\n${(note ? [...items, JSON.stringify({ omitted: n, note })] : items).join(",\n")}\n]`;
  const lines =
    f === "xml"
      ? ["<available_skills>", ...items, "</available_skills>"]
      : f === "codelia"
        ? ["<skills_context>", `<skills_catalog scope="initial" truncated="${!!n}">`, ...items, "</skills_catalog>"]
        : [...items];
  if (note) lines.push(note);
  if (f === "codelia") lines.push("</skills_context>");
  return lines.join("\n");
}

/** One line: runs of white space as one space, none at either end (a text already so is kept as it is). */
const flat = (d: unknown) => {
  const s = String(d ?? "");
  return /[^\S ]| {2}|^ | $/.test(s) ? s.replace(/\s+/g, " ").trim() : s;
};

export const byName = (a: CatalogEntry, b: CatalogEntry) => order(a.name, b.name) || order(a.location, b.location);

/**
 * Renders `entries` (already filtered to what the model may see) within `budget` characters.
 * markdown: `- name: description` lines sorted by name; xml: reference.md §2's
 * `<available_skills>`, one tag per line, escaped; json: an array of `{name, description,
 * location, scope}` (`shortened: true` added when the description was cut; plus a final
 * `{omitted, note}` element when skills were dropped). A shortened description ends in "…" in
 * every format, and one shortened to nothing is "…" alone — never an empty string.
 * The result's length is ≤ budget whenever the names alone fit.
 *
 * The searches below ask "does it fit?" by adding up lengths, and render the catalog once: each
 * item's length is known alone, and `wrap` adds a separator per item and a fixed frame. Rendering
 * the whole catalog at every step of the search made one call at 10,000 skills cost ~0.1 s and
 * ~50 MB of strings (a build renders four formats).
 */
export function renderCatalog(entries: CatalogEntry[], opts: { format: CatalogFormat; budget: number }): CatalogResult {
  const f = opts.format, budget = opts.budget ?? Infinity;
  // A literal, not a spread: a catalog of 10,000 skills is rendered on a request.
  const all = entries.map((e) => ({ name: e.name, description: flat(e.description), location: e.location, scope: e.scope, rank: e.rank })).sort(byName);
  if (!all.length) return { text: "", shortened: [], dropped: [] };
  const N = all.length;
  const len = (i: number, c: number) => item(all[i], cut(all[i].description, c), f).length;
  // The frame around `m` items when `n` are dropped: wrap's join adds one separator per further item.
  const frame = (m: number, n: number) => wrap(m ? [""] : [], n, f).length + Math.max(m - 1, 0) * (f === "json" ? 2 : 1);
  // Drop order: lowest rank first, then by name from the end (indices into `all`).
  const order = all.map((_, i) => i).sort((a, b) => all[a].rank - all[b].rank || -byName(all[a], all[b]));
  // bare[j]: the names-only length of the j entries dropped first.
  const bare = [0];
  for (const i of order) bare.push(bare[bare.length - 1] + len(i, 0));
  const fitsBare = (k: number) => bare[N] - bare[k] + frame(N - k, k) <= budget;
  // Smallest number of drops whose names-only catalog fits (all dropped when nothing fits).
  let lo = 0, hi = fitsBare(0) ? 0 : N;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    fitsBare(m) ? (hi = m) : (lo = m + 1);
  }
  const k = lo, gone = new Set(order.slice(0, k));
  const kept = all.map((_, i) => i).filter((i) => !gone.has(i));
  // Largest description cap that fits; an item whose description is within the cap is whole.
  const whole = kept.map((i) => len(i, Infinity));
  const fits = (c: number) => {
    let sum = frame(kept.length, k);
    for (let j = 0; j < kept.length && sum <= budget; j++) sum += all[kept[j]].description.length <= c ? whole[j] : len(kept[j], c);
    return sum <= budget;
  };
  let c = 0, top = kept.reduce((m, i) => Math.max(m, all[i].description.length), 0);
  while (c < top) {
    const m = (c + top + 1) >> 1;
    fits(m) ? (c = m) : (top = m - 1);
  }
  const list = kept.map((i) => all[i]);
  return {
    text: wrap(list.map((e) => item(e, cut(e.description, c), f)), k, f),
    shortened: list.filter((e) => e.description.length > c).map((e) => e.name),
    dropped: order.slice(0, k).map((i) => all[i].name),
  };
}
