// A small glob matcher for `files.include` / `files.exclude` (no dependency).
//
// Patterns match posix paths relative to the skill folder, whole path against whole pattern:
//   `*` any run of characters except "/"      `?` one character except "/"
//   `**` as a whole segment: any number of segments (zero included), so `**/*.md` matches "a.md"
//   `[abc]`, `[a-z]`, `[!abc]` / `[^abc]` one character of (or not of) the set, never "/"
//   `{a,b}` alternatives, nestable, each a pattern itself       `\x` the character x
// Names starting with "." are matched like any other (the default `**/*` keeps every file).
// A leading "./" or "/" and a trailing "/" are ignored. An unclosed `[` or `{` is literal.
// `createMatcher` also counts a match on any parent folder, so `drafts` or `drafts/**` or `**/tmp`
// each cover every file below such folders.

const SPECIAL = /[.+^${}()|[\]\\*?]/g;

function escapeRe(s: string): string {
  return s.replace(SPECIAL, "\\$&");
}

/** Index of the `}` closing the `{` at `open`, or -1. */
function closingBrace(p: string, open: number): number {
  let depth = 0;
  for (let i = open; i < p.length; i++) {
    const c = p[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
}

/** Splits the inside of a `{…}` at its top-level commas. */
function splitAlternatives(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "," && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}

/** Translates a `[…]` class starting at `open`; returns the regex source and the index after `]`, or undefined when unclosed. */
function charClass(p: string, open: number): { src: string; end: number } | undefined {
  let i = open + 1;
  let negate = false;
  if (p[i] === "!" || p[i] === "^") {
    negate = true;
    i++;
  }
  let body = "";
  let first = true;
  for (; i < p.length; i++) {
    const c = p[i];
    if (c === "]" && !first) {
      return { src: negate ? `[^/${body}]` : `(?!/)[${body}]`, end: i + 1 };
    }
    first = false;
    if (c === "\\" && i + 1 < p.length) {
      body += "\\" + p[++i];
    } else if (c === "-") {
      body += "-";
    } else {
      body += c === "\\" || c === "]" || c === "[" || c === "^" ? "\\" + c : c;
    }
  }
  return undefined;
}

function translate(p: string): string {
  let out = "";
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === "*") {
      if (p[i + 1] === "*") {
        const atStart = i === 0 || p[i - 1] === "/";
        let j = i;
        while (p[j] === "*") j++;
        const atEnd = j === p.length || p[j] === "/";
        if (atStart && atEnd) {
          if (j === p.length) {
            // "a/**" matches "a" and everything below; a bare "**" matches anything.
            if (out.endsWith("/")) out = out.slice(0, -1) + "(?:/.*)?";
            else out += ".*";
            i = j - 1;
          } else {
            // "**/" matches zero or more whole segments.
            out += "(?:[^/]*/)*";
            i = j; // skip the "/"
          }
          continue;
        }
        out += "[^/]*";
        i = j - 1;
        continue;
      }
      out += "[^/]*";
    } else if (c === "?") {
      out += "[^/]";
    } else if (c === "[") {
      const cls = charClass(p, i);
      if (cls) {
        out += cls.src;
        i = cls.end - 1;
      } else out += "\\[";
    } else if (c === "{") {
      const close = closingBrace(p, i);
      if (close < 0) out += "\\{";
      else {
        out += "(?:" + splitAlternatives(p.slice(i + 1, close)).map(translate).join("|") + ")";
        i = close;
      }
    } else if (c === "\\" && i + 1 < p.length) {
      out += escapeRe(p[++i]);
    } else {
      out += escapeRe(c);
    }
  }
  return out;
}

/** Strips "./", leading "/" and trailing "/" so patterns compare with plain relative paths. */
function normalize(pattern: string): string {
  let p = pattern;
  while (p.startsWith("./")) p = p.slice(2);
  p = p.replace(/^\/+/, "").replace(/\/+$/, "");
  return p;
}

/** Compiles one glob to an anchored RegExp over a posix relative path. */
export function compileGlob(pattern: string): RegExp {
  return new RegExp("^(?:" + translate(normalize(pattern)) + ")$", "s");
}

/** Whether a path matches at least one pattern, itself or through one of its parent folders. */
export type PathMatcher = (relPath: string) => boolean;

/** A matcher for a list of globs; an empty list matches nothing. */
export function createMatcher(patterns: readonly string[]): PathMatcher {
  const res = patterns.map(compileGlob);
  if (res.length === 0) return () => false;
  const test = (s: string) => res.some((re) => re.test(s));
  return (relPath) => {
    if (test(relPath)) return true;
    for (let i = relPath.indexOf("/"); i >= 0; i = relPath.indexOf("/", i + 1)) {
      if (test(relPath.slice(0, i))) return true;
    }
    return false;
  };
}

/** Whether `relPath` matches the pattern itself (no parent-folder rule). */
export function matchGlob(pattern: string, relPath: string): boolean {
  return compileGlob(pattern).test(relPath);
}
