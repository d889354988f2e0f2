import { thousands } from "../diagnostics/thousands.js";
import { defineRule, type AnyRule } from "../diagnostics/rule.js";

/** The catalog budget, as the messages name it. */
type Budget = { chars: number; format: string };
// Not `toLocaleString`, which builds a formatter per call (~70 µs), and a budget that drops 9,000
// skills formats 9,000 messages; nor an Intl formatter made when the module loads (diagnostics/thousands.ts).
const budget = ({ chars, format }: Budget) => `the catalog budget (${thousands(chars)} characters, ${format})`;

/** Rules reported when the catalog is rendered within its budget. */
export const CATALOG_RULES: AnyRule[] = [
  defineRule<Budget>({
    id: "catalog-shortened",
    severity: "warning",
    description: "The catalog budget forced a skill's description to be shortened.",
    help: "Every skill stays listed, but its description was cut at a word boundary to fit the budget (ending in `…`; one cut to nothing is `…` alone). Raise `catalog.budget` or shorten descriptions (put detail in the body). One budget is the cause for every skill it shortens, so people's formats print it once with a count; json and sarif list each skill.",
    shared: true,
    message: (b) => `The description was shortened to fit ${budget(b)}; raise \`catalog.budget\` or shorten the description (put detail in the body).`,
  }),
  defineRule<Budget>({
    id: "catalog-dropped",
    severity: "warning",
    description: "The catalog budget could not fit even the skill's name, so the skill was left out of the catalog.",
    help: "The catalog says how many skills are missing and points the model at the search tool. Raise `catalog.budget`, or split skills across agents. Printed once with a count, like `catalog-shortened`.",
    shared: true,
    message: (b) => `The skill was left out of the catalog: the names alone exceed ${budget(b)}, and the catalog points the model at search_skills. Raise \`catalog.budget\`.`,
  }),
];
