// manifest.json: everything the build knows about each skill, as data for other tools.
// Described by schema/manifest.schema.json. Keys sorted at every level, two-space indent.
import type { Collision, Diagnostic, EmitSkill, Profile } from "../types.js";
import { scriptsOf } from "../toolsets/scripts.js";

export const MANIFEST_SCHEMA_URL = "https://unpkg.com/skillc/schema/manifest.schema.json";

export interface ManifestInput {
  version: string;
  profile: Profile;
  skills: EmitSkill[];
  collisions: Collision[];
  diagnostics: Diagnostic[];
  stats: { skills: number; files: number; bytes: number };
  /** Split layout: each skill's chunk hash (recorded as `chunk`, and `output: "split"` at the top). Absent: single. */
  chunks?: ReadonlyMap<EmitSkill, string>;
}

/**
 * Build's incremental path: `reuse` may hand a skill's entry of the `skills` array as the previous
 * manifest.json has it (indented, without a trailing comma; its bytes, as the build cache cuts them
 * from that file, or text); `onEntry` learns where each entry sits in the returned file (byte
 * offsets in its UTF-8, so the next build cuts entries out of the file without decoding its 25 MB).
 */
export interface ManifestEntries {
  reuse: (skill: EmitSkill) => string | Uint8Array | undefined;
  onEntry: (skill: EmitSkill, offset: number, length: number) => void;
}

/** The `skills` line of the manifest rendered with no skills: top level, so indented by exactly two spaces. */
const EMPTY_SKILLS = '\n  "skills": [],\n';

/** The top level: everything but the skills (`skills: []`), or split, `shards` in their place. */
function topLevel(input: ManifestInput, shards?: readonly string[]) {
  return {
    $schema: MANIFEST_SCHEMA_URL,
    skillc: input.version,
    profile: input.profile,
    ...(input.chunks && { output: "split" }),
    ...(shards ? { shards } : { skills: [] as unknown[] }),
    collisions: input.collisions.map((c) => ({ name: c.name, policy: c.policy, paths: [...c.paths], winner: c.winner })),
    stats: {
      ...input.stats,
      warnings: input.diagnostics.filter((d) => d.severity === "warning").length,
      errors: input.diagnostics.filter((d) => d.severity === "error").length,
    },
  };
}

/**
 * The split layout's manifest.json: the top level as the single layout's, with `shards` (the
 * manifest shards' file names, `chunks/<sha256>.json`, in skill order) in place of `skills`, so
 * that its size does not grow with the skill count (src/emit/manifest-shards.ts writes the shards).
 */
export function renderSplitManifest(input: ManifestInput, shards: readonly string[]): string {
  return JSON.stringify(sortKeys(topLevel(input, shards)), null, 2) + "\n";
}

/**
 * A manifest shard, `{"skills": [...]}`, from its skills' entries as `manifestEntry` renders them:
 * the same text JSON.stringify(…, null, 2) gives, each entry as the single layout's manifest.json has it.
 */
export function renderManifestShard(entries: readonly string[]): string {
  return manifestShardParts(entries).join("");
}

/** renderManifestShard's text as parts in order, for a split build to stage unjoined (chunk-stage.ts putParts). */
export function manifestShardParts(entries: readonly string[]): string[] {
  if (entries.length === 0) return ['{\n  "skills": []\n}\n'];
  const parts = ['{\n  "skills": [\n'];
  entries.forEach((e, i) => (i > 0 && parts.push(",\n"), parts.push(e)));
  parts.push("\n  ]\n}\n");
  return parts;
}

/** A skill's entry of the `skills` array, indented by four spaces (its place in either file), no trailing comma. */
export function manifestEntry(skill: EmitSkill, chunk?: string): string {
  return "    " + JSON.stringify(sortedSkill(skill, chunk), null, 2).replaceAll("\n", "\n    ");
}

/**
 * sortKeys(manifestSkill(…)) built in sorted order: only the user's data (frontmatter, fields) and
 * the script list are copied by sortKeys (test/unit/emit/manifest.test.ts proves them equal).
 */
