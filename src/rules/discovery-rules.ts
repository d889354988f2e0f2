import type { RuleMeta } from "../diagnostics/rule.js";

/** Rules reported by discovery (src/pipeline/discover.ts), lint targets (targets.ts) and file collection (files.ts). */
export const DISCOVERY_RULES: RuleMeta[] = [
  {
    id: "root-missing",
    severity: "error",
    description: "A source root (config `sources` or a command-line root) does not exist.",
    help: "No skill can be found in a folder that is not there, and a silently empty build would ship without them. Fix the path in `sources` (relative to the project root) or on the command line, or create the folder.",
  },
  {
    id: "root-not-folder",
    severity: "error",
    description: "A source root is a file, not a folder.",
    help: "Roots are folders searched for skills. Point `sources` at the folder that holds the skill folders; to lint one SKILL.md, pass it to `skillc lint` instead.",
  },
  {
    id: "discovery-limit",
    severity: "error",
    description: "The search for skills stopped at the depth bound or the folder-count bound, so skills below may be missing (the cut folders that are skills are named).",
    help: "Discovery searches at most `discovery.maxDepth` folder levels (default 6) and `discovery.maxFolders` folders per root (default 2,000), as the Agent Skills client guide recommends, so a stray large folder cannot stall a build. A build that silently lacks skills must not pass, so this is an error. Raise the bound in the config, or move the skills closer to the root, or move large non-skill folders out of it; if the bound is meant, say so with `rules: { \"discovery-limit\": \"warn\" }` (or `\"off\"`).",
  },
  {
    id: "skill-file-case",
    severity: "warning",
    description: "A skill file is named `skill.md` (or another case variant) instead of `SKILL.md`.",
    help: "The specification names the file `SKILL.md`; some clients only look for that exact name, and on case-sensitive filesystems a variant is a different file. Rename it to `SKILL.md`. When both exist, `SKILL.md` is the skill file and the variant is an ordinary supporting file.",
  },
  {
    id: "symlink-escape",
    severity: "warning",
    description: "A symbolic link points outside its source root (folders, SKILL.md) or outside its skill folder (supporting files); it is not followed.",
    help: "skillc never reads outside the folders it was given, so nothing private is bundled by accident. Whatever the link points to is left out. Copy the target into the skill folder, or add the target folder as its own entry in `sources`.",
  },
  {
    id: "read-error",
    severity: "warning",
    description: "A folder or file could not be read (permissions, a broken link, or it vanished while being read).",
    help: "The folder's skills or the file are left out of the build. Fix the permissions or the link, or remove the entry.",
  },
  {
    id: "path-missing",
    severity: "error",
    description: "A path given to `skillc lint` does not exist.",
    help: "Check the spelling; paths are relative to the working directory.",
  },
  {
    id: "not-in-skill",
    severity: "warning",
    description: "A markdown file or an archive given to `skillc lint` is not inside any skill folder.",
    help: "Only files inside a folder holding a SKILL.md are checked. Other files outside skills are ignored without a word (lint-staged passes every staged file); a markdown file is reported because it is often a skill file with the wrong name or in the wrong place, and an archive (.zip, .skill, .tgz) because `skillc import` is the command that checks one.",
  },
  {
    id: "file-too-large",
    severity: "warning",
    description: "A supporting file is larger than `files.maxBytes` and is left out of the bundle.",
    help: "Large files bloat the bundle every agent imports. Raise `files.maxBytes`, add the file to `files.exclude` to silence this, or serve it from elsewhere.",
  },
  {
    id: "too-many-files",
    severity: "error",
    description: "A skill folder holds more than 10,000 files (or folders); collection stopped there.",
    help: "Such a folder is almost always a data set or a dependency tree by mistake, and serving part of it would be wrong without notice. Exclude it with `files.exclude` (e.g. `data/**`), or move it out of the skill folder.",
  },
  {
    id: "special-file",
    severity: "warning",
    description: "A FIFO, socket or device file inside a skill folder is skipped.",
    help: "Only regular files can be bundled; reading a FIFO would block. Remove it from the skill folder or add it to `files.exclude`.",
  },
];
