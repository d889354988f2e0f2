// What `npm pack` would publish: the built package and its schemas, nothing from the sources.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REPO } from "../helpers/cli.js";

describe("npm pack", () => {
  it("ships only dist/, schema/, README.md, package.json (and LICENSE)", () => {
    // --ignore-scripts: `prepare` would rebuild dist/ under the feet of the other suites.
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const [pack] = JSON.parse(out) as Array<{ name: string; files: Array<{ path: string }> }>;
    const paths = pack!.files.map((f) => f.path).sort();
    const stray = paths.filter((p) => !/^(dist\/|schema\/[^/]+\.json$|README\.md$|package\.json$|LICENSE(\.\w+)?$)/.test(p));
    expect(stray).toEqual([]);
    for (const p of ["dist/cli.js", "dist/index.js", "dist/runtime.js", "dist/runtime-api.txt", "dist/helpers.json", "dist/types/index.d.ts", "schema/config.schema.json", "schema/skill.schema.json", "schema/manifest.schema.json", "README.md", "package.json", "LICENSE"]) {
      expect(paths).toContain(p);
    }
    expect(paths.some((p) => /^(src|test|skills|bench|examples|scripts)\//.test(p))).toBe(false);
  });
});
