// A digest of JSON.stringify(value) without the string: arrays are fed to the hash element by
// element, down to `depth` levels. The build cache's keys of emit's output groups list every skill
// (its description, files…): at 10,000 skills one string of ~7 MB, made only to be hashed. The
// elements' text is gathered into batches of ~64K characters before each `update` (one update per
// skill cost a 10,000-skill rebuild ~120 ms in the calls alone; the digest is the same).
import type { Hash } from "node:crypto";

/** Characters gathered before one `hash.update`. */
const BATCH = 64 * 1024;

/** Feeds `hash` the bytes of JSON.stringify(value), as an array's element (undefined is `null`). */
export function updateJson(hash: Hash, value: unknown, depth = 2): Hash {
  const out = { hash, text: "" };
  feed(out, value, depth);
  if (out.text) hash.update(out.text);
  return hash;
}

function feed(out: { hash: Hash; text: string }, value: unknown, depth: number): void {
  if (!Array.isArray(value) || depth <= 0) out.text += JSON.stringify(value) ?? "null";
  else {
    out.text += "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.text += ",";
      feed(out, value[i], depth - 1);
    }
    out.text += "]";
  }
  if (out.text.length >= BATCH) {
    out.hash.update(out.text);
    out.text = "";
  }
}
