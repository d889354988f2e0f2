// One build as a running MCP server: the build's own index.js and mcp.js (emitted in memory, `mcp`
// on), written into a fresh folder and imported. Each rebuild gets a new folder, because Node keeps
// an imported module for its URL: mcp.js's `import "./index.js"` must name a new file to see new skills.
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { McpOptions, McpServer } from "../mcp/index.js";
import type { BuildResult } from "../project/build.js";

/** The part of an emitted mcp.js that serving uses (mcp.d.ts types it for users). */
interface McpModule {
  createMcpServer(options?: McpOptions): McpServer;
}

export class Generations {
  private n = 0;
  private previous: string | undefined;

  /** @param base a folder of serve's own (a temporary one), holding one subfolder per build */
  constructor(private readonly base: string) {}

  /** The server over `result`'s emitted files; the previous build's folder is removed once this one is imported. */
  async load(result: BuildResult, options: McpOptions): Promise<McpServer> {
    const files = result.files;
    const index = files?.get("index.js");
    const mcp = files?.get("mcp.js");
    if (index === undefined || mcp === undefined) throw new Error("skillc serve: the build emitted no index.js or mcp.js");
    const dir = path.join(this.base, `build-${++this.n}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "package.json"), '{ "type": "module" }\n');
    await writeFile(path.join(dir, "index.js"), index);
    await writeFile(path.join(dir, "mcp.js"), mcp);
    const mod = (await import(pathToFileURL(path.join(dir, "mcp.js")).href)) as McpModule;
    const server = mod.createMcpServer(options);
    if (this.previous) await rm(this.previous, { recursive: true, force: true });
    this.previous = dir;
    return server;
  }

  async close(): Promise<void> {
    await rm(this.base, { recursive: true, force: true });
  }
}
