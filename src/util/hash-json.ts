// A digest of JSON.stringify(value) without the string: arrays are fed to the hash element by
// element, down to `depth` levels. The build cache's keys of emit's output groups list every skill
// (its description, files…): at 10,000 skills one string of ~7 MB, made only to be hashed.
import type { Hash } from "node:crypto";

/** Feeds `hash` the bytes of JSON.stringify(value), as an array's element (undefined is `null`). */
export function updateJson(hash: Hash, value: unknown, depth = 2): Hash {
  if (!Array.isArray(value) || depth <= 0) return hash.update(JSON.stringify(value) ?? "null");
  hash.update("[");
  for (let i = 0; i < value.length; i++) {
    if (i > 0) hash.update(",");
    updateJson(hash, value[i], depth - 1);
  }
  return hash.update("]");
}
