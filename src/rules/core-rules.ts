import type { RuleMeta } from "../diagnostics/rule.js";

/** Rules reported by the orchestration itself (reading files, the catalog, the bundle). */
export const CORE_RULES: RuleMeta[] = [
  {
    id: "read-error",
    severity: "error",
    description: "A SKILL.md or supporting file could not be read.",
    help: "The file exists but reading it failed (permissions, a dangling link, an I/O error). Fix the file's permissions or remove it.",
  },
  {
    id: "catalog-shortened",
    severity: "warning",
    description: "The catalog budget forced a skill's description to be shortened.",
    help: "Every skill stays listed, but its description was cut at a word boundary to fit the budget. Raise `catalog.budget` or shorten descriptions (put detail in the body).",
  },
  {
    id: "catalog-dropped",
    severity: "warning",
    description: "The catalog budget could not fit even the skill's name, so the skill was left out of the catalog.",
    help: "The catalog says how many skills are missing and points the model at the search tool. Raise `catalog.budget`, or split skills across agents.",
  },
  {
    id: "bundle-too-large",
    severity: "warning",
    description: "index.js is larger than `maxBundleBytes`.",
    help: "Edge platforms cap bundle sizes (a few MB to tens of MB). Leave large assets out with `files.exclude`, or split skills across bundles; raise `maxBundleBytes` if your platform allows it.",
  },
];
