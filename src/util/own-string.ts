// Strings sliced from a SKILL.md's text, made strings of their own and one byte a character when they
// can be. V8 stores a string holding any character beyond Latin-1 two bytes a character, and so every
// slice of it and every string built from one: an em dash in the body (97% of SKILL.md files hold such
// a character) made the frontmatter's values, the fields, the messages quoting them and each analysis
// cache record two-byte, and JSON.stringify and the cache writer's UTF-8 encoding cost more for it. A
// slice of 13 or more characters also keeps its whole parent (the 20 KB text) alive.

const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

/** `s` with the same characters, one byte a character when all are Latin-1, and no view of a larger string. */
export function ownString(s: string): string {
  if (s.length === 0) return s;
  if (BEYOND_LATIN1.test(s)) return s.length < 13 ? s : (" " + s).slice(1);
  return Buffer.from(s, "latin1").toString("latin1");
}
