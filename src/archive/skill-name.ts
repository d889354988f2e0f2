// A skill's declared name, read and rewritten in its SKILL.md. `import --name` renames the skill
// itself, not just its folder, so the next build does not find two skills with one name. The
// rewrite is the smallest edit: only the `name:` value's characters change (or one `name:` line is
// added after the opening fence); comments, quoting of other fields, CRLF and a BOM stay as they were.
import { isMap, isNode, isScalar, parseDocument, type Pair } from "yaml";
import { decodeSkill, frontmatterBytes, locateFrontmatter, toOriginalOffset } from "../pipeline/frontmatter/locate.js";
import { MAX_FRONTMATTER_BYTES, MAX_SKILL_MD_BYTES } from "../rules/parse-rules.js";

interface NameSlot {
  /** The original text (BOM and CRs kept), as Buffer#toString gives it. */
  original: string;
  /** The `name` value: its string (when a string) and its range in `original`, or where to insert a line. */
  value?: string;
  range?: [number, number];
  insertAt?: number;
}

function locateName(bytes: Uint8Array): NameSlot | undefined {
  // Past the lint's limits the file is not parsed there either (lint says why): remove and import
  // looked through megabytes of nested YAML for a name.
  if (bytes.length > MAX_SKILL_MD_BYTES) return undefined;
  const decoded = decodeSkill(bytes);
  if (!decoded.ok) return undefined;
  const located = locateFrontmatter(decoded.text);
  if (located.kind !== "found" || frontmatterBytes(located.value) > MAX_FRONTMATTER_BYTES) return undefined;
  // uniqueKeys off, as the lint's parse does: yaml checks it pairwise (100,000 keys take minutes);
  // a duplicate `name` is the lint's error to report, and the first one is the one rewritten.
  const doc = parseDocument(located.value, { keepSourceTokens: false, uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const original = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  const at = (offset: number) => toOriginalOffset(decoded.map, located.valueStart + offset);
  const pair = (doc.contents.items as Pair[]).find((p) => isScalar(p.key) && p.key.value === "name");
  if (!pair) return { original, insertAt: at(0) };
  const value = pair.value;
  if (isNode(value) && value.range) {
    return { original, value: isScalar(value) && typeof value.value === "string" ? value.value : undefined, range: [at(value.range[0]), at(value.range[1])] };
  }
  // `name:` with nothing after it: the value goes right after the key's colon.
  const keyEnd = isScalar(pair.key) && pair.key.range ? pair.key.range[1] : undefined;
  if (keyEnd === undefined || value) return undefined;
  const colon = located.value.indexOf(":", keyEnd);
  return colon === -1 ? undefined : { original, range: [at(colon + 1), at(colon + 1)] };
}

/** The frontmatter `name:` when it is a string, else undefined (unreadable, absent, not a string). */
export function declaredName(bytes: Uint8Array): string | undefined {
  return locateName(bytes)?.value;
}

/**
 * SKILL.md bytes with the skill renamed to `name` (a valid skill name, so a plain YAML scalar), or
 * undefined when the file has no readable frontmatter (lint then reports why).
 */
export function renameSkill(bytes: Uint8Array, name: string): Uint8Array | undefined {
  const slot = locateName(bytes);
  if (!slot) return undefined;
  const { original } = slot;
  let text: string;
  if (slot.range) {
    const [start, end] = slot.range;
    const lead = start === end ? " " : "";
    // A block scalar's range ends after its line break: keep the break.
    const kept = /[\r\n]*$/.exec(original.slice(start, end))![0];
    text = original.slice(0, start) + lead + name + kept + original.slice(end);
  } else {
    const eol = /\r\n/.test(original.slice(0, slot.insertAt)) ? "\r\n" : "\n";
    text = original.slice(0, slot.insertAt) + `name: ${name}${eol}` + original.slice(slot.insertAt);
  }
  return new Uint8Array(Buffer.from(text, "utf8"));
}
