// mcp.js of a split build, bounded in size: the data it serves beside the bundle (each skill's
// SKILL.md text, frontmatter and digests) goes into content-addressed shards `chunks/<sha256>.js`
// (`export default [...]`, in skill-path order, content-defined boundaries as the manifest's), and
// mcp.js imports them with literal `import()`s, so bundlers split them as they split the payload
// chunks. They are loaded before the first request is answered (or by `loadMcpData()`); the server's
// static answers (its info, capabilities, methods) need none of them.
import type { McpData } from "../mcp/types.js";
import { lit, str } from "./literal.js";
import { storeShard } from "./manifest-shards.js";
import { MCP_GLOBAL } from "./mcp-code.js";
import { ShardGrouper } from "./shards.js";
import type { ChunkSink } from "./split.js";

/** Mean skills per shard, and the most bytes in one (a skill larger than that alone gets its own). */
export const MCP_SHARDS = { every: 64, maxBytes: 256 * 1024 };
const HEAD = "export default [";
const TAIL = "];\n";

/** The data lines of a split mcp.js (its shards into `sink`, or `files`). */
export function splitMcpData(files: Map<string, string | Uint8Array>, sink: ChunkSink | undefined): (data: McpData) => Promise<string[]> {
  return async (data) => {
    // One shard's literals at a time (the SKILL.md texts of every skill at once were the whole corpus again).
    const grouper = new ShardGrouper<string>({ ...MCP_SHARDS, maxBytes: MCP_SHARDS.maxBytes - HEAD.length - TAIL.length });
    const hashes: string[] = [];
    const store = async (g: string[]) => hashes.push(await storeShard(HEAD + g.join(",") + TAIL, "js", files, sink));
    for (const s of data.skills) {
      const l = lit(s);
      for (const g of grouper.push(l, s.path, l.length + 1)) await store(g);
    }
    for (const g of grouper.finish()) await store(g);
    return [
      `const __skillcMcpData={version:1,skillc:${str(data.skillc)},skills:[]};`,
      `const __skillcMcpShards=[${hashes.map((h) => `()=>import("./chunks/${h}.js")`).join(",")}];`,
      // One load for every server; a failed one (a missing shard) is tried again by the next request.
      `let __skillcMcpLoading;`,
      `export const loadMcpData=()=>__skillcMcpLoading||=Promise.all(__skillcMcpShards.map((f)=>f())).then((ms)=>{for(const m of ms)__skillcMcpData.skills.push(...m.default);return __skillcMcpData},(e)=>{__skillcMcpLoading=undefined;throw e});`,
      `export const createMcpServer=(options)=>{const s=${MCP_GLOBAL}.createMcp((options&&options.skills)||__skillcSkills,__skillcMcpData,options||{});return{...s,request:async(method,params)=>(await loadMcpData(),s.request(method,params))}};`,
    ];
  };
}
