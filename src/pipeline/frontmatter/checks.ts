// The frontmatter rules beyond the JSON Schema: name format and folder, reserved words, XML tags,
// description and compatibility lengths (in code points), unknown fields, trigger regexes.
import type { Profile, Range } from "../../types.js";
import { describeFirstUnsafe, escapeTerminal, hasUnsafe } from "../../util/hidden-chars.js";
import * as R from "../../rules/frontmatter-rules.js";
import { codePoints, displayPath, folderName, openingFence, rangeAt, report, type FmContext } from "./context.js";
import { closest } from "../../util/closest.js";
import { NEEDS_RECHECK, screenTriggerRegex } from "./trigger-regex.js";
import { firstParagraph } from "./fields.js";

export const NAME_MAX = 64;
export const DESCRIPTION_MAX = 1024;
export const COMPATIBILITY_MAX = 500;
const NAME_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const RESERVED = ["anthropic", "claude"];
const XML_TAG = /<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/?>/;

/** The known fields as a set, one per list (a validator's list lives as long as the validator). */
const knownSets = new WeakMap<readonly string[], ReadonlySet<string>>();

export function checkUnknownFields(c: FmContext, profile: Profile, known: readonly string[]): void {
  let set = knownSets.get(known);
  if (!set) knownSets.set(known, (set = new Set(known)));
  for (const key of Object.keys(c.frontmatter)) {
    if (set.has(key)) continue;
    const at = rangeAt(c.parsed, `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, "key");
    report(c, R.UNKNOWN_FIELD, at, { key, profile, near: closest(key, known), known: [...known] });
  }
}

/**
 * The name rules of a profile. agentskills follows the spec's reference validator
 * (agentskills/agentskills skills-ref/src/skills_ref/validator.py, tests/test_validator.py
 * test_i18n_*): any Unicode lowercase letter or digit after NFKC; the other profiles keep a-z0-9.
 */
function problemsFor(profile: Profile, name: string): string[] {
  return profile === "agentskills" ? unicodeNameProblems(name) : nameProblems(name);
}

export function checkName(c: FmContext, profile: Profile = "skillc"): void {
  const name = c.frontmatter.name;
  if (name === undefined || name === null) {
    const folder = folderName(c.parsed.source);
    if (name === undefined) report(c, R.NAME_MISSING, openingFence(), { suggestion: kebab(folder) || "my-skill" });
    checkFolderName(c, folder, profile);
    return;
  }
  if (typeof name !== "string") return; // field-type reports it
  const range = rangeAt(c.parsed, "/name");
  const problems = problemsFor(profile, name);
  if (problems.length > 0) {
    report(c, R.NAME_FORMAT, range, { kind: "name", name, problems, suggestion: suggest(name) });
    return;
  }
  checkReserved(c, name, range);
  const folder = folderName(c.parsed.source);
  // Compared after NFKC, as skills-ref does (test_nfkc_normalization): "cafe\u0301" is the folder "café".
  // Equal strings are equal after NFKC too: most names are their folder's, and skip ICU's normalization.
  if (folder && folder !== name && folder.normalize("NFKC") !== name.normalize("NFKC")) {
    report(c, R.NAME_MISMATCH, range, { name, folder: escapeTerminal(folder) });
  }
}

/**
 * The reference validator's name rules: NFKC, at most 64 characters, lowercase, letters (any
 * script), digits and single inner hyphens. `навык`, `мой-навык` and `技能` pass; `НАВЫК` does not.
 */
export function unicodeNameProblems(raw: string): string[] {
  const name = raw.normalize("NFKC");
  const problems: string[] = [];
  const length = codePoints(name);
  if (length === 0) problems.push("is empty");
  if (length > NAME_MAX) problems.push(`is ${length} characters long (the limit is ${NAME_MAX})`);
  if (hasUnsafe(name)) problems.push(`holds ${describeFirstUnsafe(name)}`);
  if (name !== name.toLowerCase()) problems.push("must be lowercase");
  if (length > 0 && !/^[\p{L}\p{N}-]*$/u.test(name)) problems.push("may hold only letters, digits and hyphens");
  if (/^-|-$/.test(name)) problems.push("may not start or end with a hyphen");
  if (name.includes("--")) problems.push("may not hold two hyphens in a row");
  return problems;
}

/** Whether a name keeps to a-z, 0-9 and `-`, what most clients check (the portability lint warns otherwise). */
export function isAsciiName(name: string): boolean {
  return /^[a-z0-9-]*$/.test(name);
}

/** A skill without `name` is called by its folder: the folder's name obeys the same rules, reported at the SKILL.md. */
function checkFolderName(c: FmContext, folder: string, profile: Profile): void {
  const problems = problemsFor(profile, folder);
  if (problems.length > 0) {
    report(c, R.NAME_FORMAT, openingFence(), { kind: "folder", folder: escapeTerminal(folder), problems, suggestion: suggest(folder) || "my-skill" });
    return;
  }
  checkReserved(c, folder, openingFence(), true);
}

/** `folder`: the name is the folder's (the skill has no `name`). */
function checkReserved(c: FmContext, name: string, range: Range, folder = false): void {
  const lower = name.toLowerCase();
  const word = RESERVED.find((w) => lower.includes(w));
  if (!word) return;
  report(c, R.NAME_RESERVED, range, folder ? { kind: "folder", folder: escapeTerminal(name), word } : { kind: "name", word });
}

/** What is wrong with `name` as a skill name ([] when nothing). */
export function nameProblems(name: string): string[] {
  const problems: string[] = [];
  const length = codePoints(name);
  if (length === 0) problems.push("is empty");
  if (length > NAME_MAX) problems.push(`is ${length} characters long (the limit is ${NAME_MAX})`);
  if (hasUnsafe(name)) problems.push(`holds ${describeFirstUnsafe(name)}`);
  if (length > 0 && !/^[a-z0-9-]*$/.test(name)) problems.push("may hold only lowercase letters a-z, digits and hyphens");
  if (/^-|-$/.test(name)) problems.push("may not start or end with a hyphen");
  if (name.includes("--")) problems.push("may not hold two hyphens in a row");
  if (problems.length === 0 && !NAME_RE.test(name)) problems.push("is not kebab-case");
  return problems;
}

function suggest(name: string): string {
  return kebab(name).slice(0, NAME_MAX).replace(/-+$/, "");
}

function kebab(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function checkXml(c: FmContext): void {
  for (const field of ["name", "description"]) {
    const v = c.frontmatter[field];
    if (typeof v !== "string") continue;
    const tag = XML_TAG.exec(v);
    if (tag) report(c, R.XML_IN_FIELD, rangeAt(c.parsed, `/${field}`), { field, tag: tag[0] });
  }
}

export function checkDescription(c: FmContext, profile: Profile): void {
  const d = c.frontmatter.description;
  if (d !== undefined && d !== null && typeof d !== "string") return; // field-type reports it
  const empty = typeof d !== "string" || d.trim() === "";
  if (empty) {
    const range = d === undefined ? openingFence() : rangeAt(c.parsed, "/description");
    const fallback = profile === "claude-code" ? firstParagraph(c.parsed.body) : "";
    if (fallback) {
      report(c, R.DESCRIPTION_FALLBACK, range, {});
    } else {
      report(c, R.DESCRIPTION_MISSING, range, { empty: d !== undefined, max: DESCRIPTION_MAX });
    }
    return;
  }
  const length = codePoints(d);
  if (length > DESCRIPTION_MAX) {
    report(c, R.DESCRIPTION_TOO_LONG, rangeAt(c.parsed, "/description"), { length, max: DESCRIPTION_MAX });
  }
}

export function checkCompatibility(c: FmContext): void {
  const v = c.frontmatter.compatibility;
  if (typeof v !== "string") return;
  const length = codePoints(v);
  if (length > COMPATIBILITY_MAX) {
    report(c, R.COMPATIBILITY_TOO_LONG, rangeAt(c.parsed, "/compatibility"), { length, max: COMPATIBILITY_MAX });
  }
}

/** The fast checks of `triggers.patterns`; what they cannot decide goes to recheck once per run (pipeline/trigger-checks.ts). */
export function checkTriggers(c: FmContext): void {
  const triggers = c.frontmatter.triggers;
  if (!triggers || typeof triggers !== "object" || Array.isArray(triggers)) return;
  const patterns = (triggers as Record<string, unknown>).patterns;
  if (!Array.isArray(patterns)) return;
  patterns.forEach((p, i) => {
    if (typeof p !== "string") return;
    const pointer = `/triggers/patterns/${i}`;
    const verdict = screenTriggerRegex(p);
    if (verdict === NEEDS_RECHECK || verdict.ok) return;
    if (verdict.kind === "invalid") {
      report(c, R.TRIGGER_REGEX_INVALID, rangeAt(c.parsed, pointer), { field: displayPath(pointer), reason: verdict.reason });
    } else {
      report(c, R.TRIGGER_REGEX_REDOS, rangeAt(c.parsed, pointer), { field: displayPath(pointer), reason: verdict.reason });
    }
  });
}
