// The MCP server's code that opens every emitted mcp.js: src/mcp bundled and minified, ending in a
// module-local `var __skillcMcp`. The package build makes dist/mcp-server.js; from source (tests)
// the same bundle is made in memory by the same function as the runtime's (scripts/runtime-bundle.mjs).
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bundleRuntime } from "../../scripts/runtime-bundle.mjs";

export const MCP_GLOBAL = "__skillcMcp";

let memo: Promise<string> | undefined;

/** The MCP server's code, ending in a newline. */
export function mcpCode(): Promise<string> {
  memo ??= loadCode().catch((err: unknown) => {
    memo = undefined;
    throw err;
  });
  return memo;
}

async function loadCode(): Promise<string> {
  const here = import.meta.url;
  if (!/\.ts$/.test(new URL(here).pathname)) {
    for (const rel of ["./mcp-server.js", "../mcp-server.js"]) {
      const url = new URL(rel, here);
      if (existsSync(url)) return withNewline(await readFile(url, "utf8"));
    }
    throw new Error(`skillc: the MCP server bundle (mcp-server.js) is missing next to ${fileURLToPath(here)}; reinstall or run "npm run build"`);
  }
  const esbuild = await import("esbuild");
  return withNewline((await bundleRuntime(esbuild, fileURLToPath(new URL("../mcp/index.ts", here)), MCP_GLOBAL)).code);
}

function withNewline(code: string): string {
  return code.endsWith("\n") ? code : code + "\n";
}
