// Checking a request's params: hostile clients send anything, and every bad shape is an Invalid
// params error (-32602) with a short message, never an exception from deep inside.
import { INVALID_PARAMS, McpError } from "./types.js";

/** Longest URI, name, cursor or prompt argument value accepted. */
export const URI_MAX = 2048;
export const NAME_MAX = 256;
export const CURSOR_MAX = 32;
export const ARG_MAX = 16384;

export const bad = (message: string): never => {
  throw new McpError(INVALID_PARAMS, message);
};

/** `params` as an object (absent: empty). */
export function paramsOf(params: unknown): Record<string, unknown> {
  if (params === undefined || params === null) return {};
  if (typeof params != "object" || Array.isArray(params)) return bad("params must be an object");
  return params as Record<string, unknown>;
}

export function stringParam(p: Record<string, unknown>, key: string, max: number): string {
  const v = p[key];
  if (typeof v != "string" || !v) return bad(`params.${key} must be a non-empty string`);
  if (v.length > max) return bad(`params.${key} is longer than ${max} characters`);
  return v;
}

/** One page of `items` from `cursor` (an opaque string this server made): the page and the next cursor. */
export function page<T>(items: T[], cursor: unknown, size: number): { items: T[]; nextCursor?: string } {
  let start = 0;
  if (cursor !== undefined && cursor !== null) {
    const m = typeof cursor == "string" && cursor.length <= CURSOR_MAX ? /^p([1-9]\d{0,8})$/.exec(cursor) : null;
    start = m ? Number(m[1]) : -1;
    if (start < 0 || start >= items.length) bad("Invalid cursor: pass back a nextCursor this server returned");
  }
  const end = start + size;
  return { items: items.slice(start, end), ...(end < items.length && { nextCursor: "p" + end }) };
}
