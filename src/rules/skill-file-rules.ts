import { defineRule, type AnyRule } from "../diagnostics/rule.js";

/**
 * Why a skill file (`file`, as shown) cannot become a skill: a broken link (`code`: ENOENT, ELOOP…),
 * a link to something that is not a readable file, a folder or special file by that name (`name`),
 * or a file that cannot be read.
 */
export type SkillFileUnreadable =
  | { kind: "broken-link"; file: string; code: string }
  | { kind: "link-to"; file: string; target: "folder" | "special" | "unreadable"; code?: string }
  | { kind: "folder"; file: string; name: string }
  | { kind: "special"; file: string }
  | { kind: "cannot-read"; file: string; code: string };

/** Rules about the skill file itself, reported by discovery (src/pipeline/discover.ts) and analysis. */
export const SKILL_FILE_UNREADABLE = defineRule<SkillFileUnreadable>({
  id: "skill-file-unreadable",
  severity: "error",
  description: "A `SKILL.md` that cannot be read: a broken symbolic link, a link loop, a folder or special file by that name, or a file without read permission.",
  help: "The folder looks like a skill but cannot become one, so the skill would be missing from the build without a word, and skillc never drops a skill silently. Point the link at an existing file inside the source root, replace it with the file itself, fix the permissions — or, if the folder is not meant to be a skill, remove or rename the entry.",
  message: (p) => {
    if (p.kind === "cannot-read") return `"${p.file}" cannot be read (${p.code}), so the skill is not built. Make it readable by the user running skillc, or remove it.`;
    const [what, fix] = explain(p);
    const folder = p.file.slice(0, p.file.lastIndexOf("/")) || ".";
    return `"${p.file}" ${what}, so the skill in "${folder}" is not built. ${fix}; if "${folder}" is not meant to be a skill, remove "${p.file.slice(p.file.lastIndexOf("/") + 1)}".`;
  },
});

export const SKILL_FILE_RULES: AnyRule[] = [SKILL_FILE_UNREADABLE];

/** What the file is, and how to fix it. */
function explain(p: Exclude<SkillFileUnreadable, { kind: "cannot-read" }>): [string, string] {
  switch (p.kind) {
    case "broken-link": {
      const what =
        p.code === "ENOENT"
          ? "is a symbolic link whose target does not exist (ENOENT)"
          : p.code === "ELOOP"
            ? "is a symbolic link that loops (ELOOP)"
            : `is a symbolic link that cannot be followed (${p.code})`;
      return [what, "Point the link at an existing file inside the source root, or replace it with the file itself"];
    }
    case "link-to": {
      const to =
        p.target === "folder"
          ? "a folder, not a file"
          : p.target === "special"
            ? "something that is not a regular file (a FIFO, socket or device)"
            : `a file that cannot be read (${p.code})`;
      return [`is a symbolic link to ${to}`, "Point the link at the skill's file, or replace it with the file itself"];
    }
    case "folder":
      return ["is a folder, not a file", `Rename the folder, and write the skill in a file named "${p.name}"`];
    case "special":
      return ["is not a regular file (a FIFO, socket or device)", "Replace it with a regular file"];
  }
}
