// The runtime's API as declaration text, for index.d.ts: made from src/runtime's own types by
// scripts/runtime-types.mjs. The package build writes it to dist/runtime-api.txt (it needs
// typescript, a devDependency); from source (tests) that file is read when it is newer than the
// runtime's sources, else the text is made in memory (a few seconds: TypeScript's declaration emit).
import { readFile } from "node:fs/promises";
import { existsSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const FILE = "runtime-api.txt";
let memo: Promise<string> | undefined; // one read or one generation per process

/** The runtime's exported types, narrowed to the per-build names that src/emit/dts.ts declares. */
export function runtimeTypes(): Promise<string> {
  memo ??= load().catch((err: unknown) => {
    memo = undefined;
    throw err;
  });
  return memo;
}

async function load(): Promise<string> {
  const here = import.meta.url;
  if (!/\.ts$/.test(new URL(here).pathname)) {
    // Bundled into dist/ (dist/index.js, dist/cli.js, or a chunk in dist/chunks/).
    for (const rel of [`./${FILE}`, `../${FILE}`]) {
      const url = new URL(rel, here);
      if (existsSync(url)) return readFile(url, "utf8");
    }
    throw new Error(`skillc: the runtime's type text (${FILE}) is missing next to ${fileURLToPath(here)}; build skillc with its devDependencies installed ("npm install && npm run build")`);
  }
  const built = fileURLToPath(new URL(`../../dist/${FILE}`, here));
  const script = new URL("../../scripts/runtime-types.mjs", here);
  const runtimeDir = fileURLToPath(new URL("../runtime/", here));
  if (existsSync(built) && statSync(built).mtimeMs >= newest([runtimeDir, fileURLToPath(script)])) return readFile(built, "utf8");
  // Not a literal specifier: the package bundle neither follows nor ships this development path.
  const { loadRuntimeTypes } = (await import(/* @vite-ignore */ script.href)) as typeof import("../../scripts/runtime-types.mjs");
  return loadRuntimeTypes(path.join(runtimeDir, "index.ts"));
}

function newest(paths: string[]): number {
  let max = 0;
  for (const p of paths) {
    const stat = statSync(p);
    max = Math.max(max, stat.mtimeMs);
    if (stat.isDirectory()) max = Math.max(max, newest(readdirSync(p).map((n) => path.join(p, n))));
  }
  return max;
}
