import type { RuleMeta } from "../diagnostics/rule.js";

const rule = (r: RuleMeta): RuleMeta => r;

export const LINK_MISSING_FILE = rule({
  id: "link-missing-file",
  severity: "error",
  description: "A relative link or image in the body points at a file that is not in the skill's bundle (missing, or on disk but left out).",
  help:
    "Links are resolved against the skill folder (not the working directory), after dropping `#fragment` and `?query` and percent-decoding. " +
    "A missing target means the model is told to read a file that the bundle does not contain. Fix the path (the message suggests a near match: other case, a stray trailing period), " +
    "or add the file. A sentence's period after `)` is not part of the link; `[x](references/a.md.)` is. " +
    "When the file is on disk but not in the bundle, the message says why and how to bring it in: a `files.exclude` pattern (named) or no `files.include` pattern, over `files.maxBytes` (size and limit), a never-bundled name (`node_modules`, `.git`, OS junk), " +
    "or inside a nested skill's folder — a nested skill's files are its own, so name that skill instead of linking into it (the model reaches it with `load_skill` / `read_skill_file`), move the file out, or rename the nested SKILL.md if the folder is not meant to be a skill.",
});

export const LINK_OUTSIDE_SKILL = rule({
  id: "link-outside-skill",
  severity: "warning",
  description: "A relative link in the body leaves the skill folder (`../`).",
  help:
    "A skill is served as one folder: files outside it are not bundled, and the runtime refuses `..` paths. " +
    "Copy the file into the skill (e.g. under `references/`) and link to that copy.",
});

export const LINK_ABSOLUTE = rule({
  id: "link-absolute",
  severity: "warning",
  description: "A link in the body is an absolute filesystem path (`/…` or `~/…`).",
  help:
    "Absolute paths point into the author's machine: they are not part of the skill and do not exist where the bundle runs. " +
    "Use a path relative to the skill folder (`references/api.md`), or a full URL for web pages.",
});

export const REFERENCE_DEPTH = rule({
  id: "reference-depth",
  severity: "warning",
  description: "A link in the body points at a file more than one level below the skill folder.",
  help:
    "The Agent Skills spec advises keeping file references one level deep (`references/api.md`, not `references/v2/api.md`) " +
    "so that agents find them without walking chains of folders. Flatten the folder or link to an index file one level deep. Images are not checked.",
});

export const PLACEHOLDER_IN_CODE = rule({
  id: "placeholder-in-code",
  severity: "warning",
  description: "An argument placeholder (`$ARGUMENTS`, `$ARGUMENTS[N]`, `$N`, a declared `$name`) sits inside code in a skill that takes arguments.",
  help:
    "Claude Code substitutes arguments in the whole body, code blocks included, and skillc does the same so that skills render identically: " +
    "`awk '{print $1}'` becomes `awk '{print <second argument>}'`. If the placeholder is meant literally, escape it as `\\$1`; if the substitution is intended, set this rule to \"off\". " +
    "A skill takes arguments when it declares `arguments` or `argument-hint`, or uses `$ARGUMENTS`/`$N` outside code.",
});

export const PLACEHOLDER_PRICE = rule({
  id: "placeholder-price",
  severity: "warning",
  description: "A price such as `$1.00` in a skill that takes arguments is an argument placeholder followed by `.00`.",
  help:
    "`$N` matches as long as no letter, digit or `_` follows, so `$1.00` becomes the second argument followed by `.00` and `$5,000` the sixth followed by `,000`. " +
    "Write `\\$1.00` to keep the price.",
});

export const SHELL_COMMAND_LINE = rule({
  id: "shell-command-line",
  severity: "warning",
  description: "The body contains `` !`command` ``, which Claude Code runs in a shell before the model sees the body.",
  help:
    "Claude Code replaces `` !`command` `` with the command's output, even inside code blocks and inline code. The skillc runtime never runs commands " +
    "(serverless and edge runtimes cannot), so the model sees the raw text instead. Describe the command for the model to run with its own tools, " +
    "or ship it as a script under `scripts/`. To show the syntax in documentation, break the pattern (e.g. put a space after `!`).",
});

export const BODY_TOO_LONG = rule({
  id: "body-too-long",
  severity: "warning",
  description: "The body is over 500 lines or about 5,000 tokens (characters / 4).",
  help:
    "The whole body enters the model's context every time the skill is loaded. The Agent Skills spec recommends under 500 lines and 5,000 tokens: " +
    "move reference material into files under `references/` and link to them from the body.",
});

/** Rules reported by the body stage. */
export const BODY_RULES: RuleMeta[] = [
  LINK_MISSING_FILE,
  LINK_OUTSIDE_SKILL,
  LINK_ABSOLUTE,
  REFERENCE_DEPTH,
  PLACEHOLDER_IN_CODE,
  PLACEHOLDER_PRICE,
  SHELL_COMMAND_LINE,
  BODY_TOO_LONG,
];
