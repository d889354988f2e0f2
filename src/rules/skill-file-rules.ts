import type { RuleMeta } from "../diagnostics/rule.js";

/** Rules about the skill file itself, reported by discovery (src/pipeline/discover.ts) and analysis. */
export const SKILL_FILE_RULES: RuleMeta[] = [
  {
    id: "skill-file-unreadable",
    severity: "error",
    description: "A `SKILL.md` that cannot be read: a broken symbolic link, a link loop, a folder or special file by that name, or a file without read permission.",
    help: "The folder looks like a skill but cannot become one, so the skill would be missing from the build without a word, and skillc never drops a skill silently. Point the link at an existing file inside the source root, replace it with the file itself, fix the permissions — or, if the folder is not meant to be a skill, remove or rename the entry.",
  },
];

export const SKILL_FILE_UNREADABLE = SKILL_FILE_RULES[0]!;
