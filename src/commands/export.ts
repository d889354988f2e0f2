// `skillc export --client <name> --out <dir>`: the work is src/export/; this prints what it did.
import { CLIENTS, type Client } from "../types.js";
import { UsageError, exitCodeFor, useColor } from "./context.js";
import { defineCommand } from "./define.js";
import { EXPORT } from "./specs.js";
import { loadConfig } from "../config/load.js";
import { exportSkills } from "../export/index.js";
import { groupByFile } from "../project/lint.js";
import { formatResults } from "../diagnostics/format.js";
import { RULES } from "../diagnostics/registry.js";
import { skillcVersion } from "../util/version.js";
import { escapeTerminal } from "../util/hidden-chars.js";

export const command = defineCommand(EXPORT, async (values, _positionals, ctx) => {
  const client = values.client as Client | undefined;
  if (!client || !CLIENTS.includes(client)) throw new UsageError(`--client must be one of ${CLIENTS.join(", ")}${client ? `; got "${client}"` : ""}.`);
  if (!values.out) throw new UsageError("--out <dir> is required: where to write the skill folders.");
  const { config } = await loadConfig(ctx.cwd, values.config);
  const result = await exportSkills({ cwd: ctx.cwd, config, client, out: values.out });
  const files = [...new Set(result.diagnostics.map((d) => d.file))];
  const output = formatResults("stylish", groupByFile(files, result.diagnostics), { color: useColor(ctx), cwd: ctx.cwd, version: skillcVersion(), rules: RULES });
  if (output) ctx.stderr.write(output.endsWith("\n") ? output : output + "\n");
  for (const e of result.exported) {
    // The dropped names are the skill's own frontmatter keys: escaped, as the formatters escape them.
    ctx.stdout.write(`${escapeTerminal(e.dir)}${e.dropped.length ? `  (left out for ${client}: ${escapeTerminal(e.dropped.join(", "))})` : ""}\n`);
  }
  const n = result.denied.length;
  const denied = n > 0 ? `; left out ${n} skill${n === 1 ? "" : "s"} the config's permissions deny` : "";
  const w = result.withheld.length;
  const withheld = w > 0 ? `; left out ${w} skill${w === 1 ? "" : "s"} whose restriction ${client} cannot hold (export-withheld)` : "";
  const r = result.removed.length;
  // The names come from the marker in --out (a checkout's file): escaped.
  const removed = r > 0 ? `; removed ${r} folder${r === 1 ? "" : "s"} an earlier export wrote and this one does not (${escapeTerminal(result.removed.join(", "))})` : "";
  const k = result.kept.length;
  const kept = k > 0 ? `; kept ${k} folder${k === 1 ? "" : "s"} an earlier export wrote that changed since (${escapeTerminal(result.kept.join(", "))}): remove ${k === 1 ? "it" : "them"} by hand if no longer wanted` : "";
  ctx.stderr.write(`exported ${result.exported.length} skill${result.exported.length === 1 ? "" : "s"} for ${client} to ${values.out}${denied}${withheld}${removed}${kept}\n`);
  return exitCodeFor(result.diagnostics);
});
