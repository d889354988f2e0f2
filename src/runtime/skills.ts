// createSkills: the object a bundle exports as `skills` (its API: api.ts). The work is in store.ts;
// this file binds it to one store, and a session to its record of loads.
import type { BundleData, BundleSkill } from "./data.js";
import { renderCatalog } from "./catalog.js";
import { SkillError, fail } from "./errors.js";
import { INPUT_MAX, MATCH_MAX, QUERY_MAX, REF_MAX, capped, show } from "./limits.js";
import { matcher } from "./match.js";
import { rankHits } from "./search.js";
import { callTool, toolDefs, type ToolFormat, type ToolHost } from "./tools.js";
import { MODEL, USER, cat, num, entry, file, find, index, load, meta, out, resolve, store, tset, type Store } from "./store.js";
import type { DisclosureTier, LoadResult, Skills, SkillsOptions, ToolInclude } from "./api.js";

const str = (v: unknown) => (typeof v == "string" ? v : undefined);

/** A search limit: 1–50, 8 when absent or not a number. */
const lim = (v: unknown) => Math.min(50, Math.max(1, Math.floor(num(v) || 8)));

export function createSkills(data: BundleData, options?: SkillsOptions | null): Skills {
  return api(store(data, options || {}));
}

/** The API over one store; `seen` (a session's loads: path → what was loaded) makes it a session. */
function api(st: Store, seen?: Map<string, string>): Skills {
  const recent = (s: BundleSkill) => (seen ? [...seen.keys()].indexOf(s.path) + 1 : 0);
  const self: Skills = {
    list: () => index(st).vis.map((s) => meta(st, s)),
    get(ref) {
      try {
        return meta(st, resolve(st, ref));
      } catch (e) {
        if ((e as SkillError).code === "AMBIGUOUS") throw e;
      }
    },
    load: (ref, args, o) => load(st, resolve(st, ref), args, seen, o),
    file: (ref, rel) => file(st, resolve(st, ref), rel),
    search: (q, opt) =>
      out(st, find(st, capped(q, QUERY_MAX, "Query"), str(opt?.scope), lim(opt?.limit))),
    catalog: (opt) => cat(st, opt?.format, opt?.budget),
    invoke: (t) => invoke(st, t, seen),
    match: (t, opt) =>
      out(st, rankHits((st.mtch ||= matcher(index(st).vis, (n) => index(st).names.get(n) || []))(capped(t, Infinity, "Text").slice(0, MATCH_MAX)), recent).slice(0, num(opt?.max) ?? 3)),
    disclose: (tier, t) => disclose(st, self, tier, t),
    tools: ((opt?: { format?: ToolFormat; include?: ToolInclude } | null) =>
      toolDefs(opt?.format || "mcp", cat(st), owners(st, opt?.include, seen).flatMap((s) => tset(st, s)))) as Skills["tools"],
    toolsets: (ref) => tset(st, resolve(st, ref)).slice(),
    call: ((tool: string, input: unknown) => callTool(handlers(st, self, seen), tool, input)) as Skills["call"],
    session: () => api(st, new Map()),
  };
  return self;
}

/** Skills with toolsets whose tools are reachable, in bundle order: loaded in this session, and with "all" every visible one. */
function owners(st: Store, inc: ToolInclude | undefined, seen?: Map<string, string>): BundleSkill[] {
  return st.data.skills.filter((s) => s.toolNames && inc && ((inc === "all" && !s.hidden && st.ok(s)) || seen?.has(s.path)));
}

function invoke(st: Store, t: string, seen?: Map<string, string>): LoadResult | null {
  const m = typeof t == "string" && /^\s*\/([\w.:-]+)(?:\s+([\s\S]*))?$/.exec(t);
  if (!m || m[1].length > REF_MAX) return null;
  let s: BundleSkill;
  try {
    s = resolve(st, m[1], USER);
  } catch (e) {
    if ((e as SkillError).code === "NOT_FOUND") return null;
    throw e;
  }
  if (!s.userInvocable) fail("NOT_INVOCABLE", `"/${s.name}" is not a user command (user-invocable: false).`);
  return load(st, s, (m[2] || "").trim(), seen);
}

function disclose(st: Store, self: Skills, tier: DisclosureTier, t?: string): string {
  const vis = index(st).vis, n = vis.length;
  if (tier === "none" || !n) return "";
  if (tier === "breadcrumb") return `${n} skill${n > 1 ? "s" : ""} available: find one with search_skills, load it with load_skill.`;
  const reg = renderCatalog(vis.map((s) => entry(s, s.brief || s.description)), { format: "markdown", budget: st.data.options.catalog.budget }).text;
  if (tier !== "full") return reg;
  return [reg, ...self.match(t ?? "").map((h) => self.load(h.skill.path).text)].join("\n\n");
}

/** What `call` runs for each tool, as the model may see the skills. */
function handlers(st: Store, self: Skills, seen?: Map<string, string>): ToolHost {
  return {
    load(ref, args) {
      const r = load(st, resolve(st, ref, MODEL), args, seen);
      return { text: r.text, structured: { skill_id: r.path, name: r.name, path: r.path, ...(r.context && { context: r.context, agent: r.agent, task: r.task }) } };
    },
    file: (ref, rel) => file(st, resolve(st, ref, MODEL), rel),
    search(q, limit, scope) {
      if (typeof q != "string" || !q.trim()) fail("INVALID_PARAM", "Missing query: describe the task in a few words.");
      // One ranking, one hit longer than asked: `truncated` says whether more skills matched.
      const n = lim(limit), all = find(st, capped(q, QUERY_MAX, "Query"), str(scope), n + 1), r = out(st, all.slice(0, n));
      return {
        text: r.length
          ? r.map((h) => `- ${h.skill.name} (${h.skill.path}): ${h.skill.description}`).join("\n")
          : `No skill matches ${show(q)}; try other words.`,
        // Codelia's skill_search: `count`, and `truncated` when more skills matched than were returned.
        structured: { results: r.map((h) => ({ name: h.skill.name, path: h.skill.path, score: h.score, reason: h.reason })), count: r.length, truncated: all.length > n },
      };
    },
    tool(n, i) {
      const s = owners(st, "all", seen).find((s) => s.toolNames!.includes(n));
      // JSON text is capped as for the built-in tools (tools.ts); an object is the tool's to check.
      return s && st.data.runTool!(() => tset(st, s).find((t) => t.name === n), typeof i == "string" ? capped(i, INPUT_MAX, "Tool input") : i);
    },
  };
}
