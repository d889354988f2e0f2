// The toolsets step: each `toolsets` entry ("toolsets/index:HelloToolset") of each skill → a lazily
// evaluated chunk of code in that skill's data, plus positioned diagnostics.
//
// Per entry, statically (this is all `lint`, `import`, `list`, `catalog` and `render` do — they
// never run a skill's code):
//   1. the path is resolved inside the skill folder the way esbuild resolves an import (exact, then
//      .ts .mts .js .mjs, then index.* in a folder); `..`, absolute paths and symlinks leading out
//      are refused;
//   2. esbuild bundles it, confined to the skill (src/toolsets/bundle.ts, confine.ts): a missing
//      export of an ES module, an unresolvable or refused import, a Node built-in or a syntax error
//      is a diagnostic.
// Then, in `build` only (mode "evaluate"), every bundled entry of the build is evaluated once in ONE
// sandboxed `node` process (src/toolsets/sandbox.ts) to read its tool names and check its shape
// (an array of { name, description, parameters, execute }) and, for a CommonJS module, that the
// export exists. Tool names are values, known only by running the code; the build needs them so
// that `call` finds a tool's skill by name without evaluating other skills' code
// (BundleSkill.toolNames). Tool names are then checked across the whole build: unique, and not a
// built-in tool's name. In mode "check" the result carries no toolsets (nothing was evaluated).
// Every problem is a diagnostic at the entry's line and column in the SKILL.md; nothing throws.
import fs from "node:fs";
import path from "node:path";
import type { CompiledToolsets, Diagnostic, Profile, Range, ResolvedSkillHead, RuleSetting, ToolsetEntry } from "../types.js";
import type { RuleMeta } from "../diagnostics/rule.js";
import { Reporter } from "../diagnostics/reporter.js";
import * as R from "../rules/toolset-rules.js";
import { isInside, relPosix } from "../util/paths.js";
import { bundleEntry, type Report } from "./bundle.js";
import { evaluateEntries, type Pending } from "./evaluate.js";

export interface ToolsetContext {
  profile: Profile;
  settings: Record<string, RuleSetting>;
}

/** "evaluate": build (sandboxed evaluation, tool names); "check": static checks only, no code runs. */
export type ToolsetMode = "evaluate" | "check";

/** Built-in tool names and the aliases `call` maps onto them (src/runtime/tools.ts), compared lower-cased; plus names an object literal lookup would find. */
export const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set([
  "load_skill",
  "search_skills",
  "read_skill_file",
  "skill",
  "use_skill",
  "skill_load",
  "skill_search",
  "constructor",
  "__proto__",
]);

const EXTENSIONS = [".ts", ".mts", ".js", ".mjs"];
const CODE_EXT = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/** Compiles the toolsets of every skill that has some; `skills` without toolsets are left alone. */
export async function compileToolsets(
  skills: ResolvedSkillHead[],
  ctx: ToolsetContext,
  mode: ToolsetMode = "evaluate",
): Promise<{ toolsets: Map<ResolvedSkillHead, CompiledToolsets>; diagnostics: Diagnostic[] }> {
  const toolsets = new Map<ResolvedSkillHead, CompiledToolsets>();
  const diagnostics: Diagnostic[] = [];
  const withToolsets = skills.filter((s) => s.fields.toolsets.length > 0);
  if (withToolsets.length === 0) return { toolsets, diagnostics };
  const esbuild = await import("esbuild");

  const pending: Pending[] = [];
  for (const skill of withToolsets) {
    const report = reporter(skill, ctx, diagnostics);
    for (const [index, spec] of skill.fields.toolsets.entries()) {
      const r: Report = (rule, params) => report(index, rule, params);
      const target = entryTarget(skill, spec, r);
      const bundled = target && (await bundleEntry(esbuild, target, r));
      if (bundled) pending.push({ skill, index, spec, file: target.shown, exportName: target.exportName, ...bundled, report: r });
    }
  }
  if (mode === "check") return { toolsets, diagnostics };

  const owners = new Map<string, Array<{ skill: ResolvedSkillHead; index: number }>>();
  for (const { p, tools } of await evaluateEntries(pending)) {
    const entry: ToolsetEntry = { entry: p.spec, file: p.file, exportName: p.exportName, tools, body: p.body };
    const prev = toolsets.get(p.skill);
    toolsets.set(p.skill, { entries: [...(prev?.entries ?? []), entry], tools: [...(prev?.tools ?? []), ...tools] });
    for (const name of tools) owners.set(name, [...(owners.get(name) ?? []), { skill: p.skill, index: p.index }]);
  }
  checkNames(owners, ctx, diagnostics);
  return { toolsets, diagnostics };
}

