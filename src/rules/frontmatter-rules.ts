import { defineRule as rule, type AnyRule } from "../diagnostics/rule.js";

// `field` is a frontmatter path as shown ("triggers.patterns[0]"); `got` describes the value found
// ("the number 1", src/pipeline/fm-context.ts describeValue); `extra`: the project's extra schema said so.

/** A value that does not fit the schema (skill.schema.json, or the project's extra schema). */
export type FieldType =
  | { kind: "type"; field: string; types: string[]; got: string; valueType: string; extra: boolean }
  | { kind: "enum"; field: string; allowed: unknown[]; got: string; extra: boolean }
  | { kind: "pattern"; field: string; pattern: string; got: string; extra: boolean }
  | { kind: "additional"; field: string; key: string; fields?: string[]; extra: boolean }
  | { kind: "required"; field: string; missing: string; extra: boolean }
  | { kind: "other"; field: string; problem: string; extra: boolean }
  | { kind: "extra-schema-broken"; error: string };

const EXPECTED: Record<string, string> = {
  string: "a string",
  boolean: "true or false (or yes/no/on/off/1/0, as Claude Code 2.1.218 reads them)",
  array: "a list",
  object: "a map of fields",
  number: "a number",
  integer: "an integer",
  null: "empty",
};

export const FIELD_TYPE = rule<FieldType>({
  id: "field-type",
  severity: "error",
  description: "A known frontmatter field has the wrong type or an invalid value.",
  help: "Each field has one expected shape (see schema/skill.schema.json): e.g. `name` a string, `disable-model-invocation` true or false, `context` only `fork`. Quote values YAML would read as numbers or booleans.",
  message: fieldTypeMessage,
});

export const UNKNOWN_FIELD = rule<{ key: string; profile: string; near?: string; known: string[] }>({
  id: "unknown-field",
  severity: "warning",
  profiles: { agentskills: "error", codex: "off" },
  description: "A frontmatter field the profile does not know (often a typo).",
  help: "Unknown fields are ignored by agents, so a typo (`allowed_tools`) silently loses its setting; the message names the closest known field. The agentskills profile allows only the six spec fields (move others under `metadata`); Codex ignores unknown keys, so the codex profile does not report them.",
  message: ({ key, profile, near, known }) => {
    const hint = near
      ? `did you mean \`${near}\`?`
      : profile === "agentskills"
        ? `the specification allows only ${known.map((k) => `\`${k}\``).join(", ")}; move it under \`metadata\` or use the skillc profile.`
        : "agents ignore it; remove it, or move it under `metadata`.";
    return `\`${key}\` is not a field the ${profile} profile knows; ${hint}`;
  },
});

export const NAME_MISSING = rule<{ suggestion: string }>({
  id: "name-missing",
  severity: "off",
  profiles: { agentskills: "error" },
  description: "`name` is absent (required by the Agent Skills specification).",
  help: "The spec requires `name`; the other profiles use the folder name instead. Add `name: <folder-name>`.",
  message: ({ suggestion }) => `\`name\` is required by the Agent Skills specification; add \`name: ${suggestion}\`.`,
});

export const NAME_FORMAT = rule<{ kind: "name"; name: string; problems: string[]; suggestion: string } | { kind: "folder"; folder: string; problems: string[]; suggestion: string }>({
  id: "name-format",
  severity: "error",
  description: "`name` is not kebab-case of at most 64 characters (under agentskills: lowercase letters of any script, digits and hyphens, after NFKC).",
  help: "Names are identifiers (`/name` commands, the typed `SkillName` union, catalog entries): 1-64 lowercase letters, digits and single hyphens, not starting or ending with a hyphen. Rename, e.g. `PDF Tools` → `pdf-tools`. The agentskills profile follows the spec's reference validator (agentskills/agentskills skills-ref validator.py and its test_i18n_* tests): lowercase letters of any script are accepted after NFKC (`навык`, `技能`), and `--clients` warns where a client checks a-z0-9 (`client-name-charset`).",
  message: (p) => {
    if (p.kind === "folder") {
      return `${folderUsed(p.folder)}, and it ${p.problems.join(", ")}; rename the folder (e.g. to "${p.suggestion}") or add \`name: ${p.suggestion}\` to the frontmatter.`;
    }
    const rename = p.suggestion && p.suggestion !== p.name ? `; rename it, e.g. \`name: ${p.suggestion}\`` : "; rename it in kebab-case";
    return `\`name\` ${p.problems.join(", ")}${rename}.`;
  },
});

