// From the skills a build accepted to the files of a static discovery folder (the Agent Skills
// Discovery RFC v0.2.0): `.well-known/agent-skills/index.json`, a skill with no supporting files
// as its SKILL.md, any other as a deterministic .tar.gz. Every byte served is read again from the
// source and checked against the hash the build took, so what is published is what was checked.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { EmitSkill } from "../types.js";
import { compareCodeUnits } from "../util/compare.js";
import { deterministicTarGz, type TarFile } from "./tar-gz.js";
import { sha256Hex } from "../util/sha256.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { twinOfSkillFile } from "./twins.js";

export const DISCOVERY_SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";
/** Where the index and the artifacts live inside the published folder. */
export const WELL_KNOWN = ".well-known/agent-skills";
/** A name the RFC's v0.2.0 schema accepts (`skills[].name`); the agentskills profile also allows other scripts' lowercase letters. */
const RFC_NAME = /^(?=.{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The index's description limit (the Agent Skills spec's, which the RFC repeats). */
const MAX_DESCRIPTION = 1024;

export interface IndexEntry {
  name: string;
  type: "skill-md" | "archive";
  description: string;
  url: string;
  digest: string;
}

export interface PublishOptions {
  /** Publish skills with `disable-model-invocation: true` or `default_enabled: false` too (default: leave them out). */
  includeHidden: boolean;
  /** The config's `permissions` as the build's catalogs apply them (runtime/permissions.ts): a skill they refuse is never published. */
  permitted: (name: string) => boolean;
}

export interface Published {
  /** posix path inside the published folder → bytes, the index included. */
  files: Map<string, Uint8Array>;
  entries: IndexEntry[];
  /** Hidden (or default-off) skills left out, by name. */
  hidden: string[];
  /** Skills the config's permissions deny (or do not allow), left out, by name. */
  denied: string[];
  /** Each published skill's source folder (absolute), by name. */
  dirs: Map<string, string>;
}

/** A skill's name appears twice (two groups with one name): the index can hold it once. */
export class PublishError extends Error {
  override name = "PublishError";
}

export function renderPublished(skills: readonly EmitSkill[], opts: PublishOptions): Published {
  const files = new Map<string, Uint8Array>();
  const entries: IndexEntry[] = [];
  const hidden: string[] = [];
  const denied: string[] = [];
  const seen = new Map<string, string>();
  const dirs = new Map<string, string>();
  for (const skill of [...skills].sort((a, b) => compareCodeUnits(a.fields.name, b.fields.name))) {
    const name = skill.fields.name;
    // What the build keeps out of every catalog stays out of the public index too (emit/catalog.ts).
    if (!opts.permitted(skill.name)) {
      denied.push(name);
      continue;
    }
    if ((skill.fields.disableModelInvocation || !skill.fields.defaultEnabled) && !opts.includeHidden) {
      hidden.push(name);
      continue;
    }
    if (!RFC_NAME.test(name)) {
      throw new PublishError(`"${escapeTerminal(name)}" (${escapeTerminal(skill.source.dir)}) is not a name a discovery index may hold (the RFC's schema: a-z, 0-9 and single hyphens, at most 64), and clients of the index, skillc import among them, would refuse it. Rename it, or leave the skill out of what you publish.`);
    }
    const other = seen.get(name);
    if (other !== undefined) {
      throw new PublishError(`two skills are named "${name}" (${other} and ${skill.source.dir}); a discovery index holds a name once. Rename one, or publish one root at a time.`);
    }
    seen.set(name, skill.source.dir);
    dirs.set(name, skill.source.absDir);
    const artifact = skillArtifact(skill);
    files.set(`${WELL_KNOWN}/${artifact.url}`, artifact.bytes);
    entries.push({ name, type: artifact.type, description: indexDescription(skill.fields.description), url: artifact.url, digest: digestOf(artifact.bytes) });
  }
  files.set(`${WELL_KNOWN}/index.json`, Buffer.from(renderIndex(entries)));
  return { files, entries, hidden, denied, dirs };
}

/** The index's text: `$schema` first, entries in name order, URLs relative to the index (so any base path works). */
export function renderIndex(entries: readonly IndexEntry[]): string {
  const skills = entries.map((e) => ({ name: e.name, type: e.type, description: e.description, url: e.url, digest: e.digest }));
  return JSON.stringify({ $schema: DISCOVERY_SCHEMA, skills }, null, 2) + "\n";
}

export function digestOf(bytes: Uint8Array): string {
  return `sha256:${sha256Hex(bytes)}`;
}

/** SKILL.md alone, or the archive of SKILL.md and every supporting file the build kept. */
function skillArtifact(skill: EmitSkill): { type: IndexEntry["type"]; url: string; bytes: Uint8Array } {
  const name = skill.fields.name;
  const skillMd = readChecked(skill.source.absDir, skill.source.fileName, skill.hash, skill.source.file);
  if (skill.files.length === 0) return { type: "skill-md", url: `${name}/SKILL.md`, bytes: skillMd };
  const files: TarFile[] = [{ path: "SKILL.md", data: skillMd, executable: false }];
  const twin = skill.files.find((f) => twinOfSkillFile(f.path.split("/")[0]!));
  if (twin) {
    throw new PublishError(
      `${escapeTerminal(skill.source.dir)}: "${escapeTerminal(twin.path.split("/")[0]!)}" would be one file with "SKILL.md" on macOS and Windows (the names differ only in letter case), where unpacking the archive writes it over the skill file; it is only a supporting file here. Delete or rename it, or merge it into SKILL.md.`,
    );
  }
  for (const f of skill.files) {
    files.push({ path: f.path, data: readChecked(skill.source.absDir, f.path, f.sha256, `${skill.source.dir}/${f.path}`), executable: f.executable });
  }
  return { type: "archive", url: `${name}.tar.gz`, bytes: deterministicTarGz(files) };
}

/** The file's bytes, refused when they are not the bytes the build checked (changed since). */
function readChecked(dir: string, rel: string, sha256: string, shown: string): Uint8Array {
  const bytes = readFileSync(path.join(dir, ...rel.split("/")));
  if (sha256Hex(bytes) !== sha256) {
    throw new PublishError(`${shown} changed while it was being published; nothing was written. Publish again.`);
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The frontmatter's description as written (the RFC: it SHOULD match), cut to the index's limit in code points. */
function indexDescription(description: string): string {
  const points = [...description];
  return points.length <= MAX_DESCRIPTION ? description : points.slice(0, MAX_DESCRIPTION - 1).join("") + "…";
}
