// Shell-style argument splitting for the runtime. No imports: this file ships inside every bundle.

/**
 * Splits a raw argument string the way `sh` splits words, without any expansion:
 *  - unquoted whitespace separates arguments;
 *  - `'…'` keeps everything literally up to the next `'`;
 *  - `"…"` keeps everything up to the next unescaped `"`; inside it a backslash escapes only
 *    `"`, `\`, `$` and `` ` `` (and is kept before any other character), as in sh;
 *  - outside quotes a backslash makes the next character literal and is removed
 *    (`\ ` joins words; backslash-newline is removed; a trailing lone backslash is kept);
 *  - quotes are removed, and `""` or `''` is an empty argument;
 *  - an unclosed quote runs to the end of the string (never throws: a typo must not break a load).
 */
export function splitArgs(raw: string): string[] {
  const out: string[] = [];
  let cur = "";
  let inWord = false;
  let quote = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (quote === "'") {
      if (c === "'") quote = "";
      else cur += c;
    } else if (quote) {
      if (c === '"') quote = "";
      else if (c === "\\" && i + 1 < raw.length && '"\\$`'.includes(raw[i + 1])) cur += raw[++i];
      else if (c === "\\" && raw[i + 1] === "\n") i++;
      else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\") {
      inWord = true;
      if (i + 1 >= raw.length) cur += c;
      else if (raw[++i] !== "\n") cur += raw[i];
    } else if (/\s/.test(c)) {
      if (inWord) out.push(cur);
      cur = "";
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}
