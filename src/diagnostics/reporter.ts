// The one way diagnostics are made. A run creates one Reporter from its profile and settings (and,
// for the stages after the cached per-skill analysis, the per-path overrides as a re-rating
// function); each stage takes a Report bound to one file and passes rule data, never prose: the
// message comes from the rule's catalog entry (RuleMeta.message).
import type { Diagnostic, Fix, Profile, RuleSetting, Severity } from "../types.js";
import { diagnose, effectiveSeverity, type AnyRule, type At, type ReportContext, type RuleMeta } from "./rule.js";

/** Reports one finding of `rule` at `range` into the file and list the Report is bound to. */
export type Report = <P>(rule: RuleMeta<P>, range: At, params: P, fix?: Fix) => void;

/** What every diagnostic of a run is rated by. Plain data: it crosses into the analysis workers. */
export interface RunSettings {
  profile: Profile;
  /** From config `rules` and `--rule id=level` flags. */
  settings: Record<string, RuleSetting>;
}

export class Reporter implements RunSettings {
  readonly profile: Profile;
  readonly settings: Record<string, RuleSetting>;
  private readonly rerate: (diagnostics: readonly Diagnostic[]) => Diagnostic[];

  /**
   * `rate` re-rates finished diagnostics by the settings of their own file (the config's
   * `overrides`, src/pipeline/overrides.ts); without it they keep the run's rating.
   */
  constructor(run: RunSettings, rate?: (diagnostics: readonly Diagnostic[]) => Diagnostic[]) {
    this.profile = run.profile;
    this.settings = run.settings;
    this.rerate = rate ?? ((diagnostics) => [...diagnostics]);
  }

  /** The rule's severity in this run, before any per-path override. */
  severity(rule: AnyRule): Severity | "off" {
    return effectiveSeverity(rule, this);
  }

  /** A diagnostic of `rule` in `file`, or undefined when the rule is off. */
  make<P>(file: string, rule: RuleMeta<P>, range: At, params: P, fix?: Fix): Diagnostic | undefined {
    return diagnose({ file, profile: this.profile, settings: this.settings }, rule, range, params, fix);
  }

  /** A Report for `file` that appends to `out`. */
  to(out: Diagnostic[], file: string): Report {
    return (rule, range, params, fix) => {
      const d = this.make(file, rule, range, params, fix);
      if (d) out.push(d);
    };
  }

  /** Applies the per-path overrides (dropping what they turn off); idempotent. */
  rate(diagnostics: readonly Diagnostic[]): Diagnostic[] {
    return this.rerate(diagnostics);
  }
}

/** A Report from a stage's file-bound context (as the cached analysis and the workers carry it). */
export function reportInto(out: Diagnostic[], ctx: ReportContext): Report {
  return new Reporter(ctx).to(out, ctx.file);
}
