// The toolsets step of `skillc build`: each `toolsets` entry ("toolsets/index:HelloToolset") of each
// skill → a lazily evaluated chunk of code in that skill's data, plus positioned diagnostics.
//
// Per entry:
//   1. the path is resolved inside the skill folder the way esbuild resolves an import (exact, then
//      .ts .mts .js .mjs, then index.* in a folder); `..`, absolute paths and symlinks leading out
//      are refused;
//   2. esbuild bundles `export { Name as default } from "<file>"` (bundle, minify, platform neutral,
//      ES2020, format esm, no template literals so the code stays on one line): a missing export, a
//      module that cannot be resolved, a `node:*` built-in or a syntax error is an esbuild error,
//      turned into a diagnostic; the trailing `export{x as default}` becomes `return x`, so the code
//      is a function body that imports nothing;
//   3. the body is evaluated once in a `node:vm` context (1 s timeout), which gives the exported value:
//      a CommonJS module's missing export, a top-level throw, and the toolset's shape (an array of
//      { name, description, parameters, execute }) are checked there, and the tool names are read.
//      esbuild's metafile cannot do this: it lists no exports for a CommonJS module, and tool names
//      are values, known only by running the code. Build-time evaluation is also what lets `call`
//      find a tool's skill by name without evaluating other skills' code (BundleSkill.toolNames).
// Then tool names are checked across the whole build: unique, and not a built-in tool's name.
// Every problem is a diagnostic at the entry's line and column in the SKILL.md; nothing throws.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import type { BuildFailure, Message, Metafile } from "esbuild";
import type { CompiledSkill, Diagnostic, Profile, Range, RuleSetting } from "../types.js";
import { diagnose, type ReportContext, type RuleMeta } from "../diagnostics/rule.js";
import * as R from "../rules/toolset-rules.js";
import { isInside, toPosix } from "../util/paths.js";
import { TOOL_NAME } from "./helper.js";

/** One `toolsets` entry, compiled. */
export interface ToolsetEntry {
  /** As written: "toolsets/index:HelloToolset". */
  entry: string;
  /** The module it resolved to, posix, relative to the skill folder: "toolsets/index.ts". */
  file: string;
  exportName: string;
  /** Names of its tools, in order. */
  tools: string[];
  /** A function body (no newline, no import) whose `return` is the exported toolset. */
  body: string;
}

/** A skill's toolsets, ready to emit. */
export interface CompiledToolsets {
  entries: ToolsetEntry[];
  /** Every tool name of the skill, in entry order. */
  tools: string[];
}

/** A skill as emit takes it: with its compiled toolsets when it has any. */
export type ToolsetSkill = CompiledSkill & { toolsets?: CompiledToolsets };

export interface ToolsetContext {
  profile: Profile;
  settings: Record<string, RuleSetting>;
}

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
const ENTRY_FILE = "<toolset entry>";
const EVAL_TIMEOUT_MS = 1000;

/** Compiles the toolsets of every skill that has some; `skills` without toolsets are left alone. */
export async function compileToolsets(
  skills: CompiledSkill[],
  ctx: ToolsetContext,
): Promise<{ toolsets: Map<CompiledSkill, CompiledToolsets>; diagnostics: Diagnostic[] }> {
  const toolsets = new Map<CompiledSkill, CompiledToolsets>();
  const diagnostics: Diagnostic[] = [];
  const withToolsets = skills.filter((s) => s.fields.toolsets.length > 0);
  if (withToolsets.length === 0) return { toolsets, diagnostics };
  const esbuild = await import("esbuild");

  /** Where each tool name is defined: skill and entry index, for the clash check. */
  const owners = new Map<string, Array<{ skill: CompiledSkill; index: number }>>();
  for (const skill of withToolsets) {
    const report = reporter(skill, ctx, diagnostics);
    const entries: ToolsetEntry[] = [];
    for (const [index, spec] of skill.fields.toolsets.entries()) {
      const built = await compileEntry(esbuild, skill, spec, (rule, message) => report(index, rule, message));
      if (!built) continue;
      entries.push(built);
      for (const name of built.tools) owners.set(name, [...(owners.get(name) ?? []), { skill, index }]);
    }
    if (entries.length > 0) toolsets.set(skill, { entries, tools: entries.flatMap((e) => e.tools) });
  }

  for (const [name, defs] of owners) {
    const reserved = RESERVED_TOOL_NAMES.has(name.toLowerCase());
    if (!reserved && defs.length < 2) continue;
    for (const def of defs) {
      const others = defs.filter((d) => d !== def).map((d) => (d.skill === def.skill ? `"${d.skill.fields.toolsets[d.index]}" of this skill` : `skill "${d.skill.name}" (${d.skill.source.file})`));
      const why = reserved
        ? `is the name of a built-in tool, so \`call\` would never reach it`
        : `is also defined by ${[...new Set(others)].join(", ")}, so \`call\` could not tell them apart`;
      reporter(def.skill, ctx, diagnostics)(def.index, R.TOOLSET_NAME_CLASH, `Tool "${name}" ${why}: rename it (e.g. prefix it with the skill's name).`);
    }
  }
  return { toolsets, diagnostics };
}

