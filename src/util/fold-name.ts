// The form two file names share on a case-insensitive volume (macOS's APFS; Windows' NTFS compares
// by an upper-case table), where they are one file. APFS compares names in NFD by Unicode's simple
// case folding (its table, as apfs-fuse reads it: U+017F and U+03C2 fold to `s` and `σ`), and
// toLowerCase() is not that: it keeps a long s `ſ` apart from `s` and a final sigma `ς` apart from
// `σ` (and lowers a capital sigma to either, by context), so `ſKILL.md` passed as a name of its own
// beside `SKILL.md` and, extracted on a Mac, replaced it.

/** `name` NFC-normalized and case-folded, one code point at a time (no context, as a filesystem compares). */
export function foldName(name: string): string {
  // Almost every name is ASCII: in NFC already, and lower case is its simple fold.
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(name)) return name.toLowerCase();
  let out = "";
  for (const c of name.normalize("NFC")) {
    // The upper case of a code point, lowered again, is its simple fold (ſ → S → s, ς → Σ → σ);
    // where the upper case is several code points (ß → SS) the fold is only the lower case.
    const upper = c.toUpperCase();
    out += (upper.length === 1 || (upper.length === 2 && upper.codePointAt(0)! > 0xffff) ? upper : c).toLowerCase();
  }
  return out.normalize("NFC");
}
