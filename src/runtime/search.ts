// skills.search: exact path > exact name > name prefix > word overlap (name, description, brief),
// ties by scope rank (higher first) then path. The index is built on the first search only.
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

export const words = (s: string): string[] => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export const rankHits = (hits: Iterable<Hit>, tie?: (s: BundleSkill) => number): Hit[] =>
  [...hits].sort(
    (a, b) =>
      b[1] - a[1] || (tie ? tie(b[0]) - tie(a[0]) : 0) || b[0].rank - a[0].rank || order(a[0].path, b[0].path),
  );

/**
 * A search function over `vis`. Word overlap scores in (0, 1] (each query word weighted by its
 * rarity, a word in the name counting twice), a name prefix 2, the exact name 3, the exact path 4.
 */
export function searcher(vis: BundleSkill[], paths: Map<string, BundleSkill>): (query: string, scope?: string) => Hit[] {
  const post = new Map<string, number[]>(); // word → skill index × 2 + (1 when in the name)
  const names = vis.map((s, i) => [s.name.toLowerCase(), i] as const).sort((a, b) => order(a[0], b[0]));
  vis.forEach((s, i) => {
    const n = words(s.name);
    // Name words first, so a word's first posting for a skill carries the name flag; later ones are skipped.
    [...n, ...words(s.description + " " + s.brief)].forEach((w, j) => {
      let p = post.get(w);
      if (!p) post.set(w, (p = []));
      if ((p[p.length - 1] ?? -1) >> 1 !== i) p.push(i * 2 + +(j < n.length));
    });
  });
  return (query, scope) => {
    const raw = norm(query);
    const q = raw.toLowerCase(), qw = [...new Set(words(q))], best = new Map<number, Hit>();
    if (!q) return [];
    const put = (i: number, score: number, why: string) => {
      const b = best.get(i);
      if ((!scope || vis[i].scope === scope) && (!b || b[1] < score)) best.set(i, [vis[i], score, why]);
    };
    let total = 0;
    const acc = new Map<number, [number, string[]]>();
    for (const w of qw) {
      const p = post.get(w) || [];
      const idf = Math.log(1 + vis.length / (p.length || 1));
      total += idf;
      for (const x of p) {
        const a = acc.get(x >> 1) || [0, []];
        a[0] += idf * (x & 1 ? 1 : 0.5);
        a[1].push(w);
        acc.set(x >> 1, a);
      }
    }
    acc.forEach(([v, ws], i) => put(i, v / total, "words: " + ws.join(", ")));
    let lo = 0, hi = names.length;
    while (lo < hi) {
      const m = (lo + hi) >> 1;
      names[m][0] < q ? (lo = m + 1) : (hi = m);
    }
    for (; lo < names.length && names[lo][0].startsWith(q); lo++) {
      const exact = names[lo][0] === q;
      put(names[lo][1], exact ? 3 : 2, exact ? "exact name" : "name prefix");
    }
    const at = vis.indexOf(paths.get(raw)!);
    if (at >= 0) put(at, 4, "exact path");
    return rankHits(best.values());
  };
}
