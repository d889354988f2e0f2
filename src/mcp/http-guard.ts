// Who may call an MCP endpoint over HTTP: the Origin and Host checks MCP's Streamable HTTP transport
// asks for ("servers MUST validate the Origin header … to prevent DNS rebinding"), and the CORS
// answers for the browser clients the owner allows.
//
// A page that rebinds its DNS name to 127.0.0.1 or an intranet address makes its visitor's browser
// send POSTs that look same-origin to the server (Host and Origin both name the attacker's domain),
// so no rule derived from the request can tell it from a real client. What does tell: a browser
// always sends Origin with a POST, and MCP clients that are programs (Claude Code, the SDKs, agent
// frameworks) send none. So a request with an Origin is refused unless its owner listed that origin,
// and `allowedHosts` adds a Host check for a server with a known name.

/** The HTTP options of `createMcpHandler`, as given by the owner's code. */
export interface McpHttpOptions {
  /** Origins (`https://app.example.com`) whose pages may call the server, or "*" for any. */
  allowedOrigins?: readonly string[] | "*";
  /** Host names (`localhost`, `skills.example.com`), or `name:port`, the server answers under. */
  allowedHosts?: readonly string[];
}

/** The checked, normalized options. */
export interface HttpGuard {
  origins: ReadonlySet<string> | "*";
  hosts: ReadonlySet<string> | undefined;
}

const ALLOWED_HEADERS = "content-type, accept, authorization, mcp-protocol-version, mcp-session-id, last-event-id";

/** Checks the owner's options once, when the handler is made, so a typo fails loudly rather than opening or closing the door. */
export function httpGuard(options: unknown): HttpGuard {
  const o = (options ?? {}) as McpHttpOptions;
  const origins = o.allowedOrigins === "*" ? "*" : new Set(stringList(o.allowedOrigins, "allowedOrigins").map(normalOrigin));
  const hosts = o.allowedHosts === undefined ? undefined : new Set(stringList(o.allowedHosts, "allowedHosts").map((h) => h.toLowerCase()));
  return { origins, hosts };
}

function stringList(value: unknown, name: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v == "string")) throw new TypeError(`createMcpHandler: ${name} must be an array of strings${name == "allowedOrigins" ? ' or "*"' : ""}`);
  return value;
}

/**
 * `HTTPS://App.example.com/` → `https://app.example.com` (an origin has no path; browsers send it
 * lower-case). Trailing slashes are cut by a loop: `/\/+$/` retries at every slash of a long run, and
 * the Origin is any client's header, read on every request (16 KB of slashes: ~0.23 s of CPU).
 */
function normalOrigin(origin: string): string {
  const o = origin.trim().toLowerCase();
  let end = o.length;
  while (end > 0 && o[end - 1] === "/") end--;
  return o.slice(0, end);
}

/** Why the request is refused (a 403), or undefined when it may go on. */
export function refusal(request: Request, guard: HttpGuard): string | undefined {
  const origin = request.headers.get("origin");
  if (origin !== null && !originAllowed(origin, guard))
    return `Forbidden: requests from the origin ${JSON.stringify(origin.slice(0, 100))} are not allowed (createMcpHandler({ allowedOrigins }) lists the pages that may call this server)`;
  if (guard.hosts && !hostAllowed(request, guard.hosts)) return "Forbidden: this server does not answer under that Host (createMcpHandler({ allowedHosts }))";
  return undefined;
}

function originAllowed(origin: string, guard: HttpGuard): boolean {
  return guard.origins === "*" || guard.origins.has(normalOrigin(origin));
}

/** The Host header (or the URL's host where a runtime leaves it out) against the list: `name` matches any port, `name:port` that port. */
function hostAllowed(request: Request, hosts: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(`http://${request.headers.get("host") ?? new URL(request.url).host}`);
  } catch {
    return false;
  }
  const name = url.hostname.toLowerCase();
  return hosts.has(name) || (url.port !== "" && hosts.has(`${name}:${url.port}`));
}

/** The CORS headers of an answer to an allowed browser client (none when the request has no Origin). */
export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get("origin");
  return origin === null ? {} : { "access-control-allow-origin": origin, vary: "origin" };
}

/** The answer to a CORS preflight from an allowed origin: POST, with the headers MCP clients send. */
export function preflight(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: { ...corsHeaders(request), "access-control-allow-methods": "POST", "access-control-allow-headers": ALLOWED_HEADERS, "access-control-max-age": "600" },
  });
}
