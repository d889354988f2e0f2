import type { RuleMeta } from "../diagnostics/rule.js";

/** index.js is bigger than `maxBundleBytes`. */
export const BUNDLE_TOO_LARGE: RuleMeta = {
  id: "bundle-too-large",
  severity: "warning",
  description: "The emitted index.js is larger than `maxBundleBytes`.",
  help:
    "Importing a large bundle costs start-up time and memory, and edge platforms cap bundle sizes (a few MB to tens of MB). " +
    "Leave large assets out with `files.exclude`, lower `files.maxBytes`, split the skills into several builds, " +
    "or raise `maxBundleBytes` if the size is expected.",
};

/** Rules reported by the emit stage (src/emit/; registered by src/diagnostics/registry.ts). */
export const EMIT_RULES: RuleMeta[] = [BUNDLE_TOO_LARGE];
