// Writes the README's rules table from the rule registry (src/diagnostics/registry.ts), between the
// `<!-- rules:start -->` and `<!-- rules:end -->` markers, so the table can never drift from the code.
//
//   node scripts/rules-doc.mjs           rewrite README.md (only when the table changed)
//   node scripts/rules-doc.mjs --check   exit 1 when README.md is out of date, 0 when it is current
//   node scripts/rules-doc.mjs --print   print the table to stdout
//
// The registry is TypeScript, so it is bundled with esbuild (a dependency already) and imported from
// a data: URL; no dist/ build is needed.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { replaceBlock, runBlockScript } from "./readme-block.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const START = "<!-- rules:start -->";
export const END = "<!-- rules:end -->";
const PROFILES = ["skillc", "agentskills", "claude-code", "codex"];

/** The registered rules, in registry order. */
export async function loadRules() {
  const result = await build({
    entryPoints: [`${ROOT}src/diagnostics/registry.ts`],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text;
  const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
  return [...mod.RULES.values()];
}

// A table cell: one line, pipes escaped (GitHub honours `\|` inside code spans in tables too).
const cell = (text) => String(text).replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");

function severities(rule) {
  const others = PROFILES.slice(1)
    .filter((p) => rule.profiles?.[p] !== undefined && rule.profiles[p] !== rule.severity)
    .map((p) => `${p}: ${rule.profiles[p]}`);
  return [`**${rule.severity}**`, ...others].join("<br>");
}

/** The generated markdown (without the markers). */
export function rulesTable(rules) {
  const rows = rules.map(
    (r) =>
      `| <a id="rule-${r.id}"></a>\`${r.id}\`${r.fixable ? " 🔧" : ""} | ${severities(r)} | ${cell(r.description)} | ${cell(r.help)} |`,
  );
  return [
    `${rules.length} rules. Severity: the \`skillc\` profile's default in bold, then the profiles that differ. 🔧: \`skillc lint --fix\` can rewrite it.`,
    "Change any of them with `rules` in the config or `--rule id=off|warn|error`.",
    "",
    "| rule | severity | what it checks | why, and how to fix it |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** README text with the table between the markers replaced; throws when a marker is missing. */
export function replaceTable(readme, table) {
  return replaceBlock(readme, table, START, END, "rules table");
}

runBlockScript(import.meta.url, { name: "rules-doc", what: "rules table", make: async () => rulesTable(await loadRules()), replace: replaceTable });
