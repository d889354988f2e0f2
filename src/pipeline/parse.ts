// SKILL.md bytes → ParsedSkill: decode, locate the frontmatter (line-based, remark-equivalent; see
// frontmatter/locate.ts), parse the YAML with positions, split off the body. Never throws for bad input.
import { parseDocument, isMap, isSeq, YAMLParseError, type YAMLError } from "yaml";
import type { Diagnostic, Fix, ParsedSkill, Range, SkillSource } from "../types.js";
import type { ReportContext } from "../diagnostics/rule.js";
import { reportInto, type Report } from "../diagnostics/reporter.js";
import * as R from "../rules/parse-rules.js";
import type { YamlSyntax } from "../rules/parse-rules.js";
import { decodeSkill, frontmatterBytes, locateFrontmatter, LineIndex, toOriginalOffset, type Located, type OffsetMap } from "./frontmatter/locate.js";
import { collectPositions, keyString, spanPositions, toPlain } from "./frontmatter/yaml-positions.js";
import { checkRetriedHooks } from "./frontmatter/retry-hooks.js";
import { fastFrontmatter } from "./frontmatter/fast-yaml.js";
import { divergentNodes } from "./frontmatter/divergent-nodes.js";
import { sha256Hex } from "../util/sha256.js";
import { findLoneCrs } from "./lone-cr.js";

const FILE_START: Range = { line: 1, column: 1, endLine: 1, endColumn: 1 };
/** yaml's alias expansion limit: a billion-laughs frontmatter fails fast instead of eating memory. */
const MAX_ALIAS_COUNT = 100;
/** A broken YAML block often yields a cascade of errors; the first few say it all. */
const MAX_YAML_ERRORS = 5;

type Found = Extract<Located, { kind: "found" }>;

/** `hash` is the sha256 hex of `bytes` when the caller has it already (the analysis cache key). */
export function parseSkill(source: SkillSource, bytes: Uint8Array, ctx: ReportContext, hash?: string): ParsedSkill {
  const result = emptyResult(source, bytes, hash);
  const report = reportInto(result.diagnostics, ctx);
  if (bytes.length > R.MAX_SKILL_MD_BYTES) {
    report(R.SKILL_FILE_TOO_LARGE, FILE_START, { fileName: source.fileName, bytes: bytes.length });
    return result;
  }
  const decoded = decodeSkill(bytes);
  if (!decoded.ok) {
    report(decoded.kind === "binary" ? R.BINARY_FILE : R.INVALID_UTF8, decoded, { fileName: source.fileName });
    return result;
  }
  result.text = decoded.text;
  const located = locateOrReport(decoded.text, source, report);
  // decodeSkill saw them already: the bytes are searched again only in a file that has one.
  const loneCrs = decoded.loneCr ? findLoneCrs(bytes) : undefined;
  if (loneCrs) report(R.LONE_CARRIAGE_RETURN, loneCrs.range, { fileName: source.fileName, count: loneCrs.count, inFrontmatter: located !== undefined && loneCrs.range.line <= located.closeLine }, loneCrs.fix);
  // Without a frontmatter the whole text is the body (trimmed once: each trim scans the 10 KB text's ends and allocates).
  setBody(result, located ? located.bodyOffset : 0);
  if (!located) return result;
  result.frontmatterRange = { line: 1, column: 1, endLine: located.closeLine, endColumn: located.closeLineLength + 1 };
  // A frontmatter past the limit is not parsed: 7.5 MB of nested YAML took ~5 s of yaml's parse alone.
  const yamlBytes = frontmatterBytes(located.value);
  if (yamlBytes > R.MAX_FRONTMATTER_BYTES) {
    report(R.FRONTMATTER_TOO_LARGE, { ...FILE_START, endColumn: 4 }, { bytes: yamlBytes });
    return result;
  }
  const yamlParsed = readFrontmatter(result, located, decoded.map, report);
  // A duplicate key too: Bun's YAML (Claude Code's) let the last one win, so its hooks and grants apply.
  if (!result.frontmatter && result.diagnostics.some((d) => d.ruleId === R.YAML_SYNTAX.id || d.ruleId === R.YAML_DUPLICATE_KEY.id)) checkRetriedHooks(result, located.value, located.valueStart, ctx, yamlParsed);
  return result;
}

function emptyResult(source: SkillSource, bytes: Uint8Array, hash: string | undefined): ParsedSkill {
  return {
    source,
    hash: hash ?? sha256Hex(bytes),
    text: "",
    frontmatter: undefined,
    positions: {},
    frontmatterRange: FILE_START,
    bodyOffset: 0,
    body: "",
    bodyStart: 0,
    diagnostics: [],
  };
}

