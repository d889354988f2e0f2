// skills.match: which skills a message calls for. An explicit mention (`/name` or the name as a
// word) scores 3, a trigger keyword or verb phrase at word boundaries 2, a trigger pattern 1.
// Trigger regexes are compiled on first use; a pattern that does not compile is ignored.
//
// A phrase counts where it starts the text or follows a character that is no letter, digit or `_`,
// and ends the text or is followed by one: the first such place in the text, trying a skill's
// phrases longest first at each place (what `(?:^|(?!W)[^])(a|b)(?!W)` finds, W that class, flags
// iu). That class is not in each skill's regex: V8 builds `\p{L}`'s ~700 ranges for every regex
// that holds it, in its first run and again when it tiers up to native code, so 1,400 skills with
// triggers cost a Worker ~1.7 s of CPU over its first two calls. The word runs of the text are
// found once per call instead, and each skill's regex is its phrases alone.
import type { BundleSkill } from "./data.js";
import type { Hit } from "./search.js";

const reEsc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const WORDS = /[\p{L}\p{N}_]+/gu;

/** A skill's phrases (longest first, each a group of `any`), its patterns, and each phrase alone (made when needed). */
type Compiled = [any: RegExp | null, phrases: string[], patterns: [RegExp, string][], alone: RegExp[]];

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
    return [phrases.length ? new RegExp(phrases.map((p) => `(${reEsc(p)})`).join("|"), "giu") : null, phrases, pats, []];
  };
  return (text) => {
    text = String(text);
    const hits = new Map<BundleSkill, Hit>(), n = text.length, inWord = new Uint8Array(n + 1);
    for (const m of text.matchAll(WORDS)) inWord.fill(1, m.index, m.index! + m[0].length);
    // A phrase may start at 0, or after a code point that is no word character (a u-mode match never starts inside a surrogate pair).
    const starts = (p: number) => !p || !inWord[p - 1];
    const ends = (e: number) => !inWord[e];
    // The first phrase of `c` that starts at `p` and ends at a word's end, trying those from `j` on.
    const at = (c: Compiled, p: number, j: number): string | undefined => {
      for (; j < c[1].length; j++) {
        const r = (c[3][j] ||= new RegExp(reEsc(c[1][j]), "iuy"));
        r.lastIndex = p;
        const m = r.exec(text);
        if (m && ends(p + m[0].length)) return m[0];
      }
    };
    const phrase = (c: Compiled): string | undefined => {
      const r = c[0]!;
      // Each place where some phrase matches, in text order: the regex tries them longest first.
      // The next search starts a code point on: V8 backs a lastIndex inside a surrogate pair up to the pair.
      for (let m, from = 0; from <= n && ((r.lastIndex = from), (m = r.exec(text))); from = m.index + (text.codePointAt(m.index)! > 0xffff ? 2 : 1)) {
        if (!starts(m.index)) continue;
        if (ends(m.index + m[0].length)) return m[0];
        const found = at(c, m.index, m.findIndex((g, i) => i && g !== undefined));
        if (found !== undefined) return found;
      }
    };
    for (const w of text.match(/\/?[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) || [])
      for (const s of named(w.replace(/^\//, "").toLowerCase())) if (shown.has(s)) hits.set(s, [s, 3, "mentions " + w]);
    for (const s of vis) {
      if (hits.has(s) || !s.triggers) continue;
      let c = cache.get(s);
      if (!c) cache.set(s, (c = compile(s)));
      const m = c[0] ? phrase(c) : undefined, p = m === undefined && c[2].find(([r]) => r.test(text));
      if (m !== undefined) hits.set(s, [s, 2, `phrase "${m}"`]);
      else if (p) hits.set(s, [s, 1, `pattern /${p[1]}/`]);
    }
    return [...hits.values()];
  };
}
