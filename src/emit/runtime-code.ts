// The runtime code that opens every index.js: src/runtime bundled and minified, ending in a
// module-local `var __skillc`. The package build makes dist/runtime.js; from source (tests) the same
// bundle is made in memory by the same function (scripts/runtime-bundle.mjs).
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
// A plain .mjs shared with scripts/build.mjs, typed by runtime-bundle.d.mts.
import { bundleRuntime, RUNTIME_GLOBAL } from "../../scripts/runtime-bundle.mjs";

export { RUNTIME_GLOBAL };

let memo: Promise<string> | undefined; // one esbuild run or one file read per process

/** The runtime's code, ending in a newline. */
export function runtimeCode(): Promise<string> {
  memo ??= loadRuntime().catch((err: unknown) => {
    memo = undefined; // a later build (after the runtime is fixed, in watch mode) tries again
    throw err;
  });
  return memo;
}

async function loadRuntime(): Promise<string> {
  const here = import.meta.url;
  if (!/\.ts$/.test(new URL(here).pathname)) {
    // Bundled into dist/ (dist/index.js, dist/cli.js, or a chunk in dist/chunks/).
    for (const rel of ["./runtime.js", "../runtime.js"]) {
      const url = new URL(rel, here);
      if (existsSync(url)) return withNewline(await readFile(url, "utf8"));
    }
    throw new Error(`skillc: the runtime bundle (runtime.js) is missing next to ${fileURLToPath(here)}; reinstall or run "npm run build"`);
  }
  const esbuild = await import("esbuild");
  return withNewline((await bundleRuntime(esbuild, fileURLToPath(new URL("../runtime/index.ts", here)))).code);
}

function withNewline(code: string): string {
  return code.endsWith("\n") ? code : code + "\n";
}
