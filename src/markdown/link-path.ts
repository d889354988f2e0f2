// What a link destination in a SKILL.md body points at, relative to the skill folder.

export type LinkTarget =
  /** A URL with a scheme, `//host/…`, a `#fragment` only, or empty: not a file of the skill. */
  | { kind: "external" }
  /** `/abs/path` or `~/path`. */
  | { kind: "absolute"; path: string }
  /** A relative path that climbs above the skill folder. */
  | { kind: "outside"; path: string }
  /** A path inside the skill folder, normalized, posix; `dir` when written with a trailing `/` (or empty: the folder itself). */
  | { kind: "inside"; path: string; dir: boolean };

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]+:/;
const SKILL_DIR = /^\$\{?CLAUDE_SKILL_DIR\}?(?:\/|$)/;

/**
 * A plain relative file path (`references/api.md`): segments of letters, digits, `_`, `-` and `.`,
 * none starting with `.`, none empty. resolveLink's answer for one is always `inside` with the path
 * as written and no `dir` (nothing to trim, cut, decode or normalize), and most destinations of a
 * body are such paths (test/unit/markdown/link-path.test.ts compares the shortcut with the full rules).
 */
const PLAIN_PATH = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Classifies a destination as mdast's `url` holds it (escapes and entities already resolved). */
export function resolveLink(url: string): LinkTarget {
  if (PLAIN_PATH.test(url)) return { kind: "inside", path: url, dir: false };
  return resolveAny(url);
}

/** resolveLink by its full rules (exported for the tests). */
export function resolveAny(url: string): LinkTarget {
  let u = url.trim();
  if (u === "" || u.startsWith("#") || u.startsWith("//") || SCHEME.test(u)) return { kind: "external" };
  const cut = u.search(/[?#]/);
  if (cut >= 0) u = u.slice(0, cut);
  if (u === "") return { kind: "external" };
  try {
    u = decodeURIComponent(u);
  } catch {
    // A stray `%` is a literal character of the file name.
  }
  const skillDir = SKILL_DIR.exec(u);
  if (skillDir) u = u.slice(skillDir[0].length);
  else if (u.startsWith("/") || u === "~" || u.startsWith("~/")) return { kind: "absolute", path: u };
  const out: string[] = [];
  const segments = u.split("/");
  for (const seg of segments) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length === 0) return { kind: "outside", path: u };
      out.pop();
    } else out.push(seg);
  }
  const last = segments[segments.length - 1];
  return { kind: "inside", path: out.join("/"), dir: out.length === 0 || last === "" || last === "." || last === ".." };
}
