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

const item = (e: CatalogEntry, d: string, f: CatalogFormat) =>
  f === "xml"
    ? `<skill>\n<name>\n${esc(e.name)}\n</name>\n<description>\n${esc(d)}\n</description>\n<location>\n${esc(e.location)}\n</location>\n</skill>`
    : f === "codelia"
      ? `<skill>\n<name>${esc(e.name)}</name>\n<description>${esc(d)}</description>\n<path>${esc(e.location)}</path>\n<scope>${esc(e.scope)}</scope>\n</skill>`
    : f === "json"
      ? JSON.stringify({ name: e.name, description: d, location: e.location, scope: e.scope, ...(d === e.description ? {} : { shortened: true }) })
      : `- ${e.name}${d ? ": " + d : ""}`;

function wrap(items: string[], n: number, f: CatalogFormat): string {
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

const byName = (a: CatalogEntry, b: CatalogEntry) => order(a.name, b.name) || order(a.location, b.location);

/**
 * Renders `entries` (already filtered to what the model may see) within `budget` characters.
 * markdown: `- name: description` lines sorted by name; xml: reference.md §2's
 * `<available_skills>`, one tag per line, escaped; json: an array of `{name, description,
 * location, scope}` (`shortened: true` added when the description was cut; plus a final
 * `{omitted, note}` element when skills were dropped). A shortened description ends in "…" in
 * every format, and one shortened to nothing is "…" alone — never an empty string.
 * The result's length is ≤ budget whenever the names alone fit.
 */
export function renderCatalog(entries: CatalogEntry[], opts: { format: CatalogFormat; budget: number }): CatalogResult {
  const f = opts.format, budget = opts.budget ?? Infinity;
  const all = entries.map((e) => ({ ...e, description: String(e.description ?? "").replace(/\s+/g, " ").trim() })).sort(byName);
  if (!all.length) return { text: "", shortened: [], dropped: [] };
  const render = (list: CatalogEntry[], c: number, n: number) => wrap(list.map((e) => item(e, cut(e.description, c), f)), n, f);
  // Drop order: lowest rank first, then by name from the end.
  const order = [...all].sort((a, b) => a.rank - b.rank || -byName(a, b));
  const keep = (k: number) => {
    const gone = new Set(order.slice(0, k));
    return all.filter((e) => !gone.has(e));
  };
  const fits = (k: number, c: number) => render(keep(k), c, k).length <= budget;
  // Smallest number of drops whose names-only catalog fits (all dropped when nothing fits).
  let lo = 0, hi = fits(0, 0) ? 0 : all.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    fits(m, 0) ? (hi = m) : (lo = m + 1);
  }
  const k = lo, kept = keep(k);
  // Largest description cap that fits.
  let c = 0, top = kept.reduce((m, e) => Math.max(m, e.description.length), 0);
  while (c < top) {
    const m = (c + top + 1) >> 1;
    fits(k, m) ? (c = m) : (top = m - 1);
  }
  return {
    text: render(kept, c, k),
    shortened: kept.filter((e) => e.description.length > c).map((e) => e.name),
    dropped: order.slice(0, k).map((e) => e.name),
  };
}
