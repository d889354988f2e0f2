// A script esbuild builds beside the package's entries (scripts/build.mjs: dist/analyze-worker.js,
// dist/chunk-writer.js), found from the running code: dist/ itself or a chunk in dist/chunks/.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** dist/<name> next to this module (dist/ or dist/chunks/ → dist/<name>), if any; run from src/: none. */
export function builtScript(name: string): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 2; i++) {
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}