type Report = (rule: RuleMeta, message: string) => void;

function reporter(skill: CompiledSkill, ctx: ToolsetContext, out: Diagnostic[]) {
  const rc: ReportContext = { file: skill.source.file, profile: ctx.profile, settings: ctx.settings };
  return (index: number, rule: RuleMeta, message: string) => {
    const d = diagnose(rc, rule, entryRange(skill, index), message);
    if (d) out.push(d);
  };
}

/** The `toolsets` array item's position (or the scalar's, for `toolsets: "a:B"`). */
export function entryRange(skill: CompiledSkill, index: number): Range {
  return skill.positions[`/toolsets/${index}`]?.value ?? skill.positions["/toolsets"]?.value ?? skill.frontmatterRange;
}

async function compileEntry(esbuild: typeof import("esbuild"), skill: CompiledSkill, spec: string, report: Report): Promise<ToolsetEntry | undefined> {
  const colon = spec.lastIndexOf(":");
  const rel = colon > 0 ? spec.slice(0, colon).trim() : "";
  const exportName = colon > 0 ? spec.slice(colon + 1).trim() : "";
  if (!rel || !/^[A-Za-z_$][\w$]*$/.test(exportName)) {
    report(R.TOOLSET_EXPORT_MISSING, `Toolset entry "${spec}" must be "path:ExportName": a module path relative to the skill folder, a colon, and the name it exports.`);
    return undefined;
  }
  const resolved = resolveModule(skill, rel, spec, report);
  if (!resolved) return undefined;
  const { real, shown } = resolved;

  let code: string;
  let metafile: Metafile;
  try {
    const result = await esbuild.build({
      stdin: { contents: `export { ${exportName} as default } from ${JSON.stringify(real)};\n`, resolveDir: skill.source.absDir, sourcefile: ENTRY_FILE, loader: "js" },
      absWorkingDir: skill.source.absDir,
      bundle: true,
      minify: true,
      format: "esm",
      platform: "neutral",
      target: "es2020",
      mainFields: ["module", "main"],
      resolveExtensions: [".ts", ".mts", ".tsx", ".js", ".mjs", ".jsx", ".cjs", ".cts", ".json"],
      // Every string literal, no template literal: the code must stay on one line (one skill per line).
      supported: { "template-literal": false },
      charset: "ascii",
      legalComments: "none",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    code = result.outputFiles[0]!.text;
    metafile = result.metafile!;
    const dynamic = result.warnings.find((w) => w.id === "unsupported-dynamic-import" || w.id === "unsupported-require-call");
    if (dynamic) {
      report(R.TOOLSET_UNRESOLVED_IMPORT, `Toolset "${spec}": ${where(dynamic)}${dynamic.text}; the bundle cannot include a module chosen at run time. Import it statically.`);
      return undefined;
    }
  } catch (err) {
    const errors = (err as BuildFailure).errors;
    if (!Array.isArray(errors) || errors.length === 0) {
      report(R.TOOLSET_BUILD_FAILED, `Toolset "${spec}" failed to bundle: ${(err as Error).message}`);
      return undefined;
    }
    reportBuildErrors(errors, spec, exportName, shown, report);
    return undefined;
  }
  const external = Object.values(metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
  if (external.length > 0) {
    report(R.TOOLSET_UNRESOLVED_IMPORT, `Toolset "${spec}" still imports ${external.map((p) => `"${p}"`).join(", ")} after bundling; index.js must import nothing. Remove the import.`);
    return undefined;
  }

  const m = /export\s*\{\s*([\w$]+)\s+as\s+default\s*\}\s*;?\s*$/.exec(code);
  const body = m ? code.slice(0, m.index).trim() + `return ${m[1]}` : undefined;
  if (!body || /[\n\r\u2028\u2029]/.test(body)) {
    report(R.TOOLSET_BUILD_FAILED, `Toolset "${spec}": esbuild's output could not be turned into an embedded chunk (unexpected ${body ? "line break" : "export form"}). Please report this.`);
    return undefined;
  }

  let value: unknown;
  try {
    value = vm.runInNewContext(`(()=>{${body}})()`, sandbox(), { timeout: EVAL_TIMEOUT_MS, microtaskMode: "afterEvaluate", filename: shown });
  } catch (err) {
    const timedOut = (err as { code?: string })?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT";
    report(
      R.TOOLSET_BUILD_FAILED,
      timedOut
        ? `Toolset "${spec}" did not finish evaluating within ${EVAL_TIMEOUT_MS} ms at build time; its top level must only define tools (no endless loops, no waiting).`
        : `Toolset "${spec}" threw when evaluated at build time: ${errorText(err)}. Its top level must only define tools; do host work inside execute().`,
    );
    return undefined;
  }
  if (value === undefined) {
    report(R.TOOLSET_EXPORT_MISSING, `"${shown}" does not export "${exportName}". Export the toolset under that name or fix the entry.`);
    return undefined;
  }
  const tools = checkShape(value, spec, report);
  if (!tools) return undefined;
  return { entry: spec, file: shown, exportName, tools, body };
}

/** The module file for `rel`, resolved like esbuild and kept inside the skill folder. */
function resolveModule(skill: CompiledSkill, rel: string, spec: string, report: Report): { real: string; shown: string } | undefined {
  const p = rel.replace(/\\/g, "/");
  if (p.startsWith("/") || /^[A-Za-z]:/.test(p) || path.isAbsolute(rel)) {
    report(R.TOOLSET_PATH_ESCAPE, `Toolset "${spec}" uses an absolute path; give a path relative to the skill folder, inside it (e.g. "toolsets/index:${spec.slice(spec.lastIndexOf(":") + 1)}").`);
    return undefined;
  }
  const norm = path.posix.normalize(p);
  if (norm === ".." || norm.startsWith("../")) {
    report(R.TOOLSET_PATH_ESCAPE, `Toolset "${spec}" points outside the skill folder ("${p}"); a skill's toolsets must live inside its folder.`);
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
    const tried = candidates.map((c) => `"${toPosix(path.relative(skill.source.absDir, c))}"`);
    report(R.TOOLSET_NOT_FOUND, `Toolset "${spec}": no module at ${tried.length > 1 ? `any of ${tried.join(", ")}` : tried[0]} in ${skill.source.dir}. Fix the path or add the file.`);
    return undefined;
  }
  let real: string;
  let root: string;
  try {
    real = fs.realpathSync(found);
    root = fs.realpathSync(skill.source.absDir);
  } catch (err) {
    report(R.TOOLSET_NOT_FOUND, `Toolset "${spec}": cannot read "${toPosix(path.relative(skill.source.absDir, found))}" (${(err as NodeJS.ErrnoException).code ?? err}).`);
    return undefined;
  }
  if (!isInside(root, real)) {
    report(R.TOOLSET_PATH_ESCAPE, `Toolset "${spec}" resolves through a symlink to a file outside the skill folder; a skill's toolsets must live inside its folder.`);
    return undefined;
  }
  return { real, shown: toPosix(path.relative(skill.source.absDir, found)) };
}

function reportBuildErrors(errors: Message[], spec: string, exportName: string, shown: string, report: Report): void {
  const e = errors[0]!;
  const text = e.text;
  if (e.location?.file === ENTRY_FILE && /No matching export/.test(text)) {
    report(R.TOOLSET_EXPORT_MISSING, `"${shown}" does not export "${exportName}". Export the toolset under that name or fix the entry.`);
    return;
  }
  const unresolved = /^Could not resolve "([^"]+)"/.exec(text);
  if (unresolved) {
    const id = unresolved[1]!;
    const builtin = id.startsWith("node:") || e.notes.some((n) => /built into node/.test(n.text));
    const at = where(e);
    const why = builtin
      ? `imports the Node.js built-in "${id}", which the bundle cannot include: index.js imports nothing and must run on Workers, browsers, Deno and Bun too. Use web-standard APIs or plain code instead`
      : /^[./]/.test(id)
        ? `imports "${id}", which does not exist. Fix the import path`
        : `imports the package "${id}", which is not installed where the build runs. Install it (it is then bundled) or remove the import`;
    report(R.TOOLSET_UNRESOLVED_IMPORT, `Toolset "${spec}": ${at}${why}.`);
    return;
  }
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? "s" : ""})` : "";
  report(R.TOOLSET_BUILD_FAILED, `Toolset "${spec}" failed to compile: ${where(e)}${text}${more}.`);
}

/** "toolsets/helpers.ts:3:14: " for a message inside a module of the skill. */
function where(m: Message): string {
  const l = m.location;
  if (!l || l.file === ENTRY_FILE) return "";
  return `${toPosix(l.file)}:${l.line}:${l.column + 1}: `;
}

function errorText(err: unknown): string {
  if (err && typeof err === "object" && "message" in err) {
    const name = "name" in err && typeof err.name === "string" ? err.name + ": " : "";
    return name + String((err as { message: unknown }).message);
  }
  return String(err);
}

/** Checks a toolset value (from another realm: no instanceof); returns its tool names, or undefined after reporting. */
function checkShape(value: unknown, spec: string, report: Report): string[] | undefined {
  if (!Array.isArray(value)) {
    report(R.TOOLSET_INVALID, `Toolset "${spec}" is ${value === null ? "null" : typeof value === "object" ? "an object" : `a ${typeof value}`}, not an array of tools { name, description, parameters, execute }.`);
    return undefined;
  }
  const names: string[] = [];
  const seen = new Set<string>();
  for (const [i, t] of value.entries()) {
    const tool = t as Record<string, unknown> | null;
    const label = `Tool ${i}${tool && typeof tool === "object" && typeof tool.name === "string" ? ` ("${tool.name}")` : ""} of toolset "${spec}"`;
    const problem =
      !tool || typeof tool !== "object" || Array.isArray(tool) ? "must be an object { name, description, parameters, execute }"
      : typeof tool.name !== "string" || !TOOL_NAME.test(tool.name) ? "needs a `name` of 1-64 letters, digits, _ or - (what OpenAI and Anthropic accept)"
      : typeof tool.description !== "string" ? "needs a string `description`"
      : !isObject(tool.parameters) || (tool.parameters as Record<string, unknown>).type !== "object" ? 'needs `parameters`: a JSON Schema object with `type: "object"`'
      : typeof tool.execute !== "function" ? "needs an `execute(input)` function"
      : "";
    if (problem) {
      report(R.TOOLSET_INVALID, `${label} ${problem}.`);
      return undefined;
    }
    const name = tool!.name as string;
    if (seen.has(name)) {
      report(R.TOOLSET_NAME_CLASH, `Toolset "${spec}" defines tool "${name}" twice; tool names must be unique.`);
      return undefined;
    }
    seen.add(name);
    names.push(name);
  }
  return names;
}

function isObject(v: unknown): boolean {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/** A fresh global for build-time evaluation, with the few host globals a toolset's top level might touch. */
function sandbox(): vm.Context {
  const noop = () => {};
  return vm.createContext({
    console: { log: noop, info: noop, warn: noop, error: noop, debug: noop },
    TextEncoder,
    TextDecoder,
    URL,
    URLSearchParams,
    atob,
    btoa,
    structuredClone,
  });
}
