// Reading skills from a discovery index (the Agent Skills Discovery RFC): find the index from what
// the user typed, read its entries (v0.2.0: `$schema`, `type`, `url`, `digest`; v0.1.0, the older
// `.well-known/skills` form: `files` path lists, no digests), fetch each artifact on the index's
// origin, check its digest before a byte is unpacked, and unpack an archive through the same safe
// readers as a local import (archive/tar.ts, zip.ts), under the `skills` CLI's caps.
import { createHash } from "node:crypto";
import { ArchiveError, printable, safeEntryPath, shown, type ArchiveEntry } from "./entries.js";
import { checkEntrySet } from "./entry-set.js";
import { MAX_INDEX_BYTES, MAX_REMOTE_SKILLS, REMOTE_LIMITS, checkUrl, fetchBytes, type ReadMeter } from "./fetch.js";
import { pickSkill, type SkillFiles } from "./skill.js";
import { SkipList } from "./skip-list.js";
import { isGzip, readTarGz } from "./tar.js";
import { isZip, readZip } from "./zip.js";

export const DISCOVERY_SCHEMA_V2 = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";
const WELL_KNOWN = [".well-known/agent-skills", ".well-known/skills"];
const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A name a remote source may give a skill: what the discovery RFC allows (it becomes a folder and reaches the terminal). */
export const isRemoteSkillName = (name: unknown): name is string => typeof name === "string" && name.length <= 64 && SKILL_NAME.test(name);
const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** One skill an index offers. v0.1.0 entries have no digest: `files` lists what to fetch. */
export interface RemoteEntry {
  name: string;
  description: string;
  type: "skill-md" | "archive" | "files";
  /** The artifact's absolute URL (v0.1.0: the skill folder's, ending in "/"). */
  url: string;
  /** The index's digest of the artifact; undefined for v0.1.0. */
  digest?: string;
  files?: string[];
}

export interface RemoteIndex {
  /** The index URL that answered. */
  url: string;
  entries: RemoteEntry[];
  /** Entries skipped (an unknown type, a bad name or digest), with why: the first few, then a count (skip-list.ts). */
  skipped: string[];
}

/** The index URLs to try for what the user typed: an index.json, a .well-known folder, or a site. */
export function indexCandidates(input: string): string[] {
  const url = checkUrl(input);
  url.hash = "";
  url.search = "";
  if (url.pathname.endsWith("/index.json")) return [url.href];
  const base = url.href.endsWith("/") ? url.href : `${url.href}/`;
  if (WELL_KNOWN.some((w) => url.pathname.replace(/\/$/, "").endsWith(`/${w}`))) return [new URL("index.json", base).href];
  return WELL_KNOWN.map((w) => new URL(`${w}/index.json`, base).href);
}

/** The first candidate index that answers; the errors of all of them when none does. */
export async function readRemoteIndex(input: string): Promise<RemoteIndex> {
  const problems: string[] = [];
  for (const candidate of indexCandidates(input)) {
    let fetched;
    try {
      fetched = await fetchBytes(candidate, MAX_INDEX_BYTES);
    } catch (error) {
      if (!(error instanceof ArchiveError)) throw error;
      problems.push(error.message);
      continue;
    }
    // A host that answers every path with a page (a single-page app's fallback) must not hide the
    // older `.well-known/skills` index behind a 200 that is not an index.
    try {
      return parseIndex(fetched.bytes, fetched.url);
    } catch (error) {
      if (!(error instanceof ArchiveError)) throw error;
      problems.push(error.message);
    }
  }
  throw new ArchiveError(`no skills index was found: ${problems.join(" ")}`);
}

/** The entries of an index's bytes; an index that is not one is an ArchiveError. */
export function parseIndex(bytes: Uint8Array, indexUrl: string): RemoteIndex {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    throw new ArchiveError(`${indexUrl} is not JSON; it is not a skills index.`);
  }
  const record = json as { $schema?: unknown; skills?: unknown };
  if (!json || typeof json !== "object" || !Array.isArray(record.skills)) throw new ArchiveError(`${indexUrl} has no "skills" array; it is not a skills index.`);
  if (record.$schema !== undefined && record.$schema !== DISCOVERY_SCHEMA_V2) {
    throw new ArchiveError(`${indexUrl} declares "$schema": ${shown(record.$schema)}, which skillc does not know (it reads ${DISCOVERY_SCHEMA_V2} and v0.1.0 without "$schema").`);
  }
  const v2 = record.$schema === DISCOVERY_SCHEMA_V2;
  const origin = new URL(indexUrl).origin;
  const entries: RemoteEntry[] = [];
  const skipped = new SkipList();
  const names = new Set<string>();
  for (const [i, raw] of (record.skills as unknown[]).entries()) {
    const entry = v2 ? entryV2(raw, indexUrl) : entryV1(raw, indexUrl);
    if (typeof entry === "string") skipped.push(`skills[${i}]: ${entry}`);
    else if (names.has(entry.name)) skipped.push(`skills[${i}]: "${entry.name}" appears twice; only the first is read`);
    else if (new URL(entry.url).origin !== origin) skipped.push(`skills[${i}] "${entry.name}": its url is on ${new URL(entry.url).origin}, not on the index's ${origin}; it was not fetched`);
    else {
      names.add(entry.name);
      entries.push(entry);
      // As an MCP server's listing (mcp.ts): an import fetches every skill a source offers.
      if (entries.length > MAX_REMOTE_SKILLS) throw new ArchiveError(`${indexUrl} lists more than ${MAX_REMOTE_SKILLS} skills; the import was refused.`);
    }
  }
  return { url: indexUrl, entries, skipped: skipped.lines() };
}

