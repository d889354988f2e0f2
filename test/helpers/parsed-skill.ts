// A ParsedSkill as the parse stage makes it from a SKILL.md's text, for tests of the stages after
// parse (the body checks): only the fields those stages read are real.
import type { ParsedSkill } from "../../src/types.js";

/** A ParsedSkill as the parse stage makes it (only the fields the body checks read are real). */
export function parsed(text: string): ParsedSkill {
  const m = /^---\n[\s\S]*?\n---\n/.exec(text);
  const bodyOffset = m ? m[0].length : 0;
  const rest = text.slice(bodyOffset);
  const body = rest.trim();
  return {
    source: { root: { dir: ".", scope: "test", precedence: 0 }, dir: ".", relDir: ".", file: "SKILL.md", fileName: "SKILL.md", absDir: "/" },
    hash: "",
    text,
    frontmatter: {},
    positions: {},
    frontmatterRange: { line: 1, column: 1, endLine: 1, endColumn: 1 },
    bodyOffset,
    body,
    bodyStart: bodyOffset + (body ? rest.length - rest.trimStart().length : 0),
    diagnostics: [],
  };
}
