import { describe, expect, it } from "vitest";
import { build } from "esbuild";
import { gzipSync } from "node:zlib";

describe("runtime bundle", () => {
  // 6,144 until toolsets (issue 8): the runtime was 6,078 bytes min+gzip; toolsets() / tools({ include })
  // / call dispatch took it to 6,252 (+174). Shape checks and runTool live in the emitted toolset
  // helper instead (src/toolsets/helper.ts, ~900 bytes min+gzip, only in bundles with toolsets).
  it("is tiny (≤ 6.25 KB min+gzip) and imports nothing", async () => {
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
    expect(gzipSync(code).length).toBeLessThanOrEqual(6400);
    expect(code).not.toMatch(/\bimport\s*[({"'`]|\brequire\s*\(|node:/);
    expect(Object.keys(r.metafile.inputs).every((f) => f.startsWith("src/runtime/"))).toBe(true);
  });
});
