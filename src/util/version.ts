import { readFileSync } from "node:fs";
import { packageFile } from "./package-file.js";

/** skillc's version: inlined by the package build, read from package.json when running from source. */
export function skillcVersion(): string {
  if (typeof __SKILLC_VERSION__ === "string") return __SKILLC_VERSION__;
  const pkg = JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as { version: string };
  return pkg.version;
}
