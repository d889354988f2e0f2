// Rules of `skillc export --client` (src/export/): a skill the client would refuse is not exported.
import { defineRule as rule, type AnyRule } from "../diagnostics/rule.js";

/** The `source` of a refusal that is export's own (the folder it would write), not the client's. */
export const OWN = "skillc export";

export const EXPORT_REFUSED = rule<{ client: string; reason: string; source: string }>({
  id: "export-refused",
  severity: "error",
  description: "`skillc export --client` left a skill out: that client would refuse or skip it as exported.",
  help: "Export writes what the client reads and nothing it refuses. A name or description past that client's limits cannot be fixed by moving keys: Codex skips a skill whose name is over 64 characters or whose description is empty or over 1,024 (openai/codex codex-rs/core-skills/src/loader.rs); OpenAI's validator wants a hyphen-case name of at most 64 and no `<` or `>` in the description (openai/skills quick_validate.py); the spec limits name to 64, description to 1,024 and compatibility to 500 characters (agentskills docs/specification.mdx). Shorten the field in the source skill. Export's own refusals: a name that cannot be a folder on every system, and two skills that would share one folder (names compared ignoring case, as macOS and Windows do; with `namespaces`, `group:name` is exported as `group-name`): rename one of them.",
  // Export's own refusals are not the client's: they say so.
  message: ({ client, reason, source }) => (source === OWN ? `not exported for ${client}: ${reason}.` : `not exported: ${client} would refuse it, ${reason} (${source}).`),
});

export const DIALECT_RULES: AnyRule[] = [EXPORT_REFUSED];
