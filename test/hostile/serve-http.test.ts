// `skillc serve --http` against requests that never make a session: a web page can send a
// cross-origin POST with `Content-Type: text/plain` (no CORS preflight) to 127.0.0.1, and a
// DNS-rebinding page sends a foreign Host. Each is refused by the SDK's transport; none may leave a
// server behind (memory grows with every request otherwise) or close a real client's session.
import { request as httpRequest } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { serveHttp, SESSIONS_MAX, type HttpServing } from "../../src/serve/http.js";
import type { McpServer } from "../../src/mcp/index.js";
import { cleanupTmp, ensureCli, runCliBounded, skillMd, tmp, writeTree } from "./helpers.js";

let mcp: McpServer;
let serving: HttpServing;
const servers = new Set<Server>();

beforeAll(async () => {
  await ensureCli();
  const dir = tmp();
  writeTree(dir, { "skills/a/SKILL.md": skillMd("a"), "skillc.config.json": JSON.stringify({ mcp: true }) });
  expect((await runCliBounded(["build"], dir)).code).toBe(0);
  const mod = (await import(pathToFileURL(path.join(dir, ".skillc", "mcp.js")).href)) as { createMcpServer(): McpServer };
  mcp = mod.createMcpServer();
  serving = await serveHttp(0, () => mcp, servers);
}, 120_000);

afterAll(async () => {
  await serving?.close();
  cleanupTmp();
});

const INIT = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } });
const PING = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

function post(headers: Record<string, string>, body: string): Promise<{ status: number; sid?: string }> {
  const { port } = new URL(serving.url);
  return new Promise((ok, ko) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers }, (res) => {
      res.resume().on("end", () => ok({ status: res.statusCode!, sid: res.headers["mcp-session-id"] as string | undefined }));
    });
    req.on("error", ko);
    req.end(body);
  });
}

const refused: Array<[string, Record<string, string>]> = [
  ["a cross-origin text/plain POST (no preflight)", { "content-type": "text/plain", accept: "application/json, text/event-stream" }],
  // Also sent without a preflight (its media type is text/plain): a substring test of the type let it in.
  ["a text/plain POST whose parameter names application/json", { "content-type": "text/plain; x=application/json", accept: "application/json, text/event-stream" }],
  ["a foreign Host (DNS rebinding)", { ...JSON_HEADERS, host: "evil.example" }],
  ["an Accept without text/event-stream", { "content-type": "application/json", accept: "application/json" }],
];

describe("serve --http: initialize requests the transport refuses", () => {
  it("keep no server behind, however many arrive", async () => {
    for (const [, headers] of refused) {
      for (let i = 0; i < 50; i++) expect((await post(headers, INIT)).status).toBeGreaterThanOrEqual(400);
    }
    expect(servers.size).toBe(0);
    const ok = await post(JSON_HEADERS, INIT);
    expect(ok.status).toBe(200);
    expect(servers.size).toBe(1);
  });

  it("never close a live session at the cap", async () => {
    const sids: string[] = [];
    // SESSIONS_MAX live sessions (any older one made room for them).
    while (sids.length < SESSIONS_MAX) sids.push((await post(JSON_HEADERS, INIT)).sid!);
    for (const [, headers] of refused) expect((await post(headers, INIT)).status).toBeGreaterThanOrEqual(400);
    for (const sid of sids) expect((await post({ ...JSON_HEADERS, "mcp-session-id": sid, "mcp-protocol-version": "2025-06-18" }, PING)).status).toBe(200);
    // A real new client still gets in, and the least recently used session makes room.
    expect((await post(JSON_HEADERS, INIT)).status).toBe(200);
    expect(servers.size).toBe(SESSIONS_MAX);
  }, 60_000);
});
