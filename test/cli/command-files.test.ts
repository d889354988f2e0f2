// How many module files the built CLI loads before a command runs (scripts/build.mjs): Node's ESM
// loader costs ~0.7 ms of the main thread a file, paid by every run. Counted from the static imports
// esbuild writes, the files a `skillc build` loads before any of its own lazy imports.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../helpers/cli.js";

const DIST = path.join(REPO, "dist");

/** The files `entry` loads statically (itself included), following `import … from "./x.js"` and `import "./x.js"`. */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = head(readFileSync(file, "utf8"));
    for (const m of text.matchAll(/^(?:import|export)\s+(?:[^;"]*?\s+from\s+)?"(\.{1,2}\/[^"]+)";/gm)) visit(path.resolve(path.dirname(file), m[1]!));
  };
  visit(entry);
  return [...seen].map((f) => path.relative(DIST, f)).sort();
}

/** A bundle's import statements: esbuild writes them first, before the first module's `// path` comment (code may hold import-like text in strings). */
function head(text: string): string {
  const at = text.indexOf("\n// ");
  return at < 0 ? text : text.slice(0, at);
}

/** The command file cli.js's LOAD imports for `name`. */
function commandFile(name: string): string {
  const cli = readFileSync(path.join(DIST, "cli.js"), "utf8");
  const m = new RegExp(`\\b${name}: \\(\\) => import\\("\\./([^"]+)"\\)`).exec(cli);
  if (!m) throw new Error(`dist/cli.js loads no file for ${name}`);
  return path.join(DIST, m[1]!);
}

describe("the built CLI's module files", () => {
  it("cli.js imports the command files and nothing of the pipeline statically", () => {
    const graph = staticGraph(path.join(DIST, "cli.js"));
    expect(graph).toEqual(["cli.js"]);
  });

  it.each(["build", "lint", "list", "catalog", "render"])("`skillc %s` loads at most 8 module files, cli.js included (as chunks of one split graph: ~43)", (name) => {
    const graph = staticGraph(commandFile(name));
    expect(graph.every((f) => f.startsWith("chunks/"))).toBe(true);
    expect(1 + graph.length).toBeLessThanOrEqual(8);
  });

  it("the analysis worker's script and the API's entry load few files too (as chunks shared with the CLI: 19 and 32)", () => {
    expect(staticGraph(path.join(DIST, "analyze-worker.js")).length).toBeLessThanOrEqual(10);
    expect(staticGraph(path.join(DIST, "index.js")).length).toBeLessThanOrEqual(16);
  });

  it("every command's file exists and is a bundle of that command", () => {
    for (const name of ["build", "lint", "list", "catalog", "render", "new", "import", "publish", "export", "remove", "init", "serve"]) {
      const text = readFileSync(commandFile(name), "utf8");
      expect(text).toContain(`// src/commands/${name}.ts`);
    }
  });
});
