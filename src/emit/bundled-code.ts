// Code of skillc's own that emit writes into outputs (the runtime into index.js, the MCP server into
// mcp.js): bundled and minified from src/ by scripts/runtime-bundle.mjs. The package build writes
// it to dist/<file>; from source (tests) the same bundle is made in memory by the same function.
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
// A plain .mjs shared with scripts/build.mjs, typed by runtime-bundle.d.mts.
import { bundleRuntime } from "../../scripts/runtime-bundle.mjs";

/**
 * A loader of one such bundle, ending in a newline: read from dist/`file` once per process (or
 * bundled from `entry`, relative to this module, when running from source). A failure is not kept:
 * a later build (after the source is fixed, in watch mode) tries again.
 */
export function bundledCode(what: string, file: string, entry: string, global?: string): () => Promise<string> {
  let memo: Promise<string> | undefined;
  const load = async (): Promise<string> => {
    const here = import.meta.url;
    if (!/\.ts$/.test(new URL(here).pathname)) {
      // Bundled into dist/ (dist/index.js, dist/cli.js, or a chunk in dist/chunks/).
      for (const rel of [`./${file}`, `../${file}`]) {
        const url = new URL(rel, here);
        if (existsSync(url)) return withNewline(await readFile(url, "utf8"));
      }
      throw new Error(`skillc: ${what} (${file}) is missing next to ${fileURLToPath(here)}; reinstall or run "npm run build"`);
    }
    const esbuild = await import("esbuild");
    return withNewline((await bundleRuntime(esbuild, fileURLToPath(new URL(entry, here)), global)).code);
  };
  return () =>
    (memo ??= load().catch((err: unknown) => {
      memo = undefined;
      throw err;
    }));
}

function withNewline(code: string): string {
  return code.endsWith("\n") ? code : code + "\n";
}
