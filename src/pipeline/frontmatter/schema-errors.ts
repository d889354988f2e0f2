// ajv errors → diagnostics at the YAML node's range. Checks that have their own rule (name format,
// lengths, required fields, unknown top-level fields) are skipped here and reported by
// checks.ts with a better message and their own severity.
import type { ErrorObject } from "ajv/dist/2020.js";
import * as R from "../../rules/frontmatter-rules.js";
import { loadSkillSchema } from "./schema.js";
import { describeValue, displayPath, openingFence, rangeAt, report, sourceOf, type FmContext } from "./context.js";

const OWN_RULE: Record<string, string[]> = {
  "": ["required", "additionalProperties"],
  "/name": ["pattern", "minLength", "maxLength"],
  "/description": ["minLength", "maxLength"],
  "/compatibility": ["minLength", "maxLength"],
};

const EXPECTED: Record<string, string> = {
  string: "a string",
  boolean: "true or false",
  array: "a list",
  object: "a map of fields",
  number: "a number",
  integer: "an integer",
  null: "empty",
};

/** The schema node an ajv schemaPath ("#/$defs/field-triggers") names, if it is in skill.schema.json. */
function schemaAt(schemaPath: string): { properties?: Record<string, unknown> } | undefined {
  const hash = schemaPath.indexOf("#");
  if (hash === -1) return undefined;
  let node: unknown = loadSkillSchema();
  for (const seg of schemaPath.slice(hash + 2).split("/")) {
    if (!seg) continue;
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[seg.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node as { properties?: Record<string, unknown> } | undefined;
}

function valueAt(data: unknown, pointer: string): unknown {
  let v = data;
  for (const seg of pointer.split("/").slice(1)) {
    if (v === null || typeof v !== "object") return undefined;
    const key = seg.replace(/~1/g, "/").replace(/~0/g, "~");
    v = Object.prototype.hasOwnProperty.call(v, key) ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

export function reportSchemaErrors(c: FmContext, errors: readonly ErrorObject[], fromExtraSchema = false): void {
  const seen = new Set<string>();
  for (const e of errors) {
    const path = e.instancePath;
    if (!fromExtraSchema && OWN_RULE[path]?.includes(e.keyword)) continue;
    // ajv reports each failed branch of a combinator and then the combinator; keep the first per node.
    const dedupe = `${path}\0${e.keyword === "additionalProperties" ? (e.params as { additionalProperty: string }).additionalProperty : ""}`;
    if (seen.has(dedupe)) continue;
    seen.add(dedupe);
    const value = valueAt(c.frontmatter, path);
    // An empty `description:` is reported by description-missing (or the claude-code fallback).
    if (!fromExtraSchema && path === "/description" && value === null) continue;
    const field = displayPath(path) || "the frontmatter";
    // A field missing from the top-level map points at the opening `---`; elsewhere at the parent map.
    const range = path === "" ? openingFence() : rangeAt(c.parsed, path);

    if (!fromExtraSchema && e.keyword === "type" && /^\/metadata\/[^/]+$/.test(path)) {
      const key = path.slice(path.lastIndexOf("/") + 1).replace(/~1/g, "/").replace(/~0/g, "~");
      const hint = typeof value === "number" || typeof value === "boolean" ? `quote it: \`${key}: "${sourceOf(c.parsed, range)}"\`` : "write it as a string (metadata values are strings)";
      report(c, R.METADATA_VALUE_TYPE, range, `\`${field}\` must be a string, got ${describeValue(value)}; ${hint}.`);
      continue;
    }
    if (!fromExtraSchema && e.keyword === "type" && path === "/version" && typeof value === "number") {
      const src = sourceOf(c.parsed, range);
      report(c, R.VERSION_NUMBER, range, `\`version: ${src}\` is read by YAML as the number ${value}; quote it: \`version: "${src}"\`.`);
      continue;
    }
    report(c, R.FIELD_TYPE, e.keyword === "additionalProperties" ? rangeAt(c.parsed, `${path}/${(e.params as { additionalProperty: string }).additionalProperty}`, "key") : range, messageFor(e, field, value, fromExtraSchema));
  }
}

function messageFor(e: ErrorObject, field: string, value: unknown, fromExtraSchema: boolean): string {
  const from = fromExtraSchema ? " (by the project's extra schema)" : "";
  switch (e.keyword) {
    case "type": {
      const types = ([] as string[]).concat((e.params as { type: string | string[] }).type);
      const expected = field === "name"
        ? "a string of lowercase letters, digits and hyphens"
        : types.includes("string") && types.includes("array") ? "a string or a list of strings" : types.map((t) => EXPECTED[t] ?? t).join(" or ");
      const fixHint =
        types.includes("string") && (typeof value === "number" || typeof value === "boolean")
          ? field === "name" ? " — quote it or rename" : " — quote it"
          : value === null ? " — give it a value or remove the line" : "";
      return `\`${field}\` must be ${expected}${from}, got ${describeValue(value)}${fixHint}.`;
    }
    case "enum": {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ");
      return `\`${field}\` must be one of ${allowed}${from}, got ${describeValue(value)}.`;
    }
    case "pattern": {
      if (field.startsWith("toolsets")) return `\`${field}\` must be "path:ExportName" (a module path, a colon, an exported name), got ${describeValue(value)}.`;
      if (field.startsWith("arguments")) return `\`${field}\` must be argument names (ASCII letters, digits and underscores, not starting with a digit, as \`$name\` placeholders need; separated by spaces), got ${describeValue(value)}.`;
      return `\`${field}\` must match the pattern ${(e.params as { pattern: string }).pattern}${from}, got ${describeValue(value)}.`;
    }
    case "additionalProperties": {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      const parent = schemaAt(e.schemaPath.replace(/\/additionalProperties$/, ""));
      const allowed = parent?.properties ? `; its fields are ${Object.keys(parent.properties).map((k) => `\`${k}\``).join(", ")}` : "";
      return `\`${field}\` does not take a field \`${extra}\`${from}${allowed}.`;
    }
    case "required": {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      return `\`${field}\` needs a field \`${missing}\`${from}; add it.`;
    }
    default:
      return `\`${field}\` ${e.message ?? "is invalid"}${from}.`;
  }
}
