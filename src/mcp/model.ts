// The model's and the user's side of the server: the bundle's tools (load_skill, search_skills,
// read_skill_file and toolset tools) and user-invocable skills as prompts, rendered by `skills.load`,
// the templates `load` and `/name` use. Every bundle result is awaited (split layout: Promises).
import type { BundleSkills, McpData } from "./types.js";
import { ARG_MAX, NAME_MAX, bad, paramsOf, stringParam } from "./params.js";

interface Prompt {
  ref: string;
  /** Named arguments (`arguments:`), or one raw `arguments` argument from `argument-hint`. */
  named: string[];
  def: { name: string; description: string; arguments?: Array<{ name: string; description?: string; required: false }> };
}

/** Skills a user may invoke (hidden ones too: `/name` reaches them), permitted, by prompt name. */
export function prompts(data: McpData, skills: BundleSkills): Map<string, Prompt> {
  const out = new Map<string, Prompt>();
  const metas = data.skills.map((s) => ({ s, m: skills.get(s.ref) })).filter((x) => x.m?.userInvocable);
  const count = new Map<string, number>();
  for (const { m } of metas) count.set(m!.name, (count.get(m!.name) ?? 0) + 1);
  for (const { s, m } of metas) {
    // Same-named skills kept from several roots: each is named by its SKILL.md path instead.
    const name = count.get(m!.name)! > 1 ? s.ref : m!.name;
    const args = m!.args.length
      ? m!.args.map((a) => ({ name: a, required: false as const }))
      : m!.argumentHint
        ? [{ name: "arguments", description: m!.argumentHint, required: false as const }]
        : [];
    out.set(name, { ref: s.ref, named: m!.args, def: { name, description: m!.description, ...(args.length && { arguments: args }) } });
  }
  return out;
}

export async function getPrompt(all: Map<string, Prompt>, skills: BundleSkills, params: unknown) {
  const p = paramsOf(params);
  const name = stringParam(p, "name", NAME_MAX);
  const prompt = all.get(name);
  if (!prompt) return bad(`Unknown prompt ${JSON.stringify(name.slice(0, 100))}`);
  const given = p.arguments === undefined || p.arguments === null ? {} : p.arguments;
  if (typeof given != "object" || Array.isArray(given)) return bad("params.arguments must be an object of strings");
  const values = given as Record<string, unknown>;
  for (const [k, v] of Object.entries(values)) {
    if (typeof v != "string") bad(`Prompt argument ${JSON.stringify(k.slice(0, 100))} must be a string`);
    if ((v as string).length > ARG_MAX) bad(`Prompt argument ${JSON.stringify(k.slice(0, 100))} is longer than ${ARG_MAX} characters`);
  }
  let args: string | string[] | undefined;
  if (prompt.named.length) {
    const list = prompt.named.map((n) => (Object.hasOwn(values, n) ? (values[n] as string) : ""));
    while (list.length && !list[list.length - 1]) list.pop();
    args = list.length ? list : undefined;
  } else if (typeof values.arguments == "string" && values.arguments) args = values.arguments;
  const loaded = await skills.load(prompt.ref, args);
  return { description: prompt.def.description, messages: [{ role: "user", content: { type: "text", text: loaded.text } }] };
}

export async function callTool(skills: BundleSkills, params: unknown) {
  const p = paramsOf(params);
  const name = stringParam(p, "name", NAME_MAX);
  const input = p.arguments === undefined || p.arguments === null ? {} : p.arguments;
  if (typeof input != "object" || Array.isArray(input)) return bad("params.arguments must be an object");
  return await skills.call(name, input);
}
