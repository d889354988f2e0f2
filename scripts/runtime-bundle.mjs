// How the runtime (src/runtime/index.ts) becomes the code that opens every emitted index.js.
// Shared by scripts/build.mjs (dist/runtime.js), src/emit/runtime-code.ts (from source, in tests)
// and the runtime's size test, so all three measure and ship the same bytes.

/** The module-local object the emitted data and exports refer to. */
export const RUNTIME_GLOBAL = "__skillc";

/**
 * Bundles and minifies the runtime as ESM, then turns esbuild's closing
 * `export{a as createSkills,b as SkillError};` into `var __skillc={createSkills:a,SkillError:b};`,
 * so the emitter can append data and its own exports. (An IIFE with a globalName would do the same
 * but costs ~150 bytes gzipped of export helpers.) `globalName` names another variable: the MCP
 * server's code (src/mcp) is bundled the same way, as `__skillcMcp` (src/emit/mcp-code.ts).
 */
export async function bundleRuntime(esbuild, entry, globalName = RUNTIME_GLOBAL) {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2020",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  const tail = /export\s*\{([^}]*)\};?\s*$/.exec(code);
  if (!tail) throw new Error("skillc: the runtime bundle does not end in an export list");
  const props = tail[1].split(",").map((spec) => {
    const [local, , exported] = spec.trim().split(/\s+/);
    return `${exported ?? local}:${local}`;
  });
  return { code: `${code.slice(0, tail.index)}var ${globalName}={${props.join(",")}};\n`, metafile: result.metafile };
}
