// `skillc serve` as a real process, driven by the official SDK's Client over stdio and over
// Streamable HTTP: the repo's own skills/ as a host sees them (SEP-2640 skills extension, tools,
// prompts), the same answers on both transports, and hostile requests refused without a crash.
import { readFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CLI, REPO, runCli } from "../helpers/cli.js";
import { tempProject, skillMd } from "../helpers/project.js";
import { exercise, newClient, sha256, startHttpServe, type Transcript } from "../helpers/mcp.js";

const ENV = { PATH: process.env.PATH!, HOME: process.env.HOME!, NO_COLOR: "1" };
let stdio: Client;
let http: Client;
let httpServe: Awaited<ReturnType<typeof startHttpServe>>;
let viaStdio: Transcript;
let viaHttp: Transcript;

beforeAll(async () => {
  stdio = newClient();
  await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, "serve", "--page-size", "2"], cwd: REPO, env: ENV, stderr: "ignore" }));
  httpServe = await startHttpServe(["--page-size", "2"], REPO);
  http = newClient();
  await http.connect(new StreamableHTTPClientTransport(httpServe.url));
  viaStdio = await exercise(stdio);
  viaHttp = await exercise(http);
}, 240_000);

afterAll(async () => {
  await stdio?.close();
  await http?.close();
  await httpServe?.stop();
});

const text = (r: unknown) => (r as { content: Array<{ text: string }> }).content[0]!.text;

describe("skillc serve over stdio: the repo's skills/", () => {
  it("lists the skills the model may see, two per page, each entry whole", () => {
    const names = viaStdio.skills.map((s) => s.frontmatter.name);
    // changelog-entry has disable-model-invocation: a user's command, not the model's.
    expect(names).toEqual(["author-skill", "commit-message", "release-notes", "review-diff", "triage-bug"]);
    expect(viaStdio.skillPages).toBe(3);
    const review = viaStdio.skills.find((s) => s.frontmatter.name === "review-diff")!;
    expect(review.uri).toBe("skill://review-diff/SKILL.md");
    expect(review.resources.map((r) => r.uri)).toEqual([
      "skill://review-diff/SKILL.md",
      "skill://review-diff/references/checklist.md",
      "skill://review-diff/scripts/diff-stats.sh",
    ]);
  });

  it("serves every file with the bytes on disk (the PNG as a blob) and digests of those bytes", () => {
    for (const [uri, f] of Object.entries(viaStdio.files)) {
      const rel = uri.slice("skill://".length);
      expect(f.sha256, uri).toBe(sha256(readFileSync(path.join(REPO, "skills", rel))));
    }
    expect(viaStdio.files["skill://triage-bug/assets/severity-matrix.png"]!.mimeType).toBe("image/png");
    expect(viaStdio.files["skill://review-diff/SKILL.md"]!.mimeType).toBe("text/markdown");
  });

  it("lists each skill's folders with resources/directory/read", () => {
    expect(viaStdio.dirs["skill://review-diff"]).toEqual([
      { uri: "skill://review-diff/SKILL.md", name: "SKILL.md", mimeType: "text/markdown" },
      { uri: "skill://review-diff/references", name: "references", mimeType: "inode/directory" },
      { uri: "skill://review-diff/scripts", name: "scripts", mimeType: "inode/directory" },
    ]);
    expect(viaStdio.dirs["skill://review-diff/scripts"]).toEqual([{ uri: "skill://review-diff/scripts/diff-stats.sh", name: "diff-stats.sh", mimeType: "text/x-shellscript" }]);
  });

  it("offers the bundle's tools, toolset tools included, and runs them", async () => {
    expect((viaStdio.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(["load_skill", "search_skills", "read_skill_file", "semver-bump", "group-commits"]);
    expect(text(viaStdio.calls["load_skill review-diff"])).toContain("Base directory for this skill: skills/review-diff");
    expect(text(viaStdio.calls["read_skill_file review-diff references/checklist.md"])).toBe(readFileSync(path.join(REPO, "skills/review-diff/references/checklist.md"), "utf8"));
    expect(text(viaStdio.calls["read_skill_file triage-bug assets/severity-matrix.png"])).toMatch(/^Binary file \(\d+ bytes\)/);
    expect(text(viaStdio.calls["search_skills"])).toContain("review-diff");
    expect(viaStdio.calls["unknown tool"]).toMatchObject({ isError: true });
    const bump = await stdio.callTool({ name: "semver-bump", arguments: { version: "1.4.2", bump: "minor" } });
    expect(bump.structuredContent).toEqual({ version: "1.5.0", bump: "minor", previous: "1.4.2" });
    // The model never reaches a hidden skill through a tool.
    expect(await stdio.callTool({ name: "load_skill", arguments: { name: "changelog-entry" } })).toMatchObject({ isError: true });
  });

  it("offers user-invocable skills as prompts, arguments from arguments: and argument-hint, rendered as load renders", () => {
    const prompts = viaStdio.prompts as Array<{ name: string; arguments?: Array<{ name: string; description?: string }> }>;
    // commit-message is user-invocable: false; changelog-entry is hidden from the model but a user's command.
    expect(prompts.map((p) => p.name)).toEqual(["author-skill", "changelog-entry", "release-notes", "review-diff", "triage-bug"]);
    expect(prompts.find((p) => p.name === "release-notes")!.arguments!.map((a) => a.name)).toEqual(["version", "since"]);
    expect(prompts.find((p) => p.name === "changelog-entry")!.arguments).toEqual([
      { name: "arguments", description: "<added|changed|deprecated|removed|fixed|security> <what changed>", required: false },
    ]);
    const changelog = (viaStdio.promptGets["changelog-entry"] as { messages: Array<{ role: string; content: { text: string } }> }).messages;
    expect(changelog[0]!.role).toBe("user");
    expect(changelog[0]!.content.text).toContain("Category: value-0\nFull request: value-0 with spaces");
    // A prompt without arguments is exactly what load_skill gives the model.
    const review = (viaStdio.promptGets["review-diff"] as { messages: Array<{ content: { text: string } }> }).messages[0]!.content.text;
    expect(review).toBe(text(viaStdio.calls["load_skill review-diff"]));
  });

  it("refuses unknown skills, traversal, forged cursors and oversized URIs with -32602, unknown methods with -32601", () => {
    expect(viaStdio.errors).toEqual({
      "skills/get unknown": -32602,
      "skills/get no uri": -32602,
      "skills/get a file": -32602,
      "skills/list bad cursor": -32602,
      "skills/list forged cursor": -32602,
      "read traversal": -32602,
      "read encoded traversal": -32602,
      "read long uri": -32602,
      "read not a string": -32602,
      "directory of a file": -32602,
      "prompt unknown": -32602,
      "unknown method": -32601,
    });
  });
});

describe("skillc serve --http", () => {
  it("answers every request exactly as over stdio", () => {
    expect(viaHttp).toEqual(viaStdio);
  });

  it("listens on 127.0.0.1 only and refuses a foreign Host (DNS rebinding), bad bodies and sessionless requests", async () => {
    const { port } = httpServe.url;
    const raw = (method: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; body: string }>((ok, ko) => {
        const req = httpRequest({ host: "127.0.0.1", port, path: "/mcp", method, headers }, (res) => {
          let b = "";
          res.setEncoding("utf8").on("data", (d: string) => (b += d)).on("end", () => ok({ status: res.statusCode!, body: b }));
        });
        req.on("error", ko);
        req.end(body);
      });
    const json = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } });
    expect((await raw("POST", { ...json, host: `evil.example:${port}` }, init)).status).toBe(403);
    expect(await raw("POST", json, "{not json")).toMatchObject({ status: 400, body: expect.stringContaining("-32700") });
    expect((await raw("POST", json, "x".repeat(2 << 20))).status).toBe(413);
    expect((await raw("GET", { accept: "text/event-stream" })).status).toBe(400);
    expect((await raw("POST", { ...json, "mcp-session-id": "forged" }, init)).status).toBe(404);
    expect(httpServe.url.hostname).toBe("127.0.0.1");
    // Still serving.
    expect((await http.listTools()).tools.length).toBe(5);
  });
});

