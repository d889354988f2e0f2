import { thousands } from "../diagnostics/thousands.js";
import { defineRule as rule, type AnyRule } from "../diagnostics/rule.js";

/** A link as written in the body. */
type Link = { written: string };
/** A placeholder found: its text and the argument it stands for (0-based index, a declared name, or the whole string). */
type Placeholder = { text: string; arg: number | string | undefined };
/** A near match for a missing link target. */
export type NearPath = { kind: "trailing"; path: string; tail: string } | { kind: "case"; path: string } | { kind: "name"; path: string };

export const LINK_MISSING_FILE = rule<Link & { path: string; leftOut?: { at: string; code: string }; near?: NearPath }>({
  id: "link-missing-file",
  severity: "error",
  description: "A relative link or image in the body points at a file that is not in the skill's bundle (missing, or on disk but left out).",
  help:
    "Links are resolved against the skill folder (not the working directory), after dropping `#fragment` and `?query` and percent-decoding. " +
    "A missing target means the model is told to read a file that the bundle does not contain. Fix the path (the message suggests a near match: other case, a stray trailing period), " +
    "or add the file. A sentence's period after `)` is not part of the link; `[x](references/a.md.)` is. " +
    "When the file is on disk but not in the bundle, the message says why and how to bring it in: a `files.exclude` pattern (named) or no `files.include` pattern, over `files.maxBytes` (size and limit), a never-bundled name (`node_modules`, `.git`, OS junk), " +
    "or inside a nested skill's folder — a nested skill's files are its own, so name that skill instead of linking into it (the model reaches it with `load_skill` / `read_skill_file`), move the file out, or rename the nested SKILL.md if the folder is not meant to be a skill.",
  message: ({ written, path, leftOut, near }) =>
    leftOut ? leftOutMessage(written, path, leftOut) : `\`${written}\` does not exist in the skill folder${nearText(near)}; fix the path or add the file.`,
});

export const LINK_OUTSIDE_SKILL = rule<Link>({
  id: "link-outside-skill",
  severity: "warning",
  description: "A relative link in the body leaves the skill folder (`../`).",
  help:
    "A skill is served as one folder: files outside it are not bundled, and the runtime refuses `..` paths. " +
    "Copy the file into the skill (e.g. under `references/`) and link to that copy.",
  message: ({ written }) => `\`${written}\` leaves the skill folder, so the file is not bundled with the skill; copy it into the skill (e.g. \`references/\`) and link to the copy.`,
});

export const LINK_ABSOLUTE = rule<Link>({
  id: "link-absolute",
  severity: "warning",
  description: "A link in the body is an absolute filesystem path (`/…` or `~/…`).",
  help:
    "Absolute paths point into the author's machine: they are not part of the skill and do not exist where the bundle runs. " +
    "Use a path relative to the skill folder (`references/api.md`), or a full URL for web pages.",
  message: ({ written }) => `\`${written}\` is an absolute path: it is not part of the skill and will not exist where the skill runs; link to a file inside the skill folder with a relative path.`,
});

export const REFERENCE_DEPTH = rule<Link & { path: string }>({
  id: "reference-depth",
  severity: "warning",
  description: "A link in the body points at a file more than one level below the skill folder.",
  help:
    "The Agent Skills spec advises keeping file references one level deep (`references/api.md`, not `references/v2/api.md`) " +
    "so that agents find them without walking chains of folders. Flatten the folder or link to an index file one level deep. Images are not checked.",
  message: ({ written, path }) =>
    `\`${written}\` is ${path.split("/").length - 1} folders deep; keep references one level below the skill folder (e.g. \`references/${path.slice(path.lastIndexOf("/") + 1)}\`) so agents find them.`,
});

export const PLACEHOLDER_IN_CODE = rule<Placeholder>({
  id: "placeholder-in-code",
  severity: "warning",
  description: "An argument placeholder (`$ARGUMENTS`, `$ARGUMENTS[N]`, `$N`, a declared `$name`) sits inside code in a skill that takes arguments.",
  help:
    "Claude Code substitutes arguments in the whole body, code blocks included, and skillc does the same so that skills render identically: " +
    "`awk '{print $1}'` becomes `awk '{print <second argument>}'`. If the placeholder is meant literally, escape it as `\\$1`; if the substitution is intended, set this rule to \"off\". " +
    "A skill takes arguments when it declares `arguments` or `argument-hint`, or uses `$ARGUMENTS`/`$N` outside code.",
  message: ({ text, arg }) =>
    `\`${text}\` inside code will be replaced by ${argument(arg)} when the skill is loaded with arguments (Claude Code substitutes inside code too); escape it as \`\\${text}\` if it is meant literally.`,
});

