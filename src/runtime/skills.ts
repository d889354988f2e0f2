// createSkills: the object a bundle exports as `skills` (design.md §6). Import does nothing but
// keep `data`: lookup maps, the search index and trigger regexes are built on first use, and a
// skill's payload is decoded when its body or a file is first needed, then kept.
import { permits } from "./permissions.js";
import type { BundleData, BundleFile, BundleSkill, CatalogFormat, LoadFormat, SkillPayload, SkillTool } from "./data.js";
import { renderCatalog, type CatalogEntry } from "./catalog.js";
import { SkillError, fail } from "./errors.js";
import { checkPath } from "./paths.js";
import { ARGS_MAX, MATCH_MAX, QUERY_MAX, REF_MAX, capped, over, show } from "./limits.js";
import { matcher } from "./match.js";
import { norm, rankHits, searcher, type Hit } from "./search.js";
import { callTool, toolDefs, type AnthropicTool, type McpTool, type OpenAITool, type ToolFormat, type ToolResult } from "./tools.js";
import { renderTemplate } from "./render.js";
import { esc, order } from "./xml.js";

/** A skill as the API shows it. */
export interface SkillMeta {
  name: string;
  /** SKILL.md path: "skills/review-diff/SKILL.md". */
  path: string;
  /** Base directory: "skills/review-diff". */
  dir: string;
  scope: string;
  description: string;
  brief: string;
  userInvocable: boolean;
  hidden: boolean;
  context?: "fork";
  agent?: string;
  argumentHint?: string;
  args: string[];
  files: BundleFile[];
}

export interface LoadResult {
  name: string;
  path: string;
  baseDir: string;
  /** The expanded body. */
  content: string;
  /** What a tool returns to the model: base directory, body, supporting files (or a reminder, in a session). */
  text: string;
  files: BundleFile[];
  /** `context: fork` skills: hand `task` (the expanded body) to a subagent of type `agent`. */
  context?: "fork";
  agent?: string;
  task?: string;
  /** Set in a session when `text` is a reminder because this exact load was already returned. */
  repeated?: true;
}

export interface SearchResult {
  skill: SkillMeta;
  score: number;
  reason: string;
}
export type MatchResult = SearchResult;

/** Progressive disclosure tiers: the catalog entry, the loaded body, and the supporting files. */
export type DisclosureTier = "none" | "breadcrumb" | "registry" | "full";

export interface SkillsOptions {
  /** Skill names (a `*` matches anything) that may be used; empty or absent: all. Replaces the build's list. */
  allow?: string[];
  /** Skill names never used; added to the build's list. Deny wins over allow. */
  deny?: string[];
  /** How `load().text` is framed. @default the build's `loadFormat` */
  loadFormat?: LoadFormat;
}

/** The built-in tools and the aliases `call` accepts for them: `call` answers these synchronously. */
export type BuiltinToolName = "load_skill" | "search_skills" | "read_skill_file" | "skill" | "use_skill" | "skill_load" | "skill_search";
/** Which toolset tools `tools()` adds to the built-in three. */
export type ToolInclude = "loaded" | "all";

