// A snapshot's positions as the analysis cache's records hold them (analysis-store.ts
// encodeAnalysisRecord): one JSON object whose members are the JSON pointers, each a flat array of
// its value's range and then, when it has one, its key's:
//   {"/name":[2,7,2,22,2,1,2,5], "":[2,1,8,17]}   ([line, column, endLine, endColumn] of value, then key)
// As nested {key, value} range objects the positions were most of a record's bytes and objects: a
// cold lint at 10,000 skills spent ~40 ms of its main thread stringifying them, and a reader parsed
// four objects a pointer back. A reader checks every number (decodeEntry): a record of another form
// (the nested objects of an older cache) is not this shape, and reads as a miss, never as positions.
import type { NodePositions, Range } from "../types.js";

const MAX_INT = 2 ** 31;

/** The positions' JSON, as described above (the pointers as JSON strings, in the object's order). */
export function encodePositions(positions: NodePositions): string {
  let out = "{";
  let first = true;
  for (const pointer in positions) {
    if (!Object.hasOwn(positions, pointer)) continue;
    out += (first ? "" : ",") + encodeEntry(pointer, positions[pointer]!);
    first = false;
  }
  return out + "}";
}

/** One member: `"<pointer>":[value…, key…]`. */
function encodeEntry(pointer: string, e: NodePositions[string]): string {
  const v = e.value;
  const k = e.key;
  const value = `${JSON.stringify(pointer)}:[${v.line},${v.column},${v.endLine},${v.endColumn}`;
  return k ? `${value},${k.line},${k.column},${k.endLine},${k.endColumn}]` : value + "]";
}

/** One entry as stored (its flat array), for a record's head: the description's (analysis-store.ts). */
export function encodeEntryArray(e: NodePositions[string]): number[] {
  const v = e.value;
  const k = e.key;
  return k ? [v.line, v.column, v.endLine, v.endColumn, k.line, k.column, k.endLine, k.endColumn] : [v.line, v.column, v.endLine, v.endColumn];
}

const isPos = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 1 && n < MAX_INT;

/** An entry from its flat array, or undefined when `a` is not one (4 or 8 positive integers). */
export function decodeEntry(a: unknown): NodePositions[string] | undefined {
  if (!Array.isArray(a) || (a.length !== 4 && a.length !== 8)) return undefined;
  for (const n of a) if (!isPos(n)) return undefined;
  const value: Range = { line: a[0], column: a[1], endLine: a[2], endColumn: a[3] };
  if (a.length === 4) return { value };
  return { key: { line: a[4], column: a[5], endLine: a[6], endColumn: a[7] }, value };
}

/** The positions from their parsed JSON, or undefined when it is not of the form above (any member). */
export function decodePositions(json: unknown): NodePositions | undefined {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
  const out: NodePositions = {};
  for (const pointer in json) {
    if (!Object.hasOwn(json, pointer)) continue;
    // A pointer is "" or starts with "/": this one would set the object's prototype.
    if (pointer === "__proto__") return undefined;
    const e = decodeEntry((json as Record<string, unknown>)[pointer]);
    if (!e) return undefined;
    out[pointer] = e;
  }
  return out;
}
