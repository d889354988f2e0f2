import type { RuleMeta } from "../diagnostics/rule.js";

/** Rules reported by the orchestration itself (reading files, the catalog, the bundle). */
export const CORE_RULES: RuleMeta[] = [
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
];
