// Builds a throw-away project of skills with the real pipeline (src/project/build.ts) and imports its bundle.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type BuildResult } from "../../src/project/build.js";
import { resolveDefaults } from "../../src/config/types.js";
import { skillMd, tempProject, type Tree } from "./project.js";

export type { Tree };

/** A throw-away project (test/helpers/project.ts: removed after the test file). */
export function project(tree: Tree): string {
  return tempProject(tree, "skillc-toolsets-");
}

export { skillMd };

export async function buildProject(cwd: string, opts: { emitOnError?: boolean; write?: boolean } = {}): Promise<BuildResult> {
  const config = resolveDefaults(cwd, { outDir: ".skillc", sources: ["skills"] });
  return build({ cwd, config, cache: false, emitOnError: opts.emitOnError, write: opts.write });
}

let fresh = 0;
/** A fresh module instance of the bundle (its own lazily evaluated state), by a unique query string. */
export async function importBundle(cwd: string): Promise<any> {
  return import(pathToFileURL(path.join(cwd, ".skillc", "index.js")).href + `?fresh=${++fresh}`);
}
