// Talks to an MCP server with the official SDK's Client the way a host would: every page of
// skills/list, skills/get for each entry, every file read and checked against its digest (and each
// SKILL.md's frontmatter against the entry's), the directory tree, tools called, prompts got.
// `exercise` returns a transcript, so two servers (skillc serve over stdio or HTTP, a Worker's /mcp)
// can be compared answer for answer.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { expect } from "vitest";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { CLI } from "./cli.js";

const Entry = z.object({
  uri: z.string(),
  frontmatter: z.record(z.string(), z.unknown()),
  resources: z.array(z.object({ uri: z.string(), digest: z.string().regex(/^sha256:[0-9a-f]{64}$/), size: z.number().int().nonnegative() })),
});
const SkillsList = z.object({ skills: z.array(Entry), nextCursor: z.string().optional() });
const SkillsGet = z.object({ skill: Entry });
const Child = z.object({ uri: z.string(), name: z.string(), mimeType: z.string() });
const DirRead = z.object({ resources: z.array(Child), nextCursor: z.string().optional() });

export type SkillEntry = z.infer<typeof Entry>;
export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

export function newClient(): Client {
  return new Client({ name: "skillc-test", version: "1.0.0" });
}

/** A request by method name (the SEP's methods are not in the SDK's request union). */
export function call<T>(client: Client, method: string, params: Record<string, unknown>, schema: z.ZodType<T>): Promise<T> {
  return client.request({ method, params } as never, schema as never) as Promise<T>;
}

/** The JSON-RPC error code a request fails with (or "ok"). */
export async function errorCode(client: Client, method: string, params: Record<string, unknown>): Promise<number | "ok"> {
  try {
    await call(client, method, params, z.unknown());
    return "ok";
  } catch (e) {
    if (e instanceof McpError) return e.code;
    throw e;
  }
}

async function allPages<T>(fetch: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await fetch(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
    pages++;
    expect(pages).toBeLessThan(10_000);
  } while (cursor);
  return { items, pages };
}

/** Every skill entry, page by page. */
export async function listSkills(client: Client): Promise<{ items: SkillEntry[]; pages: number }> {
  return allPages(async (cursor) => {
    const r = await call(client, "skills/list", cursor ? { cursor } : {}, SkillsList);
    return { items: r.skills, nextCursor: r.nextCursor };
  });
}

/** A resource's bytes, as served: text as UTF-8, a blob decoded. */
export async function readBytes(client: Client, uri: string): Promise<{ bytes: Buffer; mimeType?: string; text?: string }> {
  const r = await client.readResource({ uri });
  expect(r.contents).toHaveLength(1);
  const c = r.contents[0]!;
  expect(c.uri).toBe(uri);
  if ("text" in c && typeof c.text == "string") return { bytes: Buffer.from(c.text, "utf8"), mimeType: c.mimeType, text: c.text };
  return { bytes: Buffer.from((c as { blob: string }).blob, "base64"), mimeType: c.mimeType };
}

/** The frontmatter of a SKILL.md, parsed as a host would before comparing it with the entry's. */
function frontmatterOf(text: string): unknown {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  return m ? (parseYaml(m[1]!) ?? {}) : {};
}

export interface Transcript {
  skills: SkillEntry[];
  skillPages: number;
  files: Record<string, { mimeType?: string; sha256: string; bytes: number }>;
  resources: unknown[];
  dirs: Record<string, unknown[]>;
  tools: unknown[];
  calls: Record<string, unknown>;
  prompts: unknown[];
  promptGets: Record<string, unknown>;
  errors: Record<string, number | "ok">;
}

