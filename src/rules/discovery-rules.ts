import { defineRule, type AnyRule } from "../diagnostics/rule.js";

// Rules reported by discovery (src/pipeline/discover.ts), lint targets (targets.ts) and file collection (files.ts).

/** What could not be read: a source root, a folder while searching a root or collecting a skill, a link, a file. */
export type ReadError = { kind: "root" | "root-folder" | "skill-folder" | "link" | "file"; path: string; code: string };

export type SymlinkEscape =
  | { kind: "skill-file"; path: string; root: string }
  | { kind: "folder"; path: string; root: string }
  | { kind: "skill"; path: string; target: "folder" | "file"; skill: string };

/**
 * A bound cut the search in `root`: `cut` folders were not searched (`first` of them named), of
 * which `skills` hold a skill file (checked among the first `peeked` only).
 */
export interface DiscoveryLimit {
  root: string;
  bound: "maxDepth" | "maxFolders";
  limit: number;
  cut: number;
  first: string;
  skills: string[];
  peeked: number;
}

export const ROOT_MISSING = defineRule<{ root: string }>({
  id: "root-missing",
  severity: "error",
  description: "A source root (config `sources` or a command-line root) does not exist.",
  help: "No skill can be found in a folder that is not there, and a silently empty build would ship without them. Fix the path in `sources` (relative to the project root) or on the command line, or create the folder.",
  message: ({ root }) =>
    `Source root "${root}" does not exist, so no skills are read from it. Fix the path in \`sources\` (relative to the project root) or on the command line, or create the folder.`,
});

export const ROOT_NOT_FOLDER = defineRule<{ root: string }>({
  id: "root-not-folder",
  severity: "error",
  description: "A source root is a file, not a folder.",
  help: "Roots are folders searched for skills. Point `sources` at the folder that holds the skill folders; to lint one SKILL.md, pass it to `skillc lint` instead.",
  message: ({ root }) => `Source root "${root}" is a file, not a folder. Point \`sources\` (or the command line) at the folder that holds the skill folders.`,
});

export const DISCOVERY_LIMIT = defineRule<DiscoveryLimit>({
  id: "discovery-limit",
  severity: "error",
  description: "The search for skills stopped at the depth bound or the folder-count bound, so skills below may be missing (the cut folders that are skills are named).",
  help: "Discovery searches at most `discovery.maxDepth` folder levels (default 6) and `discovery.maxFolders` folders per root (default 2,000), as the Agent Skills client guide recommends, so a stray large folder cannot stall a build. A build that silently lacks skills must not pass, so this is an error. Raise the bound in the config, or move the skills closer to the root, or move large non-skill folders out of it; if the bound is meant, say so with `rules: { \"discovery-limit\": \"warn\" }` (or `\"off\"`).",
  message: discoveryLimitMessage,
});

export const SKILL_FILE_CASE = defineRule<{ name: string; skillFile?: string }>({
  id: "skill-file-case",
  severity: "warning",
  profiles: { agentskills: "error" },
  description: "A skill file is named `skill.md` (or another case variant) instead of `SKILL.md` (an error under agentskills).",
  help: "The specification names the file `SKILL.md` (agentskills/agentskills docs/specification.mdx: a skill contains \"a `SKILL.md` file\"), so the agentskills profile makes it an error although skills-ref accepts `skill.md`; some clients only look for that exact name (Codex's loader matches `SKILL.md` exactly, codex-rs/core-skills/src/loader.rs), and on case-sensitive filesystems a variant is a different file. A name with a long s (`ſKILL.md`, U+017F) is such a variant too: a Mac (APFS folds `ſ` to `s`) opens it as `SKILL.md`. Rename it to `SKILL.md`. When both exist, `SKILL.md` is the skill file and the variant is an ordinary supporting file.",
  message: ({ name, skillFile }) =>
    skillFile === undefined
      ? `The skill file is named "${name}"; rename it to "SKILL.md", the name the specification uses and the only one some agents look for.`
      : `"${name}" sits next to "${skillFile}", which is the skill file; "${name}" is served as an ordinary supporting file. Delete it or merge it into "${skillFile}".`,
});

export const SYMLINK_ESCAPE = defineRule<SymlinkEscape>({
  id: "symlink-escape",
  severity: "warning",
  description: "A symbolic link points outside its source root (folders, SKILL.md) or outside its skill folder (supporting files); it is not followed.",
  help: "skillc never reads outside the folders it was given, so nothing private is bundled by accident. Whatever the link points to is left out. Copy the target into the skill folder, or add the target folder as its own entry in `sources`.",
  message: (p) => {
    if (p.kind === "skill-file") return `"${p.path}" is a symbolic link to a file outside the source root "${p.root}", so this skill is not included. Replace the link with the file itself, or add the folder it points to as a source root.`;
    if (p.kind === "folder") return `"${p.path}" is a symbolic link to a folder outside the source root "${p.root}"; it is not searched, so skills behind it are not included. Copy the folder into the root, or add the folder it points to as its own entry in \`sources\`.`;
    return `"${p.path}" is a symbolic link to a ${p.target} outside the skill folder "${p.skill}"; it is left out, since skillc never reads outside a skill. Copy the target into the skill folder instead.`;
  },
});

