// The text of a new skill (`skillc new`) and the name checks shared by `new` and `import`.
import { stringify } from "yaml";

/** The Agent Skills name rule: kebab-case, lowercase letters and digits, at most 64 characters. */
export const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_NAME_LENGTH = 64;
/** Names a `$name` placeholder can take (src/pipeline/template.ts). */
const ARGUMENT_NAME = /^[A-Za-z_][\w-]*$/;

/** Why `name` is not a valid skill name, or undefined when it is. */
export function skillNameProblem(name: string): string | undefined {
  if (name.length === 0) return "a skill name cannot be empty.";
  if (name.length > MAX_NAME_LENGTH) return `"${name}" is ${name.length} characters long; a skill name has at most ${MAX_NAME_LENGTH}.`;
  if (!SKILL_NAME.test(name)) {
    const suggestion = suggestName(name);
    const hint = suggestion && suggestion !== name ? ` Try "${suggestion}".` : "";
    return `"${name}" is not a valid skill name: use lowercase letters, digits and single hyphens (kebab-case, e.g. "review-diff").${hint}`;
  }
  return undefined;
}

/** The kebab-case form of `text` ("Review Diff_v2" → "review-diff-v2"), or "" when nothing is left. */
export function suggestName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_NAME_LENGTH)
    .replace(/-+$/, "");
}

export function argumentProblem(arg: string): string | undefined {
  return ARGUMENT_NAME.test(arg) ? undefined : `"${arg}" is not a valid argument name: start with a letter or "_", then letters, digits, "_" or "-".`;
}

export interface ScaffoldOptions {
  name: string;
  /** @default a sentence telling the author what to write */
  description?: string;
  /** Named arguments, in positional order (`arguments:` and `$name` placeholders). */
  args?: string[];
}

/** SKILL.md for a new skill: valid frontmatter and a body that lints clean under every profile. */
export function scaffoldSkill(opts: ScaffoldOptions): string {
  const args = opts.args ?? [];
  const frontmatter: Record<string, unknown> = {
    name: opts.name,
    description:
      opts.description ??
      `Describe what ${opts.name} does and when an agent should use it; agents read this line to decide whether to load the skill.`,
  };
  if (args.length > 0) {
    frontmatter["argument-hint"] = args.map((a) => `<${a}>`).join(" ");
    frontmatter.arguments = args;
  }
  const yaml = stringify(frontmatter, { lineWidth: 0, defaultStringType: "PLAIN", defaultKeyType: "PLAIN", flowCollectionPadding: false }).trimEnd();
  const title = opts.name
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
  const lines = [
    "---",
    yaml,
    "---",
    "",
    `# ${title}`,
    "",
    "Instructions the agent follows once it loads this skill. Keep them short and concrete:",
    "the description above decides when the skill is used, this body says how.",
    "",
  ];
  if (args.length > 0) {
    lines.push("## Input", "");
    for (const a of args) lines.push(`- ${a}: $${a}`);
    lines.push("");
  }
  lines.push(
    "## Steps",
    "",
    "1. First step.",
    "2. Second step.",
    "",
    "Supporting files (scripts/, references/, assets/) go next to this SKILL.md; link them with",
    "relative paths so that they are bundled and served with the skill.",
    "",
  );
  return lines.join("\n");
}