/** The frontmatter's fences in `text`, or undefined after reporting an empty file, or a missing or unclosed frontmatter. */
function locateOrReport(text: string, source: SkillSource, report: Report): Found | undefined {
  if (text.trim() === "") {
    report(R.EMPTY_FILE, FILE_START, { fileName: source.fileName });
    return undefined;
  }
  const located = locateFrontmatter(text);
  if (located.kind === "none") {
    const first = text.slice(0, Math.max(0, text.indexOf("\n"))) || text;
    report(R.FRONTMATTER_MISSING, { ...FILE_START, endColumn: first.length + 1 }, { fileName: source.fileName, dashes: /^\s*-{3,}/.test(first) });
    return undefined;
  }
  if (located.kind === "unclosed") {
    report(R.FRONTMATTER_UNCLOSED, { ...FILE_START, endColumn: 4 }, {});
    return undefined;
  }
  return located;
}

/**
 * Parses the located YAML into `result.frontmatter` and its positions, reporting what is wrong with it.
 * Returns whether yaml parsed the text (what skillc refused is then its reading, not its syntax).
 */
function readFrontmatter(result: ParsedSkill, located: Found, map: OffsetMap, report: Report): boolean {
  const lines = new LineIndex(result.text, located.bodyOffset);
  const base = located.valueStart;
  const fast = fastFrontmatter(located.value);
  if (fast) {
    // Nothing was reported before the frontmatter was read (parseSkill returns on any error).
    result.frontmatter = fast.data;
    result.positions = spanPositions(fast.spans, base, lines);
    return true;
  }
  // uniqueKeys is off because yaml checks it pairwise (quadratic: 100,000 keys never finish);
  // duplicates are found below with a Set per map instead.
  const doc = parseDocument(located.value, { uniqueKeys: false, prettyErrors: false, strict: true });
  const parsed = doc.errors.length === 0;
  for (const dup of duplicateKeys(doc.contents)) doc.errors.push(dup);
  reportYamlErrors([...doc.errors, ...doc.warnings], base, result.text, lines, map, report);
  const divergent = divergentNodes(doc.contents, located.value);
  for (const [start, end, params] of divergent.slice(0, MAX_YAML_ERRORS)) report(R.YAML_SYNTAX, rangeOf(lines, base + start, base + end), params);
  // Not turned into JS: yaml would stringify a collection key, and say so on stderr.
  if (divergent.length > 0) return parsed;

  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    report(R.YAML_SYNTAX, { line: 2, column: 1 }, { kind: "aliases", reason: (error as Error).message.replace(/\.$/, "") });
    return parsed;
  }
  if (doc.errors.length === 0 && !isMap(doc.contents)) {
    const what = doc.contents === null ? "empty" : Array.isArray(data) ? "a list" : "a single value";
    const range = doc.contents?.range ? rangeOf(lines, base + doc.contents.range[0], base + doc.contents.range[1]) : { ...FILE_START, endColumn: 4 };
    report(R.FRONTMATTER_NOT_MAP, range, { what });
  }
  if (result.diagnostics.some((d) => d.severity === "error")) return parsed;
  if (!isMap(doc.contents)) return parsed;
  result.frontmatter = toPlain(data) as Record<string, unknown>;
  result.positions = collectPositions(doc.contents, base, lines);
  return parsed;
}

/** Reports yaml's errors and warnings in source order: the first of each line, at most MAX_YAML_ERRORS lines. */
function reportYamlErrors(errors: YAMLError[], base: number, text: string, lines: LineIndex, map: OffsetMap, report: Report): void {
  const errorLines = new Set<number>();
  // yaml files an unknown tag (`!js/function …`) as a warning and drops it: that would silently
  // change a value, so it is an error here.
  for (const error of errors.sort((a, b) => a.pos[0] - b.pos[0])) {
    if (errorLines.size >= MAX_YAML_ERRORS) break;
    const start = lines.pos(base + error.pos[0]);
    if (errorLines.has(start.line)) continue;
    errorLines.add(start.line);
    reportYamlError(error, start, text, lines, map, report);
  }
}

export function setBody(result: ParsedSkill, bodyOffset: number): void {
  const rest = result.text.slice(bodyOffset);
  const body = rest.trim();
  result.bodyOffset = bodyOffset;
  result.body = body;
  result.bodyStart = bodyOffset + (body ? rest.length - rest.trimStart().length : 0);
}

function rangeOf(lines: LineIndex, start: number, end: number): Range {
  const s = lines.pos(start);
  const e = lines.pos(Math.max(start, end));
  return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
}

