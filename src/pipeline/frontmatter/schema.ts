// schema/skill.schema.json as validators, one per profile, made once per process.
// Fast path: validators precompiled by ajv's standalone code generation into
// `dist/skill-validators.cjs` at package build time (no ajv import, no compile: ~0.1-0.3 s saved
// per process). Fallback (tests, a source checkout, a project's extra schema): ajv is required
// lazily and compiles the profile's definition on first use.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Ajv2020 as Ajv2020Class, ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import type { Profile } from "../../types.js";
import { sha256Hex } from "../../util/sha256.js";

// A require of our own: esbuild leaves it alone, so ajv stays out of the bundle's startup path.
const load = createRequire(import.meta.url);

/** Where the build writes the precompiled validators, relative to the package root. */
export const STANDALONE_FILE = "dist/skill-validators.cjs";

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
let packageRoot: string | undefined;
let schemaHash: string | undefined;
/** A definition with a validator: a profile, or a client that is not a profile (openai-skills). */
export type SchemaDefinition = Profile | "openai-skills";

let standalone: Partial<Record<SchemaDefinition, ValidateFunction>> | null | undefined;
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
      packageRoot = dir;
      const text = readFileSync(candidate, "utf8");
      schemaHash = sha256Hex(text);
      schema = JSON.parse(text) as SchemaObject;
      return schema;
    }
    dir = dirname(dir);
  }
  throw new Error("skillc: schema/skill.schema.json not found next to the package");
}

function precompiled(profile: SchemaDefinition): ValidateFunction | undefined {
  if (standalone === undefined) {
    loadSkillSchema();
    const file = join(packageRoot!, STANDALONE_FILE);
    const mod = existsSync(file) ? (load(file) as Partial<Record<SchemaDefinition, ValidateFunction>> & { schemaHash?: string }) : undefined;
    // A build made from another schema text is stale: compile instead.
    standalone = mod && mod.schemaHash === schemaHash ? mod : null;
  }
  return standalone?.[profile];
}

function getAjv(): Ajv2020Class {
  if (!ajv) {
    const mod = load("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020Class };
    ajv = new mod.Ajv2020({ allErrors: true, strict: false });
    ajv.addSchema(loadSkillSchema());
  }
  return ajv;
}

/**
 * The source of dist/skill-validators.cjs: one standalone validator per profile (ajv's code
 * generation, CommonJS, requiring only ajv's tiny runtime helpers) plus the schema's sha256.
 */
export function standaloneSource(): string {
  const s = loadSkillSchema();
  const mod = load("ajv/dist/2020.js") as { Ajv2020: typeof Ajv2020Class };
  const gen = new mod.Ajv2020({ allErrors: true, strict: false, code: { source: true } });
  gen.addSchema(s);
  const standaloneCode = (load("ajv/dist/standalone/index.js") as { default: (ajv: Ajv2020Class, refs: Record<string, string>) => string }).default;
  const profiles: SchemaDefinition[] = ["skillc", "agentskills", "claude-code", "codex", "openai-skills"];
  const code = standaloneCode(gen, Object.fromEntries(profiles.map((p) => [p, `${SCHEMA_ID}#/$defs/${p}`])));
  return `${code}\nmodule.exports.schemaHash = ${JSON.stringify(schemaHash)};\n`;
}

export function getValidator(profile: SchemaDefinition, extraSchema?: Record<string, unknown>): ProfileValidator {
  const key = extraSchema ? `${profile}\0${JSON.stringify(extraSchema)}` : profile;
  const hit = compiled.get(key);
  if (hit) return hit;
  const s = loadSkillSchema();
  const validate = precompiled(profile) ?? getAjv().getSchema(`${SCHEMA_ID}#/$defs/${profile}`);
  if (!validate) throw new Error(`skillc: no schema definition for profile "${profile}"`);
  const known = Object.keys(s.$defs[profile]?.properties ?? {});
  const result: ProfileValidator = { validate, known };
  if (extraSchema) {
    try {
      const { $schema: _ignored, ...rest } = extraSchema;
      // Without its $id: the same extra schema is compiled once per profile and ids must be unique.
      result.extra = getAjv().compile({ ...rest, $id: undefined });
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
