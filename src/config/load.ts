// Finds and loads skillc.config.{ts,mts,js,mjs,json}; a TypeScript config is bundled by esbuild first.
import { existsSync } from "node:fs";
import { readFile, mkdtemp, writeFile, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { resolveDefaults, type ResolvedConfig, type SkillcConfig } from "./types.js";
import { ConfigError, checkConfig, loadFailed } from "./check.js";
import { toPosix } from "../util/paths.js";

export const CONFIG_NAMES = [
  "skillc.config.ts",
  "skillc.config.mts",
  "skillc.config.js",
  "skillc.config.mjs",
  "skillc.config.json",
] as const;

export function findConfig(root: string): string | undefined {
  return findConfigs(root)[0];
}

/** Every config file in `root`, in CONFIG_NAMES order. */
function findConfigs(root: string): string[] {
  return CONFIG_NAMES.map((name) => path.join(root, name)).filter((candidate) => existsSync(candidate));
}

export interface LoadedConfig {
  config: ResolvedConfig;
  /** Files the config was built from (the config and what it imports): watch mode follows them. */
  dependencies: string[];
}

/**
 * Loads the config at `explicit` (a --config flag) or found in `cwd`; defaults when there is none.
 * A config file is code (like eslint.config.js): a .ts/.js config runs. Two config files side by side
 * are refused rather than one silently preferred, so nobody edits the file that is not used.
 */
export async function loadConfig(cwd: string, explicit?: string): Promise<LoadedConfig> {
  const found = explicit ? [] : findConfigs(cwd);
  if (found.length > 1) {
    const names = found.map((f) => path.basename(f));
    throw loadFailed(shownPath(cwd, found[0]!), { kind: "two-files", names });
  }
  const file = explicit ? path.resolve(cwd, explicit) : found[0];
  if (explicit && !existsSync(file!)) throw loadFailed(explicit, { kind: "missing", file: explicit });
  if (!file) return { config: resolveDefaults(cwd), dependencies: [] };
  const display = shownPath(cwd, file);
  const { raw, dependencies, text } = await importConfig(file, display);
  const problems = await checkConfig(raw, { file: display, text });
  if (problems.length > 0) {
    throw new ConfigError(`invalid config:\n${problems.map((p) => "  " + p.text).join("\n")}`, problems.map((p) => p.diagnostic));
  }
  const root = path.dirname(file);
  const config = resolveDefaults(root, raw as SkillcConfig, file);
  if (typeof (raw as SkillcConfig).schema === "string") {
    const schemaPath = path.resolve(root, (raw as SkillcConfig).schema as string);
    try {
      config.schema = JSON.parse(await readFile(schemaPath, "utf8")) as Record<string, unknown>;
      dependencies.push(schemaPath);
    } catch (error) {
      throw loadFailed(display, { kind: "schema", file: schemaPath, error: (error as Error).message });
    }
  }
  return { config, dependencies };
}

/** The config file as diagnostics name it: relative to cwd, with `/`. */
function shownPath(cwd: string, file: string): string {
  return toPosix(path.relative(cwd, file)) || file;
}

async function importConfig(file: string, display: string): Promise<{ raw: unknown; dependencies: string[]; text?: string }> {
  if (file.endsWith(".json")) {
    const text = await readFile(file, "utf8");
    try {
      return { raw: JSON.parse(text), dependencies: [file], text };
    } catch (error) {
      const message = (error as Error).message;
      throw loadFailed(display, { kind: "json", file, error: message }, jsonErrorAt(text, message));
    }
  }
  // Bundle (TypeScript and JavaScript alike) so that the metafile names every file watch must follow.
  const { build } = await import("esbuild");
  let result;
  try {
    result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: "esm",
      platform: "node",
      packages: "external",
      metafile: true,
      logLevel: "silent",
    });
  } catch (error) {
    const first = (error as { errors?: Array<{ location?: { line: number; column: number } | null }> }).errors?.[0]?.location;
    // esbuild's columns are 0-based.
    throw loadFailed(display, { kind: "compile", file, error: (error as Error).message }, first ? { line: first.line, column: first.column + 1 } : undefined);
  }
  const dependencies = Object.keys(result.metafile.inputs).map((p) => path.resolve(p));
  // Written beside the config so that its bare imports (e.g. "skillc") resolve from the project.
  const dir = await mkdtemp(path.join(path.dirname(file), ".skillc-config-"));
  const out = path.join(dir, "config.mjs");
  try {
    await writeFile(out, result.outputFiles[0]!.text);
    const mod = (await import(pathToFileURL(out).href + `?t=${Date.now()}`)) as { default?: unknown };
    if (mod.default === undefined) throw loadFailed(display, { kind: "no-default", file });
    const raw = typeof mod.default === "function" ? await (mod.default as () => unknown)() : mod.default;
    return { raw, dependencies };
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw loadFailed(display, { kind: "load", file, error: (error as Error).message });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Where JSON.parse stopped, from its message ("… at position 42" in V8), as a line and column. */
function jsonErrorAt(text: string, message: string): { line: number; column: number } | undefined {
  const m = /at position (\d+)/.exec(message);
  if (!m) return undefined;
  const offset = Math.min(Number(m[1]), text.length);
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - (before.lastIndexOf("\n") + 1) + 1 };
}
