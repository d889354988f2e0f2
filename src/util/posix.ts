import path from "node:path";

/** A path with `/` separators, whatever the platform: every path skillc prints or emits is posix. */
export function toPosix(p: string): string {
  return path.sep === "/" ? p : p.split(path.sep).join("/");
}
