// The MCP server's entry: bundled by scripts/mcp-bundle.mjs into the code that opens every emitted
// mcp.js (ending in `var __skillcMcp`), and imported by `skillc serve` from source.
export { createMcp, SKILLS_EXTENSION } from "./server.js";
export { handleHttp, initialize, PROTOCOL_VERSIONS } from "./http.js";
export { httpGuard } from "./http-guard.js";
export { McpError } from "./types.js";
export type { McpServer } from "./server.js";
export type { McpData, McpSkillData, McpOptions, BundleSkills } from "./types.js";
