// `skillc serve`: an MCP server over the compiled skills. It builds (in memory, with `mcp` on), loads
// the emitted index.js and mcp.js (generation.ts) and puts mcp.js's dispatcher on the official SDK:
// stdio by default, Streamable HTTP on 127.0.0.1 with a port. With a watcher, each good rebuild
// replaces the skills under live connections and sends the list_changed notifications.
import { Console } from "node:console";
import type { Writable } from "node:stream";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { McpServer } from "../mcp/index.js";
import { build, type BuildOptions, type BuildResult } from "../project/build.js";
import { Generations } from "./generation.js";
import { serveHttp } from "./http.js";
import { notifyChanged, sdkServer } from "./sdk.js";
import { escapeTerminal } from "../util/hidden-chars.js";

export interface ServeOptions {
  /** The build's options (read again when the config changes, in watch mode). */
  options: () => Promise<BuildOptions>;
  /** Streamable HTTP on 127.0.0.1 at this port (0: any free port); stdio when absent. */
  http?: number;
  pageSize?: number;
  /** Prints a build's diagnostics and summary (on stderr: stdout may be the protocol). */
  report(result: BuildResult, ms: number): void;
  log(text: string): void;
  /**
   * Watches the sources (commands/watch.ts) and runs `rebuild` after changes, until `signal` aborts;
   * its first `rebuild` is the initial build, then `onReady` once the watchers are armed.
   * Absent: serve the first build until stopped.
   */
  watch?: (rebuild: (opts: BuildOptions) => Promise<void>, signal: AbortSignal, onReady: () => void) => Promise<number>;
}

/** Serves until the client goes (stdio: stdin ends) or a signal; the exit code. */
export async function serve(o: ServeOptions): Promise<number> {
  const generations = new Generations(await mkdtemp(path.join(tmpdir(), "skillc-serve-")));
  const servers = new Set<Server>();
  const mcpOptions = { pageSize: o.pageSize, listChanged: Boolean(o.watch) };
  let current: McpServer | undefined;
  /** One build; a good one becomes the served one. */
  const rebuild = async (opts: BuildOptions): Promise<boolean> => {
    const started = Date.now();
    const result = await build({ ...opts, config: { ...opts.config, mcp: true }, write: false });
    o.report(result, Date.now() - started);
    if (!opts.emitOnError && result.diagnostics.some((d) => d.severity === "error")) return false;
    const next = await generations.load(result, mcpOptions);
    const changed = current !== undefined;
    current = next;
    if (changed) await Promise.all([...servers].map(notifyChanged));
    return true;
  };
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
  try {
    if (!(await rebuild(await o.options()))) return 1;
    const get = () => current!;
    let first = true; // the watcher's first build is the one just made
    let ready!: () => void;
    const armed = new Promise<void>((ok) => (ready = ok));
    const watching = o.watch?.(async (opts) => {
      if (first) first = false;
      // The error can quote a file name or text from the skills (a pulled branch's): escaped, as watch's lines are.
      else await rebuild(opts).catch((e: unknown) => o.log(`skillc serve: rebuild failed: ${escapeTerminal(errorText(e))}; still serving the previous build`));
    }, stop.signal, ready);
    // Clients connect once every change from now on is seen.
    if (watching) await Promise.race([armed, watching]);
    const closeTransport = o.http === undefined ? await serveStdio(get, servers, stop) : await serveOverHttp(o, get, servers);
    await new Promise<void>((ok) => (stop.signal.aborted ? ok() : stop.signal.addEventListener("abort", () => ok(), { once: true })));
    await watching;
    await closeTransport();
    return 0;
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
    await generations.close();
  }
}

async function serveStdio(get: () => McpServer, servers: Set<Server>, stop: AbortController): Promise<() => Promise<void>> {
  // Stdout is the protocol. A toolset tool runs in this process when a client calls it, and what it
  // prints (console.log, or process.stdout.write itself) would land between JSON-RPC messages: the
  // client fails to parse it, and a line shaped as a response answers another request. While
  // serving, both go to stderr, as logs do; the transport keeps the real write for itself.
  const previous = globalThis.console;
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  const stdout = process.stdout;
  const ownWrite = stdout.write;
  // All the transport asks of its stream (the SDK's StdioServerTransport: write, and once("drain")).
  const protocol = { write: ownWrite.bind(stdout), once: stdout.once.bind(stdout) } as unknown as Writable;
  stdout.write = process.stderr.write.bind(process.stderr) as typeof stdout.write;
  const server = sdkServer(get);
  servers.add(server);
  const transport = new StdioServerTransport(process.stdin, protocol);
  // The client closing our stdin is the end of the session.
  process.stdin.once("end", () => stop.abort()).once("close", () => stop.abort());
  transport.onclose = () => stop.abort();
  await server.connect(transport);
  return async () => {
    await server.close();
    globalThis.console = previous;
    stdout.write = ownWrite;
  };
}

async function serveOverHttp(o: ServeOptions, get: () => McpServer, servers: Set<Server>): Promise<() => Promise<void>> {
  const http = await serveHttp(o.http!, get, servers);
  o.log(`skillc serve: MCP over Streamable HTTP at ${http.url}`);
  return () => http.close();
}

/** What a thrown value says, whatever was thrown (an Error, a string, an object whose String() throws). */
function errorText(e: unknown): string {
  try {
    return e instanceof Error ? e.message : String(e);
  } catch {
    return "(an unprintable error)";
  }
}
