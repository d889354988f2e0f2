import type { AnyRule } from "./rule.js";
import { PARSE_RULES } from "../rules/parse-rules.js";
import { FRONTMATTER_RULES } from "../rules/frontmatter-rules.js";
import { BODY_RULES } from "../rules/body-rules.js";
import { DISCOVERY_RULES } from "../rules/discovery-rules.js";
import { BUILD_RULES } from "../rules/build-rules.js";
import { CATALOG_RULES } from "../rules/catalog-rules.js";
import { EMIT_RULES } from "../rules/emit-rules.js";
import { TOOLSET_RULES } from "../rules/toolset-rules.js";
import { SUPPRESSION_RULES } from "../rules/suppression-rules.js";
import { TOOLSET_SANDBOX_RULES } from "../rules/toolset-sandbox-rules.js";
import { SKILL_FILE_RULES } from "../rules/skill-file-rules.js";
import { TEXT_RULES } from "../rules/text-rules.js";
import { CONFIG_RULES } from "../rules/config-rules.js";
import { PORTABILITY_RULES } from "../rules/portability-rules.js";
import { DIALECT_RULES } from "../rules/dialect-rules.js";

/** Every rule skillc knows, by id. */
export const RULES: ReadonlyMap<string, AnyRule> = new Map(
  [...CATALOG_RULES, ...PARSE_RULES, ...FRONTMATTER_RULES, ...BODY_RULES, ...DISCOVERY_RULES, ...BUILD_RULES, ...EMIT_RULES, ...TOOLSET_RULES, ...TOOLSET_SANDBOX_RULES, ...SKILL_FILE_RULES, ...TEXT_RULES, ...SUPPRESSION_RULES, ...CONFIG_RULES, ...PORTABILITY_RULES, ...DIALECT_RULES].map((r) => [r.id, r]),
);

export function getRule(id: string): AnyRule {
  const rule = RULES.get(id);
  if (!rule) throw new Error(`unknown rule id "${id}"`);
  return rule;
}
