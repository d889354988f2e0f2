// Which skills a project already has, by name: import refuses a second skill of a name, since
// the next build would fail on (or silently override) two skills with one name.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import { configRoots } from "../project/roots.js";
import { discover } from "../pipeline/discover.js";
import { declaredName } from "../archive/skill-name.js";
import { relPosix } from "../util/paths.js";

/**
 * Where a skill named `name` already lives ("skills/x/SKILL.md"), among the config's sources and
 * the import's target root, or undefined. A skill without a `name:` is named by its folder.
 */
export async function skillNamed(name: string, cwd: string, config: ResolvedConfig, target: string): Promise<string | undefined> {
  const roots = configRoots(cwd, config);
  const targetRel = relPosix(cwd, target);
  if (!roots.some((r) => path.resolve(cwd, r.dir) === target)) roots.push({ dir: targetRel, scope: path.basename(target), precedence: roots.length });
  const found = await discover(roots, { cwd, ...config.discovery, settings: config.rules, profile: config.profile });
  const wanted = name.normalize("NFC");
  for (const source of found.sources) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path.join(source.absDir, source.fileName));
    } catch {
      continue;
    }
    const existing = declaredName(bytes) ?? path.posix.basename(source.dir);
    if (existing.normalize("NFC") === wanted) return source.file;
  }
  return undefined;
}
