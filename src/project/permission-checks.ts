// The config's `permissions` against the skills a build emits: an entry that matches none of them is
// reported (`permission-unmatched`). Entries are compared with names exactly and names are lowercase,
// so `deny: ["Deploy"]` silently denied nothing; the message suggests the nearest name.
import path from "node:path";
import type { Diagnostic } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import type { Reporter } from "../diagnostics/reporter.js";
import { PERMISSION_UNMATCHED } from "../rules/build-rules.js";
import { permits } from "../runtime/permissions.js";
import { closest } from "../util/closest.js";
import { toPosix } from "../util/paths.js";

/** `permission-unmatched` for each allow or deny entry that matches no emitted skill's name, at the config file. */
export function checkPermissions(config: ResolvedConfig, names: readonly string[], reporter: Reporter): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { allow = [], deny = [] } = config.permissions ?? {};
  if ((allow.length === 0 && deny.length === 0) || !config.configFile) return out;
  const report = reporter.to(out, toPosix(path.relative(config.root, config.configFile)));
  const unique = [...new Set(names)];
  for (const [list, entries] of [["allow", allow], ["deny", deny]] as const) {
    for (const entry of new Set(entries)) {
      const test = permits([entry], []);
      if (unique.some(test)) continue;
      const suggest = entry.includes("*") ? undefined : closest(entry, unique);
      report(PERMISSION_UNMATCHED, { line: 1, column: 1 }, { list, entry, ...(suggest !== undefined && { suggest }) });
    }
  }
  return out;
}
