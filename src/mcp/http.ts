// MCP's Streamable HTTP transport in its JSON-response mode, over the Fetch API's Request and
// Response (a Worker, Deno, Bun, Node 18+): POST one JSON-RPC message → one application/json
// response (notifications and responses: 202). Stateless: no session id, no server-sent events, so
// GET (the event stream) and DELETE (ending a session) are answered 405, as the spec allows.
import type { McpServer } from "./server.js";
import { corsHeaders, httpGuard, preflight, refusal, type HttpGuard } from "./http-guard.js";
import { INTERNAL_ERROR, McpError } from "./types.js";

/** Largest request body read. */
export const BODY_MAX = 1 << 20;
/** Protocol versions this server speaks, newest first. */
export const PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

type Id = string | number | null;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const rpcError = (status: number, id: Id, code: number, message: string) => json(status, { jsonrpc: "2.0", id, error: { code, message } });
const plain = (status: number, text: string, headers: Record<string, string> = {}) => new Response(text, { status, headers: { "content-type": "text/plain", ...headers } });

/** Without options: no page may call (a request with an Origin is refused) and any Host is answered. */
const DEFAULT_GUARD = httpGuard(undefined);

/**
 * One request: refused (403) when its Origin or Host is not allowed (http-guard.ts); a CORS preflight
 * from an allowed page answered; anything else answered by the server, with CORS headers for a page.
 */
export async function handleHttp(server: McpServer, request: Request, guard: HttpGuard = DEFAULT_GUARD): Promise<Response> {
  const refused = refusal(request, guard);
  if (refused) return rpcError(403, null, -32600, refused);
  if (request.method === "OPTIONS" && request.headers.get("origin") !== null) return preflight(request);
  const response = await answer(server, request);
  for (const [name, value] of Object.entries(corsHeaders(request))) response.headers.set(name, value);
  return response;
}

async function answer(server: McpServer, request: Request): Promise<Response> {
  if (request.method !== "POST") return plain(405, "Method Not Allowed: this MCP endpoint takes POST only (no event stream, no sessions)", { allow: "POST" });
  const version = request.headers.get("mcp-protocol-version");
  if (version && !PROTOCOL_VERSIONS.includes(version)) return rpcError(400, null, -32600, `Unsupported MCP-Protocol-Version: ${version.slice(0, 40)}`);
  if (!isJsonType(request.headers.get("content-type"))) return rpcError(415, null, -32600, "Content-Type must be application/json");
  const accept = request.headers.get("accept") ?? "";
  if (accept && !/application\/json|\*\/\*/i.test(accept)) return rpcError(406, null, -32600, "Accept must include application/json");
  const body = await readBody(request);
  if (body === undefined) return rpcError(413, null, -32600, `Request body over ${BODY_MAX} bytes`);
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return rpcError(400, null, -32700, "Parse error: the body is not JSON");
  }
  if (!message || typeof message != "object" || Array.isArray(message) || (message as { jsonrpc?: unknown }).jsonrpc !== "2.0")
    return rpcError(400, null, -32600, "Invalid Request: one JSON-RPC 2.0 message per POST");
  const m = message as { id?: unknown; method?: unknown; params?: unknown };
  // Notifications (no id) and the client's responses (no method) are accepted and need no answer.
  if (m.id === undefined || typeof m.method != "string") return new Response(null, { status: 202 });
  if (typeof m.id != "string" && typeof m.id != "number") return rpcError(400, null, -32600, "Invalid Request: id must be a string or a number");
  const id = m.id;
  try {
    const result = m.method === "initialize" ? initialize(server, m.params) : await server.request(m.method, m.params);
    return json(200, { jsonrpc: "2.0", id, result });
  } catch (e) {
    const err = e instanceof McpError ? e : new McpError(INTERNAL_ERROR, "Internal error");
    return rpcError(200, id, err.code, err.message);
  }
}

/**
 * Whether a Content-Type's media type (before any `;`) is application/json. Never a substring test:
 * `text/plain; x=application/json` is a value a web page may send cross-origin without a preflight
 * (its media type is text/plain), and taking it would let any page the user opens call tools here.
 */
function isJsonType(contentType: string | null): boolean {
  return (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase() === "application/json";
}

/** The initialize result: the client's protocol version when this server speaks it, else the newest. */
export function initialize(server: McpServer, params: unknown) {
  const asked = (params as { protocolVersion?: unknown } | null)?.protocolVersion;
  const protocolVersion = typeof asked == "string" && PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0];
  return { protocolVersion, capabilities: server.capabilities, serverInfo: server.serverInfo };
}

/** The body as text, or undefined past BODY_MAX (read in chunks, so a huge body is never held whole). */
async function readBody(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > BODY_MAX) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > BODY_MAX) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) all.set(c, (at += c.length) - c.length);
  return new TextDecoder().decode(all);
}
