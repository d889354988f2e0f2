// schema/skill.schema.json compiled with ajv, once per profile (and per extra schema) per process.
// ajv is imported here only; the CLI reaches this module through validate.ts.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as ajvModule from "ajv/dist/2020.js";
import type { Ajv2020 as Ajv2020Class, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type { Profile } from "../types.js";

// ajv is CommonJS: under Node's ESM interop the default import is `module.exports`, whose
// `.default` is the class (esbuild's bundle gives the class directly).
const mod = ajvModule as unknown as { default?: { default?: unknown } | typeof Ajv2020Class; Ajv2020?: typeof Ajv2020Class };
const Ajv2020 = (mod.Ajv2020 ?? (mod.default as { default?: unknown })?.default ?? mod.default) as typeof Ajv2020Class;

export const SCHEMA_ID = "https://unpkg.com/skillc/schema/skill.schema.json";

type SchemaObject = Record<string, unknown> & { $defs: Record<string, { properties?: Record<string, unknown> }> };

export interface ProfileValidator {
  /** Validates against the profile's definition. */
  validate: ValidateFunction;
  /** Validates against the user's extra schema, if any. */
  extra?: ValidateFunction;
  /** Top-level field names the profile (plus the extra schema) knows. */
  known: string[];
  /** A message when the extra schema could not be compiled. */
  extraError?: string;
}

let schema: SchemaObject | undefined;
let ajv: Ajv2020Class | undefined;
/** Pure compile cache: the same inputs always compile to the same validator. */
const compiled = new Map<string, ProfileValidator>();

/**
 * The schema file ships next to dist/ in the package (`files: ["schema"]`); from src/pipeline/,
 * dist/ or dist/chunks/ it is found by walking up to the first `schema/skill.schema.json`.
 */
export function loadSkillSchema(): SchemaObject {
  if (schema) return schema;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, "schema", "skill.schema.json");
    if (existsSync(candidate)) {
      schema = JSON.parse(readFileSync(candidate, "utf8")) as SchemaObject;
      return schema;
    }
    dir = dirname(dir);
  }
  throw new Error("skillc: schema/skill.schema.json not found next to the package");
}

export function getValidator(profile: Profile, extraSchema?: Record<string, unknown>): ProfileValidator {
  const key = extraSchema ? `${profile}\0${JSON.stringify(extraSchema)}` : profile;
  const hit = compiled.get(key);
  if (hit) return hit;
  const s = loadSkillSchema();
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true });
    ajv.addSchema(s);
  }
  const validate = ajv.getSchema(`${SCHEMA_ID}#/$defs/${profile}`);
  if (!validate) throw new Error(`skillc: no schema definition for profile "${profile}"`);
  const known = Object.keys(s.$defs[profile]?.properties ?? {});
  const result: ProfileValidator = { validate, known };
  if (extraSchema) {
    try {
      const { $schema: _ignored, ...rest } = extraSchema;
      result.extra = ajv.compile({ ...rest, $id: undefined });
      const props = extraSchema.properties;
      if (props && typeof props === "object") result.known = [...new Set([...known, ...Object.keys(props)])];
    } catch (error) {
      result.extraError = (error as Error).message;
    }
  }
  compiled.set(key, result);
  return result;
}

export type { ErrorObject };
