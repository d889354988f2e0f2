import type { RuleMeta } from "../diagnostics/rule.js";

/** Two skills share one name inside one source root (src/pipeline/resolve.ts). */
export const DUPLICATE_NAME: RuleMeta = {
  id: "duplicate-name",
  severity: "error",
  description: "Two skills in one source root have the same name.",
  help:
    "A name must identify one skill within a root, or lookups would pick one silently. Rename one of them: " +
    "change its frontmatter `name`, or its folder when it has no `name`. The message lists every file involved.",
};

/** Names in one root that differ only by letter case or Unicode normalization (NFC/NFD). */
export const NAME_CLASH_NORMALIZATION: RuleMeta = {
  id: "name-clash-normalization",
  severity: "error",
  description: "Two skills in one source root have names that differ only by letter case or Unicode normalization.",
  help:
    "`Review` and `review`, or an `é` written precomposed (NFC) and decomposed (NFD), look like one name to people and " +
    "to case-insensitive file systems. Inside one root this is an error; rename one skill. Across roots such names " +
    "are treated as the same name and settled by the `collisions` policy.",
};

/** `collisions: "override"`: a later root's skill shadows same-named skills of earlier roots. */
export const COLLISION_OVERRIDE: RuleMeta = {
  id: "collision-override",
  severity: "warning",
  description: "A skill overrides same-named skills from lower-precedence source roots.",
  help:
    "With `collisions: \"override\"` the skill from the later entry of `sources` wins and the others are left out " +
    "of the bundle. Rename one of them if both should be available, set `collisions: \"keep\"` to keep all of them " +
    "(lookup by name then fails as ambiguous; lookup by path works), or turn this rule off if the override is intended.",
};

/** `collisions: "error"`: same-named skills across roots are an error and all of them are left out. */
export const COLLISION_ERROR: RuleMeta = {
  id: "collision-error",
  severity: "error",
  description: "Skills in different source roots have the same name while `collisions` is \"error\".",
  help:
    "Every skill involved is left out of the bundle. Rename all but one, or choose `collisions: \"override\"` " +
    "(the later source wins) or `\"keep\"` (all kept; lookup by name is ambiguous).",
};

/** Rules reported by the build stage. */
export const BUILD_RULES: RuleMeta[] = [DUPLICATE_NAME, NAME_CLASH_NORMALIZATION, COLLISION_OVERRIDE, COLLISION_ERROR];
