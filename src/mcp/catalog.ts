// The skill:// namespace of one bundle as the model may see it: every file of every visible skill
// by its exact URI, and the directory tree above them. Requests are answered by exact lookups in
// these maps, so no URI a client makes up (`..`, `%2F`, a doubled slash) can reach anything else.
import type { BundleSkills, McpData, McpSkillData } from "./types.js";

export interface SkillEntry {
  uri: string;
  frontmatter: Record<string, unknown>;
  /** Every file, SKILL.md first: `size` (bytes) is the newer SEP draft's, beside `uri` and `digest`. */
  resources: Array<{ uri: string; digest: string; size: number }>;
}

/** One served file: its skill, its path in the skill folder, and its listing metadata. */
export interface ServedFile {
  skill: McpSkillData;
  rel: string;
  resource: { uri: string; name: string; description?: string; mimeType: string; size?: number };
}

export interface Catalog {
  entries: SkillEntry[];
  /** By SKILL.md URI. */
  bySkillUri: Map<string, SkillEntry>;
  files: Map<string, ServedFile>;
  /** Directory URI (no trailing slash) → its direct children's resource metadata, sorted by URI. */
  dirs: Map<string, Array<{ uri: string; name: string; mimeType: string }>>;
}

export const DIRECTORY = "inode/directory";

const MIME: Record<string, string> = {
  md: "text/markdown", markdown: "text/markdown", txt: "text/plain", json: "application/json", yaml: "application/yaml", yml: "application/yaml",
  js: "text/javascript", mjs: "text/javascript", cjs: "text/javascript", ts: "text/typescript", py: "text/x-python", sh: "text/x-shellscript",
  html: "text/html", css: "text/css", csv: "text/csv", xml: "application/xml", toml: "application/toml", svg: "image/svg+xml",
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", pdf: "application/pdf", zip: "application/zip",
};

export function mimeOf(rel: string, binary: boolean): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(rel)?.[1]?.toLowerCase();
  return (ext && MIME[ext]) || (binary ? "application/octet-stream" : "text/plain");
}

export const fileUri = (s: McpSkillData, rel: string) => `skill://${s.path}/${rel.split("/").map(encodeURIComponent).join("/")}`;

const str = (v: unknown) => (typeof v == "string" ? v : undefined);

/** The catalog of the skills `skills.list()` shows the model (not hidden, permitted). */
export async function buildCatalog(data: McpData, skills: BundleSkills): Promise<Catalog> {
  const visible = new Set((await skills.list()).map((m) => m.path));
  const cat: Catalog = { entries: [], bySkillUri: new Map(), files: new Map(), dirs: new Map() };
  const tree = new DirectoryTree();
  for (const s of data.skills) {
    if (!visible.has(s.ref)) continue;
    const files = [{ path: "SKILL.md", bytes: utf8Length(s.md), binary: false }, ...(skills.get(s.ref)?.files ?? [])];
    const resources = files.map((f) => ({ uri: fileUri(s, f.path), digest: "sha256:" + s.digests[f.path], size: f.bytes }));
    const entry: SkillEntry = { uri: fileUri(s, "SKILL.md"), frontmatter: s.fm, resources };
    cat.entries.push(entry);
    cat.bySkillUri.set(entry.uri, entry);
    for (const f of files) {
      const uri = fileUri(s, f.path);
      const md = f.path === "SKILL.md";
      const resource = {
        uri,
        name: md ? (str(s.fm.name) ?? s.path.split("/").pop()!) : f.path,
        ...(md && str(s.fm.description) !== undefined && { description: str(s.fm.description) }),
        mimeType: mimeOf(f.path, f.binary),
        size: f.bytes,
      };
      cat.files.set(uri, { skill: s, rel: f.path, resource });
      tree.add(uri, resource.mimeType);
    }
  }
  cat.dirs = tree.sorted();
  return cat;
}

/**
 * The directory tree above the served files: each folder URI (no trailing slash) → its direct
 * children. A child is added once, found in a Set: comparing each new file with the folder's list
 * made the first request of a bundle whose skills hold 10,000 files each cost seconds (quadratic).
 * `steps` counts the turns of add's loop (the tests' measure of work: one per file and per folder).
 */
export class DirectoryTree {
  readonly dirs: Catalog["dirs"] = new Map();
  private readonly listed = new Set<string>();
  steps = 0;

  /** Adds `uri` and every folder above it (up to the first path segment). */
  add(uri: string, mimeType: string): void {
    let child = uri;
    let kind = mimeType;
    for (;;) {
      this.steps++;
      const cut = child.lastIndexOf("/");
      if (cut <= "skill://".length || this.listed.has(child)) return;
      this.listed.add(child);
      const parent = child.slice(0, cut);
      const entry = { uri: child, name: decodeURIComponent(child.slice(cut + 1)), mimeType: kind };
      const list = this.dirs.get(parent);
      if (list) {
        list.push(entry);
        return; // a folder already listed has its own way up listed too
      }
      this.dirs.set(parent, [entry]);
      child = parent;
      kind = DIRECTORY;
    }
  }

  /** The tree with each folder's children in URI order. */
  sorted(): Catalog["dirs"] {
    for (const list of this.dirs.values()) list.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    return this.dirs;
  }
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
  }
  return n;
}
