import type { CliContext } from "./context.js";
import { EXIT_FAIL, exitCodeFor } from "./context.js";
import { defineCommand } from "./define.js";
import { LIST } from "./specs.js";
import { buildInMemory } from "./in-memory.js";
import { formatBytes } from "./report.js";
import { cut } from "../runtime/catalog.js";
import { escapeJsonHidden, escapeTerminal } from "../util/hidden-chars.js";

export const command = defineCommand(LIST, async (values, positionals, ctx) => {
  const { result, bundle } = await buildInMemory(ctx, { config: values.config, roots: positionals });
  if (!bundle) return EXIT_FAIL;
  const sizes = new Map(result.skills.map((s) => [s.source.file, Buffer.byteLength(s.text) + s.files.reduce((n, f) => n + f.bytes, 0)]));
  const rows = bundle.skills.list().map((s) => ({ name: s.name, scope: s.scope, description: s.description, path: s.path, bytes: sizes.get(s.path) ?? 0 }));
  if (values.json) {
    // The data unchanged; bidi, zero-width and tag characters as \uXXXX (JSON.stringify leaves them raw).
    ctx.stdout.write(escapeJsonHidden(JSON.stringify(rows, null, 2)) + "\n");
  } else {
    ctx.stdout.write(table(rows));
  }
  // The skills that built are listed; any error reported above (a missing root, a YAML error) still fails.
  return exitCodeFor(result.diagnostics);
});

function table(rows: Array<{ name: string; scope: string; description: string; bytes: number }>): string {
  // A table for a person, piped or not: a description's ESC sequences or bidi controls are shown
  // escaped, never sent to the reader's terminal.
  const cells = rows.map((r) => [escapeTerminal(r.name), escapeTerminal(r.scope), escapeTerminal(cut(r.description.replace(/\s+/g, " ").trim(), 60)), formatBytes(r.bytes)]);
  const header = ["NAME", "SCOPE", "DESCRIPTION", "SIZE"];
  // A loop, not Math.max(...cells): one argument a skill overflows the stack at ~125,000 skills.
  const widths = header.map((h) => h.length);
  for (const c of cells) c.forEach((v, i) => (widths[i] = Math.max(widths[i]!, v.length)));
  const line = (c: string[]) => c.map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(header), ...cells.map(line)].join("\n") + "\n";
}
