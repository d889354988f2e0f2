// Whether a build may write into its outDir: asked before any work, by a build (build.ts) and by the
// replay of one (replay.ts, which build.ts imports: it cannot import build.ts back).
import path from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import { checkOutDir } from "../emit/out-dir.js";
import { projectRoots } from "./roots.js";

/** Throws a UsageError when the build may not write into its outDir (see emit/out-dir.ts). */
export function checkBuildOutDir(opts: { cwd: string; config: ResolvedConfig; roots?: string[] }): void {
  const { cwd, config } = opts;
  const sources = projectRoots(cwd, config, opts.roots).map((r) => path.resolve(cwd, r.dir));
  checkOutDir({ root: config.root, outDir: path.resolve(config.root, config.outDir), sources, cwd });
}
