// The emitted MCP server's dispatcher on the official SDK's `Server`: one request handler per method
// it answers (the SEP's skills/list, skills/get, resources/directory/read among them, each a method
// literal with loose params: the dispatcher checks them, so both transports give the same errors).
// `current` is read on every request, so a rebuild swaps the skills under live connections.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { z } from "zod";
import type { McpServer } from "../mcp/index.js";

export function sdkServer(current: () => McpServer): Server {
  const mcp = current();
  const server = new Server(mcp.serverInfo, { capabilities: mcp.capabilities });
  for (const method of mcp.methods) {
    if (method === "ping") continue; // the SDK answers ping itself
    const schema = z.object({ method: z.literal(method), params: z.unknown().optional() });
    server.setRequestHandler(schema, (request) => current().request(method, request.params) as never);
  }
  return server;
}

/** Tells a connected client that the skills changed: resources, tools and prompts may all differ. */
export async function notifyChanged(server: Server): Promise<void> {
  await Promise.allSettled([server.sendResourceListChanged(), server.sendToolListChanged(), server.sendPromptListChanged()]);
}