/** A DUPLICATE_KEY error at each later occurrence of a key within one map, at any depth (linear). */
function duplicateKeys(root: unknown): YAMLError[] {
  const out: YAMLError[] = [];
  const walk = (node: unknown): void => {
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        const k = keyString(pair.key);
        const at = (pair.key as { range?: [number, number, number] } | null)?.range;
        if (k !== undefined && seen.has(k) && at) out.push(new YAMLParseError([at[0], at[1]], "DUPLICATE_KEY", "Map keys must be unique"));
        if (k !== undefined) seen.add(k);
        walk(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) walk(item);
    }
  };
  walk(root);
  return out;
}

function reportYamlError(error: YAMLError, start: { line: number; column: number }, text: string, lines: LineIndex, map: OffsetMap, report: Report): void {
  if (error.code === "DUPLICATE_KEY") {
    const lineText = lineAt(text, lines, start.line);
    const key = /^\s*(?:-\s+)?("[^"]*"|'[^']*'|[^:#]+?)\s*:/.exec(lineText.slice(start.column - 1))?.[1] ?? "this key";
    report(R.YAML_DUPLICATE_KEY, { ...start, endLine: start.line, endColumn: start.column + key.length }, { key });
    return;
  }
  if (error.code === "MULTIPLE_DOCS") {
    report(R.YAML_MULTI_DOCUMENT, start, {});
    return;
  }
  const colon = colonInPlainValue(text, lines, start.line, map);
  if (colon) {
    report(R.YAML_SYNTAX, colon.range, colon.params, colon.fix);
    return;
  }
  const reason = error.message.replace(/\s+at line \d+, column \d+.*$/s, "").replace(/\.$/, "");
  report(R.YAML_SYNTAX, start, { kind: "yaml", reason: lowerFirst(reason), code: error.code });
}

function lineAt(text: string, lines: LineIndex, line: number): string {
  const start = lines.starts[line - 1] ?? text.length;
  const end = text.indexOf("\n", start);
  return text.slice(start, end === -1 ? text.length : end);
}

const KEY_VALUE = /^(\s*(?:-\s+)?)("[^"]*"|'[^']*'|[^\s"'#:][^#:]*?)[ \t]*:[ \t]+(\S.*)$/;

/**
 * The classic failure: `description: Use when: x`. When the error's line is `key: value` with a plain
 * value holding `: ` (or ending in `:`), say so and offer a fix that double-quotes the value. The
 * fix's range is mapped to offsets in the original file text (BOM and CRLF kept; see OffsetMap).
 */
function colonInPlainValue(text: string, lines: LineIndex, line: number, map: OffsetMap): { range: Range; params: YamlSyntax; fix?: Fix } | undefined {
  const lineText = lineAt(text, lines, line);
  const m = KEY_VALUE.exec(lineText);
  if (!m) return undefined;
  const [, indent, key, rawValue] = m;
  if (/^["'|>[{&*!%@`]/.test(rawValue)) return undefined;
  // A ` #` starts a comment: it stays outside the quotes.
  const hash = rawValue.search(/\s#/);
  const value = (hash === -1 ? rawValue : rawValue.slice(0, hash)).trimEnd();
  if (!/:(\s|$)/.test(value)) return undefined;
  const lineStart = lines.starts[line - 1];
  const valueStart = lineStart + lineText.length - rawValue.length;
  const valueEnd = valueStart + value.length;
  const s = lines.pos(valueStart);
  const range: Range = { line: s.line, column: s.column, endLine: s.line, endColumn: s.column + value.length };
  const quoted = `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  const field = key.replace(/^["']|["']$/g, "");
  if (continues(text, lines, line, indent.length)) return { range, params: { kind: "colon", field } };
  const fix: Fix = { range: [toOriginalOffset(map, valueStart), toOriginalOffset(map, valueEnd)], text: quoted };
  return { range, params: { kind: "colon", field, quoted: shorten(quoted) }, fix };
}

/** Whether the plain scalar on `line` continues on the next lines (more indented than its key). */
function continues(text: string, lines: LineIndex, line: number, keyIndent: number): boolean {
  for (let l = line + 1; l <= lines.starts.length; l++) {
    const next = lineAt(text, lines, l);
    if (next.trim() === "") continue;
    if (/^---[ \t]*$/.test(next)) return false;
    return next.length - next.trimStart().length > keyIndent;
  }
  return false;
}

function shorten(s: string): string {
  return s.length <= 72 ? s : `${s.slice(0, 68)}…"`;
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
