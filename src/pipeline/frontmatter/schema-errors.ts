// ajv errors → diagnostics at the YAML node's range. Checks that have their own rule (name format,
// lengths, required fields, unknown top-level fields) are skipped here and reported by
// checks.ts with a better message and their own severity.
import type { ErrorObject } from "ajv/dist/2020.js";
import * as R from "../../rules/frontmatter-rules.js";
import type { FieldType } from "../../rules/frontmatter-rules.js";
import { loadSkillSchema } from "./schema.js";
import { describeValue, displayPath, openingFence, rangeAt, report, sourceOf, type FmContext } from "./context.js";

const OWN_RULE: Record<string, string[]> = {
  "": ["required", "additionalProperties"],
  "/name": ["pattern", "minLength", "maxLength"],
  "/description": ["minLength", "maxLength"],
  "/compatibility": ["minLength", "maxLength"],
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
      const source = typeof value === "number" || typeof value === "boolean" ? sourceOf(c.parsed, range) : undefined;
      report(c, R.METADATA_VALUE_TYPE, range, { field, key, got: describeValue(value), source });
      continue;
    }
    if (!fromExtraSchema && e.keyword === "type" && path === "/version" && typeof value === "number") {
      report(c, R.VERSION_NUMBER, range, { source: sourceOf(c.parsed, range), value });
      continue;
    }
    report(c, R.FIELD_TYPE, e.keyword === "additionalProperties" ? rangeAt(c.parsed, `${path}/${(e.params as { additionalProperty: string }).additionalProperty}`, "key") : range, fieldType(e, field, value, fromExtraSchema));
  }
}

/** The ajv error as `field-type`'s data (the rule's template words it). */
function fieldType(e: ErrorObject, field: string, value: unknown, extra: boolean): FieldType {
  const got = describeValue(value);
  switch (e.keyword) {
    case "type":
      return { kind: "type", field, types: ([] as string[]).concat((e.params as { type: string | string[] }).type), got, valueType: value === null ? "null" : typeof value, extra };
    case "enum":
      return { kind: "enum", field, allowed: (e.params as { allowedValues: unknown[] }).allowedValues, got, extra };
    case "pattern":
      return { kind: "pattern", field, pattern: (e.params as { pattern: string }).pattern, got, extra };
    case "additionalProperties": {
      const parent = schemaAt(e.schemaPath.replace(/\/additionalProperties$/, ""));
      return { kind: "additional", field, key: (e.params as { additionalProperty: string }).additionalProperty, fields: parent?.properties && Object.keys(parent.properties), extra };
    }
    case "required":
      return { kind: "required", field, missing: (e.params as { missingProperty: string }).missingProperty, extra };
    default:
      return { kind: "other", field, problem: e.message ?? "is invalid", extra };
  }
}
