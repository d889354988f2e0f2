import { readFileSync } from "node:fs";
import { packageFile } from "./package-file.js";

/** skillc's version: inlined by the package build, read from package.json when running from source. */
export function skillcVersion(): string {
  if (typeof __SKILLC_VERSION__ === "string") return __SKILLC_VERSION__;
  const pkg = JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as { version: string };
  return pkg.version;
}

/**
 * What the caches are keyed by: the version, and in a built package the hash of the sources it was
 * built from (scripts/code-id.mjs), so a cache written by other code of the same version (a git
 * install of another commit, a development build) is never reused. From source (tests): the version.
 */
export function cacheVersion(): string {
  return typeof __SKILLC_CODE_ID__ === "string" ? `${skillcVersion()}+${__SKILLC_CODE_ID__}` : skillcVersion();
}