export const READ_ERROR = defineRule<ReadError>({
  id: "read-error",
  severity: "warning",
  description: "A folder or file could not be read (permissions, a broken link, or it vanished while being read).",
  help: "The folder's skills or the file are left out of the build. Fix the permissions or the link, or remove the entry.",
  message: ({ kind, path, code }) => {
    switch (kind) {
      case "root":
        return `Source root "${path}" could not be read (${code}). Fix its permissions.`;
      case "root-folder":
        return `Folder "${path}" could not be read (${code}); skills inside it are not included. Fix its permissions or remove it from the root.`;
      case "skill-folder":
        return `Folder "${path}" could not be read (${code}); its files are left out. Fix its permissions or exclude it.`;
      case "link":
        return `"${path}" is a symbolic link that cannot be followed (${code}); it is left out. Fix or remove the link.`;
      case "file":
        return `"${path}" could not be read (${code}) and is left out. Fix its permissions or exclude it.`;
    }
  },
});

export const PATH_MISSING = defineRule<{ path: string; code?: string }>({
  id: "path-missing",
  severity: "error",
  description: "A path given to `skillc lint` does not exist, or cannot be reached (a link loop, no permission).",
  help: "Check the spelling; paths are relative to the working directory. A path that exists but cannot be reached is named with the system's reason: fix the link or the permissions.",
  message: ({ path, code }) =>
    code === undefined
      ? `"${path}" does not exist, so it was not linted. Check the path (relative to the working directory).`
      : `"${path}" cannot be reached (${code}), so it was not linted. Fix the link or the permissions on the way to it.`,
});

export const NOT_IN_SKILL = defineRule<{ kind: "markdown" | "archive"; path: string }>({
  id: "not-in-skill",
  severity: "warning",
  description: "A markdown file or an archive given to `skillc lint` is not inside any skill folder.",
  help: "Only files inside a folder holding a SKILL.md are checked. Other files outside skills are ignored without a word (lint-staged passes every staged file); a markdown file is reported because it is often a skill file with the wrong name or in the wrong place, and an archive (.zip, .skill, .tgz) because `skillc import` is the command that checks one.",
  message: ({ kind, path }) =>
    kind === "markdown"
      ? `"${path}" is not inside a skill folder (no SKILL.md in it or above it), so it was not linted. A skill file must be named SKILL.md and sit in the skill's folder.`
      : `"${path}" is an archive, not a skill folder, so it was not linted. \`skillc import ${path}\` checks the skill inside it (and installs it only when it passes).`,
});

export const FILE_TOO_LARGE = defineRule<{ path: string; size: number; max: number }>({
  id: "file-too-large",
  severity: "warning",
  description: "A supporting file is larger than `files.maxBytes` and is left out of the bundle.",
  help: "Large files bloat the bundle every agent imports. Raise `files.maxBytes`, add the file to `files.exclude` to silence this, or serve it from elsewhere.",
  message: ({ path, size, max }) =>
    `"${path}" is ${size} bytes, over files.maxBytes (${max}), and is left out of the bundle. Raise \`files.maxBytes\`, or add it to \`files.exclude\` to leave it out without this warning.`,
});

export const TOO_MANY_FILES = defineRule<{ dir: string; max: number; at: string }>({
  id: "too-many-files",
  severity: "error",
  description: "A skill folder holds more than 10,000 files (or folders); collection stopped there.",
  help: "Such a folder is almost always a data set or a dependency tree by mistake, and serving part of it would be wrong without notice. Exclude it with `files.exclude` (e.g. `data/**`), or move it out of the skill folder.",
  message: ({ dir, max, at }) =>
    `"${dir}" holds more than ${max} files or folders; collection stopped at "${at}", so the skill's files are incomplete. Exclude bulk folders with \`files.exclude\` (e.g. "data/**") or move them out of the skill folder.`,
});

export const SPECIAL_FILE = defineRule<{ path: string }>({
  id: "special-file",
  severity: "warning",
  description: "A FIFO, socket or device file inside a skill folder is skipped.",
  help: "Only regular files can be bundled; reading a FIFO would block. Remove it from the skill folder or add it to `files.exclude`.",
  message: ({ path }) => `"${path}" is not a regular file (a FIFO, socket or device) and is skipped. Remove it from the skill folder or add it to \`files.exclude\`.`,
});

