// Reading skills from an MCP server that declares the skills extension (SEP-2640 draft,
// modelcontextprotocol/experimental-ext-skills): `skills/list` (paged) gives each skill's SKILL.md
// URI, its frontmatter and every file's digest; `resources/read` gives each file, whose bytes must
// match its digest. `mcp:<command line>` starts the server as a child over stdio (no shell: the
// line is split into words here); `mcp:http(s)://…` speaks Streamable HTTP to it (the SDK follows
// redirects only within that origin). Caps: the `skills` CLI's, per skill.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ArchiveError, printable, safeEntryPath, shown } from "./entries.js";
import { checkEntrySet } from "./entry-set.js";
import { MAX_REMOTE_SKILLS, REMOTE_LIMITS, checkUrl, importDeadline, importTimeoutMs, pastDeadline, type ReadMeter } from "./fetch.js";
import type { SkillFiles } from "./skill.js";
import { isRemoteSkillName, sha256Digest } from "./well-known.js";
import { splitCommandLine } from "./command-line.js";
import { SkipList } from "./skip-list.js";
import { parse as parseYaml } from "yaml";
import { decodeSkill, locateFrontmatter } from "../pipeline/frontmatter/locate.js";

const MAX_PAGES = 100;
/**
 * What the skills kept from a listing may hold in all (frontmatter, URIs, paths), in characters:
 * each is kept until its SKILL.md is compared with it. Pages of skills with megabytes of
 * frontmatter each (every page under the 72 MiB a message may hold) ended the import with V8's
 * out-of-memory abort. An index (well-known.ts) is 4 MiB in all; this is four times that.
 */
const MAX_LISTED_CHARS = 16 * 1024 * 1024;
const TIMEOUT_MS = 30_000;
const DIGEST = /^sha256:[0-9a-f]{64}$/;

/** One skill as `skills/list` describes it, its files as relative paths. */
export interface McpSkillEntry {
  name: string;
  /** The SKILL.md's URI. */
  uri: string;
  /** relative path → { uri, digest } */
  files: Map<string, { uri: string; digest: string }>;
  /** The listing's `frontmatter`, which the SKILL.md read must match (the SEP's host check). */
  frontmatter: Record<string, unknown>;
}

export interface McpSource {
  entries: McpSkillEntry[];
  skipped: string[];
  fetch(entry: McpSkillEntry): Promise<SkillFiles>;
  /** Bytes of files read so far, whatever became of them (refused skills too). */
  bytesRead(): number;
  /** Whether the import's time is up (fetch.ts IMPORT_TIMEOUT_MS). */
  timeUp(): boolean;
  close(): Promise<void>;
}

