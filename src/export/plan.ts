// What one skill becomes for one client: the frontmatter that client reads (keys it refuses or
// ignores left out, settings it reads elsewhere moved there), Codex's agents/openai.yaml sidecar, and
// the reasons the client would still refuse it. Pure: the facts are schema/skill.schema.json's
// definition of the client (clientFacts) and the limits cited below.
import type { Client, ValidSkill } from "../types.js";
import { clientFacts } from "../pipeline/portability.js";

export interface ExportPlan {
  /** The SKILL.md frontmatter, keys in the source's order (name and description first). */
  frontmatter: Record<string, unknown>;
  /** agents/openai.yaml (Codex), when the source has none and there is something to say. */
  sidecar?: Record<string, unknown>;
  /** Source keys left out because the client refuses or ignores them. */
  dropped: string[];
  /** Why the client would refuse the exported skill (empty: export it), each at a source key. */
  refusals: Array<{ key: string; reason: string; source: string }>;
}

/** Fields kept whatever the client says about them: they inform and harm nothing (portability.ts). */
const INFORMATIONAL = new Set(["license", "compatibility", "metadata"]);
const DISPLAY_NAME = ["display-name", "display_name", "displayName"];

const CODEX = "openai/codex codex-rs/core-skills/src/loader.rs";
const OPENAI = "openai/skills skill-creator/scripts/quick_validate.py";
const SPEC = "agentskills docs/specification.mdx";

/** The per-client limits the exported name and description must keep. */
const LIMITS: Record<Client, { name: number; description: number; hyphenCase?: boolean; noAngle?: boolean; source: string }> = {
  "claude-code": { name: 64, description: Infinity, source: "Claude Code skills documentation" },
  codex: { name: 64, description: 1024, source: CODEX },
  "openai-skills": { name: 64, description: 1024, hyphenCase: true, noAngle: true, source: OPENAI },
  agentskills: { name: 64, description: 1024, source: SPEC },
};

const len = (s: string) => [...s].length;

export function planExport(skill: ValidSkill, name: string, client: Client, hasSidecar: boolean): ExportPlan {
  const facts = clientFacts(client);
  const fm = skill.frontmatter;
  const keep = (key: string) => facts.known.has(key) && (!facts.ignores.includes(key) || INFORMATIONAL.has(key));
  const description = describe(skill, client);
  const frontmatter: Record<string, unknown> = { name, description };
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(fm)) {
    if (key === "name" || key === "description") continue;
    if (keep(key)) frontmatter[key] = specShape(key, value, client);
    else dropped.push(key);
  }
  const plan: ExportPlan = { frontmatter, dropped, refusals: refusals(skill, name, description, client) };
  if (client === "codex") codex(skill, plan, hasSidecar);
  return plan;
}

/**
 * The spec's shapes: `metadata` a map of strings (a number or boolean value as written), and, for
 * the clients other than Claude Code (which also takes a YAML list), `allowed-tools` a
 * space-separated string.
 */
function specShape(key: string, value: unknown, client: Client): unknown {
  if (key === "allowed-tools" && Array.isArray(value) && client !== "claude-code") return value.map(String).join(" ");
  if (key === "metadata" && value && typeof value === "object" && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v !== null && typeof v !== "object" ? String(v) : v]));
  }
  return value;
}

/** The description the client shows: where it does not read `when_to_use`, that text follows the description if it fits. */
function describe(skill: ValidSkill, client: Client): string {
  const { description, whenToUse } = skill.fields;
  if (client === "claude-code" || !whenToUse) return description;
  const joined = `${description.trimEnd()} ${whenToUse.trim()}`;
  return len(joined) <= LIMITS[client].description ? joined : description;
}

function refusals(skill: ValidSkill, name: string, description: string, client: Client): ExportPlan["refusals"] {
  const l = LIMITS[client];
  const out: ExportPlan["refusals"] = [];
  if (len(name) > l.name) out.push({ key: "name", reason: `its name is ${len(name)} characters, over ${l.name}`, source: l.source });
  if (l.hyphenCase && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) out.push({ key: "name", reason: `its name "${name}" is not hyphen-case (a-z, 0-9, single hyphens)`, source: l.source });
  if (!description.trim()) out.push({ key: "description", reason: "its description is empty", source: l.source });
  if (len(description) > l.description) out.push({ key: "description", reason: `its description is ${len(description).toLocaleString("en-US")} characters, over ${l.description.toLocaleString("en-US")}`, source: l.source });
  if (l.noAngle && /[<>]/.test(description)) out.push({ key: "description", reason: "its description holds < or >", source: l.source });
  const compat = skill.fields.compatibility;
  if (client === "agentskills" && compat && len(compat) > 500) out.push({ key: "compatibility", reason: `its compatibility is ${len(compat)} characters, over 500`, source: SPEC });
  const short = skill.fields.metadata?.["short-description"];
  if (client === "codex" && short && len(short) > 1024) out.push({ key: "metadata", reason: "its metadata.short-description is over 1,024 characters", source: CODEX });
  return out;
}

/**
 * Codex reads `disable-model-invocation`, the display name and the short description from
 * agents/openai.yaml (`policy.allow_implicit_invocation`, `interface.display_name`,
 * `interface.short_description`): written there when the source has no sidecar of its own (one it
 * has is copied as it is, like every supporting file).
 */
function codex(skill: ValidSkill, plan: ExportPlan, hasSidecar: boolean): void {
  const fm = skill.frontmatter;
  const display = DISPLAY_NAME.map((k) => fm[k]).find((v) => typeof v === "string" && v.trim()) as string | undefined;
  const brief = typeof fm.brief_description === "string" ? fm.brief_description.trim() : "";
  const iface: Record<string, string> = {};
  if (display) iface.display_name = display;
  if (brief && len(brief) <= 1024) iface.short_description = brief;
  const sidecar: Record<string, unknown> = {};
  if (Object.keys(iface).length) sidecar.interface = iface;
  if (skill.fields.disableModelInvocation) sidecar.policy = { allow_implicit_invocation: false };
  if (!hasSidecar && Object.keys(sidecar).length) plan.sidecar = sidecar;
}
