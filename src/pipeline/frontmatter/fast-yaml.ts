// A linear fast path for the frontmatter most skills have: a map of plain keys whose values are
// one-line plain, single- or double-quoted scalars, `true`/`false`, `[word, 'quoted']` lists, folded or literal block
// scalars (`>-`, `>`, `|-`, `|`), or one indented level of such a map or `- item` list.
//
// `yaml`'s parseDocument (CST, then nodes, then toJS) costs ~0.2 ms per skill and was the largest
// single cost of a cold lint (bench/profile.mjs, 10,000 skills). This module returns what the yaml
// path (parse.ts readFrontmatter: toPlain(toJS) and collectPositions) computes, or undefined for
// anything it is not sure of, and the yaml path then runs: a comment, a tab, a blank line, an escape,
// a number, a keyword (`true`, `null`…), a continuation line, a duplicate key, a control or
// non-BMP character, any other indentation. test/unit/parse/fast-yaml.test.ts proves it equal to the
// yaml path on corpus-like and fuzzed input. One pass over the lines: linear in the input.

/** Where one node is, as offsets into the YAML source: [pointer, keyStart, keyEnd, valueStart, valueEnd]. */
export type Span = [pointer: string, keyStart: number, keyEnd: number, valueStart: number, valueEnd: number];

export interface FastFrontmatter {
  data: Record<string, unknown>;
  /** The root first, then every node in document order; keyStart is -1 for list items and the root. */
  spans: Span[];
}

const KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,127}:/;
/** A flow list item: words, one space between them (no `,[]{}#:`, so nothing flow-special). */
const WORD = /^[A-Za-z_][A-Za-z0-9_-]*(?: [A-Za-z0-9_-]+)*$/;
/** Anything but LF, printable ASCII and the BMP below the surrogates (no controls, no NEL, no BOM). */
const UNSAFE = /[^\n\x20-\x7e\u00a0-\u2027\u202a-\ud7ff]/;
/** Plain scalars that are not strings (or might not be, in some YAML version): left to yaml. */
const KEYWORD = /^(?:true|false|null|yes|no|on|off|y|n)$/i;

class Bail extends Error {}
const BAIL = new Bail();

function bail(): never {
  throw BAIL;
}

function setKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (Object.prototype.hasOwnProperty.call(obj, key)) bail(); // a duplicate: yaml reports it
  if (key === "__proto__") Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** The frontmatter's data and node offsets, or undefined when the yaml path must decide. */
export function fastFrontmatter(src: string): FastFrontmatter | undefined {
  if (src.length === 0 || UNSAFE.test(src)) return undefined;
  try {
    return new Reader(src).document();
  } catch (error) {
    if (error === BAIL) return undefined;
    throw error;
  }
}

class Reader {
  private pos = 0;
  readonly spans: Span[] = [];

  constructor(private readonly src: string) {}

  /** The end of the line starting at `at` (the offset of its "\n", or the source's length). */
  private lineEnd(at: number): number {
    const nl = this.src.indexOf("\n", at);
    return nl === -1 ? this.src.length : nl;
  }

  /** The start of the next line after the one ending at `end`. */
  private next(end: number): number {
    return end < this.src.length ? end + 1 : end;
  }

  /** Leading spaces of the line at `at`. */
  private indent(at: number): number {
    let i = at;
    while (this.src.charCodeAt(i) === 32) i++;
    return i - at;
  }

  document(): FastFrontmatter {
    const data: Record<string, unknown> = {};
    const root: Span = ["", -1, -1, 0, this.src.length];
    this.spans.push(root);
    while (this.pos < this.src.length) this.entry(data, "", 0);
    return { data, spans: this.spans };
  }

  /** One `key: …` line at `indent` (and the lines its value takes) into `obj`. */
  private entry(obj: Record<string, unknown>, pointer: string, indent: number): void {
    const src = this.src;
    const start = this.pos;
    if (this.indent(start) !== indent) bail();
    const keyStart = start + indent;
    const end = this.lineEnd(start);
    const m = KEY.exec(src.slice(keyStart, end));
    if (!m) bail();
    const key = m[0].slice(0, -1);
    if (KEYWORD.test(key)) bail(); // `null:` is the key "", `true:` the key "true": left to yaml
    const keyEnd = keyStart + key.length;
    const span: Span = [`${pointer}/${key}`, keyStart, keyEnd, 0, 0];
    this.spans.push(span);
    const after = keyEnd + 1;
    if (after === end) {
      if (indent !== 0) bail();
      setKey(obj, key, this.block(span, this.next(end)));
      return;
    }
    if (src.charCodeAt(after) !== 32) bail();
    const c = src.charCodeAt(after + 1);
    if ((c === 62 || c === 124) && indent === 0) {
      // `>` or `|`: a block scalar
      setKey(obj, key, this.blockScalar(span, after + 1, end));
      return;
    }
    setKey(obj, key, this.inline(span, after + 1, end));
    this.pos = this.next(end);
  }

