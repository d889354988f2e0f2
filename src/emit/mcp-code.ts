// The MCP server's code that opens every emitted mcp.js: src/mcp bundled and minified, ending in a
// module-local `var __skillcMcp` (dist/mcp-server.js; see bundled-code.ts).
import { bundledCode } from "./bundled-code.js";

export const MCP_GLOBAL = "__skillcMcp";

/** The MCP server's code, ending in a newline. */
export const mcpCode = bundledCode("the MCP server bundle", "mcp-server.js", "../mcp/index.ts", MCP_GLOBAL);
