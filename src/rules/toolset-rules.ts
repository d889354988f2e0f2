import { defineRule, type AnyRule } from "../diagnostics/rule.js";

// Rules of the toolsets step (src/toolsets/compile.ts) and of declared scripts (src/toolsets/scripts.ts).
// Toolset diagnostics sit on the `toolsets` entry in the SKILL.md frontmatter; script ones on the `scripts` entry.
// `spec` is the entry as written ("toolsets/index:Tools"); `at` is esbuild's "file:line:col: " prefix or "".

/** What the build's sandboxed evaluation found wrong with one tool. */
const TOOL_PROBLEMS: Record<string, string> = {
  object: "must be an object { name, description, parameters, execute }",
  name: "needs a `name` of 1-64 letters, digits, _ or - (what OpenAI and Anthropic accept)",
  description: "needs a string `description`",
  parameters: 'needs `parameters`: a JSON Schema object with `type: "object"`',
  execute: "needs an `execute(input)` function",
};
const TOP_LEVEL = "Its top level must only define tools; do host work inside execute()";

export type ToolsetBuildFailed =
  | { kind: "bundle"; spec: string; error: string }
  | { kind: "chunk"; spec: string; lineBreak: boolean }
  | { kind: "compile"; spec: string; at: string; text: string; more: number }
  | { kind: "threw"; spec: string; error: string }
  | { kind: "not-checked"; spec: string; culprit: string; file: string }
  | { kind: "timeout"; spec: string; ms: number }
  | { kind: "memory"; spec: string; detail: string }
  | { kind: "output"; spec: string; detail: string }
  | { kind: "stopped"; spec: string; detail: string };

export type ToolsetUnresolvedImport =
  | { kind: "dynamic"; spec: string; at: string; text: string }
  | { kind: "external"; spec: string; imports: string[] }
  | { kind: "builtin" | "missing" | "package"; spec: string; at: string; id: string };

export const TOOLSET_NOT_FOUND = defineRule<{ kind: "none"; spec: string; tried: string[]; dir: string } | { kind: "unreadable"; spec: string; file: string; code: string }>({
  id: "toolset-not-found",
  severity: "error",
  description: "A `toolsets` entry names a module file that does not exist in the skill folder.",
  help:
    "Each entry is `\"path:ExportName\"`, the path relative to the skill folder, with or without its extension " +
    "(.ts, .mts, .js, .mjs are tried, then `index.*` inside a folder). Fix the path or add the file.",
  message: (p) =>
    p.kind === "none"
      ? `Toolset "${p.spec}": no module at ${p.tried.length > 1 ? `any of ${p.tried.map((t) => `"${t}"`).join(", ")}` : `"${p.tried[0]}"`} in ${p.dir}. Fix the path or add the file.`
      : `Toolset "${p.spec}": cannot read "${p.file}" (${p.code}).`,
});

export const TOOLSET_EXPORT_MISSING = defineRule<{ kind: "form"; spec: string } | { kind: "missing"; file: string; exportName: string }>({
  id: "toolset-export-missing",
  severity: "error",
  description: "A toolset module does not export the name its `toolsets` entry gives.",
  help: "Export the toolset under that name (`export const HelloToolset = [...]`) or fix the name after the colon.",
  message: (p) =>
    p.kind === "form"
      ? `Toolset entry "${p.spec}" must be "path:ExportName": a module path relative to the skill folder, a colon, and the name it exports.`
      : `"${p.file}" does not export "${p.exportName}". Export the toolset under that name or fix the entry.`,
});

