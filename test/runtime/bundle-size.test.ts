import { describe, expect, it } from "vitest";
import { build } from "esbuild";
import { gzipSync } from "node:zlib";

describe("runtime bundle", () => {
  it("is tiny (≤ 6 KB min+gzip) and imports nothing", async () => {
    // The same options as scripts/build.mjs.
    const r = await build({
      entryPoints: ["src/runtime/index.ts"],
      bundle: true,
      minify: true,
      format: "iife",
      globalName: "__skillc",
      platform: "neutral",
      target: "es2020",
      write: false,
      metafile: true,
      logLevel: "warning",
    });
    const code = r.outputFiles[0].text;
    expect(gzipSync(code).length).toBeLessThanOrEqual(6 * 1024);
    expect(code).not.toMatch(/\bimport\s*[({"'`]|\brequire\s*\(|node:/);
    expect(Object.keys(r.metafile.inputs).every((f) => f.startsWith("src/runtime/"))).toBe(true);
  });
});
