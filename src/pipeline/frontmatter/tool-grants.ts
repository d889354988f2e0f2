// `allowed-tools` in Claude Code only pre-approves: a tool named there runs without a permission
// prompt while the skill is active. `Bash` with no command pattern (or `Bash(*)`, which Claude Code's
// permission docs and its rule parser take as the same) approves every shell command, so a model
// steered by any text it reads can run anything, unasked. A reviewer of a stranger's skill is told.
// PowerShell the same.
import * as R from "../../rules/frontmatter-rules.js";
import { escapeTerminal } from "../../util/hidden-chars.js";
import { splitTools } from "./fields.js";
import { rangeAt, report, type FmContext } from "./context.js";

const SHELLS = new Set(["bash", "powershell"]);
/**
 * A specifier that matches every command: Claude Code 2.1.332 (its bundle's rule parser) takes `()`
 * and `(*)` as the bare tool, and trims a pattern before matching, so `( * )` and `(**)` match all too.
 * (`(:*)` does not: its legacy prefix form needs a prefix.)
 */
const EVERY_COMMAND = /^[\s*]*$/;

export function checkToolGrants(c: FmContext): void {
  const value = c.frontmatter["allowed-tools"];
  const tools = splitTools(value);
  if (!tools) return;
  tools.forEach((tool, i) => {
    const m = /^([A-Za-z]+)\s*(?:\((.*)\))?$/s.exec(tool.trim());
    if (!m || !SHELLS.has(m[1]!.toLowerCase()) || (m[2] !== undefined && !EVERY_COMMAND.test(m[2]))) return;
    // A list's entry has a position of its own; a string's grants are one value.
    const pointer = Array.isArray(value) ? `/allowed-tools/${i}` : "/allowed-tools";
    report(c, R.SHELL_GRANTED, rangeAt(c.parsed, pointer), { tool: escapeTerminal(tool.length > 40 ? `${tool.slice(0, 37)}...` : tool), shell: m[1]! });
  });
}
