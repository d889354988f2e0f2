// skills.search: exact path > exact name > name prefix > words (BM25 on stems of the name, the
// description and the brief), ties by scope rank (higher first) then path. The index is built on the first search only.
import type { BundleSkill } from "./data.js";
import { order } from "./xml.js";

/** [skill, score, reason] */
export type Hit = [BundleSkill, number, string];

/** A path or name as typed: trimmed, without a leading "./" or trailing "/". */
// Trailing slashes are cut by a loop: `/\/+$/` retries at every slash of a long run (quadratic).
export const norm = (s: string): string => {
  let r = s.trim(), e = r.length;
  r = r.startsWith("./") ? r.slice(2) : r;
  for (e = r.length; e && r[e - 1] == "/"; ) e--;
  return r.slice(0, e);
};

export const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];

export const rankHits = (hits: Iterable<Hit>, tie?: (s: BundleSkill) => number): Hit[] =>
  [...hits].sort(
    (a, b) =>
      b[1] - a[1] || (tie ? tie(b[0]) - tie(a[0]) : 0) || b[0].rank - a[0].rank || order(a[0].path, b[0].path),
  );

// Word forms: one English suffix is stripped (longest first) when three letters stay, so "refunds",
// "refunded" and "refunding" all index as "refund", "pdfs" as "pdf", "files" and "file" as "fil".
// A doubled final consonant left by -ing/-ed/-er is undoubled ("committing" → "commit"). -ation
// needs four letters before it and -ment five, so "creation" falls to -ion ("creat") and "document"
// keeps its -ment while "documentation" becomes "document".
// Each entry is suffix:replacement:letters that must stay (default 3).
const SUFFIX = "ations::4 ation::4 ments::5 ment::5 ings ing ions ion ies:y ied:y ers er es ed ly s e".split(" ").map((x) => x.split(":"));
const STOP = new Set("a an and are as at be by for from how i if in into is it its of on or that the this to use used when with you your".split(" "));

export const stem = (w: string): string => {
  for (const [x, r = "", m = 3] of SUFFIX) {
    const n = w.length - x.length;
    if (n >= +m && w.endsWith(x) && !(x == "s" && /[su]/.test(w[n - 1]))) {
      w = w.slice(0, n) + r;
      return /^(?:in|e[dr])/.test(x) && w[n - 1] == w[n - 2] && !/[aeioudlsz]/.test(w[n - 1]) ? w.slice(0, -1) : w;
    }
  }
  return w;
};

/**
 * A search function over `vis`. Words score by BM25 (k1 1.2, b 0.75) over two fields, the name
 * (weight 3) and the description with the brief (weight 1, length-normalised), on stems. (Prefix
 * matching, `auth` → `authentication`, was measured too: it lowered the corpus queries' MRR.) Word
 * scores are BM25 divided by its bound for the query: in (0, 1). A name prefix scores 2, the exact
 * name 3, the exact path 4. Returns the best `limit` (default: all), ranked.
 */
export function searcher(vis: BundleSkill[], paths: Map<string, BundleSkill>): (query: string, scope?: string, limit?: number) => Hit[] {
  const N = vis.length, post = postings(vis);
  const names = vis.map((s, i) => [s.name.toLowerCase(), i] as const).sort((a, b) => order(a[0], b[0]));
  // Per-skill score and matched-term bits, reused by every query (reset after each).
  const sc = new Float64Array(N), bits = new Uint32Array(N), pos = new Map(vis.map((s, i) => [s, i]));
  return (query, scope, limit = N) => {
    const raw = norm(query);
    const q = raw.toLowerCase(), best = new Map<number, Hit>();
    if (!q) return [];
    const put = (i: number, score: number, why: string) => {
      const b = best.get(i);
      if ((!scope || vis[i].scope === scope) && (!b || b[1] < score)) best.set(i, [vis[i], score, why]);
    };
    // One term per stem ("skill" and "skills" count once), named by its first form in the query.
    const qs = new Map<string, string>(), qw: string[] = [], touched: number[] = [];
    for (const w of words(q)) if (!STOP.has(w) && !qs.has(stem(w))) qs.set(stem(w), w);
    let bound = 0;
    for (const [t, w] of qs) {
      const p = post.get(t) || [], n = p.length / 3, idf = Math.log(1 + (N - n + 0.5) / (n + 0.5)), bit = qw.push(w) < 33 ? 1 << (qw.length - 1) : 0;
      bound += idf * 2.2;
      for (let j = 0; j < p.length; j += 3) {
        const i = p[j];
        if (!sc[i]) touched.push(i);
        sc[i] += idf * p[j + 1];
        bits[i] |= bit;
      }
    }
    for (const i of touched) put(i, sc[i] / bound, "");
    for (let i = find(names, q); i < names.length && names[i][0].startsWith(q); i++) {
      const exact = names[i][0] === q;
      put(names[i][1], exact ? 3 : 2, exact ? "exact name" : "name prefix");
    }
    const at = pos.get(paths.get(raw)!);
    if (at !== undefined) put(at, 4, "exact path");
    // Only the top `limit` are ranked: the scores at or above the limit-th best (ties kept) are sorted.
    let hits = [...best.values()];
    if (hits.length > limit) {
      const cut = Float64Array.from(hits, (h) => -h[1]).sort()[limit - 1];
      hits = hits.filter((h) => -h[1] <= cut);
    }
    const out = rankHits(hits).slice(0, limit);
    // Ranked on exact scores, shown to three decimals; word reasons are spelled out for these only.
    for (const h of out) {
      const j = pos.get(h[0])!;
      if (!h[2]) h[2] = "words: " + qw.filter((_, b) => (bits[j] >> b) & 1).join(", ");
      h[1] = Math.round(h[1] * 1e3) / 1e3 || 1e-3;
    }
    for (const j of touched) sc[j] = bits[j] = 0;
    return out;
  };
}

/**
 * stem → postings, flat: [skill index, saturated term frequency, unused] for each skill holding it,
 * in skill order: the part of BM25 that needs no query (k1 = 1.2, times k1 + 1 so that a query's
 * bound is the sum of its idfs times 2.2). Flat, and each word stemmed once: built on the first
 * search of a Worker's cold start, an array per posting and a stem per word cost ~0.4 s at 10,000
 * skills.
 */
function postings(vis: BundleSkill[]): Map<string, number[]> {
  // First [skill index, occurrences in the name, occurrences in the text].
  const post = new Map<string, number[]>(), byWord = new Map<string, number[]>(), len: number[] = [], N = vis.length;
  let avg = 0;
  vis.forEach((s, i) => {
    const f = [words(s.name), words(s.description + " " + s.brief)];
    avg += (len[i] = f[1].length) / N;
    f.forEach((ws, k) =>
      ws.forEach((w) => {
        let p = byWord.get(w);
        if (!p) {
          const t = stem(w);
          if (!(p = post.get(t))) post.set(t, (p = []));
          byWord.set(w, p);
        }
        if (p[p.length - 3] !== i) p.push(i, 0, 0);
        p[p.length - 2 + k]++;
      }),
    );
  });
  post.forEach((p) => {
    for (let j = 0; j < p.length; j += 3) {
      const x = 3 * p[j + 1] + p[j + 2] / (0.25 + (0.75 * len[p[j]]) / avg);
      p[j + 1] = (2.2 * x) / (x + 1.2);
    }
  });
  return post;
}

/** The first index of `a` (sorted by name) whose name is ≥ `k`. */
function find(a: (readonly [string, number])[], k: string): number {
  let lo = 0, hi = a.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    a[m][0] < k ? (lo = m + 1) : (hi = m);
  }
  return lo;
}
