// Validates a loaded config against schema/config.schema.json; problems are diagnostics (rules in
// src/rules/config-rules.ts), positioned for JSON configs, naming the closest valid key for an unknown one.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ErrorObject } from "ajv";
import { LineCounter, parseDocument, isMap, isSeq, type Node } from "yaml";
import { closest } from "../util/closest.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { packageFile } from "../util/package-file.js";
import { RULES } from "../diagnostics/registry.js";
import type { Diagnostic } from "../types.js";
import type { At, RuleMeta } from "../diagnostics/rule.js";
import { Reporter } from "../diagnostics/reporter.js";
import { UsageError } from "../diagnostics/usage-error.js";
import { CONFIG_INVALID, CONFIG_LOAD_FAILED, CONFIG_UNKNOWN_KEY, type LoadFailure } from "../rules/config-rules.js";
import { sha256Hex } from "../util/sha256.js";

/**
 * A config that cannot be used: a usage error (exit 2) whose message is the text people read on
 * stderr, carrying the same problems as diagnostics for the machine formats (json, sarif, github).
 */
export class ConfigError extends UsageError {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[],
  ) {
    super(message);
  }
}

/** Config problems are found before any setting exists: rated by the rules' defaults (errors). */
const CONFIG_REPORTER = new Reporter({ profile: "skillc", settings: {} });

/** One problem of the config `file` (as shown: relative to cwd), at `at` when the position is known. */
export interface ConfigProblem {
  diagnostic: Diagnostic;
  /** "file:line:col: message" (no position when it is not known), as the stderr text shows it. */
  text: string;
}

export function configProblem<P>(file: string, rule: RuleMeta<P>, params: P, at?: At): ConfigProblem {
  const diagnostic = CONFIG_REPORTER.make(file, rule, at ?? { line: 1, column: 1 }, params)!;
  // One line per problem: a key's line break (a JSON config's `"x\n::error::…"`) is shown as `\n`,
  // never a line of its own that a CI log runs as a workflow command.
  return { diagnostic, text: `${file}${at ? `:${at.line}:${at.column}` : ""}: ${escapeTerminal(diagnostic.message)}` };
}

/** A config that cannot be loaded at all: its one message is both the stderr text and the diagnostic's. */
export function loadFailed(file: string, failure: LoadFailure, at?: At): ConfigError {
  const { diagnostic } = configProblem(file, CONFIG_LOAD_FAILED, failure, at);
  return new ConfigError(diagnostic.message, [diagnostic]);
}

type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };
type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

let schemaCache: { schema: Schema; hash: string; file: string } | undefined;
function configSchema(): { schema: Schema; hash: string; file: string } {
  if (!schemaCache) {
    const file = packageFile("schema/config.schema.json");
    const text = readFileSync(file, "utf8");
    schemaCache = { schema: JSON.parse(text) as Schema, hash: sha256Hex(text), file };
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

/** The config's problems (empty when it is valid), in the order found, each said once. */
export async function checkConfig(raw: unknown, where: { file: string; text?: string }): Promise<ConfigProblem[]> {
  const validate = await configValidator();
  // Parsed for positions only when a problem needs one: a valid config (every run) skips yaml's
  // parse, its first use in a warm build (~0.1 s with the JIT cold).
  let located: ((pointer: string) => At | undefined) | undefined;
  const text = where.text;
  const locate = (pointer: string): At | undefined => (text === undefined ? undefined : (located ??= positionsOf(text))(pointer));
  const problems: ConfigProblem[] = [];
  const seen = new Set<string>();
  if (!validate(raw)) {
    for (const error of validate.errors ?? []) {
      let pointer = error.instancePath;
      let problem: ConfigProblem;
      if (error.keyword === "additionalProperties") {
        const key = (error.params as { additionalProperty: string }).additionalProperty;
        pointer = `${pointer}/${key}`;
        const known = Object.keys(subschema(configSchema().schema, error.schemaPath)?.properties ?? {});
        problem = configProblem(where.file, CONFIG_UNKNOWN_KEY, { kind: "key", key, hint: closest(key, known), known }, locate(pointer));
      } else if (error.keyword === "enum") {
        const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
        problem = configProblem(where.file, CONFIG_INVALID, { pointer, problem: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}` }, locate(pointer));
      } else {
        problem = configProblem(where.file, CONFIG_INVALID, { pointer, problem: error.message ?? "is invalid" }, locate(pointer));
      }
      if (!seen.has(problem.text)) problems.push(problem), seen.add(problem.text);
    }
  }
  const unknownRules = (rules: unknown, pointer: string) => {
    if (!rules || typeof rules !== "object") return;
    for (const id of Object.keys(rules)) {
      if (RULES.has(id)) continue;
      problems.push(configProblem(where.file, CONFIG_UNKNOWN_KEY, { kind: "rule", key: id, hint: closest(id, RULES.keys()) }, locate(`${pointer}/${id}`)));
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

/** For a JSON config: JSON pointer → line and column of the key (or value), via yaml's positions (JSON is YAML). */
function positionsOf(text: string): (pointer: string) => At | undefined {
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
    return { line, column: col };
  };
}
