// CommonMark token shapes shared by the block and inline scanners (spec 0.31, as micromark reads it).

const TAG_NAME = "[A-Za-z][A-Za-z0-9-]*";
const ATTRIBUTE = "(?:\\s+[a-zA-Z_:][a-zA-Z0-9_.:-]*(?:\\s*=\\s*(?:[^\"'=<>`\\x00-\\x20]+|'[^']*'|\"[^\"]*\"))?)";
const OPEN_TAG = `<${TAG_NAME}${ATTRIBUTE}*\\s*/?>`;
const CLOSE_TAG = `</${TAG_NAME}\\s*>`;
const COMMENT = "<!---?>|<!--[\\s\\S]*?-->";
const PROCESSING = "<[?][\\s\\S]*?[?]>";
const DECLARATION = "<![A-Za-z][^>]*>";
const CDATA = "<!\\[CDATA\\[[\\s\\S]*?\\]\\]>";

/** Inline raw HTML at `lastIndex` (sticky). */
export const RE_INLINE_HTML = new RegExp(`(?:${OPEN_TAG}|${CLOSE_TAG}|${COMMENT}|${PROCESSING}|${DECLARATION}|${CDATA})`, "y");
/** URI and email autolinks at `lastIndex` (sticky); group 1 is the URI, group 2 the email. */
export const RE_AUTOLINK =
  /<(?:([A-Za-z][A-Za-z0-9.+-]{1,31}:[^<>\x00-\x20]*)|([#-'*+\-./0-9=?A-Z^-~]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*))>/y;

const BLOCK_NAMES =
  "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|" +
  "fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|" +
  "menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul";

/** HTML block starts by type (index 1–7), tested on the line from its first non-space character. */
export const RE_HTML_BLOCK_OPEN: RegExp[] = [
  /$^/,
  /^<(?:script|pre|style|textarea)(?:\s|>|$)/i,
  /^<!--/,
  /^<[?]/,
  /^<![A-Za-z]/,
  /^<!\[CDATA\[/,
  new RegExp(`^</?(?:${BLOCK_NAMES})(?:\\s|/?>|$)`, "i"),
  new RegExp(`^(?:${OPEN_TAG}|${CLOSE_TAG})\\s*$`, "i"),
];
/** Type 7 never starts on these opening tags (they are type 1); closing ones are type 7. */
export const RE_RAW_TAG = /^<(?:script|pre|style|textarea)(?:\s|\/?>|$)/i;
export const RE_HTML_BLOCK_CLOSE: RegExp[] = [/$^/, /<\/(?:script|pre|style|textarea)>/i, /-->/, /\?>/, />/, /\]\]>/];

export const RE_THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|(?:-[ \t]*){3,})$/;
export const RE_MAYBE_SPECIAL = /^[#`~*+_=<>0-9-]/;

/** RE_MAYBE_SPECIAL.test(s.slice(at)) without the slice (asked once per line of every scanned body). */
export function maybeSpecialAt(s: string, at: number): boolean {
  const c = s.charCodeAt(at);
  // # * + - 0-9 < = > _ ` ~
  return c === 35 || c === 42 || c === 43 || c === 45 || (c >= 48 && c <= 57) || (c >= 60 && c <= 62) || c === 95 || c === 96 || c === 126;
}
export const RE_BULLET = /^[*+-]/;
export const RE_ORDERED = /^(\d{1,9})([.)])/;
export const RE_ATX = /^#{1,6}(?:[ \t]+|$)/;
export const RE_FENCE_OPEN = /^`{3,}(?!.*`)|^~{3,}/;
export const RE_FENCE_CLOSE = /^(?:`{3,}|~{3,})(?=[ \t]*$)/;
export const RE_SETEXT = /^(?:=+|-+)[ \t]*$/;

const ASCII_PUNCT = /[!-/:-@[-`{-~]/;
export function isAsciiPunct(c: string): boolean {
  return c.length === 1 && ASCII_PUNCT.test(c);
}

/** Link label normalization (case fold, collapse whitespace), as micromark's `normalizeIdentifier`. */
export function normalizeLabel(label: string): string {
  return label.replace(/[\t\n\r ]+/g, " ").replace(/^ | $/g, "").toLowerCase().toUpperCase();
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", colon: ":", sol: "/", num: "#", percnt: "%", lpar: "(", rpar: ")", lsqb: "[", rsqb: "]", period: "." };

/** Backslash escapes and character references resolved, as in mdast's `url`. */
export function decodeDestination(raw: string): string {
  if (raw.indexOf("\\") < 0 && raw.indexOf("&") < 0) return raw;
  return raw.replace(/\\([!-/:-@[-`{-~])|&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/g, (m, esc, hex, dec, name) => {
    if (esc) return esc;
    if (hex || dec) {
      const cp = parseInt(hex ?? dec, hex ? 16 : 10);
      return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? "\ufffd" : String.fromCodePoint(cp);
    }
    return NAMED_ENTITIES[name] ?? m;
  });
}
