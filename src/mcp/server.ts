// One MCP server over one bundle: the methods of MCP's Skills Extension (SEP-2640, extension
// `io.modelcontextprotocol/skills`), resources, tools and prompts, as a dispatcher from a method and
// its params to a result. The transports are elsewhere: http.ts (Streamable HTTP, JSON responses,
// for a Worker's /mcp) and `skillc serve` (the official SDK's stdio and Streamable HTTP).
import { buildCatalog, DIRECTORY, type Catalog } from "./catalog.js";
import { callTool, getPrompt, prompts } from "./model.js";
import { URI_MAX, bad, page, paramsOf, stringParam } from "./params.js";
import { INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, McpError, type BundleSkills, type McpData, type McpOptions } from "./types.js";

export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

export interface McpServer {
  serverInfo: { name: string; version: string };
  capabilities: Record<string, Record<string, unknown>>;
  /** The request methods `request` answers (besides `initialize`, which each transport answers). */
  methods: readonly string[];
  /** Answers one request: a result object, or a thrown McpError (code and message for the JSON-RPC error). */
  request(method: string, params: unknown): Promise<Record<string, unknown>>;
}

type Handler = (params: unknown) => Promise<Record<string, unknown>>;

export function createMcp(skills: BundleSkills, data: McpData, options: McpOptions = {}): McpServer {
  const size = Math.max(1, Math.floor(options.pageSize ?? 50));
  let catalog: Promise<Catalog> | undefined;
  const cat = () => (catalog ??= buildCatalog(data, skills));
  let prompted: ReturnType<typeof prompts> | undefined;
  const allPrompts = () => (prompted ??= prompts(data, skills));
  const lc = options.listChanged ? { listChanged: true } : {};

  const handlers: Record<string, Handler> = { ...skillHandlers(cat, skills, size), ...modelHandlers(skills, allPrompts) };

  return {
    serverInfo: { name: "skillc", version: data.skillc },
    capabilities: {
      resources: { ...lc },
      tools: { ...lc },
      prompts: { ...lc },
      extensions: { [SKILLS_EXTENSION]: { directoryRead: true } },
    },
    methods: Object.keys(handlers),
    async request(method, params) {
      const h = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
      if (!h) throw new McpError(METHOD_NOT_FOUND, `Method not found: ${String(method).slice(0, 100)}`);
      try {
        return await h(params);
      } catch (e) {
        throw asMcpError(e);
      }
    },
  };
}

/** SEP-2640's methods and the resources they rest on. */
function skillHandlers(cat: () => Promise<Catalog>, skills: BundleSkills, size: number): Record<string, Handler> {
  return {
    ping: async () => ({}),
    "skills/list": async (params) => {
      const p = page((await cat()).entries, paramsOf(params).cursor, size);
      return { skills: p.items, ...(p.nextCursor && { nextCursor: p.nextCursor }) };
    },
    "skills/get": async (params) => {
      const uri = stringParam(paramsOf(params), "uri", URI_MAX);
      const skill = (await cat()).bySkillUri.get(uri);
      return skill ? { skill } : bad(`Unknown skill ${JSON.stringify(uri.slice(0, 200))}: pass the skill:// URI of a SKILL.md from skills/list`);
    },
    "resources/list": async (params) => {
      const p = paramsOf(params);
      // SEP-2093's scoped listing: only the resources under `uri`, when given.
      const scope = p.uri === undefined ? "" : stringParam(p, "uri", URI_MAX);
      const all = [...(await cat()).files.values()].map((f) => f.resource).filter((r) => !scope || r.uri === scope || r.uri.startsWith(scope.endsWith("/") ? scope : scope + "/"));
      const pg = page(all, p.cursor, size);
      return { resources: pg.items, ...(pg.nextCursor && { nextCursor: pg.nextCursor }) };
    },
    "resources/templates/list": async () => ({ resourceTemplates: [] }),
    "resources/read": async (params) => ({ contents: [await read(await cat(), skills, stringParam(paramsOf(params), "uri", URI_MAX))] }),
    "resources/directory/read": async (params) => {
      const p = paramsOf(params);
      const uri = stringParam(p, "uri", URI_MAX);
      const children = (await cat()).dirs.get(uri);
      if (!children) return bad(`Not a directory: ${JSON.stringify(uri.slice(0, 200))}`);
      const pg = page(children, p.cursor, size);
      return { resources: pg.items, ...(pg.nextCursor && { nextCursor: pg.nextCursor }) };
    },
  };
}

/** The model's tools and the user's prompts. */
function modelHandlers(skills: BundleSkills, allPrompts: () => ReturnType<typeof prompts>): Record<string, Handler> {
  return {
    "tools/list": async () => ({ tools: await skills.tools({ format: "mcp", include: "all" }) }),
    "tools/call": async (params) => ({ ...(await callTool(skills, params)) }),
    "prompts/list": async () => ({ prompts: [...allPrompts().values()].map((p) => p.def) }),
    "prompts/get": (params) => getPrompt(allPrompts(), skills, params),
  };
}

/** A file's contents: text as `text`, binary as a base64 `blob`. */
async function read(cat: Catalog, skills: BundleSkills, uri: string) {
  const f = cat.files.get(uri);
  if (!f) return bad(cat.dirs.has(uri) ? `${JSON.stringify(uri.slice(0, 200))} is a directory (${DIRECTORY}): list it with resources/directory/read` : `Unknown resource ${JSON.stringify(uri.slice(0, 200))}`);
  const { uri: u, mimeType } = f.resource;
  if (f.rel === "SKILL.md") return { uri: u, mimeType, text: f.skill.md };
  const v = await skills.file(f.skill.ref, f.rel);
  return typeof v == "string" ? { uri: u, mimeType, text: v } : { uri: u, mimeType, blob: base64(v) };
}

function base64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** A bundle's SkillError (a string `code`: NOT_FOUND, PERMISSION_DENIED, …) is the client's mistake; a broken toolset (EXECUTION_ERROR) or anything else is ours. */
function asMcpError(e: unknown): McpError {
  if (e instanceof McpError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  const message = e instanceof Error ? e.message : String(e);
  return new McpError(typeof code == "string" && code !== "EXECUTION_ERROR" ? INVALID_PARAMS : INTERNAL_ERROR, message.slice(0, 1000));
}