export const NAME_RESERVED = rule<{ kind: "name"; word: string } | { kind: "folder"; folder: string; word: string }>({
  id: "name-reserved",
  severity: "warning",
  description: "`name` contains a word reserved by Anthropic's platform (`anthropic`, `claude`).",
  help: "Anthropic's API and Claude apps reject skills whose name contains `anthropic` or `claude`. Rename the skill if it will be uploaded there.",
  message: (p) =>
    `${p.kind === "name" ? "`name`" : `${folderUsed(p.folder)}, and it`} contains "${p.word}", which Anthropic's platform reserves and rejects; rename the skill if it will be uploaded there.`,
});

export const NAME_MISMATCH = rule<{ name: string; folder: string }>({
  id: "name-mismatch",
  severity: "warning",
  profiles: { agentskills: "error" },
  description: "`name` differs from the skill's folder name (compared after NFKC).",
  help: "The spec requires them to be equal, and agents that go by the folder will call the skill differently. skillc uses the frontmatter name. Both are compared after NFKC normalisation, as the spec's reference validator does (skills-ref test_nfkc_normalization). Rename the folder or the name.",
  message: ({ name, folder }) => `\`name\` is "${name}" but the folder is "${folder}"; rename one so they match (skillc uses "${name}").`,
});

export const XML_IN_FIELD = rule<{ field: string; tag: string }>({
  id: "xml-in-field",
  severity: "warning",
  description: "`name` or `description` contains an XML tag.",
  help: "Catalogs are XML-like prompts; tags in a description can break or inject into them, and Anthropic's platform rejects them. Write the text without angle-bracket tags (use `&lt;`-free wording or backticks).",
  message: ({ field, tag }) => `\`${field}\` contains the XML tag \`${tag}\`, which can break the XML catalog and is rejected by Anthropic's platform; reword it without angle-bracket tags.`,
});

export const DESCRIPTION_MISSING = rule<{ empty: boolean; max: number }>({
  id: "description-missing",
  severity: "error",
  description: "`description` is missing or empty.",
  help: "The description is all the model sees before loading a skill: say what it does and when to use it (1-1024 characters). The claude-code profile falls back to the body's first paragraph instead.",
  message: ({ empty, max }) => `\`description\` ${empty ? "is empty" : "is missing"}; add one saying what the skill does and when to use it (1-${max} characters).`,
});

export const DESCRIPTION_FALLBACK = rule<Record<string, never>>({
  id: "description-fallback",
  severity: "warning",
  description: "No `description`: the body's first paragraph is used instead (claude-code profile).",
  help: "Claude Code uses the first paragraph when `description` is absent, which is rarely a good trigger text. Write a `description` saying what the skill does and when to use it.",
  message: () => "`description` is missing, so the body's first paragraph is used; add a `description` saying what the skill does and when to use it.",
});

export const DESCRIPTION_TOO_LONG = rule<{ length: number; max: number }>({
  id: "description-too-long",
  severity: "error",
  description: "`description` is longer than 1024 characters (code points).",
  help: "The spec, Codex and Claude apps reject descriptions over 1024 characters, and long descriptions crowd the catalog budget. Move detail into the body.",
  message: ({ length, max }) => `\`description\` is ${length} characters long, over the limit of ${max} by ${length - max}; shorten it and move detail into the body.`,
});

export const COMPATIBILITY_TOO_LONG = rule<{ length: number; max: number }>({
  id: "compatibility-too-long",
  severity: "error",
  description: "`compatibility` is longer than 500 characters (code points).",
  help: "The spec limits `compatibility` to 500 characters. Keep it to the requirements (product, packages, network); put the rest in the body.",
  message: ({ length, max }) => `\`compatibility\` is ${length} characters long, over the limit of ${max} by ${length - max}; keep it to the requirements and move the rest into the body.`,
});

