// `skillc serve --http <port>`: the SDK's Streamable HTTP transport on 127.0.0.1 only, at /mcp, one
// SDK server per session (the SDK's stateful pattern), so list_changed notifications reach every
// client. Local does not mean friendly: bodies are bounded, sessions are capped, Host headers are
// checked (DNS rebinding), and a bad request gets an HTTP error, never a crash.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { McpServer } from "../mcp/index.js";
import { UsageError } from "../diagnostics/usage-error.js";
import { sdkServer } from "./sdk.js";

export const BODY_MAX = 1 << 20;
export const SESSIONS_MAX = 64;

export interface HttpServing {
  /** "http://127.0.0.1:<port>/mcp" */
  url: string;
  close(): Promise<void>;
}

export async function serveHttp(port: number, current: () => McpServer, servers: Set<Server>): Promise<HttpServing> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let hosts: string[] = [];
  const http: HttpServer = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) reply(res, 500, -32603, "Internal error");
      else res.end();
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (new URL(req.url ?? "/", "http://x").pathname !== "/mcp") return reply(res, 404, -32601, "Not found: the MCP endpoint is /mcp");
    const sid = req.headers["mcp-session-id"];
    let transport = typeof sid == "string" ? sessions.get(sid) : undefined;
    if (sid !== undefined && !transport) return reply(res, 404, -32001, "Session not found");
    // Map order is recency: a client that vanished without DELETE ends up first, and goes first.
    if (transport) sessions.delete(sid as string), sessions.set(sid as string, transport);
    let body: unknown;
    if (req.method === "POST") {
      const read = await readJson(req);
      if ("error" in read) return reply(res, read.status, read.code, read.error);
      body = read.body;
    }
    const fresh = !transport;
    if (!transport) {
      if (req.method !== "POST" || !isInitializeRequest(body)) return reply(res, 400, -32000, "Bad Request: no valid session; start with initialize");
      transport = await openSession(current, servers, sessions, hosts);
    }
    await transport.handleRequest(req, res, body);
    // An initialize the transport refused (a foreign Host, a wrong Content-Type or Accept) made no
    // session: its server is dropped here, or each such request (a web page can send them) would
    // keep one for good.
    if (fresh && transport.sessionId === undefined) await transport.close();
  };
  await new Promise<void>((ok, ko) => http.once("error", ko).listen(port, "127.0.0.1", () => ok())).catch((e: NodeJS.ErrnoException) => {
    // A port in use or not ours to take is the user's to change, not an internal error.
    throw e.code === "EADDRINUSE" || e.code === "EACCES" ? new UsageError(`cannot listen on 127.0.0.1:${port} (${e.code}): choose another --http port`) : e;
  });
  const bound = (http.address() as AddressInfo).port;
  hosts = [`127.0.0.1:${bound}`, `localhost:${bound}`];
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: async () => {
      await Promise.allSettled([...sessions.values()].map((t) => t.close()));
      http.closeAllConnections();
      await new Promise<void>((ok) => http.close(() => ok()));
    },
  };
}

async function openSession(current: () => McpServer, servers: Set<Server>, sessions: Map<string, StreamableHTTPServerTransport>, hosts: string[]) {
  const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    // At the cap the least recently used session closes (its client gets 404 and may start again),
    // so clients that left without closing never lock new ones out. Only a session that was made
    // counts: a refused request never closes another client's.
    onsessioninitialized: async (id) => {
      if (sessions.size >= SESSIONS_MAX) await sessions.values().next().value?.close();
      sessions.set(id, transport);
    },
    enableDnsRebindingProtection: true,
    allowedHosts: hosts,
  });
  const server = sdkServer(current);
  servers.add(server);
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
    servers.delete(server);
  };
  await server.connect(transport);
  return transport;
}

function reply(res: ServerResponse, status: number, code: number, message: string): void {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json", ...(status === 413 && { connection: "close" }) }).end(JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }));
}

/** The POST body as JSON, at most BODY_MAX bytes. */
async function readJson(req: IncomingMessage): Promise<{ body: unknown } | { status: number; code: number; error: string }> {
  const tooLarge = { status: 413, code: -32600, error: `Request body over ${BODY_MAX} bytes` };
  // Refused before reading when the length is declared; a chunked body is cut off where it passes the limit.
  if (Number(req.headers["content-length"] ?? 0) > BODY_MAX) return tooLarge;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > BODY_MAX) {
      req.destroy();
      return tooLarge;
    }
    chunks.push(chunk);
  }
  try {
    return { body: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return { status: 400, code: -32700, error: "Parse error: the body is not JSON" };
  }
}
