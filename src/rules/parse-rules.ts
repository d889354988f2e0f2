import { defineRule as rule, type AnyRule } from "../diagnostics/rule.js";

/** Rules whose message needs only the file's name. */
type File = { fileName: string };

export const EMPTY_FILE = rule<File>({
  id: "empty-file",
  severity: "error",
  description: "SKILL.md is empty or holds only whitespace.",
  help: "A skill needs YAML frontmatter (at least `description`) and instructions. Run `skillc new <name>` for a valid starting point, or delete the folder.",
  message: ({ fileName }) => `${fileName} is empty; add frontmatter with at least a \`description\` and the skill's instructions (\`skillc new\` scaffolds one).`,
});

export const INVALID_UTF8 = rule<File>({
  id: "invalid-utf8",
  severity: "error",
  description: "SKILL.md is not valid UTF-8.",
  help: "Agents read SKILL.md as UTF-8 and would show replacement characters or refuse the file. Re-save it as UTF-8 in your editor (or `iconv -f latin1 -t utf-8`).",
  message: ({ fileName }) => `${fileName} is not valid UTF-8 from here on; re-save the file as UTF-8.`,
});

export const BINARY_FILE = rule<File>({
  id: "binary-file",
  severity: "error",
  description: "SKILL.md contains NUL bytes, so it is a binary file, not markdown.",
  help: "SKILL.md must be text. Check that the right file was saved under that name (a UTF-16 export holds NUL bytes too: re-save as UTF-8).",
  message: ({ fileName }) => `${fileName} contains a NUL byte, so it is binary, not text; save it as UTF-8 markdown.`,
});

export const FRONTMATTER_MISSING = rule<File & { dashes: boolean }>({
  id: "frontmatter-missing",
  severity: "error",
  description: "SKILL.md does not start with a `---` line opening YAML frontmatter.",
  help: "The first line must be exactly `---` (no indentation, nothing after it but spaces), followed by the YAML fields and a closing `---` line. Agents skip skills without frontmatter.",
  message: ({ fileName, dashes }) =>
    `${fileName} has no YAML frontmatter: ${
      dashes
        ? "the first line must be exactly `---` (no indentation, no other characters)"
        : "add a `---` line, the YAML fields (`name`, `description`) and a closing `---` line at the top"
    }.`,
});

export const FRONTMATTER_UNCLOSED = rule<Record<string, never>>({
  id: "frontmatter-unclosed",
  severity: "error",
  description: "The frontmatter opened by `---` on line 1 is never closed.",
  help: "Add a line holding only `---` after the last YAML field. Without it markdown parsers see a horizontal rule and the fields are lost.",
  message: () => "the frontmatter opened here is never closed; add a line holding only `---` after the last field.",
});

