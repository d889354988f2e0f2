// The ReDoS check of the `triggers.patterns` the fast checks could not decide (frontmatter/checks.ts
// reports the rest in each skill's analysis), run once per run over every analysed skill, after the
// per-skill stages and their caches. recheck's cost is not bounded by a pattern's length (a
// 186-character pattern ran 10 minutes into an out-of-memory abort; `w{24}.*x{24}` takes 14 s), so
// a skill from a stranger could hold a lint for as long as it liked. Three bounds:
//  - a run sends at most RECHECK_RUN_MAX distinct patterns to recheck, in discovery order (skills),
//    then pattern order; any further one is refused, whatever a cache knows, so which ones are
//    refused depends on the input alone;
//  - each pattern gets RECHECK_TIME_LIMIT_MS of recheck, and the run RECHECK_RUN_TIME_MS in all; a
//    pattern recheck cannot finish in its share is refused. These two read a clock, so they are
//    far above what real patterns take (the slowest real-looking one found that passes,
//    `\b\w+\.(ts|tsx|js|jsx)\b.*\berror\b`, takes 1.2 s; a refusal for time instead of for its
//    shape changes nothing for a pattern that would be refused anyway).
// So no input makes a run spend more than 2 minutes in recheck. Verdicts recheck finished are kept
// between runs with what each cost (cache/regex-verdicts.ts): a rebuild does not pay again for the
// patterns it checked, and charges their recorded cost to its time, so it refuses what the first run did.
import type { Diagnostic, ParsedSkill, ValidSkillHead } from "../types.js";
import type { Reporter } from "../diagnostics/reporter.js";
import * as R from "../rules/frontmatter-rules.js";
import type { SkillAnalysis } from "./analyze.js";
import type { RegexVerdictStore } from "./analysis-store.js";
import { displayPath, rangeAt } from "./frontmatter/context.js";
import { needsRecheck, recheckTriggerRegex, type RegexVerdict } from "./frontmatter/trigger-regex.js";

/** Distinct patterns one run sends to recheck. */
export const RECHECK_RUN_MAX = 64;
/** recheck's time for one pattern. */
export const RECHECK_TIME_LIMIT_MS = 10_000;
/** recheck's time for a whole run. */
export const RECHECK_RUN_TIME_MS = 120_000;

export interface TriggerCheckOptions {
  /** Opened only when some pattern needs recheck (most runs have none). */
  openStore?: () => Promise<RegexVerdictStore>;
  /** Tests: smaller bounds, and a count of what reaches recheck. */
  runMax?: number;
  timeLimitMs?: number;
  runTimeMs?: number;
  recheck?: typeof recheckTriggerRegex;
}

/** The recheck findings of every analysed skill's trigger patterns, in the analyses' order. */
export async function checkTriggerPatterns(analyses: readonly SkillAnalysis[], reporter: Reporter, opts: TriggerCheckOptions = {}): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  if (reporter.severity(R.TRIGGER_REGEX_REDOS) === "off") return out;
  const pending = pendingPatterns(analyses);
  if (pending.length === 0) return out;
  const store = await opts.openStore?.();
  const budget = new RecheckBudget(opts, store);
  // This run's verdicts by source: a pattern met again is not sent again.
  const decided = new Map<string, RegexVerdict>();
  for (const { file, skill, index, source } of pending) {
    let verdict = decided.get(source);
    if (!verdict) decided.set(source, (verdict = budget.verdict(source)));
    if (verdict.ok) continue;
    const pointer = `/triggers/patterns/${index}`;
    reporter.to(out, file)(R.TRIGGER_REGEX_REDOS, rangeAt(skill as ParsedSkill, pointer), { field: displayPath(pointer), reason: verdict.reason });
  }
  await store?.save();
  return out;
}

/** What a run may still send to recheck: a count of patterns, and time. */
class RecheckBudget {
  private sent = 0;
  private readonly runMax: number;
  private readonly timeLimitMs: number;
  private readonly runTimeMs: number;
  private readonly recheck: typeof recheckTriggerRegex;
  /** Milliseconds of recheck this run: measured, or as recorded with a kept verdict (so a rebuild decides as the first run did). */
  private spent = 0;

  constructor(
    opts: TriggerCheckOptions,
    private readonly store: RegexVerdictStore | undefined,
  ) {
    this.runMax = opts.runMax ?? RECHECK_RUN_MAX;
    this.timeLimitMs = opts.timeLimitMs ?? RECHECK_TIME_LIMIT_MS;
    this.runTimeMs = opts.runTimeMs ?? RECHECK_RUN_TIME_MS;
    this.recheck = opts.recheck ?? recheckTriggerRegex;
  }

  /** The verdict on a pattern not decided yet this run; only one recheck finished is kept. */
  verdict(source: string): RegexVerdict {
    if (this.sent >= this.runMax) return refused(`it needs the full ReDoS check (recheck), and this run already sent the ${this.runMax} patterns it allows there (the first ones in skill order, then pattern order)`);
    this.sent++;
    const left = Math.ceil(this.runTimeMs - this.spent);
    if (left <= 0) return refused(`it needs the full ReDoS check (recheck), and this run's ${seconds(this.runTimeMs)} s of it were spent on earlier patterns`);
    const kept = this.store?.get(source);
    if (kept) {
      this.spent += kept.ms;
      return kept.verdict;
    }
    const t0 = performance.now();
    const { timedOut, ...v } = this.recheck(source, Math.min(this.timeLimitMs, left));
    const ms = Math.ceil(performance.now() - t0);
    this.spent += ms;
    if (timedOut && left < this.timeLimitMs) return refused(`the ReDoS checker did not finish analysing it in what was left of this run's ${seconds(this.runTimeMs)} s of checking, so it cannot be shown safe`);
    if (!timedOut) this.store?.set(source, { verdict: v, ms });
    return v;
  }
}

const seconds = (ms: number) => (ms / 1000).toLocaleString("en-US");

function refused(why: string): RegexVerdict {
  return { ok: false, kind: "redos", reason: `${why}; make it a shape the fast check accepts (at most one unbounded repeat, or repeats that cannot overlap; no repeated group)` };
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
