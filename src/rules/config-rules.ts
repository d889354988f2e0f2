// Problems with the config file itself (src/config.ts loads it, src/config-check.ts validates it).
// They are found before any setting is known, so they cannot be turned off: the run stops with
// exit 2 ("bad usage, bad config") and prints them in the requested format (`lint --format json`…).
import { defineRule, type AnyRule } from "../diagnostics/rule.js";

export const CONFIG_INVALID = defineRule<{ pointer: string; problem: string }>({
  id: "config-invalid",
  severity: "error",
  description: "A config value has the wrong type or is not one of the allowed values (checked against schema/config.schema.json).",
  help: "The message names the value by its path (`/catalog/budget`) and what it must be; schema/config.schema.json holds the whole shape. Fix the value. Config problems stop the run (exit 2) and cannot be turned off; `lint --format json|sarif|github` reports them as diagnostics of the config file.",
  message: ({ pointer, problem }) => `${pointer || "config"} ${problem}`,
});

export const CONFIG_UNKNOWN_KEY = defineRule<{ kind: "key"; key: string; hint?: string; known: string[] } | { kind: "rule"; key: string; hint?: string }>({
  id: "config-unknown-key",
  severity: "error",
  description: "The config holds a key skillc does not know, or names a rule that does not exist in `rules` or `overrides`.",
  help: "A misspelt key would be ignored and its setting silently lost, so it is refused. The message names the closest known key or rule id and lists the keys allowed there. Config problems stop the run (exit 2) and cannot be turned off.",
  message: (p) =>
    p.kind === "key"
      ? `unknown key "${p.key}"${p.hint ? `; did you mean "${p.hint}"?` : ""} Known keys here: ${p.known.join(", ")}.`
      : `unknown rule "${p.key}"${p.hint ? `; did you mean "${p.hint}"?` : ""}`,
});

export type LoadFailure =
  | { kind: "two-files"; names: string[] }
  | { kind: "missing"; file: string }
  | { kind: "json"; file: string; error: string }
  | { kind: "compile"; file: string; error: string }
  | { kind: "no-default"; file: string }
  | { kind: "load"; file: string; error: string }
  | { kind: "schema"; file: string; error: string };

export const CONFIG_LOAD_FAILED = defineRule<LoadFailure>({
  id: "config-load-failed",
  severity: "error",
  description: "The config file cannot be used: two config files side by side, a `--config` file that does not exist, JSON that does not parse, a TypeScript/JavaScript config that fails to compile, throws or has no default export, or a `schema` file that cannot be read.",
  help: "A .ts/.js config runs like code (as eslint.config.js does), so its errors are shown as they are. Keep one config file (or pass `--config <file>`), fix the syntax, and `export default defineConfig({ … })`. Config problems stop the run (exit 2) and cannot be turned off.",
  message: (p) => {
    switch (p.kind) {
      case "two-files":
        return `found ${p.names.length} config files (${p.names.join(", ")}) and will not guess which one you mean. Keep one, or pass --config <file>.`;
      case "missing":
        return `config file ${p.file} does not exist.`;
      case "json":
        return `${p.file} is not valid JSON: ${p.error}`;
      case "compile":
        return `cannot compile ${p.file}: ${p.error}`;
      case "no-default":
        return `${p.file} has no default export; write \`export default defineConfig({ … })\`.`;
      case "load":
        return `cannot load ${p.file}: ${p.error}`;
      case "schema":
        return `config "schema": cannot read ${p.file}: ${p.error}`;
    }
  },
});

/** Registered by src/diagnostics/registry.ts. */
export const CONFIG_RULES: AnyRule[] = [CONFIG_INVALID, CONFIG_UNKNOWN_KEY, CONFIG_LOAD_FAILED];
