// Builds the package itself into dist/: the CLI and API (one bundle, lazily split chunks so that
// `skillc lint` loads only what it uses), the runtime (minified, embedded into every emitted bundle),
// and the type declarations.
import * as esbuild from "esbuild";
import { bundleRuntime } from "./runtime-bundle.mjs";
import { runtimeTypes } from "./runtime-types.mjs";
import { readFile, writeFile, rm, mkdir, chmod } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { createRequire } from "node:module";
import { createHash } from "node:crypto";
import { codeId } from "./code-id.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
process.chdir(root);
await rm("dist", { recursive: true, force: true });
await mkdir("dist", { recursive: true });

const version = JSON.parse(await readFile("package.json", "utf8")).version;

// What every run below shares.
const shared = {
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // esbuild ships a native binary and typescript is only needed by tests; both stay external.
  // unplugin (a dependency) stays external too: only the plugin entries load it. The MCP SDK (and
  // the zod it takes schemas in) is loaded by `skillc serve` only, from node_modules.
  external: ["esbuild", "typescript", "unplugin", "@modelcontextprotocol/sdk", "zod"],
  define: { __SKILLC_VERSION__: JSON.stringify(version), __SKILLC_CODE_ID__: JSON.stringify(codeId(root)) },
  // Bundled CommonJS dependencies (ajv) may call require() for Node built-ins.
  banner: { js: 'import { createRequire as __skillcRequire } from "node:module"; const require = __skillcRequire(import.meta.url);' },
  logLevel: "warning",
};

await esbuild.build({
  ...shared,
  // analyze-worker: the worker thread of src/pipeline/analyze-pool.ts (found next to the chunks at run time).
  // chunk-writer: the split build's chunk writer thread (src/project/chunk-thread.ts finds it the same way).
  entryPoints: { index: "src/index.ts", "analyze-worker": "src/project/worker-entry.ts", "chunk-writer": "src/project/chunk-writer.ts",
    // The bundler plugin's entries (skillc/vite, skillc/rollup, skillc/esbuild; src/plugin/).
    vite: "src/plugin/vite.ts", rollup: "src/plugin/rollup.ts", esbuild: "src/plugin/esbuild.ts" },
  outdir: "dist",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
});

// The CLI: dist/cli.js, and the commands in two esbuild runs of their own (dist/chunks/command-<name>.js
// and the chunks each run shares out). Node's ESM loader costs the main thread ~0.7 ms a module file
// (resolve, realpath, read, compile, link): as part of the split graph above, `skillc build` loaded 43
// files, ~30 ms of every run (a warm rebuild of 1,000 skills spends ~0.35 s there). The commands run
// often, and briefly, share one run, so that each loads ~6 files; the rest share the other. Without the
// commands, the graph above splits less too: the analysis worker loads 8 files (was 19), index.js 12
// (was 32). The cost is size: each run has its own copy of the pipeline, the package 1.1 MB packed
// instead of 0.6 (the other commands left in the graph above: 0.9 MB, but the worker back at 20 files;
// a run per command: dist/ 12 MB). A command's modules are its run's own copies: nothing compares
// objects across runs but UsageError, which src/cli.ts also tells by its name.
{
  const cliSource = await readFile("src/cli.ts", "utf8");
  const commands = [...cliSource.matchAll(/import\("\.\/commands\/([\w-]+)\.js"\)/g)].map((m) => m[1]);
  const quick = ["build", "lint", "list", "catalog", "render"];
  if (!quick.every((c) => commands.includes(c))) throw new Error("scripts/build.mjs: src/cli.ts's LOAD lost a command of `quick`");
  // src/cli.ts's `import("./commands/<name>.js")` (its LOAD) loads that command's file; its static imports stay in cli.js.
  const commandFiles = {
    name: "command-files",
    setup(build) {
      build.onResolve({ filter: /^\.\/commands\/[\w-]+\.js$/ }, (args) => {
        if (args.kind !== "dynamic-import" || path.relative(root, args.importer) !== path.join("src", "cli.ts")) return undefined;
        return { path: `./chunks/command-${args.path.slice("./commands/".length)}`, external: true };
      });
    },
  };
  await esbuild.build({ ...shared, entryPoints: { cli: "src/cli.ts" }, outdir: "dist", splitting: false, plugins: [commandFiles] });
  // Chunk names hash their contents: a name another run wrote too must hold the same bytes (checked, never overwritten).
  const written = new Map();
  for (const group of [quick, commands.filter((c) => !quick.includes(c))]) {
    const entryPoints = Object.fromEntries(group.map((c) => [`command-${c}`, `src/commands/${c}.ts`]));
    const { outputFiles } = await esbuild.build({ ...shared, entryPoints, outdir: "dist/chunks", splitting: true, chunkNames: "[name]-[hash]", write: false });
    for (const f of outputFiles) {
      const before = written.get(f.path) ?? (existsSync(f.path) ? await readFile(f.path) : undefined);
      if (before && !Buffer.from(f.contents).equals(before)) throw new Error(`scripts/build.mjs: two builds wrote ${f.path} with different bytes`);
      if (!before) await writeFile(f.path, f.contents);
      written.set(f.path, Buffer.from(f.contents));
    }
  }
}