export const METADATA_VALUE_TYPE = rule<{ field: string; key: string; got: string; source?: string }>({
  id: "metadata-value-type",
  severity: "warning",
  description: "A `metadata` value is not a string.",
  help: "The spec defines `metadata` as string keys to string values; YAML turns `version: 1.0` into the number 1 and `beta: yes` stays a string only by luck. Quote the value. A warning under every profile, agentskills included: the spec's reference validator accepts the skill and reads the value as written (skills-ref tests/test_parser.py test_read_with_metadata: `version: 1.0` → \"1.0\"), and so does skillc.",
  message: ({ field, key, got, source }) =>
    `\`${field}\` must be a string, got ${got}; ${source !== undefined ? `quote it: \`${key}: "${source}"\`` : "write it as a string (metadata values are strings)"}.`,
});

export const VERSION_NUMBER = rule<{ source: string; value: number }>({
  id: "version-number",
  severity: "warning",
  description: "`version` is an unquoted number (`version: 1.0` is read as 1).",
  help: "YAML reads `1.0` as the number 1 and `1.10` as 1.1, so the version changes silently. Quote it: `version: \"1.0\"`.",
  message: ({ source, value }) => `\`version: ${source}\` is read by YAML as the number ${value}; quote it: \`version: "${source}"\`.`,
});

export const TRIGGER_REGEX_INVALID = rule<{ field: string; reason: string }>({
  id: "trigger-regex-invalid",
  severity: "error",
  description: "A `triggers.patterns` entry is not a valid JavaScript regular expression.",
  help: "Patterns are compiled with `new RegExp(source, \"i\")`. Fix the syntax (escape `(`, `[`, `\\` meant literally) or use `keywords`/`verbs` for plain words.",
  message: ({ field, reason }) => `\`${field}\` is not a valid regular expression (${reason}); fix its syntax or escape characters meant literally.`,
});

export const TRIGGER_REGEX_REDOS = rule<{ field: string; reason: string }>({
  id: "trigger-regex-redos",
  severity: "error",
  description: "A `triggers.patterns` entry can backtrack catastrophically (exponential or cubic-and-worse time), or cannot be shown not to.",
  help: "Patterns run on every user message; a nested quantifier like `(a+)+`, overlapping alternatives like `(a|b|ab)*`, or adjacent overlapping repeats like `a*a*a*b` can hang the agent on a short input. Remove the nesting (`a+`), make the alternatives disjoint, merge the repeats. Checked by a heuristic, then by recheck; patterns over 200 characters, with more than 8 quantifiers, or whose repeats need recheck and use what it cannot analyse (look-ahead, back-references) are refused too, and so is one recheck cannot finish in 10 s (or in what is left of the run's 2 minutes), or past the 64 a run sends to recheck (its cost is not bounded by a pattern's length).",
  message: ({ field, reason }) => `\`${field}\` fails the ReDoS check: ${reason}. Rewrite it without nested or overlapping repetition (e.g. \`(a+)+\` → \`a+\`, \`a*a*b\` → \`a*b\`), or use \`keywords\`.`,
});

export const HOOK_COMMAND = rule<{ field: string; event: string; kind: "command" | "http" | "mcp_tool"; target: string }>({
  id: "hook-command",
  severity: "warning",
  description: "A frontmatter `hooks` entry makes Claude Code run a shell command (or post to a URL, or call an MCP tool) while the skill is active.",
  help:
    "Claude Code runs a skill's `hooks` (the shape of settings hooks) on their events for as long as the skill is active, without asking: a `command` hook runs in a shell, an `http` hook posts the event's data (tool inputs included) to its URL, an `mcp_tool` hook calls a tool. " +
    "A skill from someone else can run code this way; read each hook before you trust the skill. skillc's runtime never runs hooks (nor do the other clients), so do not rely on them for behaviour either.",
  message: ({ field, event, kind, target }) => {
    const act = kind === "command" ? `runs \`${target}\` in a shell` : kind === "http" ? `posts the event's data (tool inputs included) to \`${target}\`` : `calls the MCP tool ${target}`;
    return `\`${field}\` ${act}: Claude Code does so on each \`${event}\` event while the skill is active, without asking (skillc's runtime never runs hooks); read it before you trust the skill.`;
  },
});

