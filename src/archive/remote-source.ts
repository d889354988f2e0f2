// One shape for the two remote sources `skillc import` reads (a discovery index, an MCP server):
// what they offer (name, URL, digest, before anything is fetched when the source says it), and
// each skill fetched and verified with the record the lockfile keeps.
import { ArchiveError } from "./entries.js";
import { importDeadline, pastDeadline, type ReadMeter } from "./fetch.js";
import type { LockEntry } from "./lockfile.js";
import { oneSkill, type SkillFiles } from "./skill.js";
import { fetchRemoteSkill, filesDigest, listedFilesDigest, readRemoteIndex, sha256Digest } from "./well-known.js";

export interface Offered {
  name: string;
  url: string;
  /** Known before fetching (v0.2.0 index, MCP listing); a v0.1.0 index gives none. */
  digest?: string;
}

export interface RemoteSource {
  /** The source as the lockfile names it: the index URL that answered, or "mcp:…" as typed. */
  id: string;
  offered: Offered[];
  /** Entries the source lists that cannot be imported, with why. */
  skipped: string[];
  /** The skill's files, every byte verified, and its lock entry; an ArchiveError refuses it. */
  fetch(name: string): Promise<{ skill: SkillFiles; lock: LockEntry }>;
  /** Bytes of skills read from the source so far, refused ones included (commands/import-remote.ts bounds it). */
  bytesRead(): number;
  /** Whether the import's time (fetch.ts IMPORT_TIMEOUT_MS) is up: no more requests are made. */
  timeUp(): boolean;
  close(): Promise<void>;
}

/** `spec` is what the user typed: an http(s) URL (index, .well-known folder or site) or "mcp:…". */
export async function openRemoteSource(spec: string): Promise<RemoteSource> {
  return /^mcp:/i.test(spec) ? mcpSource(spec) : indexSource(spec);
}

export function isRemoteSpec(spec: string): boolean {
  return /^(https?:\/\/|mcp:)/i.test(spec);
}

async function indexSource(spec: string): Promise<RemoteSource> {
  const index = await readRemoteIndex(spec);
  const origin = new URL(index.url).origin;
  const byName = new Map(index.entries.map((e) => [e.name, e]));
  const meter: ReadMeter = { bytes: 0, deadline: importDeadline() };
  return {
    id: index.url,
    offered: index.entries.map((e) => ({ name: e.name, url: e.url, digest: e.digest })),
    skipped: index.skipped,
    fetch: async (name) => {
      const entry = byName.get(name)!;
      const skill = oneSkill(await fetchRemoteSkill(entry, origin, meter));
      if (entry.digest !== undefined) return { skill, lock: { source: index.url, url: entry.url, digest: entry.digest, tree: filesDigest(skill.files) } };
      return { skill, lock: { source: index.url, url: entry.url, digest: filesDigest(skill.files), files: fileDigests(skill) } };
    },
    bytesRead: () => meter.bytes,
    timeUp: () => pastDeadline(meter),
    close: async () => {},
  };
}

async function mcpSource(spec: string): Promise<RemoteSource> {
  const id = spec.trim();
  // Loaded only for mcp: sources: the SDK is most of the import command's code.
  const { openMcpSource } = await import("./mcp.js");
  const source = await openMcpSource(id.slice("mcp:".length).trim());
  const byName = new Map(source.entries.map((e) => [e.name, e]));
  // The skill's digest from the listed file digests: the same value filesDigest gives the fetched bytes.
  const listed = (name: string) => listedFilesDigest([...byName.get(name)!.files].map(([path, f]) => [path, f.digest] as const));
  return {
    id,
    offered: source.entries.map((e) => ({ name: e.name, url: e.uri, digest: listed(e.name) })),
    skipped: source.skipped,
    fetch: async (name) => {
      const entry = byName.get(name)!;
      const skill = oneSkill(await source.fetch(entry));
      const digest = filesDigest(skill.files);
      if (digest !== listed(name)) throw new ArchiveError(`"${name}" changed while it was read; import it again.`);
      return { skill, lock: { source: id, url: entry.uri, digest, files: fileDigests(skill) } };
    },
    bytesRead: () => source.bytesRead(),
    timeUp: () => source.timeUp(),
    close: () => source.close(),
  };
}

function fileDigests(skill: SkillFiles): Record<string, string> {
  return Object.fromEntries(skill.files.map((f) => [f.path, sha256Digest(f.data)]));
}