// The framework adapters (src/adapters/), one entry each (skillc/ai-sdk, …): platform-neutral ESM
// (Workers, Deno, Bun, browsers), the frameworks left external (optional peer dependencies).
await esbuild.build({
  entryPoints: {
    "ai-sdk": "src/adapters/ai-sdk.ts",
    "cloudflare-agents": "src/adapters/cloudflare-agents.ts",
    "openai-agents": "src/adapters/openai-agents.ts",
    mastra: "src/adapters/mastra.ts",
  },
  outdir: "dist/adapters",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  chunkNames: "chunks/[name]-[hash]",
  external: ["ai", "agents", "agents/*", "@openai/agents", "@mastra/core", "@mastra/core/*"],
  logLevel: "warning",
});

// The helpers emit writes beside the runtime (src/emit/minify.ts), minified now so that a build never
// starts esbuild for them: each registers its source and options when its module loads.
{
  const entry = 'export { MINIFY_INPUTS } from "./src/emit/minify.ts"; import "./src/emit/bash-words.ts"; import "./src/emit/toolset-helper.ts"; import "./src/emit/split-helper.ts";';
  const r = await esbuild.build({ stdin: { contents: entry, resolveDir: root, loader: "ts" }, bundle: true, format: "esm", platform: "node", write: false, logLevel: "warning" });
  const { MINIFY_INPUTS } = await import("data:text/javascript;base64," + Buffer.from(r.outputFiles[0].text).toString("base64"));
  const helpers = {};
  for (const { key, source, options } of MINIFY_INPUTS) helpers[key] = (await esbuild.transform(source, options)).code.trim();
  await writeFile("dist/helpers.json", JSON.stringify(helpers) + "\n");
}

// The runtime, minified, ending in a module-local `var __skillc`: the emitter appends data and exports.
await writeFile("dist/runtime.js", (await bundleRuntime(esbuild, "src/runtime/index.ts")).code);
// The MCP server's code (src/mcp), the same way: every emitted mcp.js opens with it (src/emit/mcp-code.ts reads dist/mcp-server.js).
await writeFile("dist/mcp-server.js", (await bundleRuntime(esbuild, "src/mcp/index.ts", "__skillcMcp")).code);

// The frontmatter validators, precompiled by ajv's standalone generator: the CLI then never loads
// ajv or compiles a schema at start-up (~150 ms saved, which matters for pre-commit lint).
// src/pipeline/frontmatter/schema.ts uses this file only when its schemaHash matches schema/skill.schema.json.
{
  const req = createRequire(import.meta.url);
  const { Ajv2020 } = req("ajv/dist/2020.js");
  const standaloneCode = req("ajv/dist/standalone/index.js").default;
  const schemaText = await readFile("schema/skill.schema.json", "utf8");
  const schema = JSON.parse(schemaText);
  const ajv = new Ajv2020({ allErrors: true, strict: false, code: { source: true } });
  ajv.addSchema(schema);
  const refs = Object.fromEntries(["skillc", "agentskills", "claude-code", "codex", "openai-skills"].map((p) => [p, `${schema.$id}#/$defs/${p}`]));
  const hash = createHash("sha256").update(schemaText).digest("hex");
  await writeFile("dist/skill-validators.cjs", standaloneCode(ajv, refs) + `\nmodule.exports.schemaHash = ${JSON.stringify(hash)};\n`);

  // The config's validator too (src/config/check.ts): every command with a config file checks it.
  const configText = await readFile("schema/config.schema.json", "utf8");
  const configAjv = new Ajv2020({ allErrors: true, strict: false, code: { source: true } });
  const validateConfig = configAjv.compile(JSON.parse(configText));
  const configHash = createHash("sha256").update(configText).digest("hex");
  await writeFile("dist/config-validator.cjs", standaloneCode(configAjv, validateConfig) + `\nmodule.exports.schemaHash = ${JSON.stringify(configHash)};\n`);
}

// src/cli.ts starts with a hashbang, which esbuild keeps as the first line; make the bin executable.
await chmod("dist/cli.js", 0o755);

// Declarations for the programmatic API, and the runtime's API as the text every emitted index.d.ts
// embeds (src/emit/runtime-types.ts reads dist/runtime-api.txt). Both need typescript, a
// devDependency: without it (a clone installed with --omit=dev) they are skipped, and `skillc build`
// then stops with a message saying how to fix the install. The published package ships both.
if (existsSync("node_modules/typescript/bin/tsc")) {
  const ts = createRequire(import.meta.url)("typescript");
  await writeFile("dist/runtime-api.txt", runtimeTypes(ts, "src/runtime/index.ts"));
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" });
} else {
  console.warn("skillc build: typescript is not installed; dist/types and dist/runtime-api.txt were not made (npm install, then npm run build)");
}