export interface Skills {
  /** Skills the model may see (not hidden, permitted), sorted by name. */
  list(): SkillMeta[];
  /** By name, `group:name` / `scope:name`, SKILL.md path or base directory; undefined when absent or denied. Throws AMBIGUOUS. */
  get(nameOrPath: string): SkillMeta | undefined;
  /** The skill expanded with `args` (raw string or split arguments). Hidden skills load: this is the trusted API. Throws SkillError. */
  load(nameOrPath: string, args?: string | string[]): LoadResult;
  /** A supporting file: text as a string, binary as bytes. Throws INVALID_PARAM (malformed path) or NOT_FOUND. */
  file(nameOrPath: string, relPath: string): string | Uint8Array;
  /** Ranked: exact path > exact name > name prefix > word overlap; ties by scope rank, then path. */
  search(query: string, opts?: { limit?: number; scope?: string }): SearchResult[];
  /** The catalog prompt of the visible skills ("" when there are none). */
  catalog(opts?: { format?: CatalogFormat; budget?: number }): string;
  /** A user's `/name args`: the load result; null when `text` is not a command naming a skill. Throws NOT_INVOCABLE, PERMISSION_DENIED, AMBIGUOUS. */
  invoke(text: string): LoadResult | null;
  /** Visible skills whose name is mentioned (3), whose trigger phrase occurs (2) or whose pattern matches (1). */
  match(text: string, opts?: { max?: number }): MatchResult[];
  /**
   * What to tell the model about skills at a tier: "none" → ""; "breadcrumb" → one line with the
   * count; "registry" → `- name: brief` lines (within the catalog budget); "full" → the registry,
   * then the loaded text of the top 3 skills that `match(text)` finds.
   */
  disclose(tier: DisclosureTier, text?: string): string;
  /**
   * Tool definitions for the model: load_skill, search_skills, read_skill_file, then, with
   * `include`, the toolset tools of the skills loaded in this session ("loaded"; none outside a
   * session) or of every visible skill and the loaded ones ("all"). Evaluates those skills'
   * toolset code (once each); throws SkillError EXECUTION_ERROR when a toolset is broken.
   */
  tools(opts: { format: "openai"; include?: ToolInclude }): OpenAITool[];
  tools(opts: { format: "anthropic"; include?: ToolInclude }): AnthropicTool[];
  tools(opts?: { format?: "mcp"; include?: ToolInclude }): McpTool[];
  tools(opts?: { format?: ToolFormat; include?: ToolInclude }): (OpenAITool | AnthropicTool | McpTool)[];
  /**
   * Runs a tool for the model. Never throws, and failures are `isError` results.
   * load_skill, search_skills, read_skill_file (and unknown names) return a ToolResult synchronously;
   * a toolset tool (of a visible skill, or of one loaded in this session) returns a Promise<ToolResult>
   * that never rejects: its `execute` may be async, and a throw, sync or async, becomes `isError`.
   * `await skills.call(...)` works for every tool.
   */
  call(toolName: BuiltinToolName, input: unknown): ToolResult;
  call(toolName: string, input: unknown): ToolResult | Promise<ToolResult>;
  /** A skill's toolset tools (`[]` when it has none), evaluating its toolset code once. Throws SkillError (EXECUTION_ERROR for a broken toolset). */
  toolsets(nameOrPath: string): SkillTool[];
  /** The same API with per-conversation state: a repeated, unchanged load returns a short reminder. */
  session(): Skills;
}

const MODEL = 1, USER = 2;
/** An optional number option: undefined unless a number (null, a string or a BigInt mean the default). */
const num = (v: unknown) => (typeof v == "number" && v === v ? v : undefined);
const str = (v: unknown) => (typeof v == "string" ? v : undefined);

