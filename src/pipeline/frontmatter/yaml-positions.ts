// From a `yaml` Document to what later stages need: plain JSON-safe data and the file range of
// every node, keyed by JSON pointer.
import { isAlias, isMap, isPair, isScalar, isSeq, type Node } from "yaml";
import type { NodePositions, Range } from "../../types.js";
import type { LineIndex } from "./locate.js";
import type { Span } from "./fast-yaml.js";

/** Escapes one JSON pointer segment (RFC 6901). */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The string a map key becomes in the data (yaml's toJS stringifies scalars the same way). */
export function keyString(key: unknown): string | undefined {
  if (key === null || key === undefined) return "";
  if (isScalar(key)) return key.value === null ? "" : String(key.value);
  return undefined;
}

/**
 * Records the range of every node under `node` at `pointer`. `base` is the offset of the YAML
 * source inside the normalized text; `lines` turns text offsets into 1-based file positions.
 * Aliases get their own range and are not followed (their target already has one).
 */
export function collectPositions(node: unknown, base: number, lines: LineIndex): NodePositions {
  const positions: NodePositions = Object.create(null);
  const range = (r: [number, number, number] | null | undefined, fallback: number): Range => {
    const start = lines.pos(base + (r ? r[0] : fallback));
    const end = lines.pos(base + (r ? r[1] : fallback));
    return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  };
  const walk = (n: unknown, pointer: string, fallback: number): void => {
    if (!n || typeof n !== "object") return;
    const r = (n as Node).range;
    if (isMap(n)) {
      for (const pair of n.items) {
        if (!isPair(pair)) continue;
        const k = keyString(pair.key);
        if (k === undefined) continue;
        const keyNode = pair.key as Node | null;
        const keyRange = range(keyNode?.range, r ? r[0] : fallback);
        const p = `${pointer}/${pointerSegment(k)}`;
        const v = pair.value as Node | null;
        // `key:` with nothing after it: yaml gives a null scalar whose range is empty; point just after the key.
        const keyEnd = keyNode?.range ? keyNode.range[1] : fallback;
        positions[p] = { key: keyRange, value: range(v?.range, keyEnd) };
        walk(v, p, keyEnd);
      }
    } else if (isSeq(n)) {
      n.items.forEach((item, i) => {
        const p = `${pointer}/${i}`;
        positions[p] = { value: range((item as Node | null)?.range, r ? r[0] : fallback) };
        walk(item, p, r ? r[0] : fallback);
      });
    } else if (isAlias(n) || isScalar(n)) {
      return;
    }
  };
  positions[""] = { value: range((node as Node | null)?.range, 0) };
  walk(node, "", 0);
  return positions;
}

/** collectPositions' result from the fast path's offsets (frontmatter/fast-yaml.ts). */
export function spanPositions(spans: Span[], base: number, lines: LineIndex): NodePositions {
  const positions: NodePositions = Object.create(null);
  const range = (start: number, end: number): Range => {
    const s = lines.pos(base + start);
    const e = lines.pos(base + end);
    return { line: s.line, column: s.column, endLine: e.line, endColumn: e.column };
  };
  for (const [pointer, keyStart, keyEnd, valueStart, valueEnd] of spans) {
    positions[pointer] = keyStart < 0 ? { value: range(valueStart, valueEnd) } : { key: range(keyStart, keyEnd), value: range(valueStart, valueEnd) };
  }
  return positions;
}

/**
 * Deep-copies yaml's toJS output into plain JSON-safe data: every key is an own, enumerable data
 * property (so `__proto__` or `constructor` are ordinary keys and never reach a prototype), numbers
 * that JSON cannot hold (.inf, .nan) become strings, anything exotic becomes its string form.
 */
export function toPlain(value: unknown): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Map) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of value) define(out, String(k), toPlain(v));
    return out;
  }
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value as object)) define(out, k, toPlain((value as Record<string, unknown>)[k]));
    return out;
  }
  if (value === undefined) return null;
  return String(value);
}

function define(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
