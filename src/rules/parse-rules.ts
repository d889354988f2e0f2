import type { RuleMeta } from "../diagnostics/rule.js";

const rule = (r: RuleMeta): RuleMeta => r;

export const EMPTY_FILE = rule({
  id: "empty-file",
  severity: "error",
  description: "SKILL.md is empty or holds only whitespace.",
  help: "A skill needs YAML frontmatter (at least `description`) and instructions. Run `skillc new <name>` for a valid starting point, or delete the folder.",
});

export const INVALID_UTF8 = rule({
  id: "invalid-utf8",
  severity: "error",
  description: "SKILL.md is not valid UTF-8.",
  help: "Agents read SKILL.md as UTF-8 and would show replacement characters or refuse the file. Re-save it as UTF-8 in your editor (or `iconv -f latin1 -t utf-8`).",
});

export const BINARY_FILE = rule({
  id: "binary-file",
  severity: "error",
  description: "SKILL.md contains NUL bytes, so it is a binary file, not markdown.",
  help: "SKILL.md must be text. Check that the right file was saved under that name (a UTF-16 export holds NUL bytes too: re-save as UTF-8).",
});

export const FRONTMATTER_MISSING = rule({
  id: "frontmatter-missing",
  severity: "error",
  description: "SKILL.md does not start with a `---` line opening YAML frontmatter.",
  help: "The first line must be exactly `---` (no indentation, nothing after it but spaces), followed by the YAML fields and a closing `---` line. Agents skip skills without frontmatter.",
});

export const FRONTMATTER_UNCLOSED = rule({
  id: "frontmatter-unclosed",
  severity: "error",
  description: "The frontmatter opened by `---` on line 1 is never closed.",
  help: "Add a line holding only `---` after the last YAML field. Without it markdown parsers see a horizontal rule and the fields are lost.",
});

export const YAML_SYNTAX = rule({
  id: "yaml-syntax",
  severity: "error",
  description: "The frontmatter is not valid YAML.",
  help: "The most common cause is an unquoted `: ` inside a value (`description: Use when: x`); wrap such a value in double quotes (`--fix` does it). Other causes: tabs used for indentation, unbalanced quotes or brackets.",
  fixable: true,
});

export const YAML_DUPLICATE_KEY = rule({
  id: "yaml-duplicate-key",
  severity: "error",
  description: "The same key appears twice in one YAML map.",
  help: "Parsers disagree on which one wins (first, last, or an error). Keep one of them.",
});

export const YAML_MULTI_DOCUMENT = rule({
  id: "yaml-multi-document",
  severity: "error",
  description: "The frontmatter holds more than one YAML document (a `---` or `...` line inside it).",
  help: "Frontmatter is a single YAML map. Remove the extra document marker; if a value needs `---`, quote it.",
});

export const FRONTMATTER_NOT_MAP = rule({
  id: "frontmatter-not-map",
  severity: "error",
  description: "The frontmatter is not a YAML map of fields (it is empty, a list or a single value).",
  help: "Write the fields as `key: value` lines, e.g. `name: my-skill` and `description: What it does and when to use it`.",
});

/** Rules reported by the parse stage. */
export const PARSE_RULES: RuleMeta[] = [
  EMPTY_FILE,
  INVALID_UTF8,
  BINARY_FILE,
  FRONTMATTER_MISSING,
  FRONTMATTER_UNCLOSED,
  YAML_SYNTAX,
  YAML_DUPLICATE_KEY,
  YAML_MULTI_DOCUMENT,
  FRONTMATTER_NOT_MAP,
];