export function sortedSkill(skill: EmitSkill, chunk?: string): unknown {
  const f = skill.fields;
  return {
    arguments: { hint: f.argumentHint, names: [...f.arguments] },
    chunk: chunk && `chunks/${chunk}.js`,
    contentHash: skill.contentHash,
    description: f.description,
    dir: skill.source.dir,
    fields: sortKeys(f),
    files: skill.files.map((file) => ({ binary: file.binary, bytes: file.bytes, executable: file.executable, interpreter: file.interpreter, path: file.path, sha256: file.sha256 })),
    frontmatter: sortKeys(skill.frontmatter),
    name: skill.name,
    path: skill.source.file,
    scope: skill.source.root.scope,
    scripts: sortKeys(scriptsOf(skill)),
    toolsets: skill.toolsets?.entries.map((e) => ({ entry: e.entry, export: e.exportName, file: e.file, tools: sortKeys(e.tools) })),
    visibility: { modelInvocable: !f.disableModelInvocation, userInvocable: f.userInvocable },
  };
}

/** The single layout's manifest.json: text, or its UTF-8 bytes when `entries` handed any entry as bytes. */
export function renderManifest(input: ManifestInput, entries?: ManifestEntries): string | Buffer {
  const manifest = topLevel(input);
  // The skills are rendered one by one and put in place of the empty array: JSON.stringify's
  // indentation is additive, so each entry is its own rendering indented by four more spaces.
  const text = JSON.stringify(sortKeys(manifest), null, 2) + "\n";
  if (input.skills.length === 0) return text;
  const at = text.indexOf(EMPTY_SKILLS);
  const parts: Array<string | Uint8Array> = [text.slice(0, at) + '\n  "skills": [\n'];
  let offset = Buffer.byteLength(parts[0] as string);
  let bytes = false;
  input.skills.forEach((skill, i) => {
    const entry = entries?.reuse(skill) ?? manifestEntry(skill, input.chunks?.get(skill));
    // Byte lengths only for a caller that records them (the build cache's offsets).
    const length = typeof entry === "string" ? (entries ? Buffer.byteLength(entry) : 0) : ((bytes = true), entry.byteLength);
    entries?.onEntry(skill, offset, length);
    const sep = i === input.skills.length - 1 ? "\n  ]," : ",\n";
    parts.push(entry, sep);
    offset += length + sep.length;
  });
  const tail = text.slice(at + EMPTY_SKILLS.length - 1);
  parts.push(tail);
  return bytes ? joinBytes(parts, offset + Buffer.byteLength(tail)) : (parts as string[]).join("");
}

/** Text and bytes as one buffer of `total` bytes (their UTF-8, in order). */
function joinBytes(parts: ReadonlyArray<string | Uint8Array>, total: number): Buffer {
  const out = Buffer.allocUnsafe(total);
  let at = 0;
  for (const p of parts) at += typeof p === "string" ? out.write(p, at, "utf8") : (out.set(p, at), p.byteLength);
  if (at !== total) throw new Error(`skillc: manifest.json came out ${at} bytes, not ${total}`);
  return out;
}

/** A skill's entry before its keys are sorted (the shape sortedSkill builds sorted). */
export function manifestSkill(skill: EmitSkill, chunk?: string) {
  const f = skill.fields;
  return {
    chunk: chunk && `chunks/${chunk}.js`,
    name: skill.name,
    scope: skill.source.root.scope,
    path: skill.source.file,
    dir: skill.source.dir,
    description: f.description,
    frontmatter: skill.frontmatter,
    fields: f,
    arguments: { names: f.arguments, hint: f.argumentHint },
    visibility: { modelInvocable: !f.disableModelInvocation, userInvocable: f.userInvocable },
    contentHash: skill.contentHash,
    files: skill.files.map((file) => ({
      path: file.path,
      bytes: file.bytes,
      sha256: file.sha256,
      binary: file.binary,
      executable: file.executable,
      interpreter: file.interpreter,
    })),
    // Files under scripts/ and those `scripts:` names: described, never run.
    scripts: scriptsOf(skill),
    // Compiled toolsets: which module and export each entry resolved to, and its tools.
    toolsets: skill.toolsets?.entries.map((e) => ({ entry: e.entry, file: e.file, export: e.exportName, tools: e.tools })),
  };
}

/** A copy with every object's keys in code-unit order; undefined values dropped. `__proto__` stays an own key. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  // The default sort compares UTF-16 code units, as compareCodeUnits does, without a call per comparison.
  const keys = Object.keys(value).sort();
  const entries: Array<[string, unknown]> = [];
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) entries.push([k, sortKeys(v)]);
  }
  return Object.fromEntries(entries);
}
