// Finds and loads skillc.config.{ts,mts,js,mjs,json}; a TypeScript config is bundled by esbuild first.
import { existsSync } from "node:fs";
import { readFile, mkdtemp, writeFile, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { resolveDefaults, type ResolvedConfig, type SkillcConfig } from "./types.js";
import { UsageError } from "../diagnostics/usage-error.js";
import { checkConfig } from "./check.js";

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
    throw new UsageError(`found ${names.length} config files (${names.join(", ")}) and will not guess which one you mean. Keep one, or pass --config <file>.`);
  }
  const file = explicit ? path.resolve(cwd, explicit) : found[0];
  if (explicit && !existsSync(file!)) throw new UsageError(`config file ${explicit} does not exist.`);
  if (!file) return { config: resolveDefaults(cwd), dependencies: [] };
  const { raw, dependencies, text } = await importConfig(file);
  const display = path.relative(cwd, file).split(path.sep).join("/") || file;
  const problems = await checkConfig(raw, { file: display, text });
  if (problems.length > 0) throw new UsageError(`invalid config:\n${problems.map((p) => "  " + p).join("\n")}`);
  const root = path.dirname(file);
  const config = resolveDefaults(root, raw as SkillcConfig, file);
  if (typeof (raw as SkillcConfig).schema === "string") {
    const schemaPath = path.resolve(root, (raw as SkillcConfig).schema as string);
    try {
      config.schema = JSON.parse(await readFile(schemaPath, "utf8")) as Record<string, unknown>;
      dependencies.push(schemaPath);
    } catch (error) {
      throw new UsageError(`config "schema": cannot read ${schemaPath}: ${(error as Error).message}`);
    }
  }
  return { config, dependencies };
}

async function importConfig(file: string): Promise<{ raw: unknown; dependencies: string[]; text?: string }> {
  if (file.endsWith(".json")) {
    const text = await readFile(file, "utf8");
    try {
      return { raw: JSON.parse(text), dependencies: [file], text };
    } catch (error) {
      throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`);
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
    throw new UsageError(`cannot compile ${file}: ${(error as Error).message}`);
  }
  const dependencies = Object.keys(result.metafile.inputs).map((p) => path.resolve(p));
  // Written beside the config so that its bare imports (e.g. "skillc") resolve from the project.
  const dir = await mkdtemp(path.join(path.dirname(file), ".skillc-config-"));
  const out = path.join(dir, "config.mjs");
  try {
    await writeFile(out, result.outputFiles[0]!.text);
    const mod = (await import(pathToFileURL(out).href + `?t=${Date.now()}`)) as { default?: unknown };
    if (mod.default === undefined) throw new UsageError(`${file} has no default export; write \`export default defineConfig({ … })\`.`);
    const raw = typeof mod.default === "function" ? await (mod.default as () => unknown)() : mod.default;
    return { raw, dependencies };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot load ${file}: ${(error as Error).message}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
