/** A stretch of code in the markdown: a fenced or indented code block, or an inline code span. */
export interface CodeRegion {
  kind: "fenced" | "indented" | "inline";
  /** Offset of the first character: the fence, the first indented content character, or the opening backtick. */
  start: number;
  /** Offset just after the last character: the closing fence or backtick, or the last non-blank content line's end. */
  end: number;
}

/** A link destination written in the markdown. */
export interface LinkTarget {
  /** `link`/`image`: inline `[t](dest)` / `![a](dest)`; `definition`: `[x]: dest`; `autolink`: `<scheme:…>` / `<a@b>`. */
  kind: "link" | "image" | "definition" | "autolink";
  /** The destination with escapes and character references resolved (mdast's `url`); emails get `mailto:`. */
  url: string;
  /** Offsets of the destination as written (inside `<…>` when pointy). Empty destinations have start = end. */
  start: number;
  end: number;
}

export interface ScanResult {
  /** Sorted by start; never overlapping. */
  code: CodeRegion[];
  /** In document order of the destination. */
  links: LinkTarget[];
}
