// lint() and build() as the package exports them: the config is optional (loaded from `cwd`, as the
// CLI does) and the results carry no internal types.
import type { BuildApiOptions, BuildApiResult, LintOptions, LintReport } from "./api-types.js";
import { loadConfig } from "../config/load.js";
import { lintRun } from "./lint.js";
import { build as buildWith } from "./build.js";

/** Checks skills without emitting anything. */
export async function lint(opts: LintOptions): Promise<LintReport> {
  const { results, skills } = await lintRun(opts);
  return { results, skills };
}

/** Compiles the skills into `config.outDir` (or in memory with `write: false`). */
export async function build(opts: BuildApiOptions): Promise<BuildApiResult> {
  return buildWith({ ...opts, config: opts.config ?? (await loadConfig(opts.cwd)).config });
}
