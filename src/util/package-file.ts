import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The path of a file shipped with the package (e.g. "schema/config.schema.json"). Code runs from
 * src/<dir>/, dist/ or dist/chunks/, so walk up from this module to the first folder that has it.
 */
export function packageFile(relative: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`skillc: ${relative} not found next to the package`);
}