export const TOOLSET_PATH_ESCAPE = defineRule<{ kind: "absolute"; spec: string } | { kind: "outside"; spec: string; path: string } | { kind: "symlink"; spec: string }>({
  id: "toolset-path-escape",
  severity: "error",
  description: "A `toolsets` entry points outside the skill folder (`..`, an absolute path, or a symlink leading out).",
  help: "A skill is self-contained: keep its toolset modules inside its folder (e.g. `toolsets/index.ts`).",
  message: (p) => {
    if (p.kind === "absolute") return `Toolset "${p.spec}" uses an absolute path; give a path relative to the skill folder, inside it (e.g. "toolsets/index:${p.spec.slice(p.spec.lastIndexOf(":") + 1)}").`;
    if (p.kind === "outside") return `Toolset "${p.spec}" points outside the skill folder ("${p.path}"); a skill's toolsets must live inside its folder.`;
    return `Toolset "${p.spec}" resolves through a symlink to a file outside the skill folder; a skill's toolsets must live inside its folder.`;
  },
});

export const TOOLSET_UNRESOLVED_IMPORT = defineRule<ToolsetUnresolvedImport>({
  id: "toolset-unresolved-import",
  severity: "error",
  description: "A toolset imports something the bundle cannot include: a missing module, a package that is not installed, or a Node.js built-in.",
  help:
    "Toolsets are bundled into index.js, which imports nothing and runs on Workers, Deno, Bun, browsers and Node. " +
    "Relative imports and installed packages are bundled; `node:*` built-ins (fs, path, child_process…) and unresolvable " +
    "imports are not allowed. Use web-standard APIs (fetch, crypto.subtle, TextEncoder) or plain code instead.",
  message: (p) => {
    switch (p.kind) {
      case "dynamic":
        return `Toolset "${p.spec}": ${p.at}${p.text}; the bundle cannot include a module chosen at run time. Import it statically.`;
      case "external":
        return `Toolset "${p.spec}" still imports ${p.imports.map((i) => `"${i}"`).join(", ")} after bundling; index.js must import nothing. Remove the import.`;
      case "builtin":
        return `Toolset "${p.spec}": ${p.at}imports the Node.js built-in "${p.id}", which the bundle cannot include: index.js imports nothing and must run on Workers, browsers, Deno and Bun too. Use web-standard APIs or plain code instead.`;
      case "missing":
        return `Toolset "${p.spec}": ${p.at}imports "${p.id}", which does not exist. Fix the import path.`;
      case "package":
        return `Toolset "${p.spec}": ${p.at}imports the package "${p.id}", which is not installed where the build runs. Install it (it is then bundled) or remove the import.`;
    }
  },
});

export const TOOLSET_BUILD_FAILED = defineRule<ToolsetBuildFailed>({
  id: "toolset-build-failed",
  severity: "error",
  description: "A toolset module failed to compile, or threw, ran too long or used too much memory when `skillc build` evaluated it.",
  help:
    "skillc bundles each toolset with esbuild and `skillc build` evaluates it once, in a sandboxed process (no files, environment, " +
    "processes, timers or network; one time and memory limit for all toolsets of the build), to read its tools. Fix the syntax or " +
    "type-stripping error shown, and keep the module's top level free of side effects that need a host: define tools, do the work in execute().",
  message: (p) => {
    switch (p.kind) {
      case "bundle":
        return `Toolset "${p.spec}" failed to bundle: ${p.error}`;
      case "chunk":
        return `Toolset "${p.spec}": esbuild's output could not be turned into an embedded chunk (unexpected ${p.lineBreak ? "line break" : "export form"}). Please report this.`;
      case "compile":
        return `Toolset "${p.spec}" failed to compile: ${p.at}${p.text}${p.more > 0 ? ` (and ${p.more} more error${p.more > 1 ? "s" : ""})` : ""}.`;
      case "threw":
        return `Toolset "${p.spec}" threw when evaluated at build time: ${p.error}. ${TOP_LEVEL} (at build time it runs in a sandbox: no process, require, timers, files, network or environment).`;
      case "not-checked":
        return `Toolset "${p.spec}" was not checked: the build's toolset check stopped in toolset "${p.culprit}" of ${p.file}. Fix that one first.`;
      case "timeout":
        return `Toolset "${p.spec}" did not finish evaluating within ${p.ms} ms at build time (one limit for all toolsets of the build; SKILLC_TOOLSET_TIMEOUT_MS sets it). ${TOP_LEVEL}: no endless loops, no waiting.`;
      case "memory":
        return `Toolset "${p.spec}" used more than ${p.detail} when evaluated at build time. ${TOP_LEVEL}.`;
      case "output":
        return `Toolset "${p.spec}": the sandboxed check wrote ${p.detail}; it was stopped.`;
      case "stopped":
        return `Toolset "${p.spec}": ${p.detail} while evaluating it at build time.`;
    }
  },
});

