import type { RuleMeta } from "../diagnostics/rule.js";

// Rules of the toolsets step (src/toolsets/compile.ts) and of declared scripts (src/toolsets/scripts.ts).
// Toolset diagnostics sit on the `toolsets` entry in the SKILL.md frontmatter; script ones on the `scripts` entry.

export const TOOLSET_NOT_FOUND: RuleMeta = {
  id: "toolset-not-found",
  severity: "error",
  description: "A `toolsets` entry names a module file that does not exist in the skill folder.",
  help:
    "Each entry is `\"path:ExportName\"`, the path relative to the skill folder, with or without its extension " +
    "(.ts, .mts, .js, .mjs are tried, then `index.*` inside a folder). Fix the path or add the file.",
};

export const TOOLSET_EXPORT_MISSING: RuleMeta = {
  id: "toolset-export-missing",
  severity: "error",
  description: "A toolset module does not export the name its `toolsets` entry gives.",
  help: "Export the toolset under that name (`export const HelloToolset = [...]`) or fix the name after the colon.",
};

export const TOOLSET_PATH_ESCAPE: RuleMeta = {
  id: "toolset-path-escape",
  severity: "error",
  description: "A `toolsets` entry points outside the skill folder (`..`, an absolute path, or a symlink leading out).",
  help: "A skill is self-contained: keep its toolset modules inside its folder (e.g. `toolsets/index.ts`).",
};

export const TOOLSET_UNRESOLVED_IMPORT: RuleMeta = {
  id: "toolset-unresolved-import",
  severity: "error",
  description: "A toolset imports something the bundle cannot include: a missing module, a package that is not installed, or a Node.js built-in.",
  help:
    "Toolsets are bundled into index.js, which imports nothing and runs on Workers, Deno, Bun, browsers and Node. " +
    "Relative imports and installed packages are bundled; `node:*` built-ins (fs, path, child_process…) and unresolvable " +
    "imports are not allowed. Use web-standard APIs (fetch, crypto.subtle, TextEncoder) or plain code instead.",
};

export const TOOLSET_BUILD_FAILED: RuleMeta = {
  id: "toolset-build-failed",
  severity: "error",
  description: "A toolset module failed to compile, or threw, ran too long or used too much memory when `skillc build` evaluated it.",
  help:
    "skillc bundles each toolset with esbuild and `skillc build` evaluates it once, in a sandboxed process (no files, environment, " +
    "processes, timers or network; one time and memory limit for all toolsets of the build), to read its tools. Fix the syntax or " +
    "type-stripping error shown, and keep the module's top level free of side effects that need a host: define tools, do the work in execute().",
};

export const TOOLSET_INVALID: RuleMeta = {
  id: "toolset-invalid",
  severity: "error",
  description: "A toolset export is not an array of tools `{ name, description, parameters, execute }`.",
  help:
    "A toolset is an array of plain objects: `name` (1–64 of A–Z a–z 0–9 _ -), `description` (a string), `parameters` " +
    "(a JSON Schema with `type: \"object\"`) and `execute(input)` (a function, may be async).",
};

export const TOOLSET_NAME_CLASH: RuleMeta = {
  id: "toolset-name-clash",
  severity: "error",
  description: "A toolset tool's name is used twice in the bundle, or is a built-in tool name.",
  help:
    "`skills.call(name)` finds a tool by its name, so names must be unique across every skill in the build, and must not " +
    "be a built-in tool (load_skill, search_skills, read_skill_file, or their aliases skill, use_skill, skill_load, skill_search). " +
    "Rename one tool, e.g. with a prefix naming its skill.",
};

export const SCRIPT_NOT_FOUND: RuleMeta = {
  id: "script-not-found",
  severity: "warning",
  description: "A `scripts` entry names a file the skill does not ship.",
  help:
    "`scripts` lists files of the skill (relative to its folder) that the agent may run; skillc serves and describes them, " +
    "never runs them. Fix the path, add the file, or check that `files.exclude` does not leave it out.",
};

/** Rules of the toolsets step (registered by src/diagnostics/registry.ts). */
export const TOOLSET_RULES: RuleMeta[] = [
  TOOLSET_NOT_FOUND,
  TOOLSET_EXPORT_MISSING,
  TOOLSET_PATH_ESCAPE,
  TOOLSET_UNRESOLVED_IMPORT,
  TOOLSET_BUILD_FAILED,
  TOOLSET_INVALID,
  TOOLSET_NAME_CLASH,
  SCRIPT_NOT_FOUND,
];