  /** A value on the rest of a line, [from, end): a scalar or a flow list of words. */
  private inline(span: Span, from: number, end: number): unknown {
    const src = this.src;
    let stop = end;
    while (stop > from && src.charCodeAt(stop - 1) === 32) stop--;
    if (stop === from) bail();
    span[3] = from;
    const c = src.charCodeAt(from);
    if (c === 39) return this.singleQuoted(span, from, stop);
    if (c === 34) {
      const close = src.indexOf('"', from + 1);
      // Escapes are yaml's. Searched within the value only: a search to the end of the source for
      // every quoted line would be quadratic in a hostile frontmatter of many such lines.
      if (close !== stop - 1 || src.slice(from + 1, close).includes("\\")) bail();
      span[4] = stop;
      return src.slice(from + 1, close);
    }
    if (c === 91) return this.flowList(span, from, stop);
    const text = src.slice(from, stop);
    span[4] = stop;
    // The two keywords skills use (`user-invocable: false`); the other spellings are left to yaml.
    if (text === "true" || text === "false") return text === "true";
    if (!isPlain(text)) bail();
    return text;
  }

  private singleQuoted(span: Span, from: number, stop: number): string {
    const src = this.src;
    let out = "";
    let last = from + 1;
    for (let i = src.indexOf("'", last); i !== -1 && i < stop; i = src.indexOf("'", i + 2)) {
      if (src.charCodeAt(i + 1) === 39 && i + 1 < stop) {
        out += src.slice(last, i + 1);
        last = i + 2;
        continue;
      }
      if (i !== stop - 1) bail();
      span[4] = stop;
      return out + src.slice(last, i);
    }
    return bail();
  }

  /** `[a, b-c, d_e]`: words only, ", " between them. */
  private flowList(span: Span, from: number, stop: number): string[] {
    const src = this.src;
    const close = stop - 1;
    if (src.charCodeAt(close) !== 93) bail();
    const out: string[] = [];
    for (let at = from + 1; ; ) {
      let end: number;
      let value: string;
      if (src.charCodeAt(at) === 39) {
        [value, end] = this.quotedItem(at, close);
      } else {
        // Within the list only (see inline: a search to the end of the source would be quadratic).
        const comma = src.slice(at, close).indexOf(", ");
        end = comma === -1 ? close : at + comma;
        value = src.slice(at, end);
        if (!WORD.test(value) || KEYWORD.test(value)) bail();
      }
      this.spans.push([`${span[0]}/${out.length}`, -1, -1, at, end]);
      out.push(value);
      if (end === close) break;
      if (src.charCodeAt(end) !== 44 || src.charCodeAt(end + 1) !== 32) bail();
      at = end + 2;
    }
    span[4] = stop;
    return out;
  }

  /** A single-quoted list item at `at` (before `close`, the list's `]`): its value and end. */
  private quotedItem(at: number, close: number): [string, number] {
    const src = this.src;
    let value = "";
    let last = at + 1;
    for (let q = src.indexOf("'", last); q !== -1 && q < close; q = src.indexOf("'", last)) {
      if (src.charCodeAt(q + 1) === 39 && q + 1 < close) {
        value += src.slice(last, q + 1);
        last = q + 2;
        continue;
      }
      return [value + src.slice(last, q), q + 1];
    }
    return bail();
  }

  /** The indented lines after `key:`: a map of `key: value` or a list of `- value`, one level. */
  private block(span: Span, from: number): unknown {
    const src = this.src;
    const indent = this.indent(from);
    if (from >= src.length || indent === 0) bail(); // `key:` alone is null: left to yaml
    this.pos = from;
    span[3] = from + indent;
    const isList = src.charCodeAt(from + indent) === 45 && src.charCodeAt(from + indent + 1) === 32;
    const out: Record<string, unknown> | unknown[] = isList ? [] : {};
    while (this.pos < src.length && this.indent(this.pos) > 0) {
      if (isList) this.item(out as unknown[], span[0], indent);
      else this.entry(out as Record<string, unknown>, span[0], indent);
    }
    span[4] = this.pos;
    return out;
  }

  /** One `- value` line at `indent`. */
  private item(list: unknown[], pointer: string, indent: number): void {
    const start = this.pos;
    if (this.indent(start) !== indent) bail();
    const dash = start + indent;
    const end = this.lineEnd(start);
    if (this.src.charCodeAt(dash) !== 45 || this.src.charCodeAt(dash + 1) !== 32) bail();
    const span: Span = [`${pointer}/${list.length}`, -1, -1, 0, 0];
    this.spans.push(span);
    const value = this.inline(span, dash + 2, end);
    if (Array.isArray(value)) bail();
    list.push(value);
    this.pos = this.next(end);
  }

  /** `>`, `>-`, `|`, `|-` at `from`, then lines all indented alike: folded or literal, clipped or stripped. */
  private blockScalar(span: Span, from: number, end: number): string {
    const src = this.src;
    const header = src.slice(from, end);
    if (header !== ">" && header !== ">-" && header !== "|" && header !== "|-") bail();
    span[3] = from;
    let at = this.next(end);
    const indent = this.indent(at);
    if (at === end || indent === 0) bail();
    const lines: string[] = [];
    while (at < src.length && this.indent(at) > 0) {
      const lineEnd = this.lineEnd(at);
      if (this.indent(at) !== indent || src.charCodeAt(lineEnd - 1) === 32) bail();
      lines.push(src.slice(at + indent, lineEnd));
      at = this.next(lineEnd);
    }
    this.pos = at;
    span[4] = at;
    const text = lines.join(header[0] === ">" ? " " : "\n");
    return header.length === 1 ? text + "\n" : text;
  }
}

/** A plain scalar that yaml reads as this very string, on one line, with no comment. */
function isPlain(text: string): boolean {
  const c = text.charCodeAt(0);
  if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return false;
  if (text.includes(": ") || text.includes(" #") || text.endsWith(":")) return false;
  return !KEYWORD.test(text);
}
