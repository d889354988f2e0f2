// Commands that answer from the skills (render, list, catalog) build in memory and ask the real
// bundle, so that what they print is exactly what the runtime would return.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { CliContext } from "./context.js";
import { loadConfig } from "../config/load.js";
import { build, type BuildResult } from "../project/build.js";
import type { ToolsetSkill } from "../types.js";
import { printDiagnostics } from "./report.js";

/** The subset of the bundle's API these commands use (the full API is typed in the emitted index.d.ts). */
export interface BundleModule {
  skills: {
    list(): Array<{ name: string; scope: string; description: string; path: string; files: Array<{ bytes: number }> }>;
    load(nameOrPath: string, args?: string | string[]): { text: string; content: string } & Record<string, unknown>;
    catalog(opts?: { format?: string; budget?: number }): string;
  };
  SkillError: new (...args: never[]) => Error & { code: string };
}

export async function buildInMemory(
  ctx: CliContext,
  flags: { config?: string; roots?: string[] },
): Promise<{ result: BuildResult<ToolsetSkill>; bundle?: BundleModule }> {
  const { config } = await loadConfig(ctx.cwd, flags.config);
  // Always one file: the split layout answers the same, but through chunks this temporary copy lacks.
  const result = await build({ cwd: ctx.cwd, config: { ...config, output: "single" }, roots: flags.roots, write: false, emitOnError: true, toolsets: "check" });
  printDiagnostics(ctx, result.diagnostics.filter((d) => d.severity === "error"));
  const code = result.files?.get("index.js");
  if (code === undefined) return { result };
  const dir = await mkdtemp(path.join(tmpdir(), "skillc-"));
  try {
    const file = path.join(dir, "index.mjs");
    await writeFile(file, code);
    return { result, bundle: (await import(pathToFileURL(file).href)) as BundleModule };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
