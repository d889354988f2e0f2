// The emitted mcp.js, imported and asked directly (no transport): skill:// paths of nested and
// same-named skills, the directory tree, the bundle's visibility and permission rules, and the
// checks every request's params go through.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { tempProject, skillMd } from "../../helpers/project.js";
import { sha256 } from "../../helpers/mcp.js";

interface Server {
  capabilities: Record<string, unknown>;
  request(method: string, params?: unknown): Promise<Record<string, any>>;
}
let server: (opts?: { pageSize?: number }) => Server;
let handleMcp: (request: Request) => Promise<Response>;
let createMcpHandler: (options?: Record<string, unknown>) => (request: Request) => Promise<Response>;
let out: string;

const code = (p: Promise<unknown>) => p.then(() => "ok", (e: { code: number }) => e.code);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 255]);

/** The test project built with `mcp: true` in memory, every emitted file written into a fresh folder. */
async function emitted(output: "single" | "split") {
  const dir = tempProject({
    "skills/plain/SKILL.md": skillMd("plain", "argument-hint: <file>\n"),
    "skills/plain/assets/logo.png": PNG,
    "skills/plain/references/deep/more/note.md": "# Note\r\nwith CRLF kept\r\n",
    "skills/tools/group/inner/SKILL.md": skillMd("inner", "arguments: [first, second]\n", "First $first, second $second.\n"),
    "skills/quiet/SKILL.md": skillMd("quiet", "disable-model-invocation: true\n"),
    "skills/secret/SKILL.md": skillMd("secret"),
    "extra/plain/SKILL.md": skillMd("plain", "metadata:\n  from: extra\n"),
  });
  const config = resolveDefaults(dir, {
    mcp: true,
    output,
    collisions: "keep",
    sources: [{ dir: "skills", scope: "main" }, { dir: "extra", scope: "extra" }],
    permissions: { deny: ["secret"] },
  });
  const result = await build({ cwd: dir, config, write: false, cache: false });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const to = mkdtempSync(path.join(tmpdir(), "skillc-mcp-"));
  mkdirSync(path.join(to, "chunks"));
  for (const [f, contents] of result.files!) writeFileSync(path.join(to, f), contents);
  const mod = (await import(pathToFileURL(path.join(to, "mcp.js")).href)) as { createMcpServer: typeof server; handleMcp: typeof handleMcp; createMcpHandler: typeof createMcpHandler; loadMcpData?: () => Promise<{ skills: unknown[] }> };
  return { out: to, mod, files: result.files! };
}

beforeAll(async () => {
  const e = await emitted("single");
  out = e.out;
  server = e.mod.createMcpServer;
  handleMcp = e.mod.handleMcp;
  createMcpHandler = e.mod.createMcpHandler;
}, 120_000);

