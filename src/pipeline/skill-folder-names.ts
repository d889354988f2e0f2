// The skill's own folders (its path inside its root: `name`, or `group/name` when nested) get the
// portability check its supporting files get (file-walk.ts): a folder named `con` builds on Linux,
// but `import` refuses an archive holding it, `export` a skill it would write there, and a checkout
// on Windows cannot hold it.
import type { Diagnostic, Profile, RuleSetting, SkillSource } from "../types.js";
import { report } from "./discover-report.js";
import { UNPORTABLE_FILE_NAME } from "../rules/discovery-rules.js";
import { notPortable } from "../util/portable-name.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { joinPosix } from "../util/paths.js";

/** `unportable-file-name` at the skill's SKILL.md for each folder of its path Windows cannot hold. */
export function checkSkillFolders(source: SkillSource, opts: { settings: Record<string, RuleSetting>; profile: Profile }, diagnostics: Diagnostic[]): void {
  const segments = source.relDir.split("/");
  for (let i = 0; i < segments.length; i++) {
    const why = segments[i] ? notPortable(segments[i]!) : undefined;
    if (!why) continue;
    const folder = joinPosix(source.root.dir, segments.slice(0, i + 1).join("/"));
    report(opts, diagnostics, UNPORTABLE_FILE_NAME, source.file, { path: escapeTerminal(folder), why });
  }
}
