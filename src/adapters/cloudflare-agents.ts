// skillc/cloudflare-agents: a bundle's skills as a Cloudflare Agents `SkillSource` (agents/skills),
// returned from an agent's getSkills() beside or instead of skills.workspace(), skills.r2() and
// skills.manifest(). The agents package loads sources with loadSkillCatalog(): it calls list() once
// per catalog load and readResource() when the model reads a file, and expects failures as
// `{ ok: false, error }` values, never thrown. Since agents 0.32 the source has no fingerprint and
// no load(): list() carries each skill's body (the catalog fingerprints the prompt it renders).
import {
  parseSkillName,
  parseSkillResourcePath,
  SkillResourceNotFoundError,
  SkillSourceError,
  type InvalidSkill,
  type ListedSkill,
  type SkillResource,
  type SkillResourceInfo,
  type SkillSource,
} from "agents/skills";
import type { SkillMeta } from "../runtime/api.js";
import type { SkillsLike } from "./skills-like.js";

export type { SkillsLike } from "./skills-like.js";

export interface SkillcSourceOptions {
  /** The source's id in the agent's diagnostics. @default "skillc" */
  id?: string;
}

type Kind = SkillResourceInfo["kind"];
const KINDS: Record<string, Kind> = { scripts: "script", references: "reference", assets: "asset" };

/** A supporting file as the agents package describes one: kind from its top folder, binary as base64. */
function resourceInfo(file: SkillMeta["files"][number]): SkillResourceInfo | undefined {
  const path = parseSkillResourcePath(file.path);
  if (!path.ok) return undefined;
  return { path: path.value, kind: KINDS[file.path.split("/")[0]!] ?? "file", encoding: file.binary ? "base64" : "text", size: file.bytes };
}

function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** One skill listed: its expanded body (awaited, so a split bundle's chunk loads here) and files. */
async function listed(skills: SkillsLike, meta: SkillMeta): Promise<ListedSkill | InvalidSkill> {
  const name = parseSkillName(meta.name);
  if (!name.ok) return { location: meta.path, error: name.error };
  // By SKILL.md path: two scopes may hold the same name (collisions: keep), and a name would be ambiguous.
  const loaded = await skills.load(meta.path);
  return {
    skill: { name: name.value, description: meta.description, metadata: {}, allowedTools: [], extraFields: {}, body: loaded.content },
    resources: meta.files.map(resourceInfo).filter((r): r is SkillResourceInfo => r !== undefined),
  };
}

/** The bundle's visible skills as a `SkillSource` for getSkills(). */
export function skillcSource(skills: SkillsLike, options: SkillcSourceOptions = {}): SkillSource {
  const id = options.id ?? "skillc";
  return {
    id,
    async list() {
      try {
        const all = await Promise.all(skills.list().map((meta) => listed(skills, meta)));
        const valid = all.filter((s): s is ListedSkill => "skill" in s);
        return { ok: true, value: { skills: valid, invalid: all.filter((s): s is InvalidSkill => !("skill" in s)) } };
      } catch (cause) {
        return { ok: false, error: new SkillSourceError(id, "list", cause) };
      }
    },
    async readResource(name, path) {
      // The skill list() gave this name first (the catalog keeps the first of a name, so a skill a
      // same-named one shadows is never read), matched by the name and paths list() gave it.
      const meta = skills.list().find((s) => { const n = parseSkillName(s.name); return n.ok && n.value === name; });
      const info = meta?.files.find((f) => resourceInfo(f)?.path === path);
      const described = info && resourceInfo(info);
      if (!described) return { ok: false, error: new SkillResourceNotFoundError(name, path) };
      try {
        const content = await skills.file(meta!.path, info.path);
        const resource: SkillResource = { ...described, content: typeof content == "string" ? content : base64(content) };
        return { ok: true, value: resource };
      } catch (cause) {
        return { ok: false, error: new SkillSourceError(id, "read-resource", cause) };
      }
    },
  };
}
