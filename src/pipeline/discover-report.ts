// Discovery's diagnostics: the rule lookup, a SKILL.md that cannot become a skill, and the bounds.
import fs from "node:fs";
import path from "node:path";
import type { Diagnostic } from "../types.js";
import { Reporter } from "../diagnostics/reporter.js";
import type { RuleMeta } from "../diagnostics/rule.js";
import { DISCOVERY_LIMIT } from "../rules/discovery-rules.js";
import { SKILL_FILE_UNREADABLE, type SkillFileUnreadable } from "../rules/skill-file-rules.js";
import type { DiscoverOptions } from "./discover-options.js";

export function errCode(e: unknown): string {
  return (e as NodeJS.ErrnoException)?.code ?? String(e);
}

/** A diagnostic at line 1, column 1 of `file` (a posix path relative to cwd), or nothing when the rule is off. */
export function report<P>(opts: Pick<DiscoverOptions, "settings" | "profile">, out: Diagnostic[], rule: RuleMeta<P>, file: string, params: P): void {
  new Reporter(opts).to(out, file)(rule, { line: 1, column: 1 }, params);
}

/** "skill-file-unreadable": a SKILL.md (or case variant) that cannot become a skill, said instead of skipped. */
export function unreadable(opts: DiscoverOptions, out: Diagnostic[], params: SkillFileUnreadable): void {
  report(opts, out, SKILL_FILE_UNREADABLE, params.file, params);
}

/** Whether `real` is a regular file; otherwise says what it is through `bad` and returns false. */
export function kindOf(real: string, bad: (target: "folder" | "special" | "unreadable", code?: string) => void): boolean {
  try {
    const st = fs.statSync(real);
    if (st.isFile()) return true;
    bad(st.isDirectory() ? "folder" : "special");
  } catch (e) {
    bad("unreadable", errCode(e));
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
  const limit = bound === "maxDepth" ? opts.maxDepth : opts.maxFolders;
  report(opts, out, DISCOVERY_LIMIT, skills[0] ?? cut[0]!, { root: shownRoot, bound, limit, cut: cut.length, first: cut[0]!, skills, peeked: PEEK_LIMIT });
}

function holdsSkillFile(dir: string): boolean {
  return fs.existsSync(path.join(dir, "SKILL.md")) || fs.existsSync(path.join(dir, "skill.md"));
}
