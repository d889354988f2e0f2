// The ReDoS check of the `triggers.patterns` the fast checks could not decide (frontmatter/checks.ts
// reports the rest in each skill's analysis), run once per run over every analysed skill, after the
// per-skill stages and their caches. recheck's cost is not bounded by a pattern's length (a
// 186-character pattern ran 10 minutes into an out-of-memory abort), so a skill from a stranger could
// hold a lint for as long as it liked. Two bounds, so that no input makes a run take longer than
// RECHECK_RUN_MAX × RECHECK_TIME_LIMIT_MS (2 minutes) of checking:
//  - each pattern gets RECHECK_TIME_LIMIT_MS of recheck; one that needs more is refused;
//  - a run sends at most RECHECK_RUN_MAX distinct patterns to recheck, in discovery order (skills),
//    then pattern order; any further one is refused, whatever a cache knows, so which ones are
//    refused depends on the input alone.
// Verdicts recheck finished are kept between runs (cache/regex-verdicts.ts): a rebuild does not pay
// again for the patterns it checked before.
import type { Diagnostic, ParsedSkill, ValidSkillHead } from "../types.js";
import type { Reporter } from "../diagnostics/reporter.js";
import * as R from "../rules/frontmatter-rules.js";
import type { SkillAnalysis } from "./analyze.js";
import type { RegexVerdictStore } from "./analysis-store.js";
import { displayPath, rangeAt } from "./frontmatter/context.js";
import { needsRecheck, recheckTriggerRegex, type RegexVerdict } from "./frontmatter/trigger-regex.js";

/** Distinct patterns one run sends to recheck (at most 5 s each). */
export const RECHECK_RUN_MAX = 24;
/** recheck's time for one pattern: real trigger patterns take 0.01–2 s (`(deploy|ship) .* to .* (prod|staging)` 1.7 s). */
export const RECHECK_TIME_LIMIT_MS = 5000;

export interface TriggerCheckOptions {
  /** Opened only when some pattern needs recheck (most runs have none). */
  openStore?: () => Promise<RegexVerdictStore>;
  /** Tests: smaller bounds, and a count of what reaches recheck. */
  runMax?: number;
  timeLimitMs?: number;
  recheck?: typeof recheckTriggerRegex;
}

/** The recheck findings of every analysed skill's trigger patterns, in the analyses' order. */
export async function checkTriggerPatterns(analyses: readonly SkillAnalysis[], reporter: Reporter, opts: TriggerCheckOptions = {}): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  if (reporter.severity(R.TRIGGER_REGEX_REDOS) === "off") return out;
  const pending = pendingPatterns(analyses);
  if (pending.length === 0) return out;
  const store = await opts.openStore?.();
  const runMax = opts.runMax ?? RECHECK_RUN_MAX;
  const recheck = opts.recheck ?? recheckTriggerRegex;
  // This run's verdicts by source; a pattern over the count is refused, and the refusal is not kept.
  const decided = new Map<string, RegexVerdict>();
  let sent = 0;
  for (const { file, skill, index, source } of pending) {
    let verdict = decided.get(source);
    if (!verdict) {
      if (sent < runMax) {
        sent++;
        verdict = store?.get(source);
        if (!verdict) {
          const { timedOut, ...v } = recheck(source, opts.timeLimitMs ?? RECHECK_TIME_LIMIT_MS);
          verdict = v;
          if (!timedOut) store?.set(source, v);
        }
      } else verdict = overCount(runMax);
      decided.set(source, verdict);
    }
    if (verdict.ok) continue;
    const pointer = `/triggers/patterns/${index}`;
    reporter.to(out, file)(R.TRIGGER_REGEX_REDOS, rangeAt(skill as ParsedSkill, pointer), { field: displayPath(pointer), reason: verdict.reason });
  }
  await store?.save();
  return out;
}

interface Pending {
  file: string;
  skill: ValidSkillHead | ParsedSkill;
  index: number;
  source: string;
}

/** The patterns the fast checks sent on, in discovery order, then pattern order. */
function pendingPatterns(analyses: readonly SkillAnalysis[]): Pending[] {
  const out: Pending[] = [];
  for (const a of analyses) {
    const skill = skillOf(a);
    if (!skill) continue;
    // A valid skill's fields hold its patterns without the frontmatter (which a lint may keep as
    // bytes until asked): that is read only for a skill with a pattern to check, for its indices.
    // (fields.triggers is there whenever the frontmatter's `triggers` is a map.)
    const valid = a.outcome === "valid" || a.outcome === "reused";
    if (valid && !a.skill.fields.triggers?.patterns.some((p) => needsRecheck(p))) continue;
    const patterns = patternsOf(skill.frontmatter) ?? [];
    for (let index = 0; index < patterns.length; index++) {
      const source = patterns[index];
      if (typeof source === "string" && needsRecheck(source)) out.push({ file: a.source.file, skill, index, source });
    }
  }
  return out;
}

/** What holds the skill's frontmatter and positions: the validated skill, or an invalid one's parse. */
function skillOf(a: SkillAnalysis): ValidSkillHead | ParsedSkill | undefined {
  if (a.outcome === "valid" || a.outcome === "reused") return a.skill;
  if (a.outcome === "invalid") return a.parsed;
  return undefined;
}

function patternsOf(frontmatter: Record<string, unknown> | undefined): unknown[] | undefined {
  const t = frontmatter?.triggers;
  if (!t || typeof t !== "object" || Array.isArray(t)) return undefined;
  const patterns = (t as Record<string, unknown>).patterns;
  return Array.isArray(patterns) ? patterns : undefined;
}

function overCount(runMax: number): RegexVerdict {
  return {
    ok: false,
    kind: "redos",
    reason: `it needs the full ReDoS check (recheck, up to ${RECHECK_TIME_LIMIT_MS / 1000} s a pattern), and this run already sent the ${runMax} it allows there (the first ${runMax} such patterns, in skill order, are checked); make it a shape the fast check accepts (at most one unbounded repeat, or repeats that cannot overlap; no repeated group)`,
  };
}
