// Path helpers shared by discovery and file collection. Everything that reaches a diagnostic or an
// output is posix and relative to the working directory; absolute paths stay inside the compiler.
import path from "node:path";

/** `p` with the platform separator turned into "/". */
export function toPosix(p: string): string {
  return path.sep === "/" ? p : p.split(path.sep).join("/");
}

/** Posix path of `to` relative to `from`; "." when they are the same folder. */
export function relPosix(from: string, to: string): string {
  return toPosix(path.relative(from, to)) || ".";
}

/** Joins posix segments, dropping "." so `joinPosix(".", "a")` is "a". */
export function joinPosix(...parts: string[]): string {
  const kept = parts.filter((p) => p !== "" && p !== ".");
  return kept.length === 0 ? "." : kept.join("/");
}

/** Whether absolute `child` is `parent` or lies below it (both already resolved / real). */
export function isInside(parent: string, child: string): boolean {
  if (child === parent) return true;
  const rel = path.relative(parent, child);
  return rel !== "" && rel !== ".." && !rel.startsWith(".." + path.sep) && !path.isAbsolute(rel);
}
