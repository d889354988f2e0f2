// A published archive is unpacked on macOS and Windows too, where names that differ only in letter
// case are one file and the second unpacked replaces the first. Twins among supporting files are
// file-name-twins' (an error when publishing, unless the config says otherwise); the skill file is
// left out of that rule, to skill-file-case, a warning: a `skill.md` beside `SKILL.md` went into
// the archive, sorted after it, and replaced the checked skill file on a Mac or Windows client.

/** Each character upper-cased where that gives one character (a simple mapping: `ſ` → `S`, `ı` → `I`, `ß` kept), then lower-cased. */
const simpleUpperLower = (s: string): string => Array.from(s, (c) => (c.toUpperCase().length === c.length ? c.toUpperCase() : c)).join("").toLowerCase();

/**
 * Whether a top-level name of the archive would be `SKILL.md` on macOS or Windows: NFC, then lower
 * case (as macOS folds most letters and `import` compares), or upper then lower case (Windows' upcase
 * table and Unicode's case folding also take `ſ` for `s` and `ı` for `i`).
 */
export function twinOfSkillFile(name: string): boolean {
  const n = name.normalize("NFC");
  return n !== "SKILL.md" && (n.toLowerCase() === "skill.md" || simpleUpperLower(n) === "skill.md");
}
