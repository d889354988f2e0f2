// A throw-away copy of examples/vite-app that resolves `skillc` and `vite` the way an installed app
// does (node_modules links to this repository and its vite), so tests build it with the real
// package entry `skillc/vite` and never write into the repository.
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import path from "node:path";
import type { InlineConfig } from "vite";
import { REPO } from "./cli.js";
import { tempProject } from "./project.js";

export const VITE_APP = path.join(REPO, "examples", "vite-app");
const GENERATED = new Set(["node_modules", ".skillc", "dist", "dist-server", "skillc-env.d.ts"]);

/** The example copied into a temporary folder (removed after the test file), with node_modules linked. */
export function viteAppCopy(): string {
  const dir = tempProject({}, "skillc-vite-app-");
  cpSync(VITE_APP, dir, { recursive: true, filter: (src) => !GENERATED.has(path.basename(src)) && !src.endsWith(".test.ts") });
  linkPackages(dir);
  // An app of its own, as Vite's templates make it: ES modules. In the repository the example sits
  // in skillc's package (type: module); copied out without one, Vite would load vite.config.js as
  // CommonJS, where the ESM-only `skillc/vite` cannot be required, and name the SSR output .mjs.
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "vite-app", private: true, type: "module" }, null, 2) + "\n");
  return dir;
}

/** node_modules/skillc → this repository (its dist/ and exports); vite, rollup and esbuild → its own. */
export function linkPackages(dir: string): void {
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  symlinkSync(REPO, path.join(dir, "node_modules", "skillc"), "dir");
  for (const name of ["vite", "rollup", "esbuild"]) symlinkSync(path.join(REPO, "node_modules", name), path.join(dir, "node_modules", name), "dir");
}

/** `vite build` in `dir` with its vite.config.js, through Vite's API; `extra` is merged in. */
export async function viteBuild(dir: string, extra: InlineConfig = {}): Promise<void> {
  const { build } = await import("vite");
  await build({ root: dir, configFile: path.join(dir, "vite.config.js"), logLevel: "silent", ...extra });
}

/** The server entry (src/server.ts) built for servers: one ES module, dist-server/server.js. */
export function viteBuildServer(dir: string): Promise<void> {
  return viteBuild(dir, { build: { ssr: "src/server.ts", outDir: "dist-server" } });
}

/** `tsc -p dir` with this repository's typescript: exit code and output. */
export function tsc(dir: string): Promise<{ code: number | null; out: string }> {
  return runNode([path.join(REPO, "node_modules", "typescript", "bin", "tsc"), "-p", dir], dir);
}

/** `node …args` in `cwd`: exit code and output (stdout and stderr together). */
export function runNode(args: string[], cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, out }));
  });
}

/** A module that imports the server entry, answers one GET / and prints the body (for Deno, Bun, Node). */
export const FETCH_ONCE = `import server from "./server.js";\nconst res = await server.fetch(new Request("http://app.test/"));\nconsole.log(await res.text());\n`;