export const TOOLSET_INVALID = defineRule<{ kind: "not-array"; spec: string; what: string } | { kind: "tool"; spec: string; tool: number; name?: unknown; problem: string }>({
  id: "toolset-invalid",
  severity: "error",
  description: "A toolset export is not an array of tools `{ name, description, parameters, execute }`.",
  help:
    "A toolset is an array of plain objects: `name` (1–64 of A–Z a–z 0–9 _ -), `description` (a string), `parameters` " +
    "(a JSON Schema with `type: \"object\"`) and `execute(input)` (a function, may be async).",
  message: (p) =>
    p.kind === "not-array"
      ? `Toolset "${p.spec}" is ${p.what}, not an array of tools { name, description, parameters, execute }.`
      : `Tool ${p.tool}${p.name !== undefined ? ` (${JSON.stringify(p.name)})` : ""} of toolset "${p.spec}" ${TOOL_PROBLEMS[p.problem] ?? "is not a valid tool"}.`,
});

export const TOOLSET_NAME_CLASH = defineRule<{ kind: "twice"; spec: string; name: string } | { kind: "reserved"; name: string } | { kind: "shared"; name: string; others: string[] }>({
  id: "toolset-name-clash",
  severity: "error",
  description: "A toolset tool's name is used twice in the bundle, or is a built-in tool name.",
  help:
    "`skills.call(name)` finds a tool by its name, so names must be unique across every skill in the build, and must not " +
    "be a built-in tool (load_skill, search_skills, read_skill_file, or their aliases skill, use_skill, skill_load, skill_search). " +
    "Rename one tool, e.g. with a prefix naming its skill.",
  message: (p) => {
    if (p.kind === "twice") return `Toolset "${p.spec}" defines tool "${p.name}" twice; tool names must be unique.`;
    const why = p.kind === "reserved" ? "is the name of a built-in tool, so `call` would never reach it" : `is also defined by ${p.others.join(", ")}, so \`call\` could not tell them apart`;
    return `Tool "${p.name}" ${why}: rename it (e.g. prefix it with the skill's name).`;
  },
});

export const SCRIPT_NOT_FOUND = defineRule<{ script: string; inside: boolean }>({
  id: "script-not-found",
  severity: "warning",
  description: "A `scripts` entry names a file the skill does not ship.",
  help:
    "`scripts` lists files of the skill (relative to its folder) that the agent may run; skillc serves and describes them, " +
    "never runs them. Fix the path, add the file, or check that `files.exclude` does not leave it out.",
  message: ({ script, inside }) =>
    inside
      ? `Script "${script}" is not among the skill's files. Fix the path, add the file, or check that files.exclude / files.maxBytes does not leave it out.`
      : `Script "${script}" is not a path inside the skill folder; list scripts relative to it (e.g. "scripts/run.sh").`,
});

/** Rules of the toolsets step (registered by src/diagnostics/registry.ts). */
export const TOOLSET_RULES: AnyRule[] = [
  TOOLSET_NOT_FOUND,
  TOOLSET_EXPORT_MISSING,
  TOOLSET_PATH_ESCAPE,
  TOOLSET_UNRESOLVED_IMPORT,
  TOOLSET_BUILD_FAILED,
  TOOLSET_INVALID,
  TOOLSET_NAME_CLASH,
  SCRIPT_NOT_FOUND,
];
