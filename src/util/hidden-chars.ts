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

/**
 * The bytes that start a hidden character's UTF-8 form: the C0 controls (tab, LF and CR aside; NUL
 * too, as decodeSkill makes no text of bytes holding one) and DEL are one byte each; C1 controls are C2 80–9F, U+061C is D8 9C, the U+20xx ones start E2 80 or
 * E2 81, U+FEFF is EF BB BF, tag characters are F3 A0 80–81 xx. E2 is left out here: it also starts
 * the common em dash, so its occurrences are walked apart (hiddenAt decides each).
 */
const HIDDEN_LEADS = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x7f, 0xc2, 0xd8, 0xef, 0xf3];

/** Whether a hidden character's UTF-8 form starts at byte `i` (a BOM at byte 0 is not one: decoding drops it). */
function hiddenAt(b: Buffer, i: number): boolean {
  const c = b[i]!;
  if (c < 0x80) return true;
  const c1 = b[i + 1];
  const c2 = b[i + 2];
  if (c1 === undefined) return false;
  if (c === 0xc2) return c1 <= 0x9f;
  if (c === 0xd8) return c1 === 0x9c;
  if (c === 0xef) return i !== 0 && c1 === 0xbb && c2 === 0xbf;
  if (c === 0xf3) return c1 === 0xa0 && (c2 === 0x80 || c2 === 0x81);
  if (c2 === undefined) return false;
  // 0xe2: U+200B–200F, U+2028–202E (E2 80 xx), U+2060–2064, U+2066–2069 (E2 81 xx).
  if (c1 === 0x80) return (c2 >= 0x8b && c2 <= 0x8f) || (c2 >= 0xa8 && c2 <= 0xae);
  return c1 === 0x81 && c2 >= 0xa0 && c2 <= 0xa9 && c2 !== 0xa5;
}

/**
 * Whether the text decodeSkill makes of SKILL.md `bytes` can hold a hidden character: false only when
 * none is encoded in them (a leading BOM aside, which decoding drops) or they hold a NUL (no text). A few memchr passes over the
 * bytes: ~5× cheaper than hasHidden's regex over the decoded (two-byte) text, and most files hold
 * none. Exact for well-formed UTF-8, the only bytes decodeSkill makes a text of.
 */
export function bytesMayHoldHidden(bytes: Uint8Array): boolean {
  const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const lead of HIDDEN_LEADS) {
    for (let i = b.indexOf(lead); i !== -1; i = b.indexOf(lead, i + 1)) if (hiddenAt(b, i)) return true;
  }
  for (let i = b.indexOf(0xe2); i !== -1; i = b.indexOf(0xe2, i + 1)) if (hiddenAt(b, i)) return true;
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
 * With `keepNewlines`, LF stays (a multi-line message the caller lays out itself); with `keepTabs`,
 * tab stays (a body's code). CR is always escaped: it returns the cursor to overwrite a line.
 */
export function escapeTerminal(s: string, opts: { keepNewlines?: boolean; keepTabs?: boolean } = {}): string {
  const out = s.replace(TERMINAL_UNSAFE, (ch) => ((opts.keepNewlines && ch === "\n") || (opts.keepTabs && ch === "\t") ? ch : escapeChar(ch)));
  return out.includes("##[") ? out.replace(LEGACY_COMMAND, "##\\[") : out;
}

/**
 * GitHub's runner reads a log line as a workflow command in a second, legacy form too: `##[command]data`
 * anywhere in the line (actions/runner ActionCommand.TryParse: IndexOf("##["), tried when the line is
 * no `::command::` one). A skill's text holding `##[add-mask]…`, `##[error]…` or `##[stop-commands]…`
 * would run as one in the CI log of a lint of it. Printed, it reads `##\[`; in JSON, `##\u005b` (the same string).
 */
const LEGACY_COMMAND = /##\[/g;

/** JSON text with the hidden characters JSON.stringify leaves raw (bidi, zero-width, tags, U+2028…), and the `[` of a `##[` (LEGACY_COMMAND), as `\uXXXX`: the same data, safe to print. */
export function escapeJsonHidden(json: string): string {
  // Tab, LF and CR are escaped by JSON.stringify inside strings; raw ones are JSON's own layout.
  const out = json.replace(HIDDEN_RUN, (ch) => {
    let out = "";
    for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`;
    return out;
  });
  // `##[` occurs in JSON text only inside a string (a structural `[` never follows `#`).
  return out.includes("##[") ? out.replace(LEGACY_COMMAND, "##\\u005b") : out;
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
