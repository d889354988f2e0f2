// Supporting-file paths as a model or user writes them. Files are looked up in the bundle, never on
// a filesystem, so nothing can escape; these checks exist to give a malformed path a clear error.
import { fail } from "./errors.js";
import { PATH_MAX, capped, show } from "./limits.js";

/**
 * Returns `p` as a bundle key (a leading "./" removed), or throws INVALID_PARAM for anything that
 * is not a plain relative posix path: not a string, over PATH_MAX, empty, absolute, a drive letter,
 * backslashes, control characters or NUL, percent-encoded bytes, and empty, "." or ".." segments.
 */
export function checkPath(p: unknown): string {
  const r = capped(p, PATH_MAX, "File path").replace(/^\.\//, "");
  if (!r || /[\0-\x1f\x7f\\]|%[\da-f]{2}|^[a-z]:|^\//i.test(r) || r.split("/").some((s) => !s || s === "." || s === ".."))
    fail(
      "INVALID_PARAM",
      `Invalid file path ${show(p as string)}: use a path relative to the skill's base directory, as listed by load_skill (no "..", leading "/", "\\" or %-escapes).`,
    );
  return r;
}
