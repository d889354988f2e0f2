// The skill's own folders (its path inside its root: `name`, or `group/name` when nested) get the
// portability check its supporting files get (file-walk.ts): a folder named `con` builds on Linux,
// but `import` refuses an archive holding it, `export` a skill it would write there, and a checkout
// on Windows cannot hold it.
import type { Diagnostic, Profile, RuleSetting, SkillSource } from "../types.js";
import { report } from "./discover-report.js";
import { UNPORTABLE_FILE_NAME } from "../rules/discovery-rules.js";
import { notPortable } from "../util/portable-name.js";
import { escapeTerminal } from "../util/hidden-chars.js";

/** `unportable-file-name` at the skill's SKILL.md for each folder of its path Windows cannot hold. */
export function checkSkillFolders(source: SkillSource, opts: { settings: Record<string, RuleSetting>; profile: Profile }, diagnostics: Diagnostic[]): void {
  // relDir is the tail of dir (a root that is itself a skill: its base name), so the folder of segment i is dir cut after it.
  const segments = source.relDir.split("/");
  const shown = source.dir.split("/");
  for (let i = 0; i < segments.length; i++) {
    const why = segments[i] ? notPortable(segments[i]!) : undefined;
    if (!why) continue;
    const folder = shown.slice(0, Math.max(1, shown.length - (segments.length - 1 - i))).join("/");
    report(opts, diagnostics, UNPORTABLE_FILE_NAME, source.file, { path: escapeTerminal(folder), why });
  }
}
