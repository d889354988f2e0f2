// Builds a throw-away project of skills with the real pipeline (src/project/build.ts) and imports its bundle.
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type BuildResult } from "../../src/project/build.js";
import { resolveDefaults } from "../../src/config/types.js";

/** File contents by path; a value `{ symlink: target }` makes a symlink, `{ text, mode }` sets the mode. */
export type Tree = Record<string, string | { symlink: string } | { text: string; mode: number }>;

export function project(tree: Tree): string {
  const cwd = mkdtempSync(path.join(tmpdir(), "skillc-toolsets-"));
  for (const [rel, v] of Object.entries(tree)) {
    const file = path.join(cwd, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    if (typeof v === "string") writeFileSync(file, v);
    else if ("symlink" in v) symlinkSync(v.symlink, file);
    else {
      writeFileSync(file, v.text);
      chmodSync(file, v.mode);
    }
  }
  return cwd;
}

export function skillMd(name: string, extra = "", body = `# ${name}\n\nDo the ${name} thing.\n`): string {
  return `---\nname: ${name}\ndescription: Does ${name} things. Use it when ${name} is asked for.\n${extra}---\n\n${body}`;
}

export async function buildProject(cwd: string, opts: { emitOnError?: boolean; write?: boolean } = {}): Promise<BuildResult> {
  const config = resolveDefaults(cwd, { outDir: ".skillc", sources: ["skills"] });
  return build({ cwd, config, cache: false, emitOnError: opts.emitOnError, write: opts.write });
}

let fresh = 0;
/** A fresh module instance of the bundle (its own lazily evaluated state), by a unique query string. */
export async function importBundle(cwd: string): Promise<any> {
  return import(pathToFileURL(path.join(cwd, ".skillc", "index.js")).href + `?fresh=${++fresh}`);
}
