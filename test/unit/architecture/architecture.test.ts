// The rules of ARCHITECTURE.md ("What imports what"), checked on every import in src/: each folder
// (an "area") may import only the areas listed for it, the runtime imports nothing from outside
// itself, and no module imports itself through a chain of others (no cycles). A failure names the
// file, the line and the import; to fix it, move the shared piece down (see ARCHITECTURE.md), not
// the rule.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findCycles, readImportGraph, type ImportEdge } from "../../helpers/import-graph.js";
import { tempProject } from "../../helpers/project.js";

const REPO = fileURLToPath(new URL("../../..", import.meta.url));

// What each area may import besides itself, lowest first. An area not listed for another may
// never be imported by it; `cli` and `index` (the two entries) are listed for nobody.
const MAY_IMPORT: Record<string, readonly string[]> = {
  runtime: [],
  mcp: [],
  util: [],
  markdown: [],
  globals: [],
  types: ["runtime"],
  rules: ["diagnostics", "types"],
  diagnostics: ["rules", "types", "util"],
  config: ["diagnostics", "rules", "types", "runtime", "util"],
  pipeline: ["diagnostics", "rules", "markdown", "types", "runtime", "util"],
  toolsets: ["diagnostics", "rules", "types", "runtime", "util"],
  archive: ["pipeline", "diagnostics", "rules", "types", "util"],
  cache: ["pipeline", "diagnostics", "rules", "types", "util"],
  emit: ["toolsets", "config", "diagnostics", "rules", "types", "runtime", "mcp", "util"],
  project: ["emit", "cache", "toolsets", "pipeline", "config", "diagnostics", "rules", "markdown", "types", "runtime", "util"],
  export: ["project", "emit", "pipeline", "config", "diagnostics", "rules", "types", "runtime", "util"],
  publish: ["project", "emit", "toolsets", "pipeline", "config", "diagnostics", "rules", "types", "runtime", "util"],
  commands: ["export", "publish", "serve", "project", "archive", "emit", "cache", "toolsets", "pipeline", "config", "diagnostics", "rules", "markdown", "types", "runtime", "util"],
  plugin: ["project", "config", "diagnostics", "types", "util"],
  // The framework adapters (skillc/ai-sdk, …): the runtime API's types and their framework, nothing else of skillc.
  adapters: ["runtime"],
  serve: ["project", "emit", "config", "diagnostics", "rules", "types", "runtime", "mcp", "util"],
  cli: ["commands", "diagnostics", "types", "util"],
  index: ["project", "config", "diagnostics", "rules", "types"],
};

// Where an allowed area may be entered only through some of its modules.
const ONLY_THROUGH: Record<string, readonly string[]> = {
  "cache→pipeline": ["src/pipeline/analysis-store.ts"],
  "adapters→runtime": ["src/runtime/api.ts"],
};

/** "src/pipeline/frontmatter/x.ts" → "pipeline"; "src/types.ts" → "types"; "src/globals.d.ts" → "globals". */
function areaOf(file: string): string {
  const parts = file.split("/");
  return parts.length > 2 ? parts[1]! : parts[1]!.replace(/(\.d)?\.ts$/, "");
}

/** Every import that crosses from one area into another it may not import, as a message. */
function forbiddenImports(edges: readonly ImportEdge[], rules: Record<string, readonly string[]> = MAY_IMPORT): string[] {
  const out: string[] = [];
  for (const e of edges) {
    const from = areaOf(e.from);
    if (e.to === undefined) {
      if (from === "mcp") out.push(`${e.from}:${e.line} imports "${e.specifier}": src/mcp imports nothing from outside src/mcp (no package, no Node built-in): every emitted mcp.js carries it`);
      if (from === "runtime") out.push(`${e.from}:${e.line} imports "${e.specifier}": src/runtime imports nothing from outside src/runtime (no package, no Node built-in), so it runs anywhere`);
      continue;
    }
    if (!e.to.startsWith("src/")) continue;
    const to = areaOf(e.to);
    const gates = ONLY_THROUGH[`${from}→${to}`];
    if (gates && !gates.includes(e.to)) {
      out.push(`${e.from}:${e.line} imports "${e.specifier}" (${e.to}): ${from} may import ${to} only through ${gates.join(", ")} (ARCHITECTURE.md, "What imports what")`);
      continue;
    }
    if (from === to || rules[from]?.includes(to)) continue;
    const allowed = rules[from]?.length ? `only ${rules[from]!.join(", ")}` : "nothing outside itself";
    out.push(`${e.from}:${e.line} imports "${e.specifier}" (${e.to}): ${from} may import ${allowed} (ARCHITECTURE.md, "What imports what")`);
  }
  return out;
}

