// A validated frontmatter → SkillFields: one normalized shape whatever the profile accepted.
import type { ParsedSkill, SkillFields, Triggers } from "../../types.js";
import { folderName, rangeAt, sourceOf } from "./context.js";

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
/** Every character that ends a line somewhere (a terminal, a markdown renderer, Python's splitlines). */
export const LINE_BREAKS = /[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;
const LINE_BREAKS_G = new RegExp(LINE_BREAKS.source, "g");
/**
 * A field that reaches a one-line slot of a prompt (a catalog entry, a search hit, a header) on one
 * line: each line break with the blanks around it becomes one space. Split and trim: linear.
 */
export function oneLine(s: string): string {
  if (!LINE_BREAKS.test(s)) return s;
  return s.split(LINE_BREAKS_G).map((x) => x.trim()).filter(Boolean).join(" ");
}
const line = (v: unknown): string | undefined => (typeof v === "string" ? oneLine(v) : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
/** Claude Code's boolean forms (2.1.218, anthropics/claude-code CHANGELOG.md): yes/no/on/off/1/0, any case. */
const TRUE_FORMS = new Set(["true", "yes", "on", "1"]);
const FALSE_FORMS = new Set(["false", "no", "off", "0"]);
/** A boolean field as Claude Code reads it; anything else (the schema reports it) is the fallback. */
export function bool(v: unknown, fallback: boolean): boolean {
  if (typeof v === "boolean") return v;
  const text = typeof v === "number" ? String(v) : typeof v === "string" ? v.toLowerCase() : undefined;
  if (text === undefined) return fallback;
  return TRUE_FORMS.has(text) ? true : FALSE_FORMS.has(text) ? false : fallback;
}

/**
 * The strings of a list, trimmed, the empty ones left out: `strings(v).map(trim).filter(Boolean)` in
 * one pass. Those three lists were arrays of different kinds by what the list held (an empty one, a
 * packed one), and V8 compiled buildFields (the costliest function of a lint to compile, ~0.1 s)
 * again when a second kind came.
 */
function trimmedStrings(v: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const x of v) {
    if (typeof x !== "string") continue;
    const t = x.trim();
    if (t !== "") out.push(t);
  }
  return out;
}

/** Splits a tool list on spaces and commas, but not inside parentheses: `Bash(git add:*) Read, Write`. */
export function splitTools(v: unknown): string[] | undefined {
  if (Array.isArray(v)) return trimmedStrings(v);
  if (typeof v !== "string") return undefined;
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of v) {
    if (ch === "(") depth++;
    else if (ch === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "," || /\s/.test(ch))) {
      if (cur) out.push(cur);
      cur = "";
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/** The body's first paragraph (Claude Code's fallback description): the first block of text lines that is not a heading, fence, rule, list, table, quote or HTML. */
export function firstParagraph(body: string): string {
  const lines = body.split("\n");
  let inFence = false;
  let para: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (/^(```|~~~)/.test(t)) {
      inFence = !inFence;
      if (para.length) break;
      continue;
    }
    if (inFence) continue;
    if (t === "") {
      if (para.length) break;
      continue;
    }
    if (para.length === 0 && /^(#|<|---|\*\*\*|___|[-*+] |\d+[.)] |\||>)/.test(t)) continue;
    para.push(t);
  }
  return para.join(" ").replace(/\s+/g, " ").trim();
}

/** After the first non-space character: the first `.`, `!` or `?` followed by a space or the end. */
const SENTENCE_END = /[.!?](?=\s|$)/g;
const FIRST_NON_SPACE = /\S/g;

/**
 * The first sentence of a description (to `.`, `!` or `?` followed by a space), else all of it, with
 * its runs of spaces made one space: `text.replace(/\s+/g, " ").trim()` cut by
 * `/^(.+?[.!?])(?=\s|$)/`. Flattening keeps where a sentence ends (a mark before a space stays one
 * before a space, and the flat text holds no line break for `.` to stop at), so only the sentence is
 * flattened, not the whole description (test/unit/frontmatter/first-sentence.test.ts).
 */
export function firstSentence(text: string): string {
  FIRST_NON_SPACE.lastIndex = 0;
  const first = FIRST_NON_SPACE.exec(text);
  if (!first) return "";
  SENTENCE_END.lastIndex = first.index + 1;
  const end = SENTENCE_END.exec(text);
  const sentence = end ? text.slice(0, end.index + 1) : text;
  // Flattening changes the sentence only where a space is not a lone " " (most descriptions have none).
  return (NOT_FLAT.test(sentence) ? sentence.replace(/\s+/g, " ") : sentence).trim();
}

/** A space that `replace(/\s+/g, " ")` would change: one that is not " ", or two in a row. */
const NOT_FLAT = /[^\S ]|\s\s/;

export function buildFields(parsed: ParsedSkill, fm: Record<string, unknown>): SkillFields {
  const description = oneLine((str(fm.description)?.trim() || firstParagraph(parsed.body)) ?? "");
  const fields: SkillFields = {
    // NFKC, as the spec's reference validator compares names (a-z0-9 names are unchanged by it).
    name: (str(fm.name) ?? folderName(parsed.source)).normalize("NFKC"),
    description,
    arguments: typeof fm.arguments === "string" ? fm.arguments.split(/\s+/).filter(Boolean) : strings(fm.arguments),
    disableModelInvocation: bool(fm["disable-model-invocation"], false),
    userInvocable: bool(fm["user-invocable"], true),
    toolsets: typeof fm.toolsets === "string" ? [fm.toolsets] : strings(fm.toolsets),
    defaultEnabled: bool(fm.default_enabled, true),
    briefDescription: line(fm.brief_description)?.trim() || firstSentence(description),
    scripts: typeof fm.scripts === "string" ? [fm.scripts] : strings(fm.scripts),
  };
  const license = str(fm.license);
  if (license !== undefined) fields.license = license;
  const compatibility = str(fm.compatibility);
  if (compatibility !== undefined) fields.compatibility = compatibility;
  if (fm.metadata && typeof fm.metadata === "object" && !Array.isArray(fm.metadata)) {
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(fm.metadata as Record<string, unknown>)) {
      // A value YAML typed (a number, a boolean) is kept as written: `1.0` stays "1.0".
      const text = typeof v === "string" ? v : v !== null && typeof v === "object" ? JSON.stringify(v) : sourceOf(parsed, rangeAt(parsed, `/metadata/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`)) || String(v);
      Object.defineProperty(metadata, k, { value: text, enumerable: true, writable: true, configurable: true });
    }
    fields.metadata = metadata;
  }
  const allowed = splitTools(fm["allowed-tools"]);
  if (allowed) fields.allowedTools = allowed;
  const disallowed = splitTools(fm["disallowed-tools"]);
  if (disallowed) fields.disallowedTools = disallowed;
  const whenToUse = line(fm.when_to_use);
  if (whenToUse !== undefined) fields.whenToUse = whenToUse;
  const hint = fm["argument-hint"];
  if (typeof hint === "string") fields.argumentHint = oneLine(hint);
  // An unquoted `argument-hint: [file]` is a YAML list; Claude Code shows it as written.
  else if (Array.isArray(hint)) fields.argumentHint = oneLine(sourceOf(parsed, rangeAt(parsed, "/argument-hint")) || `[${strings(hint).join(", ")}]`);
  for (const [key, prop] of [["model", "model"], ["effort", "effort"], ["agent", "agent"], ["shell", "shell"]] as const) {
    const v = line(fm[key]);
    if (v !== undefined) fields[prop] = v;
  }
  if (fm.context === "fork") fields.context = "fork";
  if (typeof fm.paths === "string") fields.paths = fm.paths.split(",").map((s) => s.trim()).filter(Boolean);
  else if (Array.isArray(fm.paths)) fields.paths = strings(fm.paths);
  if (typeof fm.version === "string") fields.version = fm.version;
  else if (typeof fm.version === "number") fields.version = sourceOf(parsed, rangeAt(parsed, "/version")) || String(fm.version);
  if (fm.triggers && typeof fm.triggers === "object" && !Array.isArray(fm.triggers)) {
    const t = fm.triggers as Record<string, unknown>;
    const triggers: Triggers = { keywords: strings(t.keywords), verbs: strings(t.verbs), patterns: strings(t.patterns) };
    fields.triggers = triggers;
  }
  return fields;
}
