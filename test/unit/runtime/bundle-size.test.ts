import { describe, expect, it } from "vitest";
import * as esbuild from "esbuild";
import { gzipSync } from "node:zlib";
import { bundleRuntime } from "../../../scripts/runtime-bundle.mjs";

describe("runtime bundle", () => {
  // Issue 5's budget was 6 KiB min+gzip; issue 12 item 7 raised it to 8 KiB for word-form search
  // with BM25 ranking, and issue 13 item 5's input limits. Toolset shape checks and tool running
  // live in the emitted toolset helper instead (src/emit/toolset-helper.ts, only in bundles with toolsets).
  // Issue 16 added 424 B (7,111 → 7,535): Claude Code's exact substitution rules and the five systems'
  // rows; Claude Code's argument splitter is emitted per bundle instead (src/emit/bash-words.ts).
  it("is tiny (≤ 8 KiB min+gzip) and imports nothing", async () => {
    // Exactly what scripts/build.mjs ships as dist/runtime.js.
    const { code, metafile } = await bundleRuntime(esbuild, "src/runtime/index.ts");
    expect(gzipSync(code).length).toBeLessThanOrEqual(8192);
    expect(code).not.toMatch(/\bimport\s*[({"'`]|\bexport\b|\brequire\s*\(|node:/);
    expect(code).toMatch(/var __skillc=\{(?=[^}]*\bcreateSkills:)(?=[^}]*\bSkillError:)[^}]*\};\n$/);
    expect(Object.keys(metafile.inputs).every((f) => f.startsWith("src/runtime/"))).toBe(true);
  });
});
