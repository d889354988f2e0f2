import { defineRule, type AnyRule } from "../diagnostics/rule.js";

const quote = (s: string) => JSON.stringify(s);
/** How many items of a list a message names; the rest are counted. */
const LISTED_MAX = 5;
/**
 * The first items, then how many more: every skill of a clash is reported, so a message naming all
 * the others made the output quadratic (4,000 same-named skills in a root: 184 MB of lint output).
 */
const listed = (items: readonly string[], show: (s: string) => string = (s) => s) =>
  items.length <= LISTED_MAX ? items.map(show).join(", ") : `${items.slice(0, LISTED_MAX).map(show).join(", ")} and ${items.length - LISTED_MAX} more`;
/** " (the names "A", "a" differ only by …)" when the skills of a collision spell the name differently. */
const spelledText = (spelled: string[] | undefined) =>
  spelled && spelled.length > 1 ? ` (the names ${listed(spelled, quote)} differ only by letter case or Unicode normalization)` : "";

/** A clash: the skill's name, and the other files that use it. */
type Clash = { name: string; others: string[] };

/** Two skills share one name inside one source root (src/pipeline/resolve.ts). */
export const DUPLICATE_NAME = defineRule<Clash & { root: string }>({
  id: "duplicate-name",
  severity: "error",
  description: "Two skills in one source root have the same name.",
  help:
    "A name must identify one skill within a root, or lookups would pick one silently. Rename one of them: " +
    "change its frontmatter `name`, or its folder when it has no `name`. The message names the other files involved (the first five, and how many more).",
  message: ({ name, others, root }) =>
    `The name ${quote(name)} is also used by ${listed(others)} in source root ${quote(root)}. Names must be unique within a root: rename one skill (its frontmatter \`name\`, or its folder when it has none).`,
});

/** Names in one root that differ only by letter case or Unicode normalization (NFC/NFD). */
export const NAME_CLASH_NORMALIZATION = defineRule<Clash & { root: string; names: string[] }>({
  id: "name-clash-normalization",
  severity: "error",
  description: "Two skills in one source root have names that differ only by letter case or Unicode normalization.",
  help:
    "`Review` and `review`, or an `é` written precomposed (NFC) and decomposed (NFD), look like one name to people and " +
    "to case-insensitive file systems. Inside one root this is an error; rename one skill. Across roots such names " +
    "are treated as the same name and settled by the `collisions` policy.",
  message: ({ name, others, root, names }) =>
    `The name ${quote(name)} clashes with ${listed(others)} in source root ${quote(root)}: the names ${listed(names, quote)} differ only by letter case or Unicode normalization. Rename one skill so the names are distinct.`,
});

/** `collisions: "override"`: a later root's skill shadows same-named skills of earlier roots. */
export const COLLISION_OVERRIDE = defineRule<{ name: string; file: string; scope: string; shadowed: string[]; spelled?: string[] }>({
  id: "collision-override",
  severity: "warning",
  description: "A skill overrides same-named skills from lower-precedence source roots.",
  help:
    "With `collisions: \"override\"` the skill from the later entry of `sources` wins and the others are left out " +
    "of the bundle. Rename one of them if both should be available, set `collisions: \"keep\"` to keep all of them " +
    "(lookup by name then fails as ambiguous; lookup by path works), or turn this rule off if the override is intended.",
  message: ({ name, file, scope, shadowed, spelled }) =>
    `The skill ${quote(name)} at ${file} (scope ${quote(scope)}) overrides the same-named skills of lower-precedence roots${spelledText(spelled)}, which are left out of the bundle: ${listed(shadowed)}. Rename one if both should be available, or set \`collisions: "keep"\`.`,
});

/** `collisions: "error"`: same-named skills across roots are an error and all of them are left out. */
export const COLLISION_ERROR = defineRule<Clash & { spelled?: string[] }>({
  id: "collision-error",
  severity: "error",
  description: "Skills in different source roots have the same name while `collisions` is \"error\".",
  help:
    "Every skill involved is left out of the bundle. Rename all but one, or choose `collisions: \"override\"` " +
    "(the later source wins) or `\"keep\"` (all kept; lookup by name is ambiguous).",
  message: ({ name, others, spelled }) =>
    `The name ${quote(name)} is also used by ${listed(others)} in another source root${spelledText(spelled)}, and \`collisions\` is "error": all of them are left out. Rename all but one, or set \`collisions\` to "override" or "keep".`,
});

/** Rules reported by the build stage. */
/** A `permissions` entry of the config that names no skill of the build (project/permission-checks.ts). */
export const PERMISSION_UNMATCHED = defineRule<{ list: "allow" | "deny"; entry: string; suggest?: string }>({
  id: "permission-unmatched",
  severity: "warning",
  description: "A `permissions.allow` or `permissions.deny` entry of the config matches no skill of the build.",
  help:
    "Entries are compared with skill names exactly (`*` matches anything), and names are lowercase: `deny: [\"Deploy\"]` denies nothing. " +
    "Fix the entry (the message suggests the nearest name), or remove it; an entry meant for skills of another build can stay, with this rule turned off.",
  message: ({ list, entry, suggest }) =>
    `permissions.${list} entry ${quote(entry)} matches no skill of this build${suggest ? `; did you mean ${quote(suggest)}? (names are compared exactly)` : ""}. Fix the entry or remove it.`,
});

export const BUILD_RULES: AnyRule[] = [DUPLICATE_NAME, NAME_CLASH_NORMALIZATION, COLLISION_OVERRIDE, COLLISION_ERROR, PERMISSION_UNMATCHED];