export function createSkills(data: BundleData, options?: SkillsOptions | null): Skills {
  const o = data.options;
  options ||= {};
  const permitted = permits(options.allow ?? o.permissions.allow, [...o.permissions.deny, ...(options.deny || [])]);
  const ok = (s: BundleSkill) => permitted(s.name);
  const fmt = options.loadFormat ?? o.loadFormat;
  const tsets = new Map<BundleSkill, SkillTool[]>(), pays = new Map<BundleSkill, SkillPayload>(), bins = new Map<string, Uint8Array>(), metas = new Map<BundleSkill, SkillMeta>();

  let ix: { names: Map<string, BundleSkill[]>; paths: Map<string, BundleSkill>; vis: BundleSkill[] } | undefined;
  const index = () => {
    if (ix) return ix;
    const names = new Map<string, BundleSkill[]>(), paths = new Map<string, BundleSkill>();
    for (const s of data.skills) {
      const k = s.name.toLowerCase();
      names.set(k, [...(names.get(k) || []), s]);
      paths.set(s.path, s).set(s.dir, s);
    }
    return (ix = { names, paths, vis: data.skills.filter((s) => !s.hidden && ok(s)).sort((a, b) => order(a.name, b.name) || order(a.path, b.path)) });
  };
  let srch: ReturnType<typeof searcher> | undefined, mtch: ReturnType<typeof matcher> | undefined;
  const find = (q: string, scope: string | undefined, limit: number) => (srch ||= searcher(index().vis, index().paths))(q, scope, limit);

  /** `m`'s value for `k`, made by `f` the first time. */
  const once = <K, V>(m: Map<K, V>, k: K, f: () => V): V => {
    let v = m.get(k);
    if (!v) m.set(k, (v = f()));
    return v;
  };
  const meta = (s: BundleSkill): SkillMeta =>
    once(metas, s, () => {
      const { rank, hash, triggers, payload, toolNames, toolsets, ...rest } = s;
      return rest;
    });
  const out = (h: Hit[]): SearchResult[] => h.map(([s, score, reason]) => ({ skill: meta(s), score, reason }));
  const tset = (s: BundleSkill) => once(tsets, s, () => (s.toolsets ? s.toolsets() : []));
  const pay = (s: BundleSkill) => once(pays, s, () => s.payload());

  /** One skill for `ref`, as the developer (0), the model (MODEL) or the user (USER) may see it. */
  const resolve = (ref: unknown, mode = 0): BundleSkill => {
    if (typeof ref !== "string" || !ref.trim())
      fail("INVALID_PARAM", "Missing skill name: pass a skill name or SKILL.md path.");
    const r = norm(capped(ref, REF_MAX, "Skill name")), q = show(r);
    const { names, paths } = index();
    const at = paths.get(r);
    let c = at ? [at] : names.get(r.toLowerCase()) || [];
    const i = r.lastIndexOf(":");
    if (!c.length && i > 0)
      c = (names.get(r.slice(i + 1).toLowerCase()) || []).filter((s) => [s.scope, ...s.dir.split("/").slice(0, -1)].includes(r.slice(0, i)));
    if (mode === MODEL) c = c.filter((s) => !s.hidden);
    if (!c.length) {
      const near = find(r, undefined, 3).map((h) => h[0].name);
      fail("NOT_FOUND", `No skill ${q}.${near.length ? ` Did you mean: ${near.join(", ")}?` : ""} Use search_skills to find one.`);
    }
    c = c.filter(ok);
    if (!c.length) fail("PERMISSION_DENIED", `Skill ${q} is not permitted here.`);
    if (c.length > 1) {
      const p = c.map((s) => s.path);
      fail("AMBIGUOUS", `${q} is ambiguous: ${p.join(", ")}. Load one by path.`, p);
    }
    return c[0];
  };

  const load = (s: BundleSkill, args: unknown, seen?: Map<string, string>): LoadResult => {
    if (args != null && typeof args !== "string" && !(Array.isArray(args) && args.every((a) => typeof a === "string")))
      fail("INVALID_PARAM", "args must be a string or an array of strings.");
    const a = (args ?? undefined) as string | string[] | undefined;
    if (a) over(typeof a == "string" ? a.length : a.reduce((n, x) => n + x.length + 1, 0), ARGS_MAX, "args");
    const content = renderTemplate(pay(s).template, a, s.dir);
    const f = s.files;
    let text =
      `Base directory for this skill: ${s.dir}\n\n${content}` +
      (f.length
        ? "\n\nSupporting files (read with read_skill_file):\n" +
          f.slice(0, 99).map((x) => `- ${x.path}${x.binary ? ` (binary, ${x.bytes} bytes)` : ""}`).join("\n") +
          (f[99] ? "\n- …" : "")
        : "");
    // The body may not end the frame and forge another skill's: its own `</skill_context` tags are defused.
    if (fmt === "skill_context") text = `<skill_context name="${esc(s.name)}" path="${esc(s.path)}">\n${text.replace(/<\/(skill_context)/gi, "<\\/$1")}\n</skill_context>`;
    const r: LoadResult = { name: s.name, path: s.path, baseDir: s.dir, content, text, files: f };
    if (s.context === "fork") {
      r.context = "fork";
      r.agent = s.agent;
      r.task = content;
      r.text = `Run this skill in a subagent${s.agent ? ` (agent: ${s.agent})` : ""}: give it the task below and use its result.\n\n${text}`;
    }
    if (seen) {
      // Fork skills are recorded too (recency, and their toolsets count as loaded) but never reminded.
      const key = s.hash + "\0" + JSON.stringify(a ?? null);
      if (!r.context && seen.get(s.path) === key) {
        r.text = `Skill "${s.name}" is already loaded above, unchanged: follow it; no need to load it again.`;
        r.repeated = true;
      }
      seen.delete(s.path); // re-insert: Map order is recency (match ranks recent use first)
      seen.set(s.path, key);
    }
    return r;
  };

  const file = (s: BundleSkill, rel: unknown): string | Uint8Array => {
    let p = checkPath(rel);
    if (p.startsWith(s.dir + "/")) p = p.slice(s.dir.length + 1);
    // Listed in the metadata, so never an inherited property ("__proto__", "constructor").
    const v = s.files.some((f) => f.path === p) ? pay(s).files[p] : undefined;
    if (v == null) {
      const l = s.files.map((f) => f.path);
      fail("NOT_FOUND", `Skill "${s.name}" has no file ${show(p)}. Its files: ${l.slice(0, 20).join(", ") + (l[20] ? ", …" : "") || "none"}.`);
    }
    if (typeof v == "string") return v;
    return once(bins, s.path + "\0" + p, () => Uint8Array.from(atob(v.b64), (c) => c.charCodeAt(0))).slice();
  };

  const api = (seen?: Map<string, string>): Skills => {
    const recent = (s: BundleSkill) => (seen ? [...seen.keys()].indexOf(s.path) + 1 : 0);
    /** Skills with toolsets whose tools are reachable, in bundle order: loaded in this session, and with "all" every visible one. */
    const owners = (inc?: ToolInclude) =>
      data.skills.filter((s) => s.toolNames && inc && ((inc === "all" && !s.hidden && ok(s)) || seen?.has(s.path)));
    const self: Skills = {
      list: () => index().vis.map(meta),
      get(ref) {
        try {
          return meta(resolve(ref));
        } catch (e) {
          if ((e as SkillError).code === "AMBIGUOUS") throw e;
        }
      },
      load: (ref, args) => load(resolve(ref), args, seen),
      file: (ref, rel) => file(resolve(ref), rel),
      search: (q, opt) =>
        out(find(capped(q, QUERY_MAX, "Query"), str(opt?.scope), Math.min(50, Math.max(1, Math.floor(num(opt?.limit) || 8))))),
      catalog: (opt) => cat(opt?.format, opt?.budget),
      invoke(t) {
        const m = typeof t == "string" && /^\s*\/([\w.:-]+)(?:\s+([\s\S]*))?$/.exec(t);
        if (!m || m[1].length > REF_MAX) return null;
        let s: BundleSkill;
        try {
          s = resolve(m[1], USER);
        } catch (e) {
          if ((e as SkillError).code === "NOT_FOUND") return null;
          throw e;
        }
        if (!s.userInvocable) fail("NOT_INVOCABLE", `"/${s.name}" is not a user command (user-invocable: false).`);
        return load(s, (m[2] || "").trim(), seen);
      },
      match: (t, opt) =>
        out(rankHits((mtch ||= matcher(index().vis, (n) => index().names.get(n) || []))(capped(t, Infinity, "Text").slice(0, MATCH_MAX)), recent).slice(0, num(opt?.max) ?? 3)),
      disclose(tier, t) {
        const vis = index().vis, n = vis.length;
        if (tier === "none" || !n) return "";
        if (tier === "breadcrumb") return `${n} skill${n > 1 ? "s" : ""} available: find one with search_skills, load it with load_skill.`;
        const reg = renderCatalog(vis.map((s) => entry(s, s.brief || s.description)), { format: "markdown", budget: o.catalog.budget }).text;
        if (tier !== "full") return reg;
        return [reg, ...self.match(t ?? "").map((h) => self.load(h.skill.path).text)].join("\n\n");
      },
      tools: ((opt?: { format?: ToolFormat; include?: ToolInclude } | null) =>
        toolDefs(opt?.format || "mcp", cat(), owners(opt?.include).flatMap(tset))) as Skills["tools"],
      toolsets: (ref) => tset(resolve(ref)).slice(),
      call: ((tool: string, input: unknown) =>
        callTool(
          {
            load(ref, args) {
              const r = load(resolve(ref, MODEL), args, seen);
              return { text: r.text, structured: { name: r.name, path: r.path, ...(r.context && { context: r.context, agent: r.agent, task: r.task }) } };
            },
            file: (ref, rel) => file(resolve(ref, MODEL), rel),
            search(q, limit, scope) {
              if (typeof q != "string" || !q.trim()) fail("INVALID_PARAM", "Missing query: describe the task in a few words.");
              const r = self.search(q, { limit, scope });
              return {
                text: r.length
                  ? r.map((h) => `- ${h.skill.name} (${h.skill.path}): ${h.skill.description}`).join("\n")
                  : `No skill matches ${show(q)}; try other words.`,
                structured: { results: r.map((h) => ({ name: h.skill.name, path: h.skill.path, score: h.score, reason: h.reason })) },
              };
            },
            tool(n, i) {
              const s = owners("all").find((s) => s.toolNames!.includes(n));
              return s && data.runTool!(() => tset(s).find((t) => t.name === n), i);
            },
          },
          tool,
          input,
        )) as Skills["call"],
      session: () => api(new Map()),
    };
    return self;
  };

  const entry = (s: BundleSkill, description: string): CatalogEntry => ({ name: s.name, description, location: s.path, scope: s.scope, rank: s.rank });
  const cat = (format?: CatalogFormat | null, budget?: unknown) =>
    renderCatalog(index().vis.map((s) => entry(s, s.description)), { format: format || o.catalog.format, budget: num(budget) ?? o.catalog.budget }).text;

  return api();
}
