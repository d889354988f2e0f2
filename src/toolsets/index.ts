// Toolsets (tools a skill adds, bundled as lazily evaluated code) and scripts (files described, never run).
export { compileToolsets, entryRange, RESERVED_TOOL_NAMES, type ToolsetContext, type ToolsetMode } from "./compile.js";
export { scriptsOf, checkScripts, type ScriptInfo } from "./scripts.js";
