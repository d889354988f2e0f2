// "Did you mean" suggestions. The distance is fastest-levenshtein's (Myers' bit-parallel algorithm,
// UTF-16 code units like the loop it replaced): ~5× faster on rule ids and config keys, same answers.
import { distance } from "fastest-levenshtein";

/**
 * The candidate nearest to `word`, when it is near enough to be a plausible typo. Case, `_`, `-` and
 * spaces are not told apart (`when-to-use` suggests `when_to_use`, `outdir` suggests `outDir`).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/[_\s]/g, "-");
  const target = norm(word);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(target, norm(candidate));
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.min(3, Math.floor(word.length / 3))) ? best : undefined;
}
