// The portability lint (`--clients`, config `clients`): where a skill valid for skillc is refused,
// truncated, ignored in part or misread by a named client. Each finding says what that client does
// and the version or source file it was read from (schema/skill.schema.json `x-client`).
import { defineRule as rule, type AnyRule } from "../diagnostics/rule.js";

/** What a client does with the whole skill: `skips` (not loaded), `refuses` (a validator fails it). */
export type ClientSkips = { client: string; verb: "skips" | "refuses"; reason: string; source: string };

export const CLIENT_SKIPS_SKILL = rule<ClientSkips>({
  id: "client-skips-skill",
  severity: "warning",
  description: "A named client (`--clients`) would not load this skill, or its validator would fail it.",
  help: "Codex skips a skill whose `description` is empty or over 1,024 characters, whose `name` is over 64, or whose `metadata.short-description` is over 1,024 (openai/codex codex-rs/core-skills/src/loader.rs); OpenAI's skill validator allows only `name`, `description`, `license`, `allowed-tools` and `metadata`, a hyphen-case name and no `<`/`>` in the description (openai/skills quick_validate.py); the spec's reference validator (skills-ref) fails what the agentskills profile reports as errors. Fix the skill for that client, or leave the client out of `clients`.",
  message: ({ client, verb, reason, source }) => `${client} ${verb} this skill: ${reason} (${source}).`,
});

export const CLIENT_IGNORES_FIELD = rule<{ client: string; field: string; consequence?: string; source: string }>({
  id: "client-ignores-field",
  severity: "warning",
  description: "A field that changes what the skill does is ignored by a named client (`--clients`).",
  help: "Each client reads its own fields (the README's clients × fields table, generated from schema/skill.schema.json): Codex reads only `name`, `description` and `metadata.short-description`, so `argument-hint`, `disable-model-invocation` or `allowed-tools` have no effect there; Claude Code ignores skillc's own fields (`toolsets`, `triggers`…). Informational fields (`license`, `compatibility`, `metadata`, `version`) are not reported. Move the setting where that client reads it (for Codex, `agents/openai.yaml`), or accept the difference.",
  message: ({ client, field, consequence, source }) => `${client} ignores \`${field}\`${consequence ? `, ${consequence}` : ""} (${source}).`,
});

export const CLIENT_TRUNCATES = rule<{ client: string; what: string; length: number; max: number; source: string }>({
  id: "client-truncates",
  severity: "warning",
  description: "A named client (`--clients`) shows only part of a field.",
  help: "Claude Code cuts `description` + `when_to_use` at 1,536 characters in its skill listing (CHANGELOG 2.1.105), so the end of a long text never reaches the model. Put what decides when to use the skill first, or shorten it.",
  message: ({ client, what, length, max, source }) =>
    `${client} shows only the first ${max.toLocaleString("en-US")} characters of ${what} (${source}); this skill's are ${length.toLocaleString("en-US")}, so the last ${(length - max).toLocaleString("en-US")} never reach the model.`,
});

export const CLIENT_MISREADS = rule<{ client: string; problem: string; source: string }>({
  id: "client-misreads",
  severity: "warning",
  description: "A named client (`--clients`) reads a field differently from skillc.",
  help: "Claude Code loads a SKILL.md whose YAML it cannot parse with empty metadata (CHANGELOG 2.1.186), so the skill silently loses `allowed-tools`, `disable-model-invocation` and the rest. Since 2.1.332 it first retries with each unquoted top-level `key: value` holding `: ` or `{}[]*&#!|>%@` quoted and leading tabs made spaces; reported is what that retry cannot read either (a `: ` on a continuation line, a bad indent, an unclosed quote). Fix the YAML (skillc's `yaml-syntax` says where). Claude Code also ends the frontmatter at the first `---`, even inside a line (`description: A --- B`), and reads the fields after it as body: write such dashes otherwise.",
  message: ({ client, problem, source }) => `${client} ${problem} (${source}).`,
});

export const CLIENT_NAME_CHARSET = rule<{ name: string; folder: boolean; clients: string[] }>({
  id: "client-name-charset",
  severity: "warning",
  description: "The skill's name holds letters outside a-z, which clients that check `[a-z0-9-]` refuse.",
  help: "The agentskills profile accepts lowercase letters of any script (`навык`, `技能`), as the spec's reference validator does; OpenAI's skill validator (openai/skills quick_validate.py: `^[a-z0-9-]+$`) and skillc's other profiles refuse them. Reported under agentskills for those clients, and for every named client that checks. Use an a-z name if the skill must travel.",
  message: ({ name, folder, clients }) =>
    `${folder ? `the folder name "${name}" (the skill has no \`name\`)` : `\`name\` "${name}"`} holds letters outside a-z, 0-9 and \`-\`, which ${clients.join(" and ")} ${clients.length === 1 ? "refuses" : "refuse"}; use an a-z name if the skill must work there.`,
});

export const CODEX_SIDECAR_INVALID = rule<{ problem: string; whole: boolean }>({
  id: "codex-sidecar-invalid",
  severity: "warning",
  description: "`agents/openai.yaml` (Codex's sidecar) is invalid, so Codex ignores it or one of its fields.",
  help: "Codex reads `agents/openai.yaml` beside SKILL.md: `interface` (`display_name` ≤ 64, `short_description` ≤ 1,024, `icon_small`/`icon_large` under `assets/`, `brand_color` `#RRGGBB`, `default_prompt` ≤ 1,024), `policy` (`allow_implicit_invocation` a boolean, `products` a list) and `dependencies.tools[]` (each with `type` ≤ 64 and `value` ≤ 1,024). A file that does not parse or has a wrong type is ignored whole with a warning in Codex's log; a bad field alone is dropped (openai/codex codex-rs/core-skills/src/loader.rs). Checked under the codex profile and with `--clients codex`.",
  message: ({ problem, whole }) => (whole ? `Codex ignores agents/openai.yaml: ${problem}.` : `Codex ignores ${problem}.`),
});

/** Rules of the portability lint. */
export const PORTABILITY_RULES: AnyRule[] = [CLIENT_SKIPS_SKILL, CLIENT_IGNORES_FIELD, CLIENT_TRUNCATES, CLIENT_MISREADS, CLIENT_NAME_CHARSET, CODEX_SIDECAR_INVALID];
