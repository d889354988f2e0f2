import type { RuleMeta } from "../diagnostics/rule.js";

const rule = (r: RuleMeta): RuleMeta => r;

export const FIELD_TYPE = rule({
  id: "field-type",
  severity: "error",
  description: "A known frontmatter field has the wrong type or an invalid value.",
  help: "Each field has one expected shape (see schema/skill.schema.json): e.g. `name` a string, `disable-model-invocation` true or false, `context` only `fork`. Quote values YAML would read as numbers or booleans.",
});

export const UNKNOWN_FIELD = rule({
  id: "unknown-field",
  severity: "warning",
  profiles: { agentskills: "error", codex: "off" },
  description: "A frontmatter field the profile does not know (often a typo).",
  help: "Unknown fields are ignored by agents, so a typo (`allowed_tools`) silently loses its setting; the message names the closest known field. The agentskills profile allows only the six spec fields (move others under `metadata`); Codex ignores unknown keys, so the codex profile does not report them.",
});

export const NAME_MISSING = rule({
  id: "name-missing",
  severity: "off",
  profiles: { agentskills: "error" },
  description: "`name` is absent (required by the Agent Skills specification).",
  help: "The spec requires `name`; the other profiles use the folder name instead. Add `name: <folder-name>`.",
});

export const NAME_FORMAT = rule({
  id: "name-format",
  severity: "error",
  description: "`name` is not kebab-case of at most 64 characters.",
  help: "Names are identifiers (`/name` commands, the typed `SkillName` union, catalog entries): 1-64 lowercase letters, digits and single hyphens, not starting or ending with a hyphen. Rename, e.g. `PDF Tools` → `pdf-tools`.",
});

export const NAME_RESERVED = rule({
  id: "name-reserved",
  severity: "warning",
  description: "`name` contains a word reserved by Anthropic's platform (`anthropic`, `claude`).",
  help: "Anthropic's API and Claude apps reject skills whose name contains `anthropic` or `claude`. Rename the skill if it will be uploaded there.",
});

export const NAME_MISMATCH = rule({
  id: "name-mismatch",
  severity: "warning",
  profiles: { agentskills: "error" },
  description: "`name` differs from the skill's folder name.",
  help: "The spec requires them to be equal, and agents that go by the folder will call the skill differently. skillc uses the frontmatter name. Rename the folder or the name.",
});

export const XML_IN_FIELD = rule({
  id: "xml-in-field",
  severity: "warning",
  description: "`name` or `description` contains an XML tag.",
  help: "Catalogs are XML-like prompts; tags in a description can break or inject into them, and Anthropic's platform rejects them. Write the text without angle-bracket tags (use `&lt;`-free wording or backticks).",
});

export const DESCRIPTION_MISSING = rule({
  id: "description-missing",
  severity: "error",
  description: "`description` is missing or empty.",
  help: "The description is all the model sees before loading a skill: say what it does and when to use it (1-1024 characters). The claude-code profile falls back to the body's first paragraph instead.",
});

export const DESCRIPTION_FALLBACK = rule({
  id: "description-fallback",
  severity: "warning",
  description: "No `description`: the body's first paragraph is used instead (claude-code profile).",
  help: "Claude Code uses the first paragraph when `description` is absent, which is rarely a good trigger text. Write a `description` saying what the skill does and when to use it.",
});

export const DESCRIPTION_TOO_LONG = rule({
  id: "description-too-long",
  severity: "error",
  description: "`description` is longer than 1024 characters (code points).",
  help: "The spec, Codex and Claude apps reject descriptions over 1024 characters, and long descriptions crowd the catalog budget. Move detail into the body.",
});

export const COMPATIBILITY_TOO_LONG = rule({
  id: "compatibility-too-long",
  severity: "error",
  description: "`compatibility` is longer than 500 characters (code points).",
  help: "The spec limits `compatibility` to 500 characters. Keep it to the requirements (product, packages, network); put the rest in the body.",
});

export const METADATA_VALUE_TYPE = rule({
  id: "metadata-value-type",
  severity: "warning",
  profiles: { agentskills: "error" },
  description: "A `metadata` value is not a string.",
  help: "The spec defines `metadata` as string keys to string values; YAML turns `version: 1.0` into the number 1 and `beta: yes` stays a string only by luck. Quote the value.",
});

export const VERSION_NUMBER = rule({
  id: "version-number",
  severity: "warning",
  description: "`version` is an unquoted number (`version: 1.0` is read as 1).",
  help: "YAML reads `1.0` as the number 1 and `1.10` as 1.1, so the version changes silently. Quote it: `version: \"1.0\"`.",
});

export const TRIGGER_REGEX_INVALID = rule({
  id: "trigger-regex-invalid",
  severity: "error",
  description: "A `triggers.patterns` entry is not a valid JavaScript regular expression.",
  help: "Patterns are compiled with `new RegExp(source, \"i\")`. Fix the syntax (escape `(`, `[`, `\\` meant literally) or use `keywords`/`verbs` for plain words.",
});

export const TRIGGER_REGEX_REDOS = rule({
  id: "trigger-regex-redos",
  severity: "error",
  description: "A `triggers.patterns` entry can backtrack catastrophically (exponential or cubic-and-worse time), or cannot be shown not to.",
  help: "Patterns run on every user message; a nested quantifier like `(a+)+`, overlapping alternatives like `(a|b|ab)*`, or adjacent overlapping repeats like `a*a*a*b` can hang the agent on a short input. Remove the nesting (`a+`), make the alternatives disjoint, merge the repeats. Checked by a heuristic, then by recheck (no time limit, so the verdict is the same on every machine); patterns over 200 characters, with more than 8 quantifiers, or whose repeats need recheck and use what it cannot analyse (look-ahead, back-references) are refused too.",
});

/** Rules reported by the frontmatter stage. */
export const FRONTMATTER_RULES: RuleMeta[] = [
  FIELD_TYPE,
  UNKNOWN_FIELD,
  NAME_MISSING,
  NAME_FORMAT,
  NAME_RESERVED,
  NAME_MISMATCH,
  XML_IN_FIELD,
  DESCRIPTION_MISSING,
  DESCRIPTION_FALLBACK,
  DESCRIPTION_TOO_LONG,
  COMPATIBILITY_TOO_LONG,
  METADATA_VALUE_TYPE,
  VERSION_NUMBER,
  TRIGGER_REGEX_INVALID,
  TRIGGER_REGEX_REDOS,
];
