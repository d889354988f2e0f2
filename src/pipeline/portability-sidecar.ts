// Codex's sidecar, `agents/openai.yaml`, checked as Codex reads it (openai/codex
// codex-rs/core-skills/src/loader.rs load_skill_metadata): a file that does not parse, or whose
// fields have the wrong type (serde fails), is ignored whole with a warning; a field with a bad
// value (too long, empty, a colour that is not #RRGGBB, an icon outside assets/) is dropped alone.
import fs from "node:fs";
import path from "node:path";
import { isMap, isSeq, parseDocument, type Document } from "yaml";
import type { Range, SkillSource } from "../types.js";
import type { Report } from "../diagnostics/reporter.js";
import { CODEX_SIDECAR_INVALID } from "../rules/portability-rules.js";
import { LineIndex } from "./frontmatter/locate.js";

/** Larger than any real sidecar; a bigger file is not read (untrusted input stays bounded). */
const MAX_BYTES = 64 * 1024;
const NAME_MAX = 64;
const TEXT_MAX = 1024;
const INTERFACE_TEXT: Record<string, number> = { display_name: NAME_MAX, short_description: TEXT_MAX, default_prompt: TEXT_MAX };
const INTERFACE_KEYS = ["display_name", "short_description", "icon_small", "icon_large", "brand_color", "default_prompt"];

type Node = { range?: [number, number, number] | null };

export function checkCodexSidecar(source: SkillSource, report: Report): void {
  const file = path.join(source.absDir, "agents", "openai.yaml");
  let text: string;
  try {
    if (fs.statSync(file).size > MAX_BYTES) return;
    text = fs.readFileSync(file, "utf8");
  } catch {
    return; // unreadable: the file checks report it
  }
  const lines = new LineIndex(text);
  const rangeOf = (node: unknown): Range => {
    const r = (node as Node | undefined)?.range;
    if (!r) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
    const a = lines.pos(r[0]);
    const b = lines.pos(r[1]);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  };
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    report(CODEX_SIDECAR_INVALID, rangeOf({ range: [e.pos[0], e.pos[1], e.pos[1]] }), { problem: `it is not valid YAML (${e.message.split("\n")[0]})`, whole: true });
    return;
  }
  const problem = wholeProblem(doc);
  if (problem) {
    report(CODEX_SIDECAR_INVALID, rangeOf(problem.node), { problem: problem.text, whole: true });
    return;
  }
  for (const [where, node, text] of fieldProblems(doc)) report(CODEX_SIDECAR_INVALID, rangeOf(node), { problem: `\`${where}\` in agents/openai.yaml: ${text}`, whole: false });
}

type Problem = { node: unknown; text: string };

/** A type serde would refuse: the whole file is ignored. */
function wholeProblem(doc: Document): Problem | undefined {
  const root = doc.contents;
  if (root === null || root === undefined) return undefined;
  if (!isMap(root)) return { node: root, text: "it is not a map of `interface`, `policy` and `dependencies`" };
  const iface = root.get("interface", true);
  if (iface && !isNull(iface)) {
    if (!isMap(iface)) return { node: iface, text: "`interface` is not a map" };
    for (const key of INTERFACE_KEYS) {
      const v = iface.get(key, true);
      if (v && !isNull(v) && !isString(v)) return { node: v, text: `\`interface.${key}\` is not a string` };
    }
  }
  const policy = root.get("policy", true);
  if (policy && !isNull(policy)) {
    if (!isMap(policy)) return { node: policy, text: "`policy` is not a map" };
    const allow = policy.get("allow_implicit_invocation", true);
    if (allow && !isNull(allow) && typeof (allow as { value?: unknown }).value !== "boolean") return { node: allow, text: "`policy.allow_implicit_invocation` is not true or false" };
    const products = policy.get("products", true);
    if (products && !isNull(products) && !(isSeq(products) && products.items.every(isString))) return { node: products, text: "`policy.products` is not a list of product names" };
  }
  const deps = root.get("dependencies", true);
  if (deps && !isNull(deps)) {
    if (!isMap(deps)) return { node: deps, text: "`dependencies` is not a map" };
    const tools = deps.get("tools", true);
    if (tools && !isNull(tools) && !(isSeq(tools) && tools.items.every((t) => isMap(t)))) return { node: tools, text: "`dependencies.tools` is not a list of maps" };
  }
  return undefined;
}

/** Values Codex drops one by one (resolve_str, resolve_color_str, resolve_asset_path, resolve_required_str). */
function fieldProblems(doc: Document): Array<[string, unknown, string]> {
  const out: Array<[string, unknown, string]> = [];
  const root = doc.contents;
  if (!isMap(root)) return out;
  const iface = root.get("interface", true);
  if (isMap(iface)) {
    for (const [key, max] of Object.entries(INTERFACE_TEXT)) {
      const node = iface.get(key, true);
      const v = scalarText(node);
      if (v === undefined) continue;
      const flat = v.split(/\s+/).filter(Boolean).join(" ");
      if (flat === "") out.push([`interface.${key}`, node, "it is empty"]);
      else if ([...flat].length > max) out.push([`interface.${key}`, node, `it is ${[...flat].length} characters, over ${max}`]);
    }
    const color = scalarText(iface.get("brand_color", true));
    if (color !== undefined && !/^#[0-9A-Fa-f]{6}$/.test(color.trim())) out.push(["interface.brand_color", iface.get("brand_color", true), `expected #RRGGBB, got "${color.slice(0, 40)}"`]);
    for (const key of ["icon_small", "icon_large"]) {
      const icon = scalarText(iface.get(key, true));
      if (icon && !/^(\.\/)?assets\/(?!.*(^|\/)\.\.(\/|$))/.test(icon)) out.push([`interface.${key}`, iface.get(key, true), "an icon must be a relative path under the skill's assets/"]);
    }
  }
  const deps = root.get("dependencies", true);
  const tools = isMap(deps) ? deps.get("tools", true) : undefined;
  if (isSeq(tools)) {
    tools.items.forEach((t, i) => {
      if (!isMap(t)) return;
      for (const [key, max] of [["type", NAME_MAX], ["value", TEXT_MAX]] as const) {
        const v = scalarText(t.get(key, true));
        if (v === undefined || v.trim() === "") out.push([`dependencies.tools[${i}].${key}`, t, "it is required, so Codex drops this tool"]);
        else if ([...v].length > max) out.push([`dependencies.tools[${i}].${key}`, t.get(key, true), `it is over ${max} characters, so Codex drops this tool`]);
      }
    });
  }
  return out;
}

function isNull(node: unknown): boolean {
  return (node as { value?: unknown }).value === null;
}

function isString(node: unknown): boolean {
  return typeof (node as { value?: unknown } | undefined)?.value === "string";
}

function scalarText(node: unknown): string | undefined {
  const v = (node as { value?: unknown } | undefined)?.value;
  return typeof v === "string" ? v : undefined;
}
