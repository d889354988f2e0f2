// A frontmatter skillc's YAML refuses can still be read by Claude Code: its retry quotes the values of
// top-level `key: value` lines (claude-retry.ts), so `description: Use when: x` loses nothing there,
// and the skill's `hooks` run and its `allowed-tools` apply. skillc reports the syntax error and reads
// no field, so without this a reviewer would be told to fix the YAML and never that the skill runs a
// command or approves a shell. The hooks and shell grants of the retried text are reported as a valid
// frontmatter's are (hooks.ts, tool-grants.ts). The retry rewrites lines in
// place, so a node's line is its line in the file (a column can differ on a rewritten or tab-indented line).
// A merge key `<<` is a yaml-syntax error in skillc too, while Claude Code's YAML merges it: the retried
// text is read with the merge, so hooks and grants written inside one are reported as well. So is a
// frontmatter with a duplicate key (yaml-duplicate-key): read here with the last one winning, as Bun did.
import { isCollection, isMap, isScalar, isSeq, parseDocument, Scalar, visit, type Document } from "yaml";
import type { ReportContext } from "../../diagnostics/rule.js";
import { claudeRetryText } from "../claude-retry.js";
import { checkHooks } from "./hooks.js";
import { checkToolGrants } from "./tool-grants.js";
import { LineIndex } from "./locate.js";
import type { NodePositions, ParsedSkill } from "../../types.js";
import { collectPositions, toPlain } from "./yaml-positions.js";

/**
 * `yaml`: the frontmatter text, which starts at `base` in `parsed.text`; only when skillc refused it.
 * `asWritten`: yaml parsed it (skillc refused its reading: a merge, a duplicate, a list key, a tag).
 */
export function checkRetriedHooks(parsed: ParsedSkill, yaml: string, base: number, ctx: ReportContext, asWritten: boolean): void {
  // Most broken frontmatters have neither: no second parse (the key may be quoted, or in a flow map).
  if (!yaml.includes("hooks") && !yaml.includes("allowed-tools")) return;
  // Claude Code parses the text as written first, and retries with the rewrite only when that fails:
  // a merge, a duplicate key or a list key fails only skillc's parse, and the rewrite would turn a
  // flow map beside them (`hooks: {…}`) into a string. So the text as written first, then the retry.
  const retried = claudeRetryText(yaml);
  const read = (asWritten ? readBoth(yaml) : undefined) ?? readBoth(retried);
  if (!read) return;
  const { doc, data, text } = read;
  const lines = new LineIndex(parsed.text.slice(0, base) + text);
  const positions = mergedPositions(collectPositions(doc.contents, base, lines));
  const frontmatter = data as Record<string, unknown>;
  const c = { parsed: { ...parsed, positions }, frontmatter, ctx, diagnostics: parsed.diagnostics };
  checkHooks(c);
  checkToolGrants(c);
}

/**
 * merge: Claude Code's YAML (Bun's) adds the fields of a `<<` map, which skillc refuses (yaml-syntax):
 * hooks or grants written inside one still apply there. A `<<` that cannot merge (`<<: 5`) is read
 * as a plain key instead: a report too many is harmless, one too few is not.
 */
function readBoth(text: string): { doc: Document.Parsed; data: unknown; text: string } | undefined {
  const merged = readText(text, true);
  // A text that does not parse with the merge does not without it either: one parse is enough.
  const read = merged === NO_YAML ? undefined : (merged ?? readText(text, false));
  return read && read !== NO_YAML ? { ...read, text } : undefined;
}

const NO_YAML = Symbol("no-yaml");

/**
 * The text's document and its data; NO_YAML when it does not parse, undefined when it parses but
 * cannot be turned into data (a merge of a scalar, an alias bomb: Claude Code's parser gives up too).
 */
function readText(text: string, merge: boolean): { doc: Document.Parsed; data: unknown } | typeof NO_YAML | undefined {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false, strict: true, merge });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return NO_YAML;
  // A key that is a list or a map: Bun reads its items joined (`[allowed-tools]` is `allowed-tools`),
  // yaml its YAML text, with a warning on stderr. Read as Bun does (skillc reported it: yaml-syntax).
  visit(doc, {
    Pair(_, pair) {
      if (!isCollection(pair.key)) return;
      const key = new Scalar(joinedKey(pair.key));
      key.range = pair.key.range;
      pair.key = key;
    },
  });
  try {
    return { doc, data: toPlain(doc.toJS({ maxAliasCount: 100 })) };
  } catch {
    return undefined;
  }
}

/** A collection key as JavaScript's String() gives it, which is how Bun names the field: items joined by commas. */
function joinedKey(node: unknown): string {
  if (isSeq(node)) return node.items.map(joinedKey).join(",");
  if (isCollection(node)) return "[object Object]";
  return isScalar(node) ? String(node.value ?? "") : "";
}

/** The pointer yaml's merge key gets (its key is a Symbol, which keyString shows as its description). */
const MERGE = "/Symbol(<<)";

/**
 * The positions of fields a top-level `<<` added (under `<<`, or its nth map in a list of maps) also
 * under the pointer they are read at (`/hooks`), so a report points into the merged map; the map's
 * own fields, and an earlier map of a list, win as in the merge. (Fields of an alias point at `<<`.)
 */
function mergedPositions(positions: NodePositions): NodePositions {
  // Top-level field → the prefix its value is read from ("" for the map's own).
  const from = new Map<string, string>();
  for (const p of Object.keys(positions)) if (/^\/[^/]+$/.test(p) && p !== MERGE) from.set(p, "");
  for (const p of Object.keys(positions)) {
    const m = /^(\/Symbol\(<<\)(?:\/\d+)?)(\/[^/]+)(.*)$/.exec(p);
    if (!m || m[2] === MERGE) continue;
    const [, prefix, field, rest] = m as unknown as [string, string, string, string];
    if (!from.has(field)) from.set(field, prefix);
    if (from.get(field) === prefix) positions[field + rest] = positions[p]!;
  }
  return positions;
}
