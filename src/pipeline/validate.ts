// ParsedSkill → ValidSkill: the profile's JSON Schema (ajv, compiled once per profile) plus the
// rules beyond it. Returns only its own diagnostics; callers add parsed.diagnostics.
import type { Diagnostic, ParsedSkill, Profile, RuleSetting, ValidSkill } from "../types.js";
import type { ReportContext } from "../diagnostics/rule.js";
import * as R from "../rules/frontmatter-rules.js";
import { getValidator } from "./frontmatter/schema.js";
import { reportSchemaErrors } from "./frontmatter/schema-errors.js";
import { openingFence, report, type FmContext } from "./frontmatter/context.js";
import { checkCompatibility, checkDescription, checkName, checkTriggers, checkUnknownFields, checkXml } from "./frontmatter/checks.js";
import { buildFields } from "./frontmatter/fields.js";
import { checkHooks } from "./frontmatter/hooks.js";
import { checkToolGrants } from "./frontmatter/tool-grants.js";

export interface ValidateOptions {
  /** Which fields are known and how strict the rules are. */
  profile: Profile;
  /** Rule severities from config and flags. */
  settings: Record<string, RuleSetting>;
  /** The project's extra JSON Schema (config `schema`), checked in addition to the profile's. */
  extraSchema?: Record<string, unknown>;
}

/**
 * Validates a parsed skill. `skill` is undefined when the frontmatter did not parse or any
 * error-severity diagnostic (here or in parsed.diagnostics) concerns it; warnings keep it.
 */
export function validateSkill(parsed: ParsedSkill, opts: ValidateOptions): { skill?: ValidSkill; diagnostics: Diagnostic[] } {
  const frontmatter = parsed.frontmatter;
  if (!frontmatter) return { diagnostics: [] };
  const ctx: ReportContext = { file: parsed.source.file, profile: opts.profile, settings: opts.settings };
  const c: FmContext = { parsed, frontmatter, ctx, diagnostics: [] };

  const validator = getValidator(opts.profile, opts.extraSchema);
  if (!validator.validate(frontmatter)) reportSchemaErrors(c, validator.validate.errors ?? []);
  if (validator.extraError) {
    report(c, R.FIELD_TYPE, openingFence(), { kind: "extra-schema-broken", error: validator.extraError });
  } else if (validator.extra && !validator.extra(frontmatter)) {
    reportSchemaErrors(c, validator.extra.errors ?? [], true);
  }
  checkUnknownFields(c, opts.profile, validator.known);
  checkName(c, opts.profile);
  checkDescription(c, opts.profile);
  checkXml(c);
  checkCompatibility(c);
  checkTriggers(c);
  checkHooks(c);
  checkToolGrants(c);

  const failed = c.diagnostics.some((d) => d.severity === "error") || parsed.diagnostics.some((d) => d.severity === "error");
  if (failed) return { diagnostics: c.diagnostics };
  // ParsedSkill's members in its order, as `{ ...parsed, frontmatter, fields }` would give them from
  // parseSkill's result (a spread cost ~10× this literal). portability.ts passes a skill with more
  // members, and keeps only the diagnostics.
  const skill: ValidSkill = {
    source: parsed.source,
    hash: parsed.hash,
    text: parsed.text,
    frontmatter,
    positions: parsed.positions,
    frontmatterRange: parsed.frontmatterRange,
    bodyOffset: parsed.bodyOffset,
    body: parsed.body,
    bodyStart: parsed.bodyStart,
    diagnostics: parsed.diagnostics,
    fields: buildFields(parsed, frontmatter),
  };
  return { skill, diagnostics: c.diagnostics };
}
