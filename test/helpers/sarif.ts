// The SARIF 2.1.0 JSON schema as a validator (the schema that GitHub code scanning reads).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv, { type ValidateFunction } from "ajv";

let cached: ValidateFunction | undefined;

export function sarifValidator(): ValidateFunction {
  if (cached) return cached;
  // The schema ships as draft-04 (`id`); ajv 8 reads it as draft-07 once `id` is `$id`.
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"));
  schema.$id = schema.id;
  delete schema.id;
  delete schema.$schema;
  // Its `language` pattern is not valid with the `u` flag, hence unicodeRegExp: false.
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true, unicodeRegExp: false });
  cached = ajv.compile(schema);
  return cached;
}
