// Reading and writing the cache files under node_modules/.cache/skillc so that only this user's
// own runs are ever trusted. Each file is signed (HMAC-SHA256) with a random per-user key kept
// outside every project, in $XDG_CACHE_HOME/skillc or ~/.cache/skillc (mode 0600). A cache file
// that a pull request adds, a CI cache restores from another run, or anyone edits, fails the check
// and is ignored, the same as no cache: its analysis is redone from the SKILL.md. What passes the
// check is still validated for shape (shape.ts) before use, so even a file this user's key
// signed can never crash a run. No key (no home folder, read-only) means no cache.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const MAGIC = "skillc-cache-v2 ";
/** Larger cache files are ignored: reading them could cost more than the analysis they save. */
export const MAX_CACHE_BYTES = 512 * 1024 * 1024;
const keys = new Map<string, Buffer | undefined>();

/** Where the signing key lives for this environment. */
export function cacheKeyFile(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : env.HOME ? path.join(env.HOME, ".cache") : safeHome();
  return base ? path.join(base, "skillc", "cache-key") : undefined;
}

function safeHome(): string | undefined {
  try {
    const h = os.homedir();
    return h ? path.join(h, ".cache") : undefined;
  } catch {
    return undefined;
  }
}

/** The per-user signing key, created on first use; undefined when it cannot be read or made. */
export function cacheKey(env: NodeJS.ProcessEnv = process.env): Buffer | undefined {
  const file = cacheKeyFile(env);
  if (!file) return undefined;
  if (keys.has(file)) return keys.get(file);
  let key: Buffer | undefined;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const text = fs.readFileSync(file, "utf8").trim();
    key = /^[0-9a-f]{64}$/.test(text) ? Buffer.from(text, "hex") : undefined;
  } catch {
    key = undefined;
  }
  keys.set(file, key);
  return key;
}

function sign(key: Buffer, body: Uint8Array): string {
  return createHmac("sha256", key).update(body).digest("hex");
}

/** The parsed JSON of a cache file this user's runs wrote, or undefined (missing, foreign, edited, too large, not JSON). */
export async function readCacheFile(file: string, key: Buffer | undefined): Promise<unknown> {
  if (!key) return undefined;
  try {
    if ((await stat(file)).size > MAX_CACHE_BYTES) return undefined;
    // Checked as bytes and decoded once: the files reach tens of MB at 10,000 skills, and every
    // conversion between string and bytes of them showed in a warm build's profile.
    const bytes = await readFile(file);
    const eol = bytes.indexOf(10);
    if (eol !== MAGIC.length + 64 || bytes.toString("latin1", 0, MAGIC.length) !== MAGIC) return undefined;
    const body = bytes.subarray(eol + 1);
    const given = Buffer.from(bytes.toString("latin1", MAGIC.length, eol), "hex");
    const wanted = Buffer.from(sign(key, body), "hex");
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return undefined;
    return JSON.parse(body.toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

/** Writes `value` signed, atomically; failures are ignored (the cache is an optimisation). */
export async function writeCacheFile(file: string, key: Buffer | undefined, value: unknown): Promise<void> {
  if (!key) return;
  // Encoded once, signed and written as bytes (no second encoding, no copy of the whole string).
  const body = Buffer.from(JSON.stringify(value), "utf8");
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(tmp, Buffer.concat([Buffer.from(`${MAGIC}${sign(key, body)}\n`, "latin1"), body]));
    await rename(tmp, file);
  } catch {
    // A read-only node_modules must not fail a build.
  }
}