function common(raw: unknown): { name: string; description: string; e: Record<string, unknown> } | string {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return "not an object";
  const e = raw as Record<string, unknown>;
  if (!isRemoteSkillName(e.name)) return `name ${shown(e.name)} is not a valid skill name`;
  if (typeof e.description !== "string" || e.description === "" || [...e.description].length > 1024) return `"${e.name}": description is missing or longer than 1024 characters`;
  return { name: e.name, description: e.description, e };
}

function entryV2(raw: unknown, indexUrl: string): RemoteEntry | string {
  const c = common(raw);
  if (typeof c === "string") return c;
  const { e } = c;
  if (e.type !== "skill-md" && e.type !== "archive") return `"${c.name}": type ${shown(e.type)} is not "skill-md" or "archive"`;
  if (typeof e.digest !== "string" || !DIGEST.test(e.digest)) return `"${c.name}": digest is not "sha256:" and 64 lowercase hex digits`;
  if (typeof e.url !== "string" || e.url === "") return `"${c.name}": url is missing`;
  let url: string;
  try {
    url = checkUrl(new URL(e.url, indexUrl).href).href;
  } catch (error) {
    return `"${c.name}": ${(error as Error).message}`;
  }
  return { name: c.name, description: c.description, type: e.type, url, digest: e.digest };
}

function entryV1(raw: unknown, indexUrl: string): RemoteEntry | string {
  const c = common(raw);
  if (typeof c === "string") return c;
  const files = c.e.files;
  if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === "string")) return `"${c.name}": files is not a list of paths`;
  if (!files.includes("SKILL.md")) return `"${c.name}": files does not list SKILL.md`;
  return { name: c.name, description: c.description, type: "files", url: new URL(`${c.name}/`, indexUrl).href, files: files as string[] };
}

/** The skill's files, each byte checked against the index's digest before it is unpacked; `meter` counts what was read. */
export async function fetchRemoteSkill(entry: RemoteEntry, origin: string, meter?: ReadMeter): Promise<SkillFiles> {
  if (entry.type === "files") return fetchFileList(entry, origin, meter);
  const fetched = await fetchBytes(entry.url, REMOTE_LIMITS.maxSourceBytes, origin, undefined, meter);
  const digest = sha256Digest(fetched.bytes);
  if (digest !== entry.digest) {
    throw new ArchiveError(`${entry.url} does not match the index's digest (index ${entry.digest}, served ${digest}); it was refused and nothing of "${entry.name}" was written.`);
  }
  if (entry.type === "skill-md") return { suggestedName: entry.name, inner: "", files: [{ type: "file", path: "SKILL.md", data: fetched.bytes, executable: false }] };
  let entries: ArchiveEntry[];
  const lower = new URL(fetched.url).pathname.toLowerCase();
  if (isZip(fetched.bytes) || (lower.endsWith(".zip") && !isGzip(fetched.bytes))) entries = await readZip(fetched.bytes, REMOTE_LIMITS);
  else entries = readTarGz(fetched.bytes, REMOTE_LIMITS);
  checkEntrySet(entries, "archive");
  return pickSkill(entries, entry.name, "archive");
}

/** v0.1.0: each listed file fetched from the skill's folder (no digests to check; the lockfile records what came). */
async function fetchFileList(entry: RemoteEntry, origin: string, meter?: ReadMeter): Promise<SkillFiles> {
  const files: SkillFiles["files"] = [];
  let total = 0;
  if (entry.files!.length > REMOTE_LIMITS.maxEntries) throw new ArchiveError(`"${entry.name}" lists more than ${REMOTE_LIMITS.maxEntries} files; it was refused.`);
  // The names as a set before any is fetched: a clash or a file listed twice is refused unread.
  const rels = entry.files!.map((raw) => safeEntryPath(raw));
  checkEntrySet(rels.map((path) => ({ type: "file", path, data: new Uint8Array(), executable: false })), "archive");
  for (const rel of rels) {
    const fetched = await fetchBytes(new URL(rel.split("/").map(encodeURIComponent).join("/"), entry.url).href, REMOTE_LIMITS.maxFileBytes, origin, undefined, meter);
    total += fetched.bytes.byteLength;
    if (total > REMOTE_LIMITS.maxTotalBytes) throw new ArchiveError(`"${entry.name}" is larger than ${REMOTE_LIMITS.maxTotalBytes} bytes; it was refused.`);
    files.push({ type: "file", path: rel, data: fetched.bytes, executable: false });
  }
  return { suggestedName: entry.name, inner: "", files };
}

export function sha256Digest(bytes: Uint8Array): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

/**
 * One digest over a skill's files (the RFC v0.2.0 drafts' skill-level digest): lines
 * `path NUL hex LF` sorted by path, hashed. What the lockfile records when there is no single artifact.
 */
export function filesDigest(files: ReadonlyArray<{ path: string; data: Uint8Array }>): string {
  return listedFilesDigest(files.map((f) => [f.path, sha256Digest(f.data)]));
}

/** The same digest from each file's `sha256:<hex>` digest (an MCP listing's), before any byte is read. */
export function listedFilesDigest(files: Iterable<readonly [path: string, digest: string]>): string {
  const lines = [...files].map(([path, digest]) => `${path}\0${digest.slice(7)}\n`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sha256Digest(Buffer.from(lines.join(""), "utf8"));
}
