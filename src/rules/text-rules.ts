import type { RuleMeta } from "../diagnostics/rule.js";

const rule = (r: RuleMeta): RuleMeta => r;

export const HIDDEN_CHARACTER = rule({
  id: "hidden-character",
  severity: "warning",
  description: "The SKILL.md (a frontmatter value or the body) holds an invisible or control character: a control character such as ESC, a bidi override, a zero-width or Unicode tag character, or a line/paragraph separator.",
  help:
    "These characters show nothing (or reorder what is shown) to a person reviewing the skill, but the model reads them: Unicode tag characters spell invisible ASCII instructions, bidi overrides make text read differently than it runs (Trojan Source), ESC drives terminals. " +
    "The message names the character and, for tag characters, the text they spell. Remove them; write them as escapes if meant. Zero-width joiners inside emoji and between letters of scripts that need them, and emoji flag tag sequences, are not reported.",
});

export const HIDDEN_CHARACTER_IN_PATH = rule({
  id: "hidden-character-in-path",
  severity: "error",
  description: "A skill's folder or a supporting file's path holds an invisible or control character (newline, ESC, bidi override, zero-width, tag character, line separator).",
  help:
    "Paths reach the catalog (`<location>`), the runtime's file lists and `skill_context` headers, where a newline adds a forged line and a bidi override disguises a name. " +
    "Rename the file or folder; for a supporting file, `files.exclude` leaves it out instead.",
});

/** Rules reported by the text checks. */
export const TEXT_RULES: RuleMeta[] = [HIDDEN_CHARACTER, HIDDEN_CHARACTER_IN_PATH];