describe("the emitted mcp.js", () => {
  it("names skills by folder, the last segment the name, and tells same-named folders apart by scope", async () => {
    const { skills } = await server().request("skills/list", {});
    expect(skills.map((s: { uri: string }) => s.uri)).toEqual(["skill://extra/plain/SKILL.md", "skill://main/plain/SKILL.md", "skill://tools/group/inner/SKILL.md"]);
    expect(skills[0].frontmatter).toEqual({ name: "plain", description: "Does plain things. Use it when plain is asked for.", metadata: { from: "extra" } });
  });

  it("serves binary files as blobs and text byte for byte, with digests of what it serves", async () => {
    const s = server();
    const png = (await s.request("resources/read", { uri: "skill://main/plain/assets/logo.png" })).contents[0];
    expect(png).toEqual({ uri: "skill://main/plain/assets/logo.png", mimeType: "image/png", blob: Buffer.from(PNG).toString("base64") });
    const note = (await s.request("resources/read", { uri: "skill://main/plain/references/deep/more/note.md" })).contents[0];
    expect(note.text).toBe("# Note\r\nwith CRLF kept\r\n");
    const { skill } = await s.request("skills/get", { uri: "skill://main/plain/SKILL.md" });
    expect(skill.resources).toEqual([
      { uri: "skill://main/plain/SKILL.md", digest: "sha256:" + sha256(skillMd("plain", "argument-hint: <file>\n")), size: skillMd("plain", "argument-hint: <file>\n").length },
      { uri: "skill://main/plain/assets/logo.png", digest: "sha256:" + sha256(PNG), size: PNG.length },
      { uri: "skill://main/plain/references/deep/more/note.md", digest: "sha256:" + sha256("# Note\r\nwith CRLF kept\r\n"), size: 24 },
    ]);
  });

  it("lists every directory level, folders as inode/directory", async () => {
    const s = server();
    const dir = async (uri: string) => (await s.request("resources/directory/read", { uri })).resources.map((r: { name: string; mimeType: string }) => `${r.name} ${r.mimeType}`);
    expect(await dir("skill://main")).toEqual(["plain inode/directory"]);
    expect(await dir("skill://tools")).toEqual(["group inode/directory"]);
    expect(await dir("skill://tools/group/inner")).toEqual(["SKILL.md text/markdown"]);
    expect(await dir("skill://main/plain/references/deep")).toEqual(["more inode/directory"]);
    expect(await code(s.request("resources/directory/read", { uri: "skill://main/plain/" }))).toBe(-32602);
    const scoped = await s.request("resources/list", { uri: "skill://tools/" });
    expect(scoped.resources.map((r: { uri: string }) => r.uri)).toEqual(["skill://tools/group/inner/SKILL.md"]);
    // A scope is a folder: `skill://tool` is not a prefix of `skill://tools/…`.
    expect((await s.request("resources/list", { uri: "skill://tool" })).resources).toEqual([]);
  });

  it("keeps hidden and denied skills out as the bundle does: a hidden skill is a prompt only, a denied one nothing", async () => {
    const s = server();
    expect(await code(s.request("skills/get", { uri: "skill://quiet/SKILL.md" }))).toBe(-32602);
    expect(await code(s.request("resources/read", { uri: "skill://quiet/SKILL.md" }))).toBe(-32602);
    expect(await code(s.request("skills/get", { uri: "skill://secret/SKILL.md" }))).toBe(-32602);
    const { prompts } = await s.request("prompts/list");
    // In skill-path order; same-named skills are named by their SKILL.md path.
    expect(prompts.map((p: { name: string }) => p.name)).toEqual(["extra/plain/SKILL.md", "skills/plain/SKILL.md", "quiet", "inner"]);
    const inner = prompts.find((p: { name: string }) => p.name === "inner");
    expect(inner.arguments).toEqual([{ name: "first", required: false }, { name: "second", required: false }]);
    const got = await s.request("prompts/get", { name: "inner", arguments: { first: "one" } });
    expect(got.messages[0].content.text).toContain("First one, second .");
    expect(await code(s.request("prompts/get", { name: "secret" }))).toBe(-32602);
    const tools = await s.request("tools/call", { name: "load_skill", arguments: { name: "quiet" } });
    expect(tools.isError).toBe(true);
  });

  it("pages with cursors it made and refuses any other", async () => {
    const s = server({ pageSize: 2 });
    const first = await s.request("skills/list", {});
    expect(first.skills).toHaveLength(2);
    const second = await s.request("skills/list", { cursor: first.nextCursor });
    expect(second.skills).toHaveLength(1);
    expect(second.nextCursor).toBeUndefined();
    for (const cursor of ["p0", "p3", "p03", "x", "", 2, { p: 1 }, "p1".padEnd(40, "0")]) expect(await code(s.request("skills/list", { cursor })), String(cursor)).toBe(-32602);
    for (const params of [[], "x", 5, true]) expect(await code(s.request("skills/list", params))).toBe(-32602);
    expect(await code(s.request("__proto__", {}))).toBe(-32601);
    expect(await code(s.request("prompts/get", { name: "inner", arguments: { first: 5 } }))).toBe(-32602);
    expect(await code(s.request("prompts/get", { name: "inner", arguments: { first: "x".repeat(20_000) } }))).toBe(-32602);
  });
});

