// Builds dist/ once before the suites that run the CLI as a process, when it is missing or older
// than any file in src/ (or the build script, package.json, schema/).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("..", import.meta.url));

function newest(p: string): number {
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

export default function setup(): void {
  const cli = path.join(REPO, "dist", "cli.js");
  const inputs = ["src", "schema", "scripts/build.mjs", "scripts/runtime-types.mjs", "package.json"].map((p) => path.join(REPO, p)).filter(existsSync);
  if (existsSync(cli) && statSync(cli).mtimeMs >= Math.max(...inputs.map(newest))) return;
  execFileSync(process.execPath, [path.join(REPO, "scripts", "build.mjs")], { cwd: REPO, stdio: "inherit" });
}
