// Discovery's diagnostics: the rule lookup, a SKILL.md that cannot become a skill, and the bounds.
import fs from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../types.js";
import { Reporter } from "../diagnostics/reporter.js";
import { DISCOVERY_RULES } from "../rules/discovery-rules.js";
import { SKILL_FILE_RULES } from "../rules/skill-file-rules.js";
import type { DiscoverOptions } from "./discover.js";

export function errCode(e: unknown): string {
  return (e as NodeJS.ErrnoException)?.code ?? String(e);
}

const RULES = new Map([...DISCOVERY_RULES, ...SKILL_FILE_RULES].map((r) => [r.id, r]));

/** A diagnostic at line 1, column 1 of `file` (a posix path relative to cwd), or nothing when the rule is off. */
export function report(
  opts: Pick<DiscoverOptions, "settings" | "profile">,
  out: Diagnostic[],
  ruleId: string,
  file: string,
  message: string,
): void {
  const rule = RULES.get(ruleId);
  if (!rule) throw new Error(`unknown discovery rule "${ruleId}"`);
  new Reporter(opts).to(out, file)(rule, { line: 1, column: 1 }, message);
}

/** "skill-file-unreadable": a SKILL.md (or case variant) that cannot become a skill, said instead of skipped. */
export function unreadable(opts: DiscoverOptions, out: Diagnostic[], file: string, what: string, fix: string): void {
  const folder = file.slice(0, file.lastIndexOf("/")) || ".";
  report(opts, out, "skill-file-unreadable", file, `"${file}" ${what}, so the skill in "${folder}" is not built. ${fix}; if "${folder}" is not meant to be a skill, remove "${file.slice(file.lastIndexOf("/") + 1)}".`);
}

export function brokenLink(e: unknown): string {
  const code = errCode(e);
  if (code === "ENOENT") return "is a symbolic link whose target does not exist (ENOENT)";
  if (code === "ELOOP") return "is a symbolic link that loops (ELOOP)";
  return `is a symbolic link that cannot be followed (${code})`;
}

/** Whether `real` is a regular file; otherwise says what it is through `bad` and returns false. */
export function kindOf(real: string, bad: (what: string) => void): boolean {
  try {
    const st = fs.statSync(real);
    if (st.isFile()) return true;
    bad(st.isDirectory() ? "a folder, not a file" : "something that is not a regular file (a FIFO, socket or device)");
  } catch (e) {
    bad(`a file that cannot be read (${errCode(e)})`);
  }
  return false;
}

/** Cut folders whose skill file is checked (one stat each) to name the skills a bound leaves out. */
const PEEK_LIMIT = 1000;

/**
 * One `discovery-limit` per root and bound. An error by default: a build that silently lacks a skill
 * must not pass. When the bound is meant, `rules: { "discovery-limit": "warn" }` (or "off") says so.
 * The cut folders that hold a skill file themselves are named; skills further down them are not
 * looked for (that would be the search the bound exists to stop).
 */
export function reportCuts(opts: DiscoverOptions, out: Diagnostic[], shownRoot: string, bound: "maxDepth" | "maxFolders", cut: string[]): void {
  if (cut.length === 0) return;
  const skills = cut.slice(0, PEEK_LIMIT).filter((rel) => holdsSkillFile(path.resolve(opts.cwd, rel)));
  const where =
    bound === "maxDepth"
      ? `stops ${opts.maxDepth} folder level${opts.maxDepth === 1 ? "" : "s"} down (discovery.maxDepth); ${cut.length} folder${cut.length === 1 ? " was" : "s were"} not searched`
      : `stops after ${opts.maxFolders} folders (discovery.maxFolders); at least ${cut.length} more ${cut.length === 1 ? "was" : "were"} not searched`;
  const missing = skills.length
    ? `${cut.length === 1 ? "it holds a skill" : skills.length === 1 ? "one of them holds a skill" : `${skills.length}${cut.length > PEEK_LIMIT ? " or more" : ""} of them hold skills`} (${listSome(skills)}), which ${skills.length === 1 ? "is" : "are"} not built, and skills further down may be missing too`
    : `first "${cut[0]}", so skills inside them may be missing`;
  const raise = bound === "maxDepth" ? "Raise `discovery.maxDepth` in the config, or move the skills closer to the root" : "Raise `discovery.maxFolders` in the config, or move large non-skill folders out of the root";
  report(opts, out, "discovery-limit", skills[0] ?? cut[0], `Discovery in "${shownRoot}" ${where}: ${missing}. ${raise}; if the limit is meant, set \`rules: { "discovery-limit": "warn" }\`.`);
}

function holdsSkillFile(dir: string): boolean {
  return fs.existsSync(path.join(dir, "SKILL.md")) || fs.existsSync(path.join(dir, "skill.md"));
}

/** Up to three quoted names, then how many more. */
function listSome(names: string[]): string {
  const shown = names.slice(0, 3).map((n) => `"${n}"`).join(", ");
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}
