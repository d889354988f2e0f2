// Rules of `skillc export --client` (src/export/): a skill the client would refuse is not exported.
import { defineRule as rule, type AnyRule } from "../diagnostics/rule.js";

export const EXPORT_REFUSED = rule<{ client: string; reason: string; source: string }>({
  id: "export-refused",
  severity: "error",
  description: "`skillc export --client` left a skill out: that client would refuse or skip it as exported.",
  help: "Export writes what the client reads and nothing it refuses. A name or description past that client's limits cannot be fixed by moving keys: Codex skips a skill whose name is over 64 characters or whose description is empty or over 1,024 (openai/codex codex-rs/core-skills/src/loader.rs); OpenAI's validator wants a hyphen-case name of at most 64 and no `<` or `>` in the description (openai/skills quick_validate.py); the spec limits name to 64, description to 1,024 and compatibility to 500 characters (agentskills docs/specification.mdx). Shorten the field in the source skill.",
  message: ({ client, reason, source }) => `not exported: ${client} would refuse it, ${reason} (${source}).`,
});

export const DIALECT_RULES: AnyRule[] = [EXPORT_REFUSED];
