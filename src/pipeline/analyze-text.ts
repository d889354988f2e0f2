// The per-skill stages on one SKILL.md's bytes: parse → validate → body checks → suppressions. Pure
// (no I/O): the same result in this thread, on a worker (analyze-pool.ts) or restored from the cache.
import type { Diagnostic, ParsedSkill, Profile, RuleSetting, SkillSource, ValidSkill } from "../types.js";
import type { ReportContext } from "../diagnostics/rule.js";
import { parseSkill } from "./parse.js";
import { validateSkill } from "./validate.js";
import { checkBody } from "./body-checks.js";
import { applySuppressions } from "./suppress.js";
import { checkHiddenText, checkSkillPath } from "./text-checks.js";

/** What analyzeText depends on besides the skill's bytes and file names. */
export interface TextOptions {
  profile: Profile;
  settings: Record<string, RuleSetting>;
  extraSchema?: Record<string, unknown>;
}

export interface TextResult {
  parsed: ParsedSkill;
  skill: ValidSkill | undefined;
  diagnostics: Diagnostic[];
}

/**
 * Parse, validate and check the body: a pure function of the bytes, the file names (and why others
 * were left out: left-out.ts) and the options.
 */
export function analyzeText(source: SkillSource, bytes: Uint8Array, fileSet: ReadonlySet<string>, opts: TextOptions, hash?: string, leftOut?: ReadonlyMap<string, string>): TextResult {
  const ctx: ReportContext = { file: source.file, profile: opts.profile, settings: opts.settings };
  const parsed = parseSkill(source, bytes, ctx, hash);
  const diagnostics = [...parsed.diagnostics, ...checkSkillPath(parsed, ctx), ...checkHiddenText(parsed, ctx)];
  if (parsed.frontmatter === undefined) return { parsed, skill: undefined, diagnostics };
  const validated = validateSkill(parsed, { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema });
  diagnostics.push(...validated.diagnostics);
  const fields = validated.skill?.fields;
  const body = checkBody({
    parsed,
    declaredArguments: fields?.arguments ?? [],
    hasArgumentHint: fields?.argumentHint !== undefined,
    files: fileSet,
    leftOut,
    ctx,
  });
  // Suppressed ones stay in the list, marked: the cache and the workers carry them like the others.
  diagnostics.push(...applySuppressions(parsed, body, ctx));
  return { parsed, skill: validated.skill, diagnostics };
}
