// Inline suppression in the markdown body, as markdownlint and ESLint users write it:
//   <!-- skillc-disable-next-line placeholder-in-code -->   the line after the comment
//   <!-- skillc-disable-line link-absolute -->              the comment's own line
//   <!-- skillc-disable rule-a, rule-b -->  …  <!-- skillc-enable rule-a -->   a range (to the end without enable)
// Rule ids are separated by commas or spaces; none means every rule; ` -- why` adds a justification.
// Only body rules can be suppressed here: the comments sit in the body, after the frontmatter, and a
// skill with a frontmatter error is left out of the build whatever is hidden. Not the two that report
// what Claude Code runs (`!` commands): the skill's author must not be able to hide those from its reader. Comments inside code
// (fenced, indented, inline) are text, not directives. A directive that suppresses nothing, or names
// a rule that does not exist or is not a body rule, is reported.
import type { Diagnostic, ParsedSkill, Range } from "../types.js";
import type { ReportContext, RuleMeta } from "../diagnostics/rule.js";
import { reportInto } from "../diagnostics/reporter.js";
import { RULES } from "../diagnostics/registry.js";
import { BODY_RULES, REVIEW_RULES } from "../rules/body-rules.js";
import { DIRECTIVES as KINDS, INVALID_SUPPRESSION, UNUSED_SUPPRESSION } from "../rules/suppression-rules.js";
import { scanMarkdown, type CodeRegion } from "../markdown/scan.js";
import { LineIndex } from "./frontmatter/locate.js";
import { closest } from "../util/closest.js";

type Kind = (typeof KINDS)[number];
/** Reports at a directive's span (offsets in the text). */
type Report = <P>(rule: RuleMeta<P>, d: { start: number; end: number }, params: P) => void;

/** The rules a comment in the body can suppress: the body's, but those reporting what Claude Code runs (REVIEW_RULES). */
export const SUPPRESSIBLE: ReadonlySet<string> = new Set(BODY_RULES.map((r) => r.id).filter((id) => !REVIEW_RULES.has(id)));

interface Directive {
  kind: Kind;
  /** Valid rule ids, or undefined for "every rule". */
  ids: string[] | undefined;
  justification: string;
  start: number;
  end: number;
  /** Rule ids it suppressed something for ("*" for an all-rules directive). */
  used: Set<string>;
}

/**
 * Applies the body's directives to its body diagnostics: suppressed ones come back marked with
 * `suppressions`; unused and invalid directives add diagnostics. Cheap when there is no directive.
 */
export function applySuppressions(parsed: ParsedSkill, body: Diagnostic[], ctx: ReportContext): Diagnostic[] {
  const from = Math.max(parsed.text.lastIndexOf("\n", parsed.bodyStart - 1) + 1, parsed.bodyOffset);
  // No comment, no directive. "<!--" first: its rare `<` is found at memchr speed, where the common
  // `s` of "skillc-" made that search ~4x slower (it then rules out comments that are no directive).
  if (!parsed.body || parsed.text.indexOf("<!--", from) === -1 || parsed.text.indexOf("skillc-", from) === -1) return body;
  const lines = new LineIndex(parsed.text);
  const problems: Diagnostic[] = [];
  const into = reportInto(problems, ctx);
  const report = <P>(rule: RuleMeta<P>, d: { start: number; end: number }, params: P) => into(rule, rangeOf(lines, d.start, d.end), params);
  const directives = findDirectives(parsed.text, from, scanMarkdown(parsed.text, from).code, report);
  if (directives.length === 0) return [...body, ...problems];
  const out = suppress(body, directives, lines);
  for (const d of directives) {
    if (d.kind === "enable") continue;
    const unused = d.ids === undefined ? (d.used.size === 0 ? ["*"] : []) : d.ids.filter((id) => !d.used.has(id));
    if (unused.length === 0) continue;
    report(UNUSED_SUPPRESSION, d, { directive: d.kind, unused: unused[0] === "*" ? "all" : unused });
  }
  return [...out, ...problems];
}