/** Everything a host does with the server, checked on the way; the answers, for comparison. */
export async function exercise(client: Client): Promise<Transcript> {
  const caps = client.getServerCapabilities() as { extensions?: Record<string, unknown> } | undefined;
  expect(caps?.extensions?.["io.modelcontextprotocol/skills"]).toEqual({ directoryRead: true });
  const { items: skills, pages: skillPages } = await listSkills(client);
  const files: Transcript["files"] = {};
  for (const entry of skills) {
    const got = await call(client, "skills/get", { uri: entry.uri }, SkillsGet);
    expect(got.skill).toEqual(entry);
    // The URI's last skill-path segment is the skill's name; the entry lists SKILL.md itself.
    expect(entry.uri).toMatch(/^skill:\/\/.+\/SKILL\.md$/);
    expect(decodeURIComponent(entry.uri.split("/").at(-2)!)).toBe(entry.frontmatter.name);
    expect(entry.resources.map((r) => r.uri)).toContain(entry.uri);
    for (const r of entry.resources) {
      const { bytes, mimeType, text } = await readBytes(client, r.uri);
      expect("sha256:" + sha256(bytes), r.uri).toBe(r.digest);
      expect(bytes.length, r.uri).toBe(r.size);
      if (r.uri === entry.uri) expect(frontmatterOf(text!)).toEqual(entry.frontmatter);
      files[r.uri] = { mimeType, sha256: sha256(bytes), bytes: bytes.length };
    }
  }
  const resources = (await allPages(async (cursor) => {
    const r = await client.listResources(cursor ? { cursor } : {});
    return { items: r.resources, nextCursor: r.nextCursor };
  })).items;
  expect(resources.map((r) => r.uri).sort()).toEqual(Object.keys(files).sort());
  const dirs: Transcript["dirs"] = {};
  const walk = async (uri: string) => {
    const children = (await allPages(async (cursor) => {
      const r = await call(client, "resources/directory/read", cursor ? { uri, cursor } : { uri }, DirRead);
      return { items: r.resources, nextCursor: r.nextCursor };
    })).items;
    dirs[uri] = children;
    for (const c of children) if (c.mimeType === "inode/directory") await walk(c.uri);
    else expect(files[c.uri], c.uri).toBeDefined();
  };
  for (const entry of skills) await walk(entry.uri.slice(0, -"/SKILL.md".length));
  const tools = (await client.listTools()).tools;
  const calls: Transcript["calls"] = {};
  for (const entry of skills) {
    const name = String(entry.frontmatter.name);
    calls[`load_skill ${name}`] = await client.callTool({ name: "load_skill", arguments: { name } });
    for (const r of entry.resources.filter((r) => r.uri !== entry.uri)) {
      const path = r.uri.slice(entry.uri.length - "SKILL.md".length);
      calls[`read_skill_file ${name} ${path}`] = await client.callTool({ name: "read_skill_file", arguments: { name, path: decodeURIComponent(path) } });
    }
  }
  calls["search_skills"] = await client.callTool({ name: "search_skills", arguments: { query: "review a diff", limit: 5 } });
  calls["unknown tool"] = await client.callTool({ name: "no_such_tool", arguments: {} });
  for (const t of tools.slice(3)) calls[`toolset ${t.name}`] = await client.callTool({ name: t.name, arguments: {} });
  const prompts = (await client.listPrompts()).prompts;
  const promptGets: Transcript["promptGets"] = {};
  for (const p of prompts) {
    const args = Object.fromEntries((p.arguments ?? []).map((a, i) => [a.name, `value-${i} with spaces`]));
    promptGets[p.name] = await client.getPrompt({ name: p.name, arguments: args });
  }
  const first = skills[0]?.uri ?? "skill://x/SKILL.md";
  const errors: Transcript["errors"] = {
    "skills/get unknown": await errorCode(client, "skills/get", { uri: "skill://no-such-skill/SKILL.md" }),
    "skills/get no uri": await errorCode(client, "skills/get", {}),
    "skills/get a file": await errorCode(client, "skills/get", { uri: first.replace(/SKILL\.md$/, "nope.md") }),
    "skills/list bad cursor": await errorCode(client, "skills/list", { cursor: "p999999" }),
    "skills/list forged cursor": await errorCode(client, "skills/list", { cursor: "../../etc" }),
    "read traversal": await errorCode(client, "resources/read", { uri: first.replace(/[^/]+\/SKILL\.md$/, "x/../") + first.split("/").at(-2) + "/SKILL.md" }),
    "read encoded traversal": await errorCode(client, "resources/read", { uri: first.replace(/SKILL\.md$/, "..%2F..%2Fpackage.json") }),
    "read long uri": await errorCode(client, "resources/read", { uri: "skill://" + "a".repeat(100_000) }),
    "read not a string": await errorCode(client, "resources/read", { uri: { toString: "x" } }),
    "directory of a file": await errorCode(client, "resources/directory/read", { uri: first }),
    "prompt unknown": await errorCode(client, "prompts/get", { name: "no-such-prompt" }),
    "unknown method": await errorCode(client, "skills/delete", {}),
  };
  return { skills, skillPages, files, resources, dirs, tools, calls, prompts, promptGets, errors };
}

/** `skillc serve --http 0 …` as a real process: its /mcp URL once it listens, and a stop. */
export async function startHttpServe(args: string[], cwd: string): Promise<{ url: URL; child: ChildProcess; stderr: () => string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [CLI, "serve", "--http", "0", ...args], { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  const exited = new Promise<void>((ok) => child.once("exit", () => ok()));
  const url = await new Promise<URL>((ok, ko) => {
    const timer = setTimeout(() => ko(new Error(`skillc serve did not start:\n${err}`)), 120_000);
    child.stderr!.setEncoding("utf8").on("data", (d: string) => {
      err += d;
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) {
        clearTimeout(timer);
        ok(new URL(m[1]!));
      }
    });
    child.once("exit", (code) => ko(new Error(`skillc serve exited (${code}):\n${err}`)));
  });
  return {
    url,
    child,
    stderr: () => err,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
