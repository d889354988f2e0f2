// Characters that change what a reader sees, or where a line ends, without showing themselves:
// C0/C1 control characters (ESC starts terminal escape sequences), bidi overrides and isolates
// (Trojan Source, CVE-2021-42574), zero-width characters, Unicode tag characters (invisible ASCII
// that models still read: "ASCII smuggling"), and the line and paragraph separators. One list, used
// by the text rules (what a skill may hold), the name rules and every formatter that writes to a
// terminal, so "hidden" means the same everywhere.

/** One hidden character (tag characters are a surrogate pair). Tab, LF and CR are handled by callers. */
const HIDDEN_SOURCE =
  "[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff]|\\udb40[\\udc00-\\udc7f]";

/** A run of hidden characters: one character class, so matching is linear in the text's length. */
export const HIDDEN_RUN = new RegExp(`(?:${HIDDEN_SOURCE})+`, "g");
const HIDDEN_ONE = new RegExp(HIDDEN_SOURCE);
/** What a terminal must not receive raw: the hidden characters plus tab, LF and CR. */
const TERMINAL_UNSAFE = new RegExp(`${HIDDEN_SOURCE}|[\\t\\n\\r]`, "g");

const UNSAFE_ONE = new RegExp(TERMINAL_UNSAFE.source);

/**
 * HIDDEN_ONE's characters and a tag's high surrogate, as one class: V8 scans a lone class ~1.3× faster
 * than HIDDEN_ONE's alternation, and hasHidden runs over every SKILL.md.
 */
const HIDDEN_OR_TAG_START = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\udb40]/g;

/** HIDDEN_ONE.test(s): a class match, where a high surrogate counts only when a tag's low one follows (each step moves on: linear). */
export function hasHidden(s: string): boolean {
  const re = HIDDEN_OR_TAG_START;
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    const i = m.index;
    if (s.charCodeAt(i) !== 0xdb40) return true;
    const next = s.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdc7f) return true;
  }
  return false;
}

/** The regex hasHidden stands for (tests compare the two). */
export const HIDDEN_ONE_FOR_TESTS = HIDDEN_ONE;

/** Whether `s` holds a hidden character, a tab, LF or CR: what no name or path may hold. */
export function hasUnsafe(s: string): boolean {
  return UNSAFE_ONE.test(s);
}

/** What the first unsafe character of `s` is, for messages ("a line feed", "a bidirectional text control"). */
export function describeFirstUnsafe(s: string): string {
  const m = UNSAFE_ONE.exec(s);
  if (!m) return "no hidden character";
  return m[0] === "\n" ? "a line feed" : m[0] === "\r" ? "a carriage return" : m[0] === "\t" ? "a tab" : describeHidden(m[0].codePointAt(0)!);
}

/** `\x1b`, `\u202e`, `\u{e0041}`: how a hidden character is written out. */
export function escapeChar(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp === 0x0a) return "\\n";
  if (cp === 0x0d) return "\\r";
  if (cp === 0x09) return "\\t";
  if (cp < 0x100) return `\\x${cp.toString(16).padStart(2, "0")}`;
  if (cp < 0x10000) return `\\u${cp.toString(16).padStart(4, "0")}`;
  return `\\u{${cp.toString(16)}}`;
}

/**
 * `s` safe to print on a terminal: every hidden character, tab, LF and CR written as an escape.
 * With `keepNewlines`, LF stays (a multi-line message the caller lays out itself).
 */
export function escapeTerminal(s: string, opts: { keepNewlines?: boolean } = {}): string {
  return s.replace(TERMINAL_UNSAFE, (ch) => (opts.keepNewlines && ch === "\n" ? ch : escapeChar(ch)));
}

/** JSON text with the hidden characters JSON.stringify leaves raw (bidi, zero-width, tags, U+2028…) as `\uXXXX`: same data, safe to print. */
export function escapeJsonHidden(json: string): string {
  // Tab, LF and CR are escaped by JSON.stringify inside strings; raw ones are JSON's own layout.
  return json.replace(HIDDEN_RUN, (ch) => {
    let out = "";
    for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`;
    return out;
  });
}

/** The Unicode name of a hidden character, for messages. */
export function describeHidden(cp: number): string {
  if (cp >= 0xe0000 && cp <= 0xe007f) return "a Unicode tag character (invisible text)";
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f || cp === 0x061c) return "a bidirectional text control";
  if (cp === 0x2028) return "a line separator";
  if (cp === 0x2029) return "a paragraph separator";
  if (cp === 0xfeff) return "a zero-width no-break space (BOM)";
  if ((cp >= 0x200b && cp <= 0x200d) || (cp >= 0x2060 && cp <= 0x2064)) return "a zero-width character";
  if (cp === 0x1b) return "an escape character (ESC, starts terminal control sequences)";
  return "a control character";
}

/** The ASCII a run of tag characters spells (U+E0041 → "A"), or "" when it holds none. */
export function decodeTags(run: string): string {
  let out = "";
  for (const ch of run) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000);
  }
  return out;
}