describe("skillc serve --http: sessions", () => {
  // A client that vanishes without DELETE must not lock others out: at the cap of 64 the least
  // recently used session closes, and a new client is still served.
  it("closes the least recently used session at the cap instead of refusing new clients", async () => {
    const serve = await startHttpServe([], tempProject({ "skills/a/SKILL.md": skillMd("a") }));
    try {
      const { port } = serve.url;
      const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } });
      const post = (body: string, sid?: string) =>
        new Promise<{ status: number; sid?: string }>((ok, ko) => {
          const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream", ...(sid && { "mcp-session-id": sid, "mcp-protocol-version": "2025-06-18" }) };
          const req = httpRequest({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers }, (res) => {
            res.resume().on("end", () => ok({ status: res.statusCode!, sid: res.headers["mcp-session-id"] as string | undefined }));
          });
          req.on("error", ko);
          req.end(body);
        });
      const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
      const sids: string[] = [];
      for (let i = 0; i < 64; i++) sids.push((await post(init)).sid!);
      expect((await post(ping, sids[0])).status).toBe(200); // the first is now the most recently used
      const next = await post(init);
      expect(next.status).toBe(200);
      expect((await post(ping, sids[1])).status).toBe(404); // the least recently used went
      expect((await post(ping, sids[0])).status).toBe(200);
      expect((await post(ping, next.sid)).status).toBe(200);
    } finally {
      await serve.stop();
    }
  }, 120_000);
});

describe("skillc serve refuses", () => {
  it("a bad port or one in use (exit 2) and a build with errors (exit 1, nothing served)", async () => {
    const bad = await runCli(["serve", "--http", "70000"], { cwd: REPO });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--http takes a whole number from 0 to 65535");
    const taken = createServer();
    await new Promise<void>((ok) => taken.listen(0, "127.0.0.1", () => ok()));
    const port = (taken.address() as AddressInfo).port;
    const inUse = await runCli(["serve", "--http", String(port)], { cwd: REPO }).finally(() => taken.close());
    expect(inUse.code).toBe(2);
    expect(inUse.stderr).toContain(`cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
    const dir = tempProject({ "skills/ok/SKILL.md": skillMd("ok"), "skills/broken/SKILL.md": "---\nname: [unclosed\n---\nbody\n" });
    const failed = await runCli(["serve"], { cwd: dir });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe("");
    expect(failed.stderr).toContain("nothing served");
  });
});
