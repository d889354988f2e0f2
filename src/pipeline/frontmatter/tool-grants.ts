// `allowed-tools` in Claude Code only pre-approves: a tool named there runs without a permission
// prompt while the skill is active. `Bash` with no command pattern (or `Bash(*)`, which Claude Code's
// permission docs and its rule parser take as the same) approves every shell command, so a model
// steered by any text it reads can run anything, unasked. So does a pattern for a shell or an
// interpreter (`Bash(sh:*)`, `Bash(python3 *)`: `sh -c …`, `python3 -c …`). A reviewer of a stranger's
// skill is told. PowerShell the same.
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
/** A pattern for a program that runs whatever its arguments say, with any arguments (`sh:*`, `env *`, `python3*`). */
const ANY_VIA = /^\s*(?:bash|sh|zsh|dash|ksh|fish|pwsh|powershell|cmd|env|eval|exec|xargs|sudo|doas|nohup|timeout|nice|python[0-9.]*|node|deno|bun|bunx|npx|perl|ruby|php)\s*(?::\*|\*|\s\*)\s*$/i;

export function checkToolGrants(c: FmContext): void {
  const value = c.frontmatter["allowed-tools"];
  const tools = splitTools(value);
  if (!tools) return;
  tools.forEach((entry, i) => {
    // A list's entry has a position of its own (and may hold several, "Read, Bash"); a string's grants are one value.
    const pointer = Array.isArray(value) ? `/allowed-tools/${i}` : "/allowed-tools";
    for (const tool of Array.isArray(value) ? (splitTools(entry) ?? []) : [entry]) {
      const m = /^([A-Za-z]+)\s*(?:\((.*)\))?$/s.exec(tool.trim());
      if (!m || !SHELLS.has(m[1]!.toLowerCase()) || (m[2] !== undefined && !EVERY_COMMAND.test(m[2]) && !ANY_VIA.test(m[2]))) continue;
      report(c, R.SHELL_GRANTED, rangeAt(c.parsed, pointer), { tool: escapeTerminal(tool.length > 40 ? `${tool.slice(0, 37)}...` : tool), shell: m[1]! });
    }
  });
}
