// What Claude Code does with a frontmatter its YAML parser refuses (read from anthropics/claude-code
// 2.1.332's bundle, not copied): before giving up, it parses once more after a rewrite that
// double-quotes the value of each top-level `key: value` line that is not quoted already and holds
// `: ` or one of `{}[]*&#!|>%@` and the backtick (a `[...]` value that parses as a list stays), and
// turns leading tabs into two spaces each. Only when that parse fails too does it load the skill
// with empty metadata. So `description: Use when: x` loses nothing in Claude Code; a `: ` on a
// continuation line, a bad indent or an unclosed quote still does.
import { parseDocument, parse } from "yaml";

const KEY_LINE = /^([a-zA-Z_-]+):\s+(\S.*)$/;
const NEEDS_QUOTES = /[{}[\]*&#!|>%@`]|: /;

/** The frontmatter text as Claude Code's retry rewrites it (LF line endings, as skillc reads the file). */
export function claudeRetryText(yaml: string): string {
  const lines = yaml.split("\n").map((line) => {
    const m = KEY_LINE.exec(line);
    if (!m) return line;
    const [, key, value] = m as unknown as [string, string, string];
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) return line;
    if (value.startsWith("[") && value.endsWith("]") && isList(value)) return line;
    if (!NEEDS_QUOTES.test(value)) return line;
    return `${key}: "${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
  });
  return lines.join("\n").replace(/^\t+/gm, (tabs) => "  ".repeat(tabs.length));
}

/** Whether Claude Code's retry reads `yaml` (which its first parse refused): the rewrite parses without an error. */
export function claudeRetryParses(yaml: string): boolean {
  // uniqueKeys off: yaml checks it pairwise, quadratic in the keys (100,000 keys never finish).
  const doc = parseDocument(claudeRetryText(yaml), { uniqueKeys: false, prettyErrors: false });
  return doc.errors.length === 0;
}

function isList(value: string): boolean {
  try {
    return Array.isArray(parse(value));
  } catch {
    return false;
  }
}