export const YAML_SYNTAX = rule<YamlSyntax>({
  id: "yaml-syntax",
  severity: "error",
  description: "The frontmatter is not valid YAML.",
  help: "The most common cause is an unquoted `: ` inside a value (`description: Use when: x`); wrap such a value in double quotes (`--fix` does it). Other causes: tabs used for indentation, unbalanced quotes or brackets, a merge key `<<: {…}` or `!!merge` (Claude Code's YAML, PyYAML and js-yaml merge a `<<` and skillc does not, skillc merges `!!merge` and Claude Code does not: write the fields out), a key that is a list or a map (`[allowed-tools]: …`, which Claude Code reads as `allowed-tools`), an explicit tag other than `!!str` (`!!int '12'`, `!!binary`, `!!set`: skillc applies it, Claude Code reads the text as written), a key that is null (`null:`, `~:`), and `.inf` or `.nan` (numbers JSON cannot hold).",
  fixable: true,
  message: (p) => {
    if (p.kind === "merge")
      return "this key is a YAML merge key (`<<` or `!!merge`), which parsers read differently: Claude Code (Bun's YAML), PyYAML and js-yaml add the fields of the map a `<<` names to this one and skillc does not, skillc merges a `!!merge` key and Bun does not, so clients would read another skill than the one checked; write the fields out in this map.";
    if (p.kind === "non-finite")
      return "`.inf` and `.nan` are numbers that JSON cannot hold: skillc's outputs would carry the text `Infinity` or `NaN` where Claude Code reads a number; quote the value if it is text.";
    if (p.kind === "null-key")
      return "this key is null (`null`, `~`): skillc's YAML names the field `\"\"` and Claude Code's (Bun's) `null`, so clients would read another skill than the one checked; quote the key (`\"null\":`).";
    if (p.kind === "tag")
      return `this node has the explicit YAML tag \`${p.tag}\`, which parsers read differently: skillc's YAML converts the value (\`!!int '12'\` is a number, \`!!binary\` bytes), Claude Code's (Bun's) ignores the tag and reads the text as written, so clients would read another skill than the one checked; remove the tag.`;
    if (p.kind === "key")
      return "this key is a list or a map: Claude Code (Bun's YAML) reads `[allowed-tools]` as the field `allowed-tools`, while skillc reads a field named by the key's YAML text, so clients would read another skill than the one checked; write the key as plain text.";
    if (p.kind === "aliases") return `the frontmatter's aliases expand too much (${p.reason}); write the values out instead of nesting \`*alias\` references.`;
    if (p.kind === "colon") {
      const base = `the value of \`${p.field}\` contains \`: \`, which YAML reads as a nested key`;
      return p.quoted === undefined
        ? `${base}; wrap the whole value in double quotes (or use a \`>\` block scalar for a multi-line value).`
        : `${base}; wrap the whole value in double quotes (\`--fix\` does it): ${p.field}: ${p.quoted}`;
    }
    const advice =
      p.code === "TAB_AS_INDENT"
        ? "indent with spaces, not tabs"
        : p.code === "BLOCK_AS_IMPLICIT_KEY" || p.code === "MULTILINE_IMPLICIT_KEY"
          ? "check the indentation of this line and the next, and quote values that contain `: ` or `#`"
          : "fix the YAML here (quote values holding `: `, `#`, or leading `[`, `{`, `*`, `&`, `!`, `|`, `>`)";
    return `invalid YAML in the frontmatter (${p.reason}); ${advice}.`;
  },
});

export const YAML_DUPLICATE_KEY = rule<{ key: string }>({
  id: "yaml-duplicate-key",
  severity: "error",
  description: "The same key appears twice in one YAML map.",
  help: "Parsers disagree on which one wins (first, last, or an error). Keep one of them.",
  message: ({ key }) => `\`${key}\` is already set earlier in this map; keep only one of the two (parsers disagree on which one wins).`,
});

export const YAML_MULTI_DOCUMENT = rule<Record<string, never>>({
  id: "yaml-multi-document",
  severity: "error",
  description: "The frontmatter holds more than one YAML document (a `---` or `...` line inside it).",
  help: "Frontmatter is a single YAML map. Remove the extra document marker; if a value needs `---`, quote it.",
  message: () => "a second YAML document starts here; remove the `---` or `...` marker before it (quote a value that needs one) so the frontmatter is a single map.",
});

export const FRONTMATTER_NOT_MAP = rule<{ what: "empty" | "a list" | "a single value" }>({
  id: "frontmatter-not-map",
  severity: "error",
  description: "The frontmatter is not a YAML map of fields (it is empty, a list or a single value).",
  help: "Write the fields as `key: value` lines, e.g. `name: my-skill` and `description: What it does and when to use it`.",
  message: ({ what }) => `the frontmatter is ${what}, not a map of fields; write \`key: value\` lines such as \`name: my-skill\` and \`description: …\`.`,
});

/**
 * The largest frontmatter (the YAML between the fences) that is parsed: 256 KiB. The largest real
 * SKILL.md in public collections is 74 KB whole, and metadata belongs in a few KB; a YAML parse of
 * megabytes of nested values takes seconds of every lint.
 */
export const MAX_FRONTMATTER_BYTES = 256 * 1024;
/** The largest SKILL.md that is read as a skill: 1 MiB, about 250,000 tokens loaded at once, more than most models' context windows. */
export const MAX_SKILL_MD_BYTES = 1024 * 1024;

