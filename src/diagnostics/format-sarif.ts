// SARIF 2.1.0 (OASIS), the log GitHub code scanning uploads: one run, the rules that appear (sorted
// by id), one result per diagnostic. Locations are relative URIs against %SRCROOT%, whose absolute
// value is left out on purpose (no absolute path in any output; GitHub resolves against the checkout).
import type { Diagnostic } from "../types.js";
import type { FormatOptions, LintFileResult } from "./format-types.js";
import { escapeJsonHidden } from "../util/hidden-chars.js";

export const SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";
export const SKILLC_INFORMATION_URI = "https://www.npmjs.com/package/skillc";
const SRCROOT = "%SRCROOT%";

type Level = "error" | "warning" | "none";

/** A relative posix path as a URI reference: each segment percent-encoded, `/` kept. */
export function pathToUri(file: string): string {
  return file.split("/").map(encodeURIComponent).join("/");
}

function ruleDescriptor(id: string, opts: Pick<FormatOptions, "rules">): Record<string, unknown> {
  const meta = opts.rules.get(id);
  if (!meta) return { id };
  const level: Level = meta.severity === "off" ? "none" : meta.severity;
  return {
    id,
    shortDescription: { text: meta.description },
    fullDescription: { text: meta.help },
    help: { text: meta.help },
    defaultConfiguration: { level },
    properties: { fixable: meta.fixable === true },
  };
}

/**
 * SARIF reads `[text](target)` in a plain-text message as an embedded link (§3.11.6), and a message
 * quotes skill text (a link target, a frontmatter value); a backslash before each bracket makes it
 * literal, so no skill can put a link in a code-scanning alert.
 */
export function sarifMessageText(message: string): string {
  return message.replace(/[[\]]/g, "\\$&");
}

function result(file: string, d: Diagnostic, ruleIndex: number): Record<string, unknown> {
  const region: Record<string, number> = { startLine: d.line, startColumn: d.column };
  if (d.endLine !== undefined) region.endLine = d.endLine;
  if (d.endColumn !== undefined) region.endColumn = d.endColumn;
  return {
    ruleId: d.ruleId,
    ruleIndex,
    level: d.severity,
    message: { text: sarifMessageText(d.message) },
    locations: [{ physicalLocation: { artifactLocation: { uri: pathToUri(file), uriBaseId: SRCROOT }, region } }],
  };
}

export function sarifLog(results: LintFileResult[], opts: Pick<FormatOptions, "rules" | "version">): Record<string, unknown> {
  const ids = [...new Set(results.flatMap((r) => r.diagnostics.map((d) => d.ruleId)))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  return {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "skillc",
            version: opts.version,
            informationUri: SKILLC_INFORMATION_URI,
            rules: ids.map((id) => ruleDescriptor(id, opts)),
          },
        },
        originalUriBaseIds: {
          [SRCROOT]: { description: { text: "The directory skillc was run in; every artifact URI is relative to it." } },
        },
        columnKind: "utf16CodeUnits",
        results: results.flatMap((r) => r.diagnostics.map((d) => result(r.file, d, index.get(d.ruleId)!))),
      },
    ],
  };
}

export function formatSarif(results: LintFileResult[], opts: Pick<FormatOptions, "rules" | "version">): string {
  return `${escapeJsonHidden(JSON.stringify(sarifLog(results, opts), null, 2))}\n`;
}
