import { defineRule, type AnyRule } from "../diagnostics/rule.js";

/** index.js is bigger than `maxBundleBytes`. */
export const BUNDLE_TOO_LARGE = defineRule<{ bytes: number; limit: number }>({
  id: "bundle-too-large",
  severity: "warning",
  description: "The emitted index.js is larger than `maxBundleBytes`.",
  help:
    "Importing a large bundle costs start-up time and memory, and edge platforms cap bundle sizes (a few MB to tens of MB). " +
    "Set `output: \"split\"` (or `\"auto\"`) so index.js keeps only the runtime and imports of the metadata shards, and each skill loads from its own chunk, " +
    "leave large assets out with `files.exclude`, lower `files.maxBytes`, split the skills into several builds, " +
    "or raise `maxBundleBytes` if the size is expected.",
  message: ({ bytes, limit }) =>
    `index.js is ${bytes} bytes, over maxBundleBytes (${limit}): importing it costs start-up time and memory, and edge platforms cap bundle sizes. ` +
    `Set output: "split" in the config (each skill in its own chunk, loaded when used), exclude large files (files.exclude, files.maxBytes), or raise maxBundleBytes.`,
});

/** Rules reported by the emit stage (registered by src/diagnostics/registry.ts). */
export const EMIT_RULES: AnyRule[] = [BUNDLE_TOO_LARGE];
