// What the frontmatter checks share: a report function bound to the file, and node lookups by pointer.
import type { Diagnostic, Fix, ParsedSkill, Range, SkillSource } from "../../types.js";
import type { ReportContext, RuleMeta } from "../../diagnostics/rule.js";
import { reportInto } from "../../diagnostics/reporter.js";
import { LineIndex } from "./locate.js";

export interface FmContext {
  parsed: ParsedSkill;
  frontmatter: Record<string, unknown>;
  ctx: ReportContext;
  diagnostics: Diagnostic[];
}

export function report<P>(c: FmContext, rule: RuleMeta<P>, range: Range, params: P, fix?: Fix): void {
  reportInto(c.diagnostics, c.ctx)(rule, range, params, fix);
}

/** The opening `---` line: where findings about absent fields point. */
export function openingFence(): Range {
  return { line: 1, column: 1, endLine: 1, endColumn: 4 };
}

/** Range of the node at `pointer` (its key or value), or of its nearest ancestor that has one. */
export function rangeAt(parsed: ParsedSkill, pointer: string, part: "key" | "value" = "value"): Range {
  let p = pointer;
  for (;;) {
    const pos = parsed.positions[p];
    if (pos) return (part === "key" && pos.key) || pos.value;
    if (p === "") return openingFence();
    p = p.slice(0, p.lastIndexOf("/"));
    part = "key";
  }
}

/** The text of a range as written in the SKILL.md (e.g. `1.0` for a number YAML read as 1). */
export function sourceOf(parsed: ParsedSkill, range: Range): string {
  const lines = new LineIndex(parsed.text, parsed.bodyOffset);
  return parsed.text.slice(lines.offset(range.line, range.column), lines.offset(range.endLine, range.endColumn));
}

/** "/triggers/patterns/0" → "triggers.patterns[0]" for messages. */
export function displayPath(pointer: string): string {
  return pointer
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((out, seg) => (/^\d+$/.test(seg) ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg), "");
}

export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** How a value reads in a message: its type, and a short sample. */
export function describeValue(value: unknown): string {
  if (value === null) return "an empty value (null)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a map";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 37) + "…" : value)}`;
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return `the boolean ${value}`;
  return typeof value;
}

/** The folder a skill lives in: the last segment of its path inside the root. */
export function folderName(source: SkillSource): string {
  const pick = (p: string) => p.split("/").filter((s) => s && s !== "." && s !== "..").pop();
  return pick(source.relDir) ?? pick(source.dir) ?? pick(source.absDir.replace(/\\/g, "/")) ?? "";
}

