// Network reads for `skillc import <url>`, and only where the user pointed: http(s) only, redirects
// followed by hand and only within the origin the user named (a redirect to another host, or from
// https down to http, is refused), every response read with a byte cap, every request bounded by
// a timeout. The caps are the `skills` CLI's: 50 MiB and 1,000 files per skill.
import { ArchiveError, DEFAULT_LIMITS, printable, type ArchiveLimits } from "./entries.js";

/** What one skill fetched from the network may hold, unpacked (the `skills` CLI's caps). */
export const REMOTE_LIMITS: ArchiveLimits = {
  ...DEFAULT_LIMITS,
  maxEntries: 1000,
  maxTotalBytes: 50 * 1024 * 1024,
  maxSourceBytes: 50 * 1024 * 1024,
};

/** An index.json larger than this is not an index. */
export const MAX_INDEX_BYTES = 4 * 1024 * 1024;
/** The most skills one remote source (an index, an MCP server) may offer: one import fetches them all. */
export const MAX_REMOTE_SKILLS = 1000;
/**
 * How long one import may spend reading a source, in all. Each request has its own 30 s, but a
 * source of 1,000 skills (a v0.1.0 one of 1,000 files each) answering each request just inside it
 * would hold the import for days. The largest public collection (47 MB) takes seconds.
 * SKILLC_IMPORT_TIMEOUT_MS changes it (a slow network, or a test).
 */
export const IMPORT_TIMEOUT_MS = 10 * 60 * 1000;
const MAX_REDIRECTS = 5;
const TIMEOUT_MS = 30_000;

/** The bytes one import has read of skills over the network, whatever became of them (refused ones too), and when its time is up. */
export interface ReadMeter {
  bytes: number;
  /** Date.now() past which no request is made and none runs on (importDeadline). */
  deadline?: number;
}

/** How long one import may read: IMPORT_TIMEOUT_MS, or SKILLC_IMPORT_TIMEOUT_MS when it is a positive number. */
export function importTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.SKILLC_IMPORT_TIMEOUT_MS);
  return Number.isFinite(set) && set > 0 ? set : IMPORT_TIMEOUT_MS;
}

/** When an import that starts now must stop reading. */
export function importDeadline(env: NodeJS.ProcessEnv = process.env): number {
  return Date.now() + importTimeoutMs(env);
}

/** Whether the import's time is up. */
export function pastDeadline(meter: ReadMeter | undefined): boolean {
  return meter?.deadline !== undefined && Date.now() >= meter.deadline;
}

export interface Fetched {
  bytes: Uint8Array;
  /** Where the bytes came from after redirects. */
  url: string;
  contentType: string;
}

/** A URL the user may read: http or https, and (when `origin` is given) on that origin. */
export function checkUrl(raw: string, origin?: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ArchiveError(`"${printable(raw)}" is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ArchiveError(`"${printable(raw)}" is not an http(s) URL; only http and https are fetched.`);
  if (url.username || url.password) throw new ArchiveError(`"${printable(url.host)}": URLs with credentials are not fetched.`);
  if (origin !== undefined && url.origin !== origin) {
    throw new ArchiveError(`"${printable(raw)}" is on ${url.origin}, not on ${origin} where the import was pointed; it was not fetched.`);
  }
  return url;
}

/**
 * GETs `raw` (on `origin`, default its own), following at most 5 redirects on the same origin,
 * and returns at most `maxBytes` bytes, or throws an ArchiveError saying why not. 404 and other
 * errors are ArchiveErrors too, with the status.
 */
export async function fetchBytes(raw: string, maxBytes: number, origin?: string, timeoutMs = TIMEOUT_MS, meter?: ReadMeter): Promise<Fetched> {
  let url = checkUrl(raw, origin);
  // A request never runs past the import's own limit.
  if (meter?.deadline !== undefined) {
    const left = meter.deadline - Date.now();
    if (left <= 0) throw new ArchiveError(`${url.href} was not fetched: the import's time is up.`);
    timeoutMs = Math.min(timeoutMs, left);
  }
  const home = origin ?? url.origin;
  for (let hop = 0; ; hop++) {
    const response = await get(url, timeoutMs);
    if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
      await discard(response);
      if (hop >= MAX_REDIRECTS) throw new ArchiveError(`${url.href} redirects more than ${MAX_REDIRECTS} times; it was not followed.`);
      const next = redirectTarget(response.headers.get("location")!, url);
      if (new URL(next).origin !== home) throw new ArchiveError(`${url.href} redirects to ${printable(next)}, another host; redirects are followed only within ${home}.`);
      url = checkUrl(next, home);
      continue;
    }
    if (!response.ok) {
      await discard(response);
      throw new ArchiveError(`${url.href} answered HTTP ${response.status}${response.statusText ? ` ${printable(response.statusText)}` : ""}.`);
    }
    const bytes = await readCapped(response, maxBytes, url.href, timeoutMs, meter);
    return { bytes, url: url.href, contentType: response.headers.get("content-type") ?? "" };
  }
}

/** The absolute URL a Location header names; a value that is no URL is the server's fault, not an internal error. */
function redirectTarget(location: string, from: URL): string {
  try {
    return new URL(location, from).href;
  } catch {
    throw new ArchiveError(`${from.href} redirects to "${printable(location)}", which is not a URL; it was not followed.`);
  }
}

async function get(url: URL, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs), headers: { accept: "*/*" } });
  } catch (error) {
    throw new ArchiveError(`${url.href} could not be fetched (${printable(failure(error, timeoutMs))}).`);
  }
}

/** Why a request or its body failed: the time limit, or the network's reason (a reset, a bad gzip stream). */
function failure(error: unknown, timeoutMs: number): string {
  if ((error as Error).name === "TimeoutError") return `no complete answer within ${timeoutMs / 1000} s`;
  return (error as { cause?: Error }).cause?.message ?? (error as Error).message;
}

/**
 * The body, refused as soon as it passes `max` bytes (a declared Content-Length over it is refused
 * first). A body the host cuts off, garbles (a Content-Encoding it does not hold to) or drips past
 * the time limit is an ArchiveError naming the URL, like any other refusal.
 */
async function readCapped(response: Response, max: number, shown: string, timeoutMs: number, meter?: ReadMeter): Promise<Uint8Array> {
  const tooBig = () => new ArchiveError(`${shown} is larger than ${max} bytes; it was refused.`);
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) {
    await discard(response);
    throw tooBig();
  }
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      throw new ArchiveError(`${shown} could not be read to its end (${printable(failure(error, timeoutMs))}); it was refused.`);
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (meter) meter.bytes += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Drops a body not read (a redirect's, an error page's): a body the host has already broken off is no second error. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