export const PLACEHOLDER_PRICE = rule<Placeholder & { tail: string }>({
  id: "placeholder-price",
  severity: "warning",
  description: "A price such as `$1.00` in a skill that takes arguments is an argument placeholder followed by `.00`.",
  help:
    "`$N` matches as long as no letter, digit or `_` follows, so `$1.00` becomes the second argument followed by `.00` and `$5,000` the sixth followed by `,000`. " +
    "Write `\\$1.00` to keep the price.",
  message: ({ text, arg, tail }) =>
    `\`${text}${tail}\` reads as a price, but \`${text}\` is a placeholder: with arguments it becomes ${argument(arg)} followed by \`${tail}\`; write \`\\${text}${tail}\` to keep it.`,
});

export const SHELL_COMMAND_LINE = rule<{ command: string }>({
  id: "shell-command-line",
  severity: "warning",
  description: "The body contains `` !`command` ``, which Claude Code runs in a shell before the model sees the body.",
  help:
    "Claude Code replaces `` !`command` `` with the command's output, even inside code blocks and inline code. The skillc runtime never runs commands " +
    "(serverless and edge runtimes cannot), so the model sees the raw text instead. Describe the command for the model to run with its own tools, " +
    "or ship it as a script under `scripts/`. To show the syntax in documentation, break the pattern (e.g. put a space after `!`).",
  message: ({ command }) =>
    `\`!\`${command.length > 60 ? `${command.slice(0, 57)}...` : command}\`\` is run by Claude Code in a shell before the model sees the body (even inside code), but the skillc runtime never runs commands, so the model gets the command text instead of its output; describe the command for the model to run, or ship it under \`scripts/\`.`,
});

export const ARGUMENT_IN_COMMAND = rule<Placeholder & { bang: boolean }>({
  id: "argument-in-command",
  severity: "warning",
  description: "An argument placeholder sits inside a `` !`command` `` (or right after its `!`): Claude Code substitutes arguments before it runs the command in a shell, unescaped.",
  help:
    "Claude Code replaces `$ARGUMENTS`, `$N` and declared `$name` placeholders before it runs each `` !`command` `` (anthropics/claude-code#16163), and does not quote them: " +
    "an argument holding `; rm -rf ~` or `` `curl …` `` runs as shell code. Arguments come from whoever invokes the skill, a model included (steered by any text it has read). " +
    "`!$ARGUMENTS` is the same: an argument that starts with a backtick makes the line a command. Keep arguments out of commands (let the model run the command with its own tools, " +
    "where it asks for permission), or escape the placeholder (`\\$1`) if it is the shell's own.",
  message: ({ text, arg, bang }) =>
    bang
      ? `\`!${text}\` becomes a shell command Claude Code runs when ${argument(arg)} starts with a backtick; keep arguments out of \`!\` commands.`
      : `\`${text}\` puts ${argument(arg)} into a shell command Claude Code runs unescaped: an argument (a model's too) can run any command; keep arguments out of \`!\` commands, or escape it as \`\\${text}\` if it is the shell's.`,
});

export const BODY_TOO_LONG = rule<{ kind: "lines" | "tokens"; count: number; max: number }>({
  id: "body-too-long",
  severity: "warning",
  description: "The body is over 500 lines or about 5,000 tokens (characters / 4).",
  help:
    "The whole body enters the model's context every time the skill is loaded. The Agent Skills spec recommends under 500 lines and 5,000 tokens: " +
    "move reference material into files under `references/` and link to them from the body.",
  message: ({ kind, count, max }) =>
    kind === "lines"
      ? `The body is ${count} lines long, over the ${max} lines recommended: all of it enters the model's context whenever the skill loads; move reference material into files under \`references/\` and link to them.`
      : `The body is about ${n(count)} tokens (characters / 4), over the ~${n(max)} recommended; it passes the limit here. Move reference material into files under \`references/\` and link to them.`,
});

/** Rules reported by the body stage. */
export const BODY_RULES: AnyRule[] = [
  LINK_MISSING_FILE,
  LINK_OUTSIDE_SKILL,
  LINK_ABSOLUTE,
  REFERENCE_DEPTH,
  PLACEHOLDER_IN_CODE,
  PLACEHOLDER_PRICE,
  SHELL_COMMAND_LINE,
  ARGUMENT_IN_COMMAND,
  BODY_TOO_LONG,
];

