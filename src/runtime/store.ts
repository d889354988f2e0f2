// What one `createSkills(data)` keeps, and the operations its API (skills.ts) is made of. Import does
// nothing but keep `data`: lookup maps, the search index and trigger regexes are built on first use,
// and a skill's payload is decoded when its body or a file is first needed, then kept.
import { permits } from "./permissions.js";
import type { BundleData, BundleSkill, CatalogFormat, LoadFormat, SkillPayload, SkillTool } from "./data.js";
import { renderCatalog, type CatalogEntry } from "./catalog.js";
import { fail } from "./errors.js";
import { checkPath } from "./paths.js";
import { ARGS_MAX, REF_MAX, capped, over, show } from "./limits.js";
import type { matcher } from "./match.js";
import { norm, searcher, type Hit } from "./search.js";
import { renderTemplate, type LoadOptions } from "./render.js";
import { esc, order } from "./xml.js";
import type { LoadResult, SearchResult, SkillMeta, SkillsOptions } from "./api.js";

/** Who asks to resolve a skill: the developer (0) sees hidden skills, the model does not; the user invokes. */
export const MODEL = 1, USER = 2;

/** An optional number option: undefined unless a number (null, a string or a BigInt mean the default). */
export const num = (v: unknown) => (typeof v == "number" && v === v ? v : undefined);

export interface Store {
  data: BundleData;
  ok: (s: BundleSkill) => boolean;
  fmt: LoadFormat;
  tsets: Map<BundleSkill, SkillTool[]>;
  pays: Map<BundleSkill, SkillPayload>;
  bins: Map<string, Uint8Array>;
  metas: Map<BundleSkill, SkillMeta>;
  /** SkillsOptions.vars: the `${CLAUDE_…}` values every load uses unless `load` passes its own. */
  vars?: LoadOptions;
  ix?: { names: Map<string, BundleSkill[]>; paths: Map<string, BundleSkill>; vis: BundleSkill[] };
  srch?: ReturnType<typeof searcher>;
  /** The last catalog rendered, by format and budget (a store's visible skills never change). */
  lastCat?: [key: string, text: string];
  mtch?: ReturnType<typeof matcher>;
}

export function store(data: BundleData, options: SkillsOptions): Store {
  const o = data.options;
  const permitted = permits(options.allow ?? o.permissions.allow, [...o.permissions.deny, ...(options.deny || [])]);
  return { data, ok: (s) => permitted(s.name) && (!s.off || !!options.enable?.includes(s.name)), fmt: options.loadFormat ?? o.loadFormat, vars: options.vars, tsets: new Map(), pays: new Map(), bins: new Map(), metas: new Map() };
}

/** The lookups by name and by path, and the visible skills sorted by name: built on first use. */
export function index(st: Store): NonNullable<Store["ix"]> {
  if (st.ix) return st.ix;
  const names = new Map<string, BundleSkill[]>(), paths = new Map<string, BundleSkill>();
  for (const s of st.data.skills) {
    const k = s.name.toLowerCase();
    names.set(k, [...(names.get(k) || []), s]);
    paths.set(s.path, s).set(s.dir, s);
  }
  return (st.ix = { names, paths, vis: st.data.skills.filter((s) => !s.hidden && st.ok(s)).sort((a, b) => order(a.name, b.name) || order(a.path, b.path)) });
}

export const find = (st: Store, q: string, scope: string | undefined, limit: number) => (st.srch ||= searcher(index(st).vis, index(st).paths))(q, scope, limit);

/** `m`'s value for `k`, made by `f` the first time. */
const once = <K, V>(m: Map<K, V>, k: K, f: () => V): V => {
  let v = m.get(k);
  if (!v) m.set(k, (v = f()));
  return v;
};

export const meta = (st: Store, s: BundleSkill): SkillMeta =>
  once(st.metas, s, () => {
    const { rank, hash, triggers, payload, toolNames, toolsets, off, ...rest } = s;
    return rest;
  });
export const out = (st: Store, h: Hit[]): SearchResult[] => h.map(([s, score, reason]) => ({ skill: meta(st, s), score, reason }));
export const tset = (st: Store, s: BundleSkill) => once(st.tsets, s, () => (s.toolsets ? s.toolsets() : []));
const pay = (st: Store, s: BundleSkill) => once(st.pays, s, () => s.payload());

/** One skill for `ref`, as the developer (0), the model (MODEL) or the user (USER) may see it. */
export function resolve(st: Store, ref: unknown, mode = 0): BundleSkill {
  if (typeof ref !== "string" || !ref.trim())
    fail("INVALID_PARAM", "Missing skill name: pass a skill name or SKILL.md path.");
  const r = norm(capped(ref, REF_MAX, "Skill name")), q = show(r);
  const { names, paths } = index(st);
  const at = paths.get(r);
  let c = at ? [at] : names.get(r.toLowerCase()) || [];
  const i = r.lastIndexOf(":");
  if (!c.length && i > 0)
    c = (names.get(r.slice(i + 1).toLowerCase()) || []).filter((s) => [s.scope, ...s.dir.split("/").slice(0, -1)].includes(r.slice(0, i)));
  if (mode === MODEL) c = c.filter((s) => !s.hidden);
  if (!c.length) {
    const near = find(st, r, undefined, 3).map((h) => h[0].name);
    fail("NOT_FOUND", `No skill ${q}.${near.length ? ` Did you mean: ${near.join(", ")}?` : ""} Use search_skills to find one.`);
  }
  c = c.filter(st.ok);
  if (!c.length) fail("PERMISSION_DENIED", `Skill ${q} is not permitted here.`);
  if (c.length > 1) {
    const p = c.map((s) => s.path);
    fail("AMBIGUOUS", `${q} is ambiguous: ${p.join(", ")}. Load one by path.`, p);
  }
  return c[0];
}