/** Connects to the server `spec` names (what follows "mcp:") and lists its skills. */
export async function openMcpSource(spec: string): Promise<McpSource> {
  const client = new Client({ name: "skillc-import", version: "1" });
  const transport = transportFor(spec);
  try {
    await client.connect(transport, { timeout: TIMEOUT_MS });
  } catch (error) {
    await client.close().catch(() => {});
    throw new ArchiveError(`the MCP server "${printable(spec)}" could not be reached (${printable((error as Error).message)}).`);
  }
  try {
    // The import's time limit counts from here: the listing's pages (up to 100) are reads too.
    const meter: ReadMeter = { bytes: 0, deadline: importDeadline() };
    const { entries, skipped } = await listSkills(client, meter);
    return { entries, skipped, fetch: (entry) => fetchSkill(client, entry, meter), bytesRead: () => meter.bytes, timeUp: () => pastDeadline(meter), close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

/** One JSON-RPC message may carry a 50 MiB file as base64, and the envelope around it. */
const MAX_MESSAGE_BYTES = 72 * 1024 * 1024;

function transportFor(spec: string): Transport {
  if (/^https?:\/\//i.test(spec)) return new StreamableHTTPClientTransport(checkUrl(spec), { redirectPolicy: "same-origin", fetch: cappedFetch });
  const words = splitCommandLine(spec);
  if (words.length === 0) throw new ArchiveError("mcp: needs a command line (mcp:node server.js) or a URL (mcp:https://host/mcp).");
  return new StdioClientTransport({ command: words[0]!, args: words.slice(1), stderr: "ignore", maxBufferSize: MAX_MESSAGE_BYTES });
}

/** fetch whose response bodies fail past MAX_MESSAGE_BYTES (the SDK would buffer any size). */
async function cappedFetch(url: string | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.body) return response;
  let seen = 0;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > MAX_MESSAGE_BYTES) controller.error(new ArchiveError(`the MCP server sent more than ${MAX_MESSAGE_BYTES} bytes in one response; it was refused.`));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function listSkills(client: Client, meter: ReadMeter): Promise<{ entries: McpSkillEntry[]; skipped: string[] }> {
  const entries: McpSkillEntry[] = [];
  const skipped = new SkipList();
  const names = new Set<string>();
  let listed = 0;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let result: Record<string, unknown>;
    const left = (meter.deadline ?? Infinity) - Date.now();
    const pastLimit = () => new ArchiveError(`the MCP server's skills/list ran past the import's time limit (${importTimeoutMs() / 1000} s; SKILLC_IMPORT_TIMEOUT_MS changes it; at page ${page + 1}); the import was refused and nothing was written.`);
    if (left <= 0) throw pastLimit();
    try {
      result = await client.request({ method: "skills/list", params: cursor === undefined ? {} : { cursor } }, ResultSchema.passthrough(), { timeout: Math.min(TIMEOUT_MS, left) });
    } catch (error) {
      // A page cut short by the time that was left is the time limit's doing, not the server's refusal.
      if (pastDeadline(meter)) throw pastLimit();
      throw new ArchiveError(`the MCP server did not answer skills/list (${printable((error as Error).message)}); it may not serve the skills extension.`);
    }
    if (!Array.isArray(result.skills)) throw new ArchiveError("the MCP server's skills/list result has no \"skills\" array.");
    for (const raw of result.skills as unknown[]) {
      const entry = skillEntry(raw);
      if (typeof entry === "string") skipped.push(entry);
      else if (names.has(entry.name)) skipped.push(`"${entry.name}" (${printable(entry.uri)}): another listed skill has that name; only the first is read`);
      else {
        listed += weight(entry, MAX_LISTED_CHARS);
        if (listed > MAX_LISTED_CHARS) throw new ArchiveError(`the skills the MCP server lists hold more than ${MAX_LISTED_CHARS.toLocaleString("en-US")} characters of frontmatter and paths in all (at "${entry.name}"); the import was refused.`);
        names.add(entry.name);
        entries.push(entry);
      }
      // Checked per entry, not per page: one page may list hundreds of thousands.
      if (entries.length > MAX_REMOTE_SKILLS) throw new ArchiveError(`the MCP server lists more than ${MAX_REMOTE_SKILLS} skills; the import was refused.`);
    }
    if (typeof result.nextCursor !== "string") return { entries, skipped: skipped.lines() };
    cursor = result.nextCursor;
  }
  throw new ArchiveError(`the MCP server's skills/list has more than ${MAX_PAGES} pages; the import was refused.`);
}

/**
 * An entry's size: one per value plus the characters of its strings and keys, walked without
 * recursion (the server's frontmatter may nest deeper than the stack) and without copying a
 * container's members (an array of millions); only containers wait on the stack. Stops past `max`.
 */
function weight(entry: McpSkillEntry, max: number): number {
  let total = entry.uri.length;
  for (const [rel, f] of entry.files) total += rel.length + f.uri.length + f.digest.length;
  const stack: object[] = [];
  const add = (x: unknown) => {
    total += 1 + (typeof x === "string" ? x.length : 0);
    if (x && typeof x === "object") stack.push(x);
  };
  add(entry.frontmatter);
  for (let v = stack.pop(); v !== undefined && total <= max; v = stack.pop()) {
    if (Array.isArray(v)) for (let i = 0; i < v.length && total <= max; i++) add(v[i]);
    else {
      for (const k in v) {
        total += k.length;
        if (total > max) break;
        add((v as Record<string, unknown>)[k]);
      }
    }
  }
  return total;
}

/** A `skills/list` entry checked: its name from the URI (the SEP: the last segment is the name), files inside it. */
function skillEntry(raw: unknown): McpSkillEntry | string {
  const e = (raw && typeof raw === "object" ? raw : {}) as { uri?: unknown; frontmatter?: unknown; resources?: unknown };
  if (typeof e.uri !== "string" || !e.uri.endsWith("/SKILL.md")) return `an entry's uri ${shown(e.uri)} does not end in /SKILL.md`;
  const root = e.uri.slice(0, -"/SKILL.md".length);
  // The server's text: decoded safely and held to the RFC's names before it names a folder or is printed.
  let name: string;
  try {
    name = decodeURIComponent(root.slice(root.lastIndexOf("/") + 1));
  } catch {
    return `${printable(e.uri)}: the last segment is not a valid URI escape`;
  }
  if (!isRemoteSkillName(name)) return `${printable(e.uri)}: the last segment is not a valid skill name (lowercase letters, digits and single hyphens, at most 64)`;
  const fm = e.frontmatter as { name?: unknown } | undefined;
  if (!fm || fm.name !== name) return `${printable(e.uri)}: frontmatter.name is not "${printable(name)}", the URI's last segment`;
  if (!Array.isArray(e.resources)) return `${printable(e.uri)}: no "resources" with digests; skillc imports only skills it can verify`;
  const files = new Map<string, { uri: string; digest: string }>();
  for (const r of e.resources as Array<{ uri?: unknown; digest?: unknown }>) {
    if (typeof r?.uri !== "string" || !r.uri.startsWith(`${root}/`)) return `${printable(e.uri)}: resource ${shown(r?.uri)} is not inside the skill`;
    if (typeof r.digest !== "string" || !DIGEST.test(r.digest)) return `${printable(r.uri)}: digest is not "sha256:" and 64 lowercase hex digits`;
    let rel: string;
    try {
      rel = safeEntryPath(r.uri.slice(root.length + 1).split("/").map(decodeURIComponent).join("/"));
    } catch (error) {
      return `${printable(r.uri)}: ${(error as Error).message}`;
    }
    files.set(rel, { uri: r.uri, digest: r.digest });
  }
  if (!files.has("SKILL.md")) return `${printable(e.uri)}: "resources" does not list SKILL.md`;
  if (files.size > REMOTE_LIMITS.maxEntries) return `${printable(e.uri)}: more than ${REMOTE_LIMITS.maxEntries} files`;
  return { name, uri: e.uri, files, frontmatter: fm as Record<string, unknown> };
}

/** Every file of the skill read and checked against its listed digest; any mismatch refuses the skill. */
async function fetchSkill(client: Client, entry: McpSkillEntry, meter: ReadMeter): Promise<SkillFiles> {
  const files: SkillFiles["files"] = [];
  let total = 0;
  for (const [rel, { uri, digest }] of [...entry.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const data = await readResource(client, uri, meter);
    meter.bytes += data.byteLength;
    total += data.byteLength;
    if (total > REMOTE_LIMITS.maxTotalBytes) throw new ArchiveError(`"${entry.name}" is larger than ${REMOTE_LIMITS.maxTotalBytes} bytes; it was refused.`);
    const got = sha256Digest(data);
    if (got !== digest) throw new ArchiveError(`${uri} does not match its listed digest (listed ${digest}, served ${got}); "${entry.name}" was refused and nothing of it was written.`);
    files.push({ type: "file", path: rel, data, executable: false });
  }
  checkEntrySet(files, "archive");
  const problem = frontmatterMismatch(files.find((f) => f.path === "SKILL.md")!.data, entry.frontmatter);
  if (problem) throw new ArchiveError(`${entry.uri}: ${problem}; "${entry.name}" was refused and nothing of it was written.`);
  return { suggestedName: entry.name, inner: "", files };
}

/**
 * Why the SKILL.md's frontmatter is not the listing's (the SEP: a host compares them field by
 * field, so what was listed is what arrives), or undefined. Compared as JSON, as the listing is.
 */
function frontmatterMismatch(bytes: Uint8Array, listed: Record<string, unknown>): string | undefined {
  const decoded = decodeSkill(bytes);
  const located = decoded.ok ? locateFrontmatter(decoded.text) : undefined;
  if (!decoded.ok || located?.kind !== "found") return "its SKILL.md has no readable frontmatter";
  let read: unknown;
  try {
    // uniqueKeys off, as the lint's parse does (yaml checks it pairwise: a SKILL.md of 100,000 keys
    // took minutes); a duplicate key is the lint's error, reported after this.
    read = JSON.parse(JSON.stringify(parseYaml(located.value, { uniqueKeys: false, prettyErrors: false }) ?? {}));
  } catch {
    return "its SKILL.md frontmatter is not YAML";
  }
  const fields = new Set([...Object.keys(listed), ...Object.keys((read ?? {}) as object)]);
  const differ = [...fields].sort().filter((k) => !sameJson((read as Record<string, unknown>)?.[k], listed[k]));
  return differ.length === 0 ? undefined : `its SKILL.md frontmatter differs from the listing's in ${differ.map((k) => `"${printable(k)}"`).join(", ")}`;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

async function readResource(client: Client, uri: string, meter: ReadMeter): Promise<Uint8Array> {
  // A request never runs past the import's own limit (fetch.ts IMPORT_TIMEOUT_MS).
  const left = (meter.deadline ?? Infinity) - Date.now();
  if (left <= 0) throw new ArchiveError(`${printable(uri)} was not read: the import's time is up.`);
  let result;
  try {
    result = await client.readResource({ uri }, { timeout: Math.min(TIMEOUT_MS, left) });
  } catch (error) {
    throw new ArchiveError(`${printable(uri)} could not be read (${printable((error as Error).message)}).`);
  }
  const content = result.contents.find((c) => c.uri === uri) ?? (result.contents.length === 1 ? result.contents[0] : undefined);
  if (!content) throw new ArchiveError(`${printable(uri)}: resources/read returned no contents for it.`);
  if ("blob" in content && typeof content.blob === "string") return new Uint8Array(Buffer.from(content.blob, "base64"));
  if ("text" in content && typeof content.text === "string") return new Uint8Array(Buffer.from(content.text, "utf8"));
  throw new ArchiveError(`${printable(uri)}: resources/read returned neither text nor blob.`);
}
