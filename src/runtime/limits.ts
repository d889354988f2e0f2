// Input limits of the runtime (README "Runtime limits"). Everything here reaches the runtime from a
// model or a user, so every string is measured before any other work, and whatever a message
// echoes back is cut short: a hostile input can cost neither quadratic time nor a huge error text.
import { fail } from "./errors.js";

/** A skill reference: name, `scope:name`, SKILL.md path or base directory. */
export const REF_MAX = 1024;
/** A supporting-file path. */
export const PATH_MAX = 1024;
/** A search query. */
export const QUERY_MAX = 1024;
/** Arguments: the raw string, or the split arguments' lengths plus one each. */
export const ARGS_MAX = 65536;
/** Tool input given as JSON text. */
export const INPUT_MAX = 262144;
/** Characters args may add to a body when filled in: Claude Code's own limit on a filled skill. A body with many placeholders would otherwise multiply a 64 KB args into gigabytes. */
export const FILLED_MAX = 4_000_000;
/** match() reads only this many characters of a message (trigger patterns run on no more). */
export const MATCH_MAX = 2000;

/** `v` quoted for a message (JSON string syntax, so control characters show), at most 60 characters. */
export const show = (v: string): string => JSON.stringify(v.length > 60 ? v.slice(0, 60) + "…" : v);

/** INVALID_PARAM naming `what` and the limit when `n` characters are over `max`. */
export function over(n: number, max: number, what: string): void {
  if (n > max) fail("INVALID_PARAM", `${what} is too long (${n} characters; the limit is ${max}).`);
}

/** `v` when it is a string of at most `max` characters; otherwise INVALID_PARAM. */
export function capped(v: unknown, max: number, what: string): string {
  if (typeof v !== "string") fail("INVALID_PARAM", `${what} must be a string.`);
  over(v.length, max, what);
  return v;
}
