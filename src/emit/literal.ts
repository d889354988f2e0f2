// JavaScript literals for generated code. JSON.stringify does the string escaping; this adds what
// JSON leaves to the reader of a *JavaScript* source: U+2028/U+2029 escaped (older parsers end a
// line there) and `__proto__` keys written as computed keys, because `{"__proto__": x}` in an
// object literal sets the prototype instead of creating a property (JSON.parse does not do that).

const LINE_SEPARATORS = /[\u2028\u2029]/g;

/** A JSON string literal that is also safe anywhere in JavaScript source. */
export function str(value: string): string {
  const json = JSON.stringify(value);
  // Most strings hold neither separator: skip the regex pass (and its copy) for them.
  if (!value.includes("\u2028") && !value.includes("\u2029")) return json;
  return json.replace(LINE_SEPARATORS, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}

/**
 * lit's text for plain data whose object keys the emitter chose (never `__proto__`): one native
 * JSON.stringify instead of a walk, the separators escaped after (raw, they can only be inside
 * strings). Equal to lit for such data (test/unit/emit/literal.test.ts).
 */
export function json(value: unknown): string {
  const text = JSON.stringify(value);
  if (!text.includes("\u2028") && !text.includes("\u2029")) return text;
  return text.replace(LINE_SEPARATORS, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}

/** A JavaScript literal for JSON-safe data: strings, finite numbers, booleans, null, arrays, plain objects. Undefined properties are left out. */
export function lit(value: unknown): string {
  if (typeof value === "string") return str(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "boolean" || value === null) return String(value);
  if (Array.isArray(value)) return "[" + value.map((v) => (v === undefined ? "null" : lit(v))).join(",") + "]";
  if (typeof value === "object") return objectLit(Object.entries(value as Record<string, unknown>));
  throw new TypeError(`cannot write a ${typeof value} as a literal`);
}

/** An object literal from entries, in the order given; `raw` entries are written as code, unquoted. */
export function objectLit(entries: Array<[string, unknown]>, raw: Array<[string, string]> = []): string {
  const parts: string[] = [];
  for (const [k, v] of entries) if (v !== undefined) parts.push(key(k) + ":" + lit(v));
  for (const [k, code] of raw) parts.push(key(k) + ":" + code);
  return "{" + parts.join(",") + "}";
}

/** An object key: quoted, `__proto__` computed. */
export function key(k: string): string {
  return k === "__proto__" ? "[" + str(k) + "]" : str(k);
}