/** A size as messages show it: 300 KiB, 7.5 MiB. */
const shownSize = (n: number) => {
  const mib = n / (1024 * 1024);
  return mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`;
};

export const FRONTMATTER_TOO_LARGE = rule<{ bytes: number }>({
  id: "frontmatter-too-large",
  severity: "error",
  description: `The frontmatter (the YAML between the fences) is over ${shownSize(MAX_FRONTMATTER_BYTES)}; it is not parsed.`,
  help: "The largest real SKILL.md in public collections is 74 KB whole, and a skill's metadata belongs in a few KB; megabytes of YAML take seconds to parse on every lint. Move the data into a supporting file the body links to, and keep the frontmatter to the fields.",
  message: ({ bytes }) => `the frontmatter is ${shownSize(bytes)}, over the ${shownSize(MAX_FRONTMATTER_BYTES)} limit, so it was not parsed; keep it to the fields and move data into a supporting file.`,
});

export const SKILL_FILE_TOO_LARGE = rule<File & { bytes: number }>({
  id: "skill-file-too-large",
  severity: "error",
  description: `SKILL.md is over ${shownSize(MAX_SKILL_MD_BYTES)}; it is not read as a skill.`,
  help: "The largest real SKILL.md in public collections is 74 KB, and a model loads the whole file at once: 1 MiB is about 250,000 tokens, more than most context windows hold. Keep the instructions short and move reference material into supporting files, which are loaded only when needed.",
  message: ({ fileName, bytes }) => `${fileName} is ${shownSize(bytes)}, over the ${shownSize(MAX_SKILL_MD_BYTES)} limit, so it was not read; move reference material into supporting files the body links to.`,
});

export const LONE_CARRIAGE_RETURN = rule<{ fileName: string; count: number; inFrontmatter: boolean }>({
  id: "lone-carriage-return",
  severity: "warning",
  description: "A SKILL.md or a supporting text file holds a carriage return (CR) with no line feed after it.",
  help: "skillc, markdown and YAML's spec (PyYAML, libyaml) read a lone CR as a line break; the JavaScript `yaml` package, clients that split lines on LF and many diffs and terminals do not. A terminal returns to the line's start at a CR, so `allowed-tools: Bash(*)<CR>description: Helps.` shows only the description while skillc and Claude Code (Bun.YAML.parse, checked with bun 1.4.5) read both fields. Save the file with LF or CRLF line endings; `--fix` replaces each lone CR with LF, which is how skillc reads it already.",
  fixable: true,
  message: ({ fileName, count, inFrontmatter }) =>
    `${fileName} has ${count === 1 ? "a carriage return" : `${count} carriage returns`} with no line feed after ${count === 1 ? "it" : "them"} (the first here${inFrontmatter ? ", in the frontmatter" : ""}): skillc and markdown read a line break there, while the \`yaml\` package, line-splitting clients, diffs and terminals may not; use LF line endings (\`--fix\` does it).`,
});

/** What went wrong in YAML: expanding aliases, an unquoted `: ` in a plain value (`quoted`: the fix, when one is safe), or yaml's own error. */
export type YamlSyntax =
  | { kind: "aliases"; reason: string }
  | { kind: "merge" }
  | { kind: "key" }
  | { kind: "null-key" }
  | { kind: "non-finite" }
  | { kind: "tag"; tag: string }
  | { kind: "colon"; field: string; quoted?: string }
  | { kind: "yaml"; reason: string; code: string };

/** Rules reported by the parse stage. */
export const PARSE_RULES: AnyRule[] = [
  EMPTY_FILE,
  SKILL_FILE_TOO_LARGE,
  INVALID_UTF8,
  BINARY_FILE,
  FRONTMATTER_MISSING,
  FRONTMATTER_UNCLOSED,
  FRONTMATTER_TOO_LARGE,
  YAML_SYNTAX,
  YAML_DUPLICATE_KEY,
  YAML_MULTI_DOCUMENT,
  FRONTMATTER_NOT_MAP,
  LONE_CARRIAGE_RETURN,
];
