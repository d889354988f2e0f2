// A skill's scripts: the files under `scripts/` plus those its `scripts:` frontmatter names. They are
// served as files and described in the manifest (path, interpreter from the `#!` line, executable
// bit, whether declared); skillc never runs them. A declared script the skill does not ship is a
// `script-not-found` diagnostic on that entry.
import path from "node:path";
import type { Diagnostic, Range, ResolvedSkillHead, SkillFields, SkillFileMeta } from "../types.js";
import { Reporter } from "../diagnostics/reporter.js";
import { SCRIPT_NOT_FOUND } from "../rules/toolset-rules.js";
import type { ToolsetContext } from "./compile.js";

export interface ScriptInfo {
  /** posix, relative to the skill folder. */
  path: string;
  /** Named in the `scripts:` frontmatter. */
  declared: boolean;
  executable: boolean;
  /** From the `#!` line: "bash", "python3", "node", … */
  interpreter?: string;
}

/** A declared path as a file path of the skill: "./scripts/a.sh" → "scripts/a.sh"; undefined when it leaves the folder. */
function normalize(p: string): string | undefined {
  const n = path.posix.normalize(p.trim().replace(/\\/g, "/"));
  return n === "." || n === ".." || n.startsWith("../") || n.startsWith("/") ? undefined : n.replace(/\/$/, "");
}

/** The skill's scripts, sorted by path. */
export function scriptsOf(skill: { fields: SkillFields; files: readonly SkillFileMeta[] }): ScriptInfo[] {
  const declared = new Set(skill.fields.scripts.map(normalize).filter((p): p is string => p !== undefined));
  return skill.files
    .filter((f) => f.path.startsWith("scripts/") || declared.has(f.path))
    .map((f) => ({ path: f.path, declared: declared.has(f.path), executable: f.executable, ...(f.interpreter !== undefined && { interpreter: f.interpreter }) }));
}

/** `script-not-found` for each declared script the skill does not ship (`paths`: its files, relative to its folder). */
export function checkScripts(skill: ResolvedSkillHead, paths: readonly string[], ctx: ToolsetContext): Diagnostic[] {
  const files = new Set(paths);
  const out: Diagnostic[] = [];
  const report = (ctx instanceof Reporter ? ctx : new Reporter(ctx)).to(out, skill.source.file);
  for (const [i, raw] of skill.fields.scripts.entries()) {
    const p = normalize(raw);
    if (p !== undefined && files.has(p)) continue;
    const at: Range = skill.positions[`/scripts/${i}`]?.value ?? skill.positions["/scripts"]?.value ?? skill.frontmatterRange;
    report(SCRIPT_NOT_FOUND, at, { script: raw, inside: p !== undefined });
  }
  return out;
}
