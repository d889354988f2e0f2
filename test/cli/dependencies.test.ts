// What the published package may load: node built-ins and its production dependencies, nothing
// else. remark and unified are the test oracle's (test/helpers/remark-scan.ts,
// test/helpers/frontmatter-oracle.ts), so they are devDependencies and no shipped file imports them.
import { readFileSync, readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../helpers/cli.js";

const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as {
  name: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => ext.test(f))
    .map((f) => join(dir, f));
}

/** The package name of a bare specifier ("ajv/dist/2020.js" → "ajv", "@a/b/c" → "@a/b"), or null for a relative one. */
function packageOf(spec: string): string | null {
  if (spec.startsWith(".") || spec.startsWith("/")) return null;
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** Every package a file names in `import … from`, `export … from`, `import "…"`, `import(…)` or `require(…)`. */
function importedPackages(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(["'])([^"'\s${}`]+)\1/g)) {
    const name = packageOf(m[2]!);
    if (name !== null) out.push(name);
  }
  return out;
}

const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
// An optional peer dependency is a framework an integration entry (skillc/ai-sdk, …) adapts to.
const optionalPeer = (name: string): boolean => pkg.peerDependenciesMeta?.[name]?.optional === true && name in (pkg.peerDependencies ?? {});
// The package's own name appears in generated config text (`import { defineConfig } from "skillc"`).
const allowed = (name: string): boolean => builtins.has(name) || name.startsWith("node:") || name in pkg.dependencies || name === pkg.name || optionalPeer(name);

// An integration entry's declarations name its optional peer's types (skillc/vite's return type is
// vite's Plugin); only a user who has that peer imports the entry.
const allowedIn = (file: string, name: string): boolean => allowed(name) || (file.endsWith(".d.ts") && name in (pkg.peerDependencies ?? {}));

function strays(paths: string[]): string[] {
  return paths.flatMap((p) => importedPackages(readFileSync(p, "utf8")).filter((n) => !allowedIn(p, n)).map((n) => `${relative(REPO, p)}: ${n}`));
}

describe("dependencies", () => {
  it("remark and unified are devDependencies (only the test oracle uses them)", () => {
    for (const name of ["unified", "remark-parse", "remark-frontmatter"]) {
      expect(pkg.dependencies, name).not.toHaveProperty(name);
      expect(pkg.devDependencies, name).toHaveProperty(name);
    }
  });

  it("src/ imports only node built-ins and production dependencies", () => {
    const paths = files(join(REPO, "src"), /\.ts$/);
    expect(paths.length).toBeGreaterThan(50);
    expect(strays(paths)).toEqual([]);
  });

  it("dist/ (what npm publishes) imports only node built-ins and production dependencies", () => {
    const paths = files(join(REPO, "dist"), /\.(c?js|d\.ts)$/);
    expect(paths.some((p) => p.endsWith("index.js"))).toBe(true);
    expect(strays(paths)).toEqual([]);
  });

  it("the import scan sees what it must refuse", () => {
    const text = 'import x from "unified";\nimport type { Root } from "mdast";\nconst r = require("remark-parse/lib");\nawait import("@scope/pkg/deep");\nimport "./local.js";';
    expect(importedPackages(text)).toEqual(["unified", "mdast", "remark-parse", "@scope/pkg"]);
  });
});
