// Validates a loaded config against schema/config.schema.json; messages are positioned for JSON configs
// and name the closest valid key for an unknown one.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ErrorObject } from "ajv";
import { LineCounter, parseDocument, isMap, isSeq, type Node } from "yaml";
import { closest } from "../util/closest.js";
import { packageFile } from "../util/package-file.js";
import { RULES } from "../diagnostics/registry.js";

type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };
type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

let schemaCache: { schema: Schema; hash: string; file: string } | undefined;
function configSchema(): { schema: Schema; hash: string; file: string } {
  if (!schemaCache) {
    const file = packageFile("schema/config.schema.json");
    const text = readFileSync(file, "utf8");
    schemaCache = { schema: JSON.parse(text) as Schema, hash: createHash("sha256").update(text).digest("hex"), file };
  }
  return schemaCache;
}

/**
 * The validator precompiled by the package build (dist/config-validator.cjs, ajv's standalone code):
 * loading ajv and compiling costs ~100 ms a run. Compiled here instead when that file is missing or
 * was made from another schema text (a source checkout between builds).
 */
async function configValidator(): Promise<Validator> {
  const { schema, hash, file } = configSchema();
  const standalone = path.join(path.dirname(path.dirname(file)), "dist", "config-validator.cjs");
  if (existsSync(standalone)) {
    const mod = createRequire(import.meta.url)(standalone) as Validator & { schemaHash?: string };
    if (mod.schemaHash === hash) return mod;
  }
  const mod = (await import("ajv/dist/2020.js")) as unknown as { default: typeof import("ajv/dist/2020.js").default };
  const Ajv2020 = (mod.default as unknown as { default?: typeof mod.default }).default ?? mod.default;
  return new Ajv2020({ allErrors: true, strict: false }).compile(schema) as Validator;
}

/** Returns readable problems ("file:line:col: message"); empty when the config is valid. */
export async function checkConfig(raw: unknown, where: { file: string; text?: string }): Promise<string[]> {
  const validate = await configValidator();
  const locate = where.text !== undefined ? positionsOf(where.text) : () => undefined;
  const problems: string[] = [];
  const seen = new Set<string>();
  if (!validate(raw)) {
    for (const error of validate.errors ?? []) {
      let pointer = error.instancePath;
      let message = `${pointer || "config"} ${error.message ?? "is invalid"}`;
      if (error.keyword === "additionalProperties") {
        const key = (error.params as { additionalProperty: string }).additionalProperty;
        pointer = `${pointer}/${key}`;
        const known = Object.keys(subschema(configSchema().schema, error.schemaPath)?.properties ?? {});
        const hint = closest(key, known);
        message = `unknown key "${key}"${hint ? `; did you mean "${hint}"?` : ""} Known keys here: ${known.join(", ")}.`;
      } else if (error.keyword === "enum") {
        const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
        message = `${pointer} must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}`;
      }
      const line = `${where.file}${locate(pointer) ?? ""}: ${message}`;
      if (!seen.has(line)) problems.push(line), seen.add(line);
    }
  }
  const unknownRules = (rules: unknown, pointer: string) => {
    if (!rules || typeof rules !== "object") return;
    for (const id of Object.keys(rules)) {
      if (RULES.has(id)) continue;
      const hint = closest(id, RULES.keys());
      problems.push(`${where.file}${locate(`${pointer}/${id}`) ?? ""}: unknown rule "${id}"${hint ? `; did you mean "${hint}"?` : ""}`);
    }
  };
  unknownRules((raw as { rules?: unknown } | null)?.rules, "/rules");
  const overrides = (raw as { overrides?: unknown } | null)?.overrides;
  if (Array.isArray(overrides)) overrides.forEach((o, i) => unknownRules((o as { rules?: unknown } | null)?.rules, `/overrides/${i}/rules`));
  return problems;
}

/** The schema object an ajv schemaPath like "#/properties/catalog/additionalProperties" points into. */
function subschema(root: Schema, schemaPath: string): Schema | undefined {
  const parts = schemaPath.replace(/^#\//, "").split("/").slice(0, -1);
  let node: unknown = root;
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[decodeURIComponent(part)];
  return node as Schema | undefined;
}

/** For a JSON config: JSON pointer → ":line:col" of the key (or value), via yaml's positions (JSON is YAML). */
function positionsOf(text: string): (pointer: string) => string | undefined {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  return (pointer) => {
    let node: Node | null | undefined = doc.contents as Node | null;
    let range: [number, number, number] | undefined = node?.range ?? undefined;
    for (const part of pointer.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))) {
      if (isMap(node)) {
        const pair = node.items.find((p) => (p.key as { value?: unknown })?.value === part);
        if (!pair) break;
        range = (pair.key as Node).range ?? range;
        node = pair.value as Node | null;
      } else if (isSeq(node)) {
        node = node.items[Number(part)] as Node | undefined;
        range = node?.range ?? range;
      } else break;
    }
    if (!range) return undefined;
    const { line, col } = counter.linePos(range[0]);
    return `:${line}:${col}`;
  };
}
