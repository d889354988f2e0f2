// Two skill folders of one root whose paths differ only in letter case or Unicode normalisation
// (`skills/Deploy` and `skills/deploy`, or `ſub` and `sub`). Linux keeps both, and lint checks each;
// a checkout on macOS or Windows makes them one folder, holding both skills' files and whichever
// SKILL.md was written last: a skill a pull request adds by such a name replaces the one it shadows
// there. file-walk.ts says the same of two names inside a skill (`file-name-twins`); this says it of
// the skill folders themselves, from discovery's sources (so a warm run says what a cold one does).
import type { Diagnostic, SkillSource } from "../types.js";
import type { DiscoverOptions } from "./discover-options.js";
import { report } from "./discover-report.js";
import { FILE_NAME_TWINS } from "../rules/discovery-rules.js";
import { foldName } from "../util/fold-name.js";
import { escapeTerminal } from "../util/hidden-chars.js";

/** `file-name-twins` at each skill whose folder folds to an earlier one's (sources in discovery's order). */
export function checkSkillFolderTwins(sources: readonly SkillSource[], opts: Pick<DiscoverOptions, "settings" | "profile">, diagnostics: Diagnostic[]): void {
  const seen = new Map<string, SkillSource>();
  for (const s of sources) {
    const key = `${s.root.precedence}\0${s.root.dir}\0${foldName(s.dir)}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, s);
    else if (first.dir !== s.dir) report(opts, diagnostics, FILE_NAME_TWINS, s.file, { path: escapeTerminal(s.dir), twin: escapeTerminal(first.dir) });
  }
}