export const SHELL_GRANTED = rule<{ tool: string; shell: string }>({
  id: "shell-granted",
  severity: "warning",
  description: "`allowed-tools` approves a shell tool for every command (`Bash`, `Bash(*)`, or a shell or interpreter: `Bash(sh:*)`): Claude Code then runs any shell command the model asks for without a prompt while the skill is active.",
  help:
    "In Claude Code, `allowed-tools` only pre-approves: each tool named runs without asking while the skill is active. `Bash` with no command pattern, like `Bash(*)`, approves every shell command, and so does a pattern for a shell or an interpreter (`Bash(sh:*)`, `Bash(python3 *)`, `Bash(env *)`), which runs whatever its arguments say; a model steered by any text it reads (a web page, an issue, a file) can then run anything unasked. " +
    "Name the commands the skill needs instead (`Bash(git status:*)`, `Bash(npm run test:*)`), or leave the tool out and let Claude Code ask. skillc's runtime grants nothing (it runs no commands).",
  message: ({ tool, shell }) =>
    `\`allowed-tools\` approves \`${tool}\` for every command: while the skill is active, Claude Code runs any ${shell} command the model asks for without a prompt; name the commands the skill needs (e.g. \`${shell}(git status:*)\`) or leave it out.`,
});

/** Rules reported by the frontmatter stage. */
export const FRONTMATTER_RULES: AnyRule[] = [
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
  HOOK_COMMAND,
  SHELL_GRANTED,
];

/** A skill without `name` is called by its folder (`folder` arrives escaped for a terminal). */
function folderUsed(folder: string): string {
  return `the skill has no \`name\`, so its folder's name "${folder}" is used`;
}

function fieldTypeMessage(p: FieldType): string {
  if (p.kind === "extra-schema-broken") {
    return `the project's extra frontmatter schema does not compile (${p.error}); fix the file named by \`schema\` in the config.`;
  }
  const from = p.extra ? " (by the project's extra schema)" : "";
  switch (p.kind) {
    case "type": {
      const { field, types } = p;
      const expected =
        field === "name"
          ? "a string of lowercase letters, digits and hyphens"
          : types.includes("string") && types.includes("array")
            ? "a string or a list of strings"
            : types.map((t) => EXPECTED[t] ?? t).join(" or ");
      const fixHint =
        types.includes("string") && (p.valueType === "number" || p.valueType === "boolean")
          ? field === "name"
            ? " — quote it or rename"
            : " — quote it"
          : p.valueType === "null"
            ? " — give it a value or remove the line"
            : "";
      return `\`${field}\` must be ${expected}${from}, got ${p.got}${fixHint}.`;
    }
    case "enum":
      return `\`${p.field}\` must be one of ${p.allowed.map((v) => JSON.stringify(v)).join(", ")}${from}, got ${p.got}.`;
    case "pattern":
      if (p.field.startsWith("toolsets")) return `\`${p.field}\` must be "path:ExportName" (a module path, a colon, an exported name), got ${p.got}.`;
      if (p.field.startsWith("arguments")) {
        return `\`${p.field}\` must be argument names (ASCII letters, digits and underscores, not starting with a digit, as \`$name\` placeholders need; separated by spaces), got ${p.got}.`;
      }
      return `\`${p.field}\` must match the pattern ${p.pattern}${from}, got ${p.got}.`;
    case "additional":
      return `\`${p.field}\` does not take a field \`${p.key}\`${from}${p.fields ? `; its fields are ${p.fields.map((k) => `\`${k}\``).join(", ")}` : ""}.`;
    case "required":
      return `\`${p.field}\` needs a field \`${p.missing}\`${from}; add it.`;
    case "other":
      return `\`${p.field}\` ${p.problem}${from}.`;
  }
}