/** The skill expanded with `args`, framed as the load format says; in a session, a repeat is a reminder. */
export function load(st: Store, s: BundleSkill, args: unknown, seen?: Map<string, string>, o?: LoadOptions | null): LoadResult {
  if (args != null && typeof args !== "string" && !(Array.isArray(args) && args.every((a) => typeof a === "string")))
    fail("INVALID_PARAM", "args must be a string or an array of strings.");
  const a = (args ?? undefined) as string | string[] | undefined;
  if (a) over(typeof a == "string" ? a.length : a.reduce((n, x) => n + x.length + 1, 0), ARGS_MAX, "args");
  const d = st.data;
  const content = renderTemplate(pay(st, s).template, a, { ...st.vars, ...o, dir: s.dir, cc: d.options.dialect == "claude-code", words: d.words });
  const f = s.files;
  let text =
    `Base directory for this skill: ${s.dir}\n\n${content}` +
    (f.length
      ? "\n\nSupporting files (read with read_skill_file):\n" +
        f.slice(0, 99).map((x) => `- ${x.path}${x.binary ? ` (binary, ${x.bytes} bytes)` : ""}`).join("\n") +
        (f[99] ? "\n- …" : "")
      : "");
  // A fork skill's instruction names its `agent:` (the author's text): inside the frame, never before it.
  if (s.context === "fork") text = `Run this skill in a subagent${s.agent ? ` (agent: ${s.agent})` : ""}: give it the task below and use its result.\n\n${text}`;
  // The body may not end the frame and forge another skill's: its own `</skill_context` tags are defused (also with
  // blanks or characters no one sees, zero-width, soft hyphen, bidi marks, around the slash: a model still reads the closer).
  if (st.fmt === "skill_context") text = `<skill_context name="${esc(s.name)}" path="${esc(s.path)}">\n${text.replace(/<([\s\xad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069]*)\/([\s\xad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069]*skill_context)/gi, "<$1\\/$2")}\n</skill_context>`;
  const r: LoadResult = { name: s.name, path: s.path, baseDir: s.dir, content, text, files: f };
  if (s.context === "fork") {
    r.context = "fork";
    r.agent = s.agent;
    r.task = content;
  }
  if (seen) remember(s, a, r, seen);
  return r;
}

/** Records a session's load; an unchanged repeat of the last load of `s` becomes a short reminder. */
function remember(s: BundleSkill, a: string | string[] | undefined, r: LoadResult, seen: Map<string, string>): void {
  // Fork skills are recorded too (recency, and their toolsets count as loaded) but never reminded.
  const key = s.hash + "\0" + JSON.stringify(a ?? null);
  if (!r.context && seen.get(s.path) === key) {
    r.text = `Skill "${s.name}" is already loaded above, unchanged: follow it; no need to load it again.`;
    r.repeated = true;
  }
  seen.delete(s.path); // re-insert: Map order is recency (match ranks recent use first)
  seen.set(s.path, key);
}

export function file(st: Store, s: BundleSkill, rel: unknown): string | Uint8Array {
  let p = checkPath(rel);
  if (p.startsWith(s.dir + "/")) p = p.slice(s.dir.length + 1);
  // Listed in the metadata, so never an inherited property ("__proto__", "constructor").
  const v = s.files.some((f) => f.path === p) ? pay(st, s).files[p] : undefined;
  if (v == null) {
    const l = s.files.map((f) => f.path);
    fail("NOT_FOUND", `Skill "${s.name}" has no file ${show(p)}. Its files: ${l.slice(0, 20).join(", ") + (l[20] ? ", …" : "") || "none"}.`);
  }
  if (typeof v == "string") return v;
  return once(st.bins, s.path + "\0" + p, () => bytesOf(atob(v.b64))).slice();
}

/** A binary string's bytes by a plain loop: Uint8Array.from(text, fn) steps an iterator a character, ~14× slower (1 MB: ~110 ms, a Worker's CPU budget ten times over). */
function bytesOf(b: string): Uint8Array {
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

export const entry = (s: BundleSkill, description: string): CatalogEntry => ({ name: s.name, description, location: s.path, scope: s.scope, rank: s.rank });

/** The catalog prompt of the visible skills. */
export function cat(st: Store, format?: CatalogFormat | null, budget?: unknown): string {
  const f = format || st.data.options.catalog.format, b = num(budget) ?? st.data.options.catalog.budget, key = f + "\0" + b;
  // A host asks for the same catalog on every request; one is kept, so what callers pass never grows memory.
  if (st.lastCat?.[0] !== key) st.lastCat = [key, renderCatalog(index(st).vis.map((s) => entry(s, s.description)), { format: f, budget: b }).text];
  return st.lastCat[1];
}