describe("architecture", () => {
  const { files, edges } = readImportGraph(REPO);

  it("every file in src/ is in an area ARCHITECTURE.md describes", () => {
    const doc = readFileSync(path.join(REPO, "ARCHITECTURE.md"), "utf8");
    const unknown = files.filter((f) => !(areaOf(f) in MAY_IMPORT)).map((f) => `${f}: area "${areaOf(f)}" is not in MAY_IMPORT (test/unit/architecture/architecture.test.ts) nor in ARCHITECTURE.md`);
    expect(unknown).toEqual([]);
    const undocumented = Object.keys(MAY_IMPORT).filter((a) => !doc.includes(files.some((f) => f.startsWith(`src/${a}/`)) ? `src/${a}/` : `src/${a}.`));
    expect(undocumented).toEqual([]);
  });

  it("no import goes against the direction ARCHITECTURE.md gives", () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(forbiddenImports(edges)).toEqual([]);
  });

  it("no module imports itself through others (no cycles)", () => {
    expect(findCycles(files, edges).map((c) => c.join(" → "))).toEqual([]);
  });
});

describe("the import reader and the checks", () => {
  it("reads static, type-only, re-exporting, dynamic and type-position imports, and nothing in strings or comments", () => {
    const repo = tempProject({}, "skillc-arch-");
    mkdirSync(path.join(repo, "src", "pipeline"), { recursive: true });
    mkdirSync(path.join(repo, "src", "emit"), { recursive: true });
    writeFileSync(path.join(repo, "src", "emit", "out.ts"), "export const x = 1;\n");
    writeFileSync(
      path.join(repo, "src", "pipeline", "a.ts"),
      [
        'import { x } from "../emit/out.js";',
        'import type { Y } from "./b.js";',
        'export { z } from "./c.js";',
        "const later = () => import(\"../cli.js\");",
        'type T = typeof import("node:fs");',
        'const text = `import("../commands/x.js")`; // import { y } from "../emit/y.js"',
        "",
      ].join("\n"),
    );
    const { edges } = readImportGraph(repo);
    expect(edges.map((e) => [e.specifier, e.to, e.line])).toEqual([
      ["../emit/out.js", "src/emit/out.ts", 1],
      ["./b.js", "src/pipeline/b.ts", 2],
      ["./c.js", "src/pipeline/c.ts", 3],
      ["../cli.js", "src/cli.ts", 4],
      ["node:fs", undefined, 5],
    ]);
    expect(forbiddenImports(edges)).toEqual([
      `src/pipeline/a.ts:1 imports "../emit/out.js" (src/emit/out.ts): pipeline may import only diagnostics, rules, markdown, types, runtime, util (ARCHITECTURE.md, "What imports what")`,
      `src/pipeline/a.ts:4 imports "../cli.js" (src/cli.ts): pipeline may import only diagnostics, rules, markdown, types, runtime, util (ARCHITECTURE.md, "What imports what")`,
    ]);
  });

  it("finds a cycle through several modules and a module importing itself, and none in a chain", () => {
    const edge = (from: string, to: string): ImportEdge => ({ from, to, specifier: to, line: 1 });
    const files = ["a", "b", "c", "d", "e"];
    expect(findCycles(files, [edge("a", "b"), edge("b", "c"), edge("c", "d")])).toEqual([]);
    expect(findCycles(files, [edge("a", "b"), edge("b", "c"), edge("c", "a"), edge("d", "d"), edge("e", "a")])).toEqual([
      ["a", "b", "c", "a"],
      ["d", "d"],
    ]);
  });

  it("refuses a package or Node built-in in the runtime", () => {
    const messages = forbiddenImports([{ from: "src/runtime/x.ts", to: undefined, specifier: "node:fs", line: 3 }]);
    expect(messages).toEqual([`src/runtime/x.ts:3 imports "node:fs": src/runtime imports nothing from outside src/runtime (no package, no Node built-in), so it runs anywhere`]);
  });
});