describe("handleMcp", () => {
  // A web page may send a POST cross-origin without a preflight only when its Content-Type's
  // essence is text/plain (or a form type) and the value holds no CORS-unsafe byte ("():<>?@[\]{}"):
  // `text/plain; x=application/json` is such a value. A substring test let it through, so any page
  // the user opened could make their browser call tools (toolset code) on an mcp.js it can reach
  // (a dev server on localhost, an intranet host). Only the essence application/json is taken.
  const post = (contentType: string) =>
    handleMcp(new Request("http://127.0.0.1:8787/mcp", { method: "POST", headers: { "content-type": contentType }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) }));

  it("takes only a Content-Type whose media type is application/json, never one a page can send without a preflight", async () => {
    for (const ct of ["application/json", "Application/JSON; charset=utf-8", " application/json ;charset=utf-8"]) expect((await post(ct)).status, ct).toBe(200);
    const simple = ["text/plain; x=application/json", "text/plain;application/json", "application/x-www-form-urlencoded; a=application/json", "multipart/form-data; boundary=application/json", "text/plain, application/json", "application/jsonx", "application/json-seq"];
    for (const ct of simple) expect((await post(ct)).status, ct).toBe(415);
  });
});

describe("handleMcp and createMcpHandler: Origin and Host (DNS rebinding)", () => {
  // A page that rebinds its DNS name to 127.0.0.1 makes its visitor's browser POST to a local
  // mcp.js with Host and Origin both naming the page's domain: same-origin to every check derived
  // from the request. A browser always sends Origin with a POST and MCP clients that are programs
  // send none, so an Origin the owner did not list is refused (MCP's transport spec: 403).
  const call = (handler: (r: Request) => Promise<Response>, headers: Record<string, string>, method = "POST") =>
    handler(new Request("http://127.0.0.1:8787/mcp", { method, headers: { "content-type": "application/json", ...headers }, body: method == "POST" ? JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) : undefined }));

  it("refuses a request with an Origin by default: a rebinding page, a cross-origin page, a sandboxed one", async () => {
    for (const headers of [{ host: "evil.example:8787", origin: "http://evil.example:8787" }, { origin: "http://127.0.0.1:8787" }, { origin: "null" }]) {
      const res = await call(handleMcp, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).error.message).toMatch(/allowedOrigins/);
    }
    expect((await call(handleMcp, {})).status).toBe(200);
    expect((await call(handleMcp, { host: "evil.example:8787" })).status).toBe(200);
  });

  it("answers the pages its owner lists, with CORS headers and a preflight, and only those", async () => {
    const handler = createMcpHandler({ allowedOrigins: ["https://App.example.com/"] });
    const ok = await call(handler, { origin: "https://app.example.com" });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect((await ok.json()).result.tools.length).toBeGreaterThan(0);
    const pre = await call(handler, { origin: "https://app.example.com", "access-control-request-method": "POST" }, "OPTIONS");
    expect([pre.status, pre.headers.get("access-control-allow-methods")]).toEqual([204, "POST"]);
    expect(pre.headers.get("access-control-allow-headers")).toMatch(/content-type.*mcp-protocol-version/);
    expect((await call(handler, { origin: "https://evil.example" })).status).toBe(403);
    expect((await call(handler, { origin: "https://evil.example" }, "OPTIONS")).status).toBe(403);
    expect((await call(createMcpHandler({ allowedOrigins: "*" }), { origin: "https://any.example" })).status).toBe(200);
    // No Origin, no CORS headers; a preflight needs an Origin.
    expect((await call(handler, {})).headers.get("access-control-allow-origin")).toBeNull();
    expect((await call(handler, {}, "OPTIONS")).status).toBe(405);
  });

  it("answers only under the hosts in allowedHosts when given: a name for any port, name:port for one", async () => {
    const handler = createMcpHandler({ allowedHosts: ["localhost", "127.0.0.1:8787"] });
    for (const host of ["localhost:8787", "LOCALHOST", "127.0.0.1:8787"]) expect((await call(handler, { host })).status, host).toBe(200);
    for (const host of ["evil.example:8787", "127.0.0.1:9999", "localhost.evil.example", "bad host"]) expect((await call(handler, { host })).status, host).toBe(403);
  });

  it("throws for malformed options when the handler is made", () => {
    expect(() => createMcpHandler({ allowedOrigins: "https://app.example.com" })).toThrow(/allowedOrigins must be an array of strings or "\*"/);
    expect(() => createMcpHandler({ allowedHosts: [1] })).toThrow(/allowedHosts must be an array of strings/);
  });
});

