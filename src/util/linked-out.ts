// Whether a folder of the project leaves it through a symbolic link on the way. A checkout can
// commit `.skillc`, `.claude` or `skills` as a link to a folder elsewhere; a command that writes
// there would then write where the checkout, not the user, chose. A folder the user names outside
// the project is theirs to name: only a path inside the project whose real place is outside counts.
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { isInside } from "./paths.js";

/** The real path of `p`, resolving links in the part that exists (the rest is appended). */
export function realPathOf(p: string): string {
  const abs = path.resolve(p);
  let existing = abs;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = path.dirname(existing);
    if (parent === existing) break;
    rest.unshift(path.basename(existing));
    existing = parent;
  }
  try {
    return path.join(realpathSync(existing), ...rest);
  } catch {
    return abs;
  }
}

/**
 * Where `dir` really is, when it is inside `project` as written but a link on the way takes it
 * out of the project's real folder; undefined otherwise (inside for real, or named outside).
 */
export function linkedOutOf(project: string, dir: string): string | undefined {
  if (!isInside(path.resolve(project), path.resolve(dir))) return undefined;
  const real = realPathOf(dir);
  return isInside(realPathOf(project), real) ? undefined : real;
}
