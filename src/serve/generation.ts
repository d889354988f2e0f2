// One build as a running MCP server: the build's emitted files (in memory, `mcp` on: index.js,
// mcp.js, package.json and the rest), written into a fresh folder, and its mcp.js imported. Each rebuild gets a new folder, because Node keeps
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
    // Every emitted file, as outDir would hold them (a split layout's index.js imports its chunks/).
    for (const [name, contents] of files!) {
      const file = path.resolve(dir, name);
      if (!file.startsWith(dir + path.sep)) throw new Error(`skillc serve: the build emitted a file outside its folder: ${name}`);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, contents);
    }
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
