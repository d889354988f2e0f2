// The caches are keyed by the version and the code id (scripts/code-id.mjs): a hash of the sources the
// package was built from, so a cache written by other code of the same version is never reused.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-ignore -- plain ESM script without declarations
import { codeId } from "../../../scripts/code-id.mjs";
import { REPO } from "../../helpers/cli.js";
import { tempProject } from "../../helpers/project.js";

function tree(extra: Record<string, string> = {}): string {
  return tempProject({ "src/a.ts": "export const a = 1;\n", "src/b/c.ts": "x\n", "scripts/build.mjs": "// b\n", "package.json": '{"version":"1.0.0"}\n', "README.md": "docs\n", ...extra });
}

describe("the code id", () => {
  it("is the same for the same sources wherever they are, and changes with any source, script or dependency lock", () => {
    const a = tree();
    const b = tree();
    expect(codeId(a)).toMatch(/^[0-9a-f]{16}$/);
    expect(codeId(b)).toBe(codeId(a));
    const before = codeId(a);
    writeFileSync(path.join(a, "README.md"), "other docs\n");
    expect(codeId(a), "docs are not code").toBe(before);
    writeFileSync(path.join(a, "src/b/c.ts"), "y\n");
    expect(codeId(a)).not.toBe(before);
    expect(codeId(tree({ "package-lock.json": "{}" }))).not.toBe(codeId(b));
    expect(codeId(tree({ "scripts/other.mjs": "" }))).not.toBe(codeId(b));
  });

  it("is inlined into the built package, beside the version, where the caches read it", () => {
    const id = codeId(REPO);
    const dist = path.join(REPO, "dist");
    const files = [...readdirSync(dist).map((f) => path.join(dist, f)), ...readdirSync(path.join(dist, "chunks")).map((f) => path.join(dist, "chunks", f))].filter((f) => f.endsWith(".js"));
    const holding = files.filter((f) => readFileSync(f, "utf8").includes(JSON.stringify(id)));
    expect(holding.length, `dist/ was built from these sources (code id ${id})`).toBeGreaterThan(0);
  });
});
