// The code id: a hash of everything the built package is made from (src/, the build scripts,
// package.json and package-lock.json), inlined by scripts/build.mjs as __SKILLC_CODE_ID__. The
// caches are keyed by the version and this id (src/util/version.ts cacheVersion), so a cache written
// by other code of the same version (a git install of another commit, a development build) is never
// reused: a warm build's bytes then always equal a cold build's. The same tree gives the same id on
// every machine (paths sorted, posix, contents only); the lockfile is read as installed, so an
// install that rewrites it (npm adds other platforms' optional entries) changes the id: one cold run.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Posix paths of the files below `dir` (relative to `root`), sorted by code unit. */
function filesBelow(root, dir) {
  const out = [];
  const walk = (rel) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) out.push(r);
    }
  };
  walk(dir);
  return out;
}

/** 16 hex digits of the SHA-256 over the sources' paths and bytes. */
export function codeId(root) {
  const files = [...filesBelow(root, "src"), ...filesBelow(root, "scripts"), "package.json", "package-lock.json"].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const h = createHash("sha256");
  for (const f of files) {
    let bytes;
    try {
      bytes = readFileSync(path.join(root, f));
    } catch {
      continue; // package-lock.json may be absent in a checkout that never installed
    }
    h.update(`${f}\0${bytes.length}\0`);
    h.update(bytes);
  }
  return h.digest("hex").slice(0, 16);
}
