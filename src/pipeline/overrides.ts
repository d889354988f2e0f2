// Per-path rule settings from the config, in ESLint's shape:
//   overrides: [{ files: ["skills/legacy/**"], rules: { "placeholder-in-code": "off" } }]
// `files` are globs (picomatch) against paths relative to the project root. Precedence, lowest
// first: `rules`, then each matching override in order, then `--rule` flags.
//
// The per-skill analysis is cached under one key for the whole run, so overrides are not passed
// into it. Instead a rule that only an override turns on is analysed everywhere ("widened"), and
// every diagnostic of a rule that an override names is re-rated afterwards from the settings of
// its own file (dropped when "off"). Re-rating is idempotent, so it may be applied at each stage.
import path from "node:path";
import picomatch from "picomatch";
import type { Diagnostic, Profile, RuleSetting } from "../types.js";
import { effectiveSeverity } from "../diagnostics/rule.js";
import { RULES } from "../diagnostics/registry.js";
import { toPosix } from "../util/paths.js";
import { splitSuppressed } from "./suppress.js";
import { pushAll } from "../util/push-all.js";

export interface RuleOverride {
  files: string[];
  rules: Record<string, RuleSetting>;
}

export interface OverrideContext {
  cwd: string;
  /** Absolute project root: `files` globs are relative to it. */
  root: string;
  profile: Profile;
  /** The config's `rules`. */
  rules: Record<string, RuleSetting>;
  /** `--rule` flags: they win over every override. */
  cli?: Record<string, RuleSetting>;
  overrides: readonly RuleOverride[];
}

/** The settings to analyse with: config rules and flags, plus rules only an override turns on. */
export function analysisSettings(ctx: OverrideContext): Record<string, RuleSetting> {
  const settings = { ...ctx.rules, ...ctx.cli };
  for (const o of ctx.overrides) {
    for (const [id, value] of Object.entries(o.rules)) {
      const rule = RULES.get(id);
      if (!rule || value === "off" || ctx.cli?.[id] !== undefined) continue;
      if (effectiveSeverity(rule, { profile: ctx.profile, settings }) === "off") settings[id] = value;
    }
  }
  return settings;
}

/** Builds the re-rating function for one run (matchers compiled once, per-file settings cached). */
export function overrideRater(ctx: OverrideContext): (diagnostics: readonly Diagnostic[]) => Diagnostic[] {
  const named = new Set(ctx.overrides.flatMap((o) => Object.keys(o.rules)));
  if (named.size === 0) return (diagnostics) => [...diagnostics];
  const matchers = ctx.overrides.map((o) => picomatch(o.files, { dot: true }));
  const perFile = new Map<string, Record<string, RuleSetting>>();
  const settingsOf = (file: string) => {
    let settings = perFile.get(file);
    if (!settings) {
      const rel = toPosix(path.relative(ctx.root, path.resolve(ctx.cwd, file)));
      settings = { ...ctx.rules };
      ctx.overrides.forEach((o, i) => matchers[i]!(rel) && Object.assign(settings!, o.rules));
      Object.assign(settings, ctx.cli);
      perFile.set(file, settings);
    }
    return settings;
  };
  return (diagnostics) => {
    const out: Diagnostic[] = [];
    for (const d of diagnostics) {
      const rule = named.has(d.ruleId) ? RULES.get(d.ruleId) : undefined;
      if (!rule) {
        out.push(d);
        continue;
      }
      const severity = effectiveSeverity(rule, { profile: ctx.profile, settings: settingsOf(d.file) });
      if (severity !== "off") out.push(severity === d.severity ? d : { ...d, severity });
    }
    return out;
  };
}

/**
 * Settles the analyses' own diagnostics: overrides applied, suppressed ones taken out (returned,
 * for the JSON formatter's `suppressedMessages`). Done before anything decides on errors.
 */
export function settleAnalyses(analyses: Array<{ diagnostics: Diagnostic[] }>, rate: (d: readonly Diagnostic[]) => Diagnostic[]): Diagnostic[] {
  const suppressed: Diagnostic[] = [];
  for (const a of analyses) {
    const rated = rate(a.diagnostics);
    // Most skills have no suppressed finding: their rated list is kept as it is (no split copy).
    if (!rated.some((d) => d.suppressions)) {
      a.diagnostics = rated;
      continue;
    }
    const split = splitSuppressed(rated);
    a.diagnostics = split.kept;
    pushAll(suppressed, split.suppressed);
  }
  return suppressed;
}
