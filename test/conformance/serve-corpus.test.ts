// The conformance corpus (162 skills by others, three roots) served over MCP: `skillc serve` over
// stdio with the SDK's Client reads every file of every skill and checks it against its digest and
// the bytes on disk, and the emitted mcp.js in workerd gives the same answers.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { build } from "../../src/project/build.js";
import { resolveDefaults } from "../../src/config/types.js";
import { mcpData } from "../../src/emit/mcp.js";
import { CLI } from "../helpers/cli.js";
import { startWorker, type RunningWorker } from "../helpers/workerd.js";
import { exercise, newClient, sha256, type Transcript } from "../helpers/mcp.js";
import { REPO } from "./corpus.js";

const ROOTS = ["obra-superpowers", "anthropic-skills", "k-dense-scientific-skills"].map((r) => `../shared/corpus/${r}`);
const WORKER = `import { createMcpHandler } from "./mcp.js";
const mcp = createMcpHandler({ pageSize: 7 });
export default { fetch: (request) => mcp(request) };
`;

const clients: Client[] = [];
let worker: RunningWorker;
let viaServe: Transcript;
let viaWorker: Transcript;
let dirs: Map<string, string>;

beforeAll(async () => {
  const result = await build({ cwd: REPO, config: resolveDefaults(REPO, { mcp: true }), roots: ROOTS, write: false, emitOnError: true, cache: false });
  const file = (n: string) => String(result.files!.get(n));
  // skill://<path>/SKILL.md → the skill's folder on disk, as mcp.js's data maps them.
  dirs = new Map(mcpData("test", result.skills).skills.map((s) => [`skill://${s.path}/SKILL.md`, path.dirname(s.ref)]));
  const serve = newClient();
  clients.push(serve);
  await serve.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "--emit-on-error", "--page-size", "7", ...ROOTS], cwd: REPO, stderr: "ignore", env: { PATH: process.env.PATH!, NO_COLOR: "1" } }));
  viaServe = await exercise(serve);
  worker = await startWorker({ files: { "worker.js": WORKER, "index.js": file("index.js"), "mcp.js": file("mcp.js") } });
  const w = newClient();
  clients.push(w);
  await w.connect(new StreamableHTTPClientTransport(new URL(worker.url + "/mcp")));
  viaWorker = await exercise(w);
}, 600_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await worker?.stop();
});

describe("the corpus over MCP", () => {
  it("lists every skill that builds, seven per page, and serves each file with the bytes on disk", () => {
    // 162 found, 3 with errors (build-corpus.test.ts), the rest visible to the model but hidden ones.
    expect(viaServe.skills.length).toBeGreaterThan(150);
    expect(viaServe.skillPages).toBe(Math.ceil(viaServe.skills.length / 7));
    let checked = 0;
    for (const entry of viaServe.skills) {
      const skillDir = entry.uri.slice(0, -"SKILL.md".length);
      const disk = dirs.get(entry.uri)!;
      expect(disk, entry.uri).toBeDefined();
      for (const r of entry.resources) {
        if (r.uri === entry.uri) continue; // SKILL.md is served as the build read it (CRLF → LF)
        const rel = decodeURIComponent(r.uri.slice(skillDir.length));
        expect(r.digest, r.uri).toBe("sha256:" + sha256(readFileSync(path.join(REPO, disk, rel))));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it("answers the same in workerd's mcp.js as skillc serve does", () => {
    expect(viaWorker).toEqual(viaServe);
  });

  it("refuses what a hostile client sends", () => {
    expect(Object.values(viaServe.errors).every((c) => c === -32602 || c === -32601)).toBe(true);
  });
});