/** The HTML comments of the body that are directives, in text order, skipping those inside code. */
function findDirectives(text: string, from: number, code: readonly CodeRegion[], report: Report): Directive[] {
  const out: Directive[] = [];
  let k = 0;
  for (let pos = from; ; ) {
    const open = text.indexOf("<!--", pos);
    if (open === -1) break;
    while (k < code.length && code[k]!.end <= open) k++;
    if (k < code.length && code[k]!.start <= open) {
      pos = code[k]!.end; // a comment in code is text
      continue;
    }
    const close = text.indexOf("-->", open + 4);
    if (close === -1) break;
    pos = close + 3;
    const inner = text.slice(open + 4, close);
    const head = /^\s*skillc-([a-z-]*)/.exec(inner);
    if (!head) continue;
    const span = { start: open, end: pos };
    const kind = KINDS.find((x) => x === head[1]);
    if (!kind) {
      report(INVALID_SUPPRESSION, span, { kind: "directive", written: head[1]!, hint: closest(head[1]!, KINDS) });
      continue;
    }
    const [list = "", ...why] = inner.slice(head[0].length).split(/\s--(?:\s|$)/);
    const named = list.split(/[\s,]+/).filter(Boolean);
    const ids = named.filter((id) => checkId(id, span, report));
    // Every id invalid: the directive does nothing (it must not widen to every rule).
    if (named.length > 0 && ids.length === 0) continue;
    out.push({ kind, ids: named.length > 0 ? ids : undefined, justification: why.join(" -- ").trim(), ...span, used: new Set() });
  }
  return out;
}

function checkId(id: string, span: { start: number; end: number }, report: Report): boolean {
  if (SUPPRESSIBLE.has(id)) return true;
  if (REVIEW_RULES.has(id)) {
    report(INVALID_SUPPRESSION, span, { kind: "runs", id });
  } else if (RULES.has(id)) {
    report(INVALID_SUPPRESSION, span, { kind: "not-body-rule", id });
  } else {
    report(INVALID_SUPPRESSION, span, { kind: "unknown-rule", id, hint: closest(id, SUPPRESSIBLE) ?? closest(id, RULES.keys()) });
  }
  return false;
}

/** Marks the diagnostics a directive covers; one sweep over both in text order. */
function suppress(body: Diagnostic[], directives: Directive[], lines: LineIndex): Diagnostic[] {
  const byLine = new Map<number, Directive[]>();
  for (const d of directives) {
    const target = d.kind === "disable-line" ? lines.pos(d.start).line : d.kind === "disable-next-line" ? lines.pos(d.end).line + 1 : 0;
    if (target > 0) byLine.set(target, [...(byLine.get(target) ?? []), d]);
  }
  const ranges = directives.filter((d) => d.kind === "disable" || d.kind === "enable");
  const order = body.map((diag, i) => ({ diag, i, at: lines.offset(diag.line, diag.column) })).sort((a, b) => a.at - b.at || a.i - b.i);
  const out = [...body];
  let allBy: Directive | undefined;
  const byId = new Map<string, Directive>();
  const reenabled = new Set<string>();
  let r = 0;
  for (const { diag, i, at } of order) {
    for (; r < ranges.length && ranges[r]!.start <= at; r++) {
      const d = ranges[r]!;
      if (d.kind === "disable") {
        if (!d.ids) (allBy = d), reenabled.clear();
        else for (const id of d.ids) byId.set(id, d), reenabled.delete(id);
      } else if (!d.ids) {
        (allBy = undefined), byId.clear(), reenabled.clear();
      } else for (const id of d.ids) byId.delete(id), allBy && reenabled.add(id);
    }
    if (!SUPPRESSIBLE.has(diag.ruleId)) continue;
    const onLine = byLine.get(diag.line)?.find((d) => !d.ids || d.ids.includes(diag.ruleId));
    const by = onLine ?? byId.get(diag.ruleId) ?? (allBy && !reenabled.has(diag.ruleId) ? allBy : undefined);
    if (!by) continue;
    by.used.add(by.ids ? diag.ruleId : "*");
    out[i] = { ...diag, suppressions: [{ kind: "directive", justification: by.justification }] };
  }
  return out;
}

function rangeOf(lines: LineIndex, start: number, end: number): Range {
  const a = lines.pos(start);
  const b = lines.pos(end);
  return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
}

/** Splits diagnostics into those that count and those a directive suppressed. */
export function splitSuppressed(diagnostics: readonly Diagnostic[]): { kept: Diagnostic[]; suppressed: Diagnostic[] } {
  const kept: Diagnostic[] = [];
  const suppressed: Diagnostic[] = [];
  for (const d of diagnostics) (d.suppressions ? suppressed : kept).push(d);
  return { kept, suppressed };
}
