// A frontmatter skillc's YAML refuses can still be read by Claude Code: its retry quotes the values of
// top-level `key: value` lines (claude-retry.ts), so `description: Use when: x` loses nothing there,
// and the skill's `hooks` run and its `allowed-tools` apply. skillc reports the syntax error and reads
// no field, so without this a reviewer would be told to fix the YAML and never that the skill runs a
// command or approves a shell. The hooks and shell grants of the retried text are reported as a valid
// frontmatter's are (hooks.ts, tool-grants.ts). The retry rewrites lines in
// place, so a node's line is its line in the file (a column can differ on a rewritten or tab-indented line).
import { isMap, parseDocument } from "yaml";
import type { ParsedSkill } from "../../types.js";
import type { ReportContext } from "../../diagnostics/rule.js";
import { claudeRetryText } from "../claude-retry.js";
import { checkHooks } from "./hooks.js";
import { checkToolGrants } from "./tool-grants.js";
import { LineIndex } from "./locate.js";
import { collectPositions, toPlain } from "./yaml-positions.js";

/** `yaml`: the frontmatter text, which starts at `base` in `parsed.text`; only when it did not parse. */
export function checkRetriedHooks(parsed: ParsedSkill, yaml: string, base: number, ctx: ReportContext): void {
  // Most broken frontmatters have neither: no second parse (the key may be quoted, or in a flow map).
  if (!yaml.includes("hooks") && !yaml.includes("allowed-tools")) return;
  const retried = claudeRetryText(yaml);
  const doc = parseDocument(retried, { uniqueKeys: false, prettyErrors: false, strict: true });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return;
  let data: unknown;
  try {
    data = toPlain(doc.toJS({ maxAliasCount: 100 }));
  } catch {
    return; // an alias bomb: Claude Code's parser gives up too
  }
  const lines = new LineIndex(parsed.text.slice(0, base) + retried);
  const positions = collectPositions(doc.contents, base, lines);
  const frontmatter = data as Record<string, unknown>;
  const c = { parsed: { ...parsed, positions }, frontmatter, ctx, diagnostics: parsed.diagnostics };
  checkHooks(c);
  checkToolGrants(c);
}