/**
 * Body rules that tell a reviewer what Claude Code will run (`` !`cmd` ``, arguments inside one):
 * the skill's own text cannot suppress them (suppress.ts), or a pull request or a downloaded
 * archive could hide its command behind a comment; the config, the project's own, still can.
 */
export const REVIEW_RULES: ReadonlySet<string> = new Set([SHELL_COMMAND_LINE.id, ARGUMENT_IN_COMMAND.id]);

function nearText(near: NearPath | undefined): string {
  if (!near) return "";
  if (near.kind === "trailing") return ` (did you mean \`${near.path}\`? the trailing \`${near.tail}\` is inside the link)`;
  if (near.kind === "case") return ` (did you mean \`${near.path}\`? paths are case-sensitive)`;
  return ` (did you mean \`${near.path}\`?)`;
}

/** What a placeholder becomes: "argument 1 (0-based: the second)", "the `x` argument", "the whole argument string". */
function argument(arg: number | string | undefined): string {
  return typeof arg === "number" ? `argument ${arg} (0-based: the ${ordinal(arg + 1)})` : arg ? `the \`${arg}\` argument` : "the whole argument string";
}

function ordinal(n: number): string {
  const words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
  if (words[n - 1]) return words[n - 1]!;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
}

// Not `toLocaleString`, which builds a formatter per call (~70 µs; thousands of messages at 10,000
// skills), nor an Intl formatter made when the module loads (diagnostics/thousands.ts).
const n = thousands;

/**
 * The link-missing-file message for a link written as `written` to a path that is on the left-out
 * list (src/pipeline/left-out.ts): why the file is not in this skill's bundle, and how to bring it
 * in (or what to do instead).
 */
function leftOutMessage(written: string, p: string, reason: { at: string; code: string }): string {
  const head = `\`${written}\` is not in this skill's bundle`;
  const [kind, ...rest] = reason.code.split(":");
  const detail = rest.join(":");
  switch (kind) {
    case "nested": {
      const slash = detail.indexOf("/");
      const file = `${reason.at}/${detail.slice(0, slash)}`, name = detail.slice(slash + 1);
      const inner = p.slice(reason.at.length + 1).replace(/\/+$/, "");
      const use = inner && inner !== detail.slice(0, slash) ? `read_skill_file("${name}", "${inner}")` : `load_skill("${name}")`;
      return `${head}: it is inside \`${reason.at}/\`, the folder of the nested skill "${name}" (\`${file}\`), and a nested skill's files belong to that skill alone. Name the skill "${name}" in the text instead of linking into its folder (the model reaches it with ${use}), move the file out of \`${reason.at}/\` into this skill, or rename \`${file}\` if \`${reason.at}/\` is not meant to be a skill.`;
    }
    case "exclude":
      return `${head}: the \`files.exclude\` pattern \`${detail}\` leaves ${reason.at === written.replace(/\/+$/, "") ? "it" : `\`${reason.at}/\``} out. Narrow or remove that pattern in the config to bundle it, or drop the link.`;
    case "include":
      return `${head}: it matches none of the \`files.include\` patterns. Add a pattern that covers it to \`files.include\` in the config, or drop the link.`;
    case "always":
      return `${head}: skillc never bundles \`${reason.at.slice(reason.at.lastIndexOf("/") + 1)}\` (.git, node_modules and OS junk files are always left out). Copy the file to a folder or name of its own in the skill and link to the copy.`;
    case "size":
      return `${head}: it is ${n(Number(rest[0]))} bytes, over \`files.maxBytes\` (${n(Number(rest[1]))}). Raise \`files.maxBytes\` in the config to bundle it, make the file smaller, or drop the link.`;
    case "special":
      return `${head}: it is a FIFO, socket or device, which cannot be bundled. Replace it with a regular file.`;
    case "unservable":
      return `${head}: its path holds a backslash, a %-escape or a drive letter, or is over 1,024 characters, which the runtime refuses, so it could never be read. Rename the file (or shorten its folders) and the link.`;
    case "escape":
      return `${head}: it is a symbolic link to a place outside the skill folder, which skillc never reads. Copy the target into the skill folder instead of linking to it.`;
    default:
      return `${head}: it could not be read (${detail || "unknown error"}), e.g. a broken symbolic link. Fix the file or the link, or drop the link.`;
  }
}

