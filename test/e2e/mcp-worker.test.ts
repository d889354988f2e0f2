// The emitted mcp.js (config `mcp: true`) in a real workerd: a Worker that mounts handleMcp's
// sibling createMcpHandler at /mcp is an MCP server with no dependency. The SDK's Client speaks
// Streamable HTTP to it and gets exactly the answers `skillc serve` gives over stdio.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { build } from "../../src/project/build.js";
import { resolveDefaults } from "../../src/config/types.js";
import { CLI, REPO } from "../helpers/cli.js";
import { startWorker, type RunningWorker } from "../helpers/workerd.js";
import { exercise, newClient, type Transcript } from "../helpers/mcp.js";

const WORKER = `import { createMcpHandler } from "./mcp.js";
const mcp = createMcpHandler({ pageSize: 2 });
export default {
  fetch(request) {
    return new URL(request.url).pathname === "/mcp" ? mcp(request) : new Response("Not found", { status: 404 });
  },
};
`;

let worker: RunningWorker;
let viaWorker: Transcript;
let viaServe: Transcript;
const clients: Client[] = [];

beforeAll(async () => {
  const result = await build({ cwd: REPO, config: resolveDefaults(REPO, { mcp: true }), write: false, cache: false });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const file = (n: string) => String(result.files!.get(n));
  worker = await startWorker({ files: { "worker.js": WORKER, "index.js": file("index.js"), "mcp.js": file("mcp.js") } });
  const w = newClient();
  clients.push(w);
  await w.connect(new StreamableHTTPClientTransport(new URL(worker.url + "/mcp")));
  viaWorker = await exercise(w);
  const s = newClient();
  clients.push(s);
  await s.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "--page-size", "2"], cwd: REPO, stderr: "ignore", env: { PATH: process.env.PATH!, NO_COLOR: "1" } }));
  viaServe = await exercise(s);
}, 240_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await worker?.stop();
});

describe("mcp.js in workerd at /mcp", () => {
  it("answers the SDK's Client with the same results as skillc serve", () => {
    expect(viaWorker.skills.length).toBe(5);
    expect(viaWorker.skillPages).toBe(3);
    expect(Object.keys(viaWorker.files)).toContain("skill://triage-bug/assets/severity-matrix.png");
    expect(viaWorker).toEqual(viaServe);
  });

  it("speaks Streamable HTTP's JSON-response mode and refuses what it does not take", async () => {
    const url = worker.url + "/mcp";
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body });
    const rpc = (id: number, method: string, params: unknown = {}) => JSON.stringify({ jsonrpc: "2.0", id, method, params });
    const ok = await post(rpc(1, "skills/list", { cursor: "p4" }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("application/json");
    expect(((await ok.json()) as { result: { skills: Array<{ uri: string }> } }).result.skills.map((s) => s.uri)).toEqual(["skill://triage-bug/SKILL.md"]);
    expect((await post(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))).status).toBe(202);
    expect((await fetch(url, { method: "GET", headers: { accept: "text/event-stream" } })).status).toBe(405);
    expect((await fetch(url, { method: "DELETE" })).status).toBe(405);
    const errorOf = async (r: Response) => ({ status: r.status, code: ((await r.json()) as { error: { code: number } }).error.code });
    expect(await errorOf(await post("{not json"))).toEqual({ status: 400, code: -32700 });
    expect(await errorOf(await post("[" + rpc(1, "ping") + "]"))).toEqual({ status: 400, code: -32600 });
    expect(await errorOf(await post(rpc(1, "ping"), { "content-type": "text/plain" }))).toEqual({ status: 415, code: -32600 });
    expect(await errorOf(await post(rpc(1, "ping"), { "mcp-protocol-version": "1999-01-01" }))).toEqual({ status: 400, code: -32600 });
    // A page's POST (a browser always sends Origin; a DNS-rebinding page's Origin names its own domain) is refused.
    expect(await errorOf(await post(rpc(1, "ping"), { origin: "http://evil.example:8787" }))).toEqual({ status: 403, code: -32600 });
    expect((await post(" ".repeat(2 << 20))).status).toBe(413);
    expect(await errorOf(await post(rpc(2, "resources/read", "not an object")))).toEqual({ status: 200, code: -32602 });
    expect(await errorOf(await post(rpc(3, "tools/call", { name: 42 })))).toEqual({ status: 200, code: -32602 });
    expect(await errorOf(await post(rpc(4, "resources/directory/read", { uri: "skill://review-diff/", cursor: "p1" })))).toEqual({ status: 200, code: -32602 });
    // Still answering after all that.
    expect((await post(rpc(5, "ping"))).status).toBe(200);
  });
});