export const UNSERVABLE_FILE_NAME = defineRule<{ path: string; why: string }>({
  id: "unservable-file-name",
  severity: "warning",
  description: "A supporting file's path holds a backslash, a %-escape (`%41`) or a drive letter (`c:`), or is over 1,024 characters: the runtime's `file()` and `read_skill_file` refuse such paths, so it is left out of the bundle.",
  help: "The runtime refuses these forms in every path a model or user gives (they are how escapes out of a skill are smuggled, and the length is bounded), so a file named that way could be listed but never read. Rename it (e.g. `50-percent.md` for `50%25.md`) or shorten its folders, or add it to `files.exclude`.",
  message: ({ path, why }) => `"${path}" holds ${why} in its path, which \`file()\` and \`read_skill_file\` refuse; it is left out of the bundle. Rename it (or its folders), or add it to \`files.exclude\`.`,
});

export const FILE_NAME_TWINS = defineRule<{ path: string; twin: string }>({
  id: "file-name-twins",
  severity: "warning",
  description: "Two names in one folder of a skill, or two skill folders, differ only in letter case or Unicode normalisation (`a.md` and `A.md`, `é` composed and decomposed): macOS and Windows keep only one of them.",
  help: "Linux keeps both, so the skill builds here, but a checkout or an install on macOS or Windows holds one file where the skill has two: the other's content is gone there, and links to it read the wrong file. Two skill folders (`skills/Deploy` and `skills/deploy`) become one folder there, holding both skills' files and the SKILL.md written last. `skillc import` refuses such archives for the same reason. Rename one of them.",
  message: ({ path, twin }) => `"${path}" and "${twin}" differ only in letter case or Unicode normalisation, so macOS and Windows hold only one of them; rename one.`,
});

export const UNPORTABLE_FILE_NAME = defineRule<{ path: string; why: string }>({
  id: "unportable-file-name",
  severity: "warning",
  description: 'A skill folder, or a supporting file or folder, whose name Windows cannot hold as written: it holds `:*?"<>|`, ends with a dot or a space, or is a device name (`CON`, `nul.md`, `COM1`).',
  help: "Linux keeps the name, so the skill builds here, but a checkout or an install on Windows cannot write it (git refuses such paths there), writes it as another name (a trailing dot or space is dropped), or writes into something else (`a:b.md` is an NTFS alternate data stream of `a`; `nul.md` is the null device). `skillc import` refuses such archives for the same reason, and `skillc export` a skill whose folder would be so named. Rename it.",
  message: ({ path, why }) => `"${path}" ${why}, so a checkout or an install on Windows cannot hold it as written; rename it.`,
});

export const DISCOVERY_RULES: AnyRule[] = [
  ROOT_MISSING,
  ROOT_NOT_FOLDER,
  DISCOVERY_LIMIT,
  SKILL_FILE_CASE,
  SYMLINK_ESCAPE,
  READ_ERROR,
  PATH_MISSING,
  NOT_IN_SKILL,
  FILE_TOO_LARGE,
  TOO_MANY_FILES,
  SPECIAL_FILE,
  UNSERVABLE_FILE_NAME,
  FILE_NAME_TWINS,
  UNPORTABLE_FILE_NAME,
];

function discoveryLimitMessage({ root, bound, limit, cut, first, skills, peeked }: DiscoveryLimit): string {
  const where =
    bound === "maxDepth"
      ? `stops ${limit} folder level${limit === 1 ? "" : "s"} down (discovery.maxDepth); ${cut} folder${cut === 1 ? " was" : "s were"} not searched`
      : `stops after ${limit} folders (discovery.maxFolders); at least ${cut} more ${cut === 1 ? "was" : "were"} not searched`;
  const missing = skills.length
    ? `${cut === 1 ? "it holds a skill" : skills.length === 1 ? "one of them holds a skill" : `${skills.length}${cut > peeked ? " or more" : ""} of them hold skills`} (${listSome(skills)}), which ${skills.length === 1 ? "is" : "are"} not built, and skills further down may be missing too`
    : `first "${first}", so skills inside them may be missing`;
  const raise = bound === "maxDepth" ? "Raise `discovery.maxDepth` in the config, or move the skills closer to the root" : "Raise `discovery.maxFolders` in the config, or move large non-skill folders out of the root";
  return `Discovery in "${root}" ${where}: ${missing}. ${raise}; if the limit is meant, set \`rules: { "discovery-limit": "warn" }\`.`;
}

/** Up to three quoted names, then how many more. */
function listSome(names: string[]): string {
  const shown = names.slice(0, 3).map((n) => `"${n}"`).join(", ");
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}
