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

export const EXPORT_WITHHELD = rule<{ client: string; field: string; kind: "manual-only" | "off-by-default" }>({
  id: "export-withheld",
  severity: "warning",
  description: "`skillc export --client` left a skill out: the client cannot hold its `disable-model-invocation: true` or `default_enabled: false`, and would run it with fewer restrictions than its author set.",
  help:
    "A manual-only skill (`disable-model-invocation: true`) exported to a client that cannot express it (agentskills, openai-skills: the field is left out) could be invoked by that client's model on its own. One off by default (`default_enabled: false`, any spelling) would be active in every client: the others leave the field out, and Claude Code keeps it but gives it no effect on skills (it reads `defaultEnabled` from a plugin's manifest only). " +
    "Export never weakens an author's restriction: such a skill is not exported to that client. Export a manual-only skill to a client that keeps the field (claude-code; codex, which gets `policy.allow_implicit_invocation: false` in agents/openai.yaml, or finds it in the skill's own), or remove the field if the skill may be invoked, or on by default, there.",
  message: ({ client, field, kind }) =>
    kind === "manual-only"
      ? `not exported for ${client}: \`${field}\` makes the skill manual-only, and ${client} cannot express it, so its model could invoke the skill on its own; export it to a client that keeps the field (claude-code, codex), or remove the field if the model may invoke it.`
      : `not exported for ${client}: \`${field}\` keeps the skill off until a host enables it, and ${client} cannot express it${client === "claude-code" ? " (it keeps the key but gives it no effect on skills)" : ""}, so it would be active there; no client skillc exports to can, so remove the field if the skill may be on by default.`,
});

export const DIALECT_RULES: AnyRule[] = [EXPORT_REFUSED, EXPORT_WITHHELD];
