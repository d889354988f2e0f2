// skills.match: which skills a message calls for. An explicit mention (`/name` or the name as a
// word) scores 3, a trigger keyword or verb phrase at word boundaries 2, a trigger pattern 1.
// Trigger regexes are compiled on first use; a pattern that does not compile is ignored.
import type { BundleSkill } from "./data.js";
import type { Hit } from "./search.js";

const W = "[\\p{L}\\p{N}_]";
const reEsc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Compiled = [RegExp | null, [RegExp, string][]];

export function matcher(vis: BundleSkill[], named: (name: string) => BundleSkill[]): (text: string) => Hit[] {
  const shown = new Set(vis), cache = new Map<BundleSkill, Compiled>();
  const compile = (s: BundleSkill): Compiled => {
    const t = s.triggers!;
    const phrases = [...(t.keywords || []), ...(t.verbs || [])].filter(Boolean).sort((a, b) => b.length - a.length);
    const pats: [RegExp, string][] = [];
    for (const p of t.patterns || []) {
      try {
        pats.push([new RegExp(p, "i"), p]);
      } catch {}
    }
    return [phrases.length ? new RegExp(`(?:^|(?!${W})[^])(${phrases.map(reEsc).join("|")})(?!${W})`, "iu") : null, pats];
  };
  return (text) => {
    const hits = new Map<BundleSkill, Hit>();
    for (const w of String(text).match(/\/?[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) || [])
      for (const s of named(w.replace(/^\//, "").toLowerCase())) if (shown.has(s)) hits.set(s, [s, 3, "mentions " + w]);
    for (const s of vis) {
      if (hits.has(s) || !s.triggers) continue;
      let c = cache.get(s);
      if (!c) cache.set(s, (c = compile(s)));
      const m = c[0] && c[0].exec(text), p = !m && c[1].find(([r]) => r.test(text));
      if (m) hits.set(s, [s, 2, `phrase "${m[1]}"`]);
      else if (p) hits.set(s, [s, 1, `pattern /${p[1]}/`]);
    }
    return [...hits.values()];
  };
}