describe("mcp.d.ts", () => {
  it("types the module for a TypeScript consumer (a Worker's fetch handler)", async () => {
    writeFileSync(
      path.join(out, "worker.ts"),
      `import { handleMcp, createMcpHandler, createMcpServer, mcpData } from "./mcp.js";
import { createSkills } from "./index.js";
const mcp = createMcpHandler({ pageSize: 10, skills: createSkills({ deny: ["secret"] }), allowedOrigins: ["https://app.example.com"], allowedHosts: ["localhost"] });
export default { fetch: (request: Request): Promise<Response> => (new URL(request.url).pathname === "/mcp" ? mcp(request) : handleMcp(request)) };
const listed: Promise<Record<string, unknown>> = createMcpServer().request("skills/list", {});
const paths: string[] = mcpData.skills.map((s) => s.path);
void listed; void paths;
`,
    );
    const tsc = path.join(process.cwd(), "node_modules/typescript/bin/tsc");
    const args = [tsc, "--noEmit", "--strict", "--target", "es2022", "--lib", "es2022,dom", "--module", "nodenext", "--moduleResolution", "nodenext", "worker.ts"];
    const output = await promisify(execFile)(process.execPath, args, { cwd: out }).then(() => "", (e: { stdout?: string }) => String(e.stdout));
    expect(output).toBe("");
  }, 60_000);
});

describe("the split layout's mcp.js", () => {
  it("serves the same answers, its data in content-addressed shards loaded before the first request", async () => {
    const split = await emitted("split");
    const js = readFileSync(path.join(split.out, "mcp.js"), "utf8");
    // The SKILL.md texts are in the shards, not in mcp.js.
    expect(js).not.toContain("First $first, second $second.");
    const shards = [...js.matchAll(/import\("\.\/chunks\/([0-9a-f]{64})\.js"\)/g)].map((m) => m[1]!);
    expect(shards.length).toBeGreaterThan(0);
    for (const h of shards) expect(sha256(split.files.get(`chunks/${h}.js`) as string)).toBe(h);
    const a = server({ pageSize: 2 });
    const b = split.mod.createMcpServer({ pageSize: 2 });
    const asks: Array<[string, unknown]> = [
      ["skills/list", {}],
      ["skills/list", { cursor: "p1" }],
      ["resources/list", {}],
      ["resources/read", { uri: "skill://main/plain/SKILL.md" }],
      ["resources/read", { uri: "skill://main/plain/assets/logo.png" }],
      ["resources/directory/read", { uri: "skill://main/plain/references" }],
      ["prompts/list", {}],
      ["prompts/get", { name: "inner", arguments: { first: "1", second: "2" } }],
      ["tools/list", {}],
    ];
    for (const [method, params] of asks) expect(await b.request(method, params), method).toEqual(await a.request(method, params));
    // Every skill of the build (the server filters hidden and denied ones as it answers).
    expect((await split.mod.loadMcpData!()).skills).toHaveLength(5);
  }, 120_000);
});
