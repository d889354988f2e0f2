// ESLint's JSON formatter: `JSON.stringify` of ESLint's LintResult array, one entry per checked file.
// Differences, on purpose: `filePath` is relative and posix (ESLint's is absolute), and `nodeType`
// and `messageId` are left out (skillc has neither).
import type { Diagnostic } from "../types.js";
import type { LintFileResult } from "./format-types.js";
import { escapeJsonHidden } from "../util/hidden-chars.js";

export interface EslintMessage {
  ruleId: string;
  severity: 1 | 2;
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  fix?: { range: [number, number]; text: string };
  suppressions?: Array<{ kind: "directive"; justification: string }>;
}

export interface EslintResult {
  filePath: string;
  messages: EslintMessage[];
  suppressedMessages: EslintMessage[];
  errorCount: number;
  fatalErrorCount: number;
  warningCount: number;
  fixableErrorCount: number;
  fixableWarningCount: number;
  source?: string;
  usedDeprecatedRules: { ruleId: string; replacedBy: string[] }[];
}

function toMessage(d: Diagnostic): EslintMessage {
  const m: EslintMessage = {
    ruleId: d.ruleId,
    severity: d.severity === "error" ? 2 : 1,
    message: d.message,
    line: d.line,
    column: d.column,
  };
  if (d.endLine !== undefined) m.endLine = d.endLine;
  if (d.endColumn !== undefined) m.endColumn = d.endColumn;
  if (d.fix) m.fix = { range: [d.fix.range[0], d.fix.range[1]], text: d.fix.text };
  if (d.suppressions) m.suppressions = d.suppressions.map((s) => ({ kind: s.kind, justification: s.justification }));
  return m;
}

export function toEslintResults(results: LintFileResult[]): EslintResult[] {
  return results.map((r) => {
    const messages = r.diagnostics.map(toMessage);
    const count = (severity: 1 | 2, fixable: boolean) =>
      messages.filter((m) => m.severity === severity && (!fixable || m.fix !== undefined)).length;
    const out: EslintResult = {
      filePath: r.file,
      messages,
      suppressedMessages: (r.suppressed ?? []).map(toMessage),
      errorCount: count(2, false),
      fatalErrorCount: 0,
      warningCount: count(1, false),
      fixableErrorCount: count(2, true),
      fixableWarningCount: count(1, true),
      usedDeprecatedRules: [],
    };
    if (r.source !== undefined) out.source = r.source;
    return out;
  });
}

export function formatJson(results: LintFileResult[]): string {
  // Bidi, zero-width and tag characters as \u escapes: the same JSON, safe on a terminal.
  return `${escapeJsonHidden(JSON.stringify(toEslintResults(results)))}\n`;
}
