import type { Diagnostic, Fix, Profile, Range, RuleSetting, Severity } from "../types.js";
import { compareCodeUnits } from "../util/compare.js";

/**
 * A rule's permanent description. Ids are kebab-case and never renamed (the README documents each).
 * `P` is what a call site passes to report a finding: the data of `message(params)` (as ESLint's
 * `meta.messages` + `data`), so the prose lives here, not at the call site. A rule without a
 * `message` template takes the finished message as a string.
 */
export interface RuleMeta<P = string> {
  id: string;
  /** Default severity under the `skillc` profile. */
  severity: Severity | "off";
  /** Severity overrides for other profiles (e.g. unknown fields are errors under `agentskills`). */
  profiles?: Partial<Record<Profile, Severity | "off">>;
  /** One line: what the rule checks. */
  description: string;
  /** Why it matters and how to fix it (for the README). */
  help: string;
  /** Whether `--fix` can rewrite it. */
  fixable?: boolean;
  /**
   * Its diagnostics in one run share one cause (a setting such as the catalog budget) and carry one
   * message: the formatters for people (stylish, github) print identical ones once, with a count.
   */
  shared?: boolean;
  /** The message (with its fix hint) for one finding, from the call site's data. */
  message?: (params: P) => string;
}

/** A rule of any message type, as the catalog holds them. */
export type AnyRule = RuleMeta<any>;

/** Declares a rule whose message is a template: call sites pass `P`, never prose. */
export function defineRule<P>(rule: RuleMeta<P> & { message: (params: P) => string }): RuleMeta<P> {
  return rule;
}

/** The text of one finding: the rule's template applied to `params`, or `params` itself when it has none. */
export function messageOf<P>(rule: RuleMeta<P>, params: P): string {
  return rule.message ? rule.message(params) : String(params);
}

/** What a rule needs to turn a finding into a diagnostic: the file, the profile and the user's settings. */
export interface ReportContext {
  file: string;
  profile: Profile;
  /** From config `rules` and `--rule id=level` flags. */
  settings: Record<string, RuleSetting>;
}

export function effectiveSeverity(rule: AnyRule, ctx: Pick<ReportContext, "profile" | "settings">): Severity | "off" {
  const setting = ctx.settings[rule.id];
  if (setting) return setting === "warn" ? "warning" : setting;
  return rule.profiles?.[ctx.profile] ?? rule.severity;
}

/** Where a finding is: a start, and an end when known. */
export type At = Pick<Range, "line" | "column"> & Partial<Range>;

/**
 * Builds a diagnostic for `rule` at `range`, or returns undefined when the rule is off. The one
 * constructor of diagnostics: stages reach it through a Reporter (src/diagnostics/reporter.ts).
 */
export function diagnose<P>(ctx: ReportContext, rule: RuleMeta<P>, range: At, params: P, fix?: Fix): Diagnostic | undefined {
  const severity = effectiveSeverity(rule, ctx);
  if (severity === "off") return undefined;
  const d: Diagnostic = { file: ctx.file, line: range.line, column: range.column, ruleId: rule.id, severity, message: messageOf(rule, params) };
  if (range.endLine !== undefined) d.endLine = range.endLine;
  if (range.endColumn !== undefined) d.endColumn = range.endColumn;
  if (fix) d.fix = fix;
  return d;
}

/** Stable order for every output: file, line, column, rule id, message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    compareCodeUnits(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    compareCodeUnits(a.ruleId, b.ruleId) ||
    compareCodeUnits(a.message, b.message)
  );
}