/** Tool names across the build: unique, and none a built-in tool's. */
function checkNames(owners: Map<string, Array<{ skill: ResolvedSkillHead; index: number }>>, ctx: ToolsetContext, diagnostics: Diagnostic[]): void {
  for (const [name, defs] of owners) {
    const reserved = RESERVED_TOOL_NAMES.has(name.toLowerCase());
    if (!reserved && defs.length < 2) continue;
    for (const def of defs) {
      const others = defs.filter((d) => d !== def).map((d) => (d.skill === def.skill ? `"${d.skill.fields.toolsets[d.index]}" of this skill` : `skill "${d.skill.name}" (${d.skill.source.file})`));
      const params = reserved ? { kind: "reserved" as const, name } : { kind: "shared" as const, name, others: [...new Set(others)] };
      reporter(def.skill, ctx, diagnostics)(def.index, R.TOOLSET_NAME_CLASH, params);
    }
  }
}

/** Reports at the skill's `toolsets` entry `index`. */
function reporter(skill: ResolvedSkillHead, ctx: ToolsetContext, out: Diagnostic[]) {
  const report = (ctx instanceof Reporter ? ctx : new Reporter(ctx)).to(out, skill.source.file);
  return <P>(index: number, rule: RuleMeta<P>, params: P) => report(rule, entryRange(skill, index), params);
}

/** The `toolsets` array item's position (or the scalar's, for `toolsets: "a:B"`). */
export function entryRange(skill: ResolvedSkillHead, index: number): Range {
  return skill.positions[`/toolsets/${index}`]?.value ?? skill.positions["/toolsets"]?.value ?? skill.frontmatterRange;
}

/** The entry's module and export, checked; undefined after reporting. */
function entryTarget(skill: ResolvedSkillHead, spec: string, report: Report) {
  const colon = spec.lastIndexOf(":");
  const rel = colon > 0 ? spec.slice(0, colon).trim() : "";
  const exportName = colon > 0 ? spec.slice(colon + 1).trim() : "";
  if (!rel || !/^[A-Za-z_$][\w$]*$/.test(exportName)) {
    report(R.TOOLSET_EXPORT_MISSING, { kind: "form", spec });
    return undefined;
  }
  const resolved = resolveModule(skill, rel, spec, report);
  return resolved && { spec, exportName, absDir: skill.source.absDir, ...resolved };
}

/** The module file for `rel`, resolved like esbuild and kept inside the skill folder. */
function resolveModule(skill: ResolvedSkillHead, rel: string, spec: string, report: Report): { real: string; root: string; shown: string } | undefined {
  const p = rel.replace(/\\/g, "/");
  if (p.startsWith("/") || /^[A-Za-z]:/.test(p) || path.isAbsolute(rel)) {
    report(R.TOOLSET_PATH_ESCAPE, { kind: "absolute", spec });
    return undefined;
  }
  const norm = path.posix.normalize(p);
  if (norm === ".." || norm.startsWith("../")) {
    report(R.TOOLSET_PATH_ESCAPE, { kind: "outside", spec, path: p });
    return undefined;
  }
  const base = path.join(skill.source.absDir, ...norm.split("/"));
  const candidates = CODE_EXT.test(norm)
    ? [base]
    : [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, "index" + e))];
  const found = candidates.find((c) => {
    try {
      return fs.statSync(c).isFile();
    } catch {
      return false;
    }
  });
  if (!found) {
    const tried = candidates.map((c) => relPosix(skill.source.absDir, c));
    report(R.TOOLSET_NOT_FOUND, { kind: "none", spec, tried, dir: skill.source.dir });
    return undefined;
  }
  let real: string;
  let root: string;
  try {
    real = fs.realpathSync(found);
    root = fs.realpathSync(skill.source.absDir);
  } catch (err) {
    report(R.TOOLSET_NOT_FOUND, { kind: "unreadable", spec, file: relPosix(skill.source.absDir, found), code: String((err as NodeJS.ErrnoException).code ?? err) });
    return undefined;
  }
  if (!isInside(root, real)) {
    report(R.TOOLSET_PATH_ESCAPE, { kind: "symlink", spec });
    return undefined;
  }
  return { real, root, shown: relPosix(skill.source.absDir, found) };
}
