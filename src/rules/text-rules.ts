import { defineRule as rule, type AnyRule } from "../diagnostics/rule.js";

/**
 * `what` names the characters found ("a zero-width space (U+200B)", util/hidden-chars.ts);
 * `where` is "the frontmatter" or "the body"; `field` a frontmatter value's dotted path.
 */
export type HiddenCharacter =
  | { kind: "escaped"; field: string; what: string }
  | { kind: "text"; where: string; what: string }
  | { kind: "more"; where: string };

export const HIDDEN_CHARACTER = rule<HiddenCharacter>({
  id: "hidden-character",
  severity: "warning",
  description: "The SKILL.md (a frontmatter value or the body), or a supporting text file, holds an invisible or control character: a control character such as ESC, a bidi override, a zero-width or Unicode tag character, or a line/paragraph separator.",
  help:
    "These characters show nothing (or reorder what is shown) to a person reviewing the skill, but the model reads them: Unicode tag characters spell invisible ASCII instructions, bidi overrides make text read differently than it runs (Trojan Source), ESC drives terminals. " +
    "The message names the character and, for tag characters, the text they spell. Remove them; write them as escapes if meant. Zero-width joiners inside emoji and between letters of scripts that need them, and emoji flag tag sequences, are not reported.",
  message: (p) => {
    if (p.kind === "escaped") return `\`${p.field}\` holds ${p.what}, written as a YAML escape; a reader of the value does not see it but the model does; remove it.`;
    if (p.kind === "more") return `more hidden characters follow from here in ${p.where} and below; remove them all (e.g. search for \`[\\u200b-\\u200f\\u202a-\\u202e\\u2066-\\u2069]\`).`;
    return `${p.where} holds ${p.what}, which a reader does not see but the model does; remove it, or write it as a visible escape if it is meant.`;
  },
});

export const HIDDEN_CHARACTER_IN_PATH = rule<{ kind: "folder" | "file"; path: string; what: string }>({
  id: "hidden-character-in-path",
  severity: "error",
  description: "A skill's folder or a supporting file's path holds an invisible or control character (newline, ESC, bidi override, zero-width, tag character, line separator).",
  help:
    "Paths reach the catalog (`<location>`), the runtime's file lists and `skill_context` headers, where a newline adds a forged line and a bidi override disguises a name. " +
    "Rename the file or folder; for a supporting file, `files.exclude` leaves it out instead.",
  // `path` arrives escaped for a terminal (util/hidden-chars.ts escapeTerminal).
  message: ({ kind, path, what }) =>
    kind === "folder"
      ? `the skill's folder "${path}" holds ${what}, which would reach the catalog and every prompt that names the skill's path; rename the folder.`
      : `"${path}" has a name holding ${what}, which would reach the file lists and prompts the model reads; rename it, or add it to \`files.exclude\`.`,
});

/** Rules reported by the text checks. */
export const TEXT_RULES: AnyRule[] = [HIDDEN_CHARACTER, HIDDEN_CHARACTER_IN_PATH];
