// An author's restriction that an exported skill would lose. `disable-model-invocation: true` makes a
// skill manual-only and `default_enabled: false` keeps it off until a host enables it; a client whose
// skill format cannot hold the field gets it left out (plan.ts), and would then let its model invoke
// the skill, or run it as active. Such a skill is withheld from that client, never exported weaker.
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import type { Client, SkillSource, ValidSkill } from "../types.js";
import type { Report } from "../diagnostics/reporter.js";
import { checkCodexSidecar } from "../pipeline/portability-sidecar.js";
import { bool } from "../pipeline/frontmatter/fields.js";
import type { ExportPlan } from "./plan.js";
import { isMap } from "../util/is-map.js";

/** A restriction the export would lose: the source key it sits at, and what it means. */
export interface LostRestriction {
  key: string;
  /** The key and value as written in the source, e.g. "disable-model-invocation: true". */
  field: string;
  kind: "manual-only" | "off-by-default";
}

/** Every spelling of default-enabled skillc knows (only `default_enabled` has a meaning in skillc; an author writing another still means it). */
const DEFAULT_ENABLED = ["default_enabled", "default-enabled", "defaultEnabled"];
/** Larger than any real sidecar: a bigger one is not read, and does not count as keeping the restriction. */
const SIDECAR_MAX = 64 * 1024;

/**
 * The restrictions `plan` drops. Codex holds `disable-model-invocation` in agents/openai.yaml: kept
 * when the plan writes that sidecar, or when the skill's own sidecar (copied as it is) sets
 * `policy.allow_implicit_invocation: false`.
 */
export function lostRestrictions(skill: ValidSkill, client: Client, plan: ExportPlan, hasSidecar: boolean): LostRestriction[] {
  const fm = skill.frontmatter;
  const dropped = new Set(plan.dropped);
  const out: LostRestriction[] = [];
  const manual = fm["disable-model-invocation"];
  if (dropped.has("disable-model-invocation") && bool(manual, false)) {
    const kept = client === "codex" && (plan.sidecar?.policy !== undefined || (hasSidecar && ownSidecarForbidsImplicit(skill.source)));
    if (!kept) out.push({ key: "disable-model-invocation", field: `disable-model-invocation: ${String(manual)}`, kind: "manual-only" });
  }
  // No client holds off-by-default for a skill: Claude Code keeps the key (it knows it) but gives it no
  // effect on skills (2.1.332's bundle reads defaultEnabled from a plugin's manifest only), and the
  // others leave it out. So such a skill is withheld from every client.
  for (const key of DEFAULT_ENABLED) {
    if (fm[key] !== undefined && !bool(fm[key], true)) out.push({ key, field: `${key}: ${String(fm[key])}`, kind: "off-by-default" });
  }
  return out;
}

/**
 * Whether the skill's own agents/openai.yaml (a regular file inside the skill folder) sets
 * `policy.allow_implicit_invocation: false`, in a file Codex reads: one it ignores whole (a field of
 * the wrong type, portability-sidecar.ts) keeps nothing.
 */
function ownSidecarForbidsImplicit(source: SkillSource): boolean {
  try {
    const file = path.join(source.absDir, "agents", "openai.yaml");
    if (!existsSync(file) || !realpathSync(file).startsWith(realpathSync(source.absDir) + path.sep)) return false;
    if (!statSync(file).isFile() || statSync(file).size > SIDECAR_MAX) return false;
    let ignored = false;
    const report: Report = (_rule, _range, params) => void (ignored ||= (params as { whole?: boolean }).whole === true);
    checkCodexSidecar(source, report);
    if (ignored) return false;
    const doc = parse(readFileSync(file, "utf8")) as unknown;
    const policy = isMap(doc) ? doc.policy : undefined;
    return isMap(policy) && policy.allow_implicit_invocation === false;
  } catch {
    return false; // unreadable or not YAML: Codex ignores such a sidecar whole
  }
}
