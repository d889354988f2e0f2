// Checks for `triggers.patterns`: does the regex compile, and can it backtrack catastrophically?
// Two layers: a static look for the classic shapes (a quantified group holding a quantifier, or
// holding overlapping alternatives; microseconds, in each skill's analysis), then recheck's automaton
// checker (trigger-regex-recheck.ts; once per run, bounded: src/pipeline/trigger-checks.ts) for what
// the heuristic misses: overlapping alternation (`(a|b|ab)*c`) and adjacent overlapping quantifiers
// (`a*a*a*b`). Quadratic patterns pass (an unanchored `\d+x`
// is quadratic on "1111…"): the runtime's match() reads at most 2,000 characters of a message.
import type { Diagnostics } from "recheck";
import type { RegexVerdict } from "../analysis-store.js";
import { checkRegexComplexity, isTimeout } from "./trigger-regex-recheck.js";
import { deterministicLoops } from "./trigger-regex-loops.js";

export type { RegexVerdict } from "../analysis-store.js";

/** Flags trigger patterns are compiled with (the runtime matches case-insensitively). */
export const TRIGGER_FLAGS = "i";
/** Longer patterns are refused: the checker's cost grows with the pattern, and triggers are short. */
export const TRIGGER_PATTERN_MAX = 200;
/** Polynomial backtracking of this degree or more is refused (n³ on 2,000 characters is 8·10⁹ steps). */
const MAX_DEGREE = 3;
/**
 * More quantifiers are refused: optional parts that can match the same text multiply the ways to
 * try a pattern whatever the input's length (`a?`×24 then `a`×24 takes 0.3 s on 24 characters), which
 * a check of growth in the input's length (recheck's) does not see. Measured in V8 on 2,000 characters
 * (match()'s limit), `a?`×k `\w*` `a`×k `x`: k = 6 0.3 s, 8 1.3 s, 10 5 s, 12 23 s.
 */
export const TRIGGER_QUANTIFIERS_MAX = 8;

/** A pattern the fast checks cannot decide: it goes to recheck (trigger-checks.ts, once per run). */
export const NEEDS_RECHECK = "needs-recheck";

/** The verdict of the fast checks (compile, length, heuristics: microseconds), or NEEDS_RECHECK. */
export function screenTriggerRegex(source: string): RegexVerdict | typeof NEEDS_RECHECK {
  try {
    new RegExp(source, TRIGGER_FLAGS);
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, "");
    return { ok: false, kind: "invalid", reason };
  }
  if (source.length > TRIGGER_PATTERN_MAX) return redos(`it is ${source.length} characters long, over the ${TRIGGER_PATTERN_MAX} that the ReDoS check analyses (split it into shorter patterns)`);
  const nested = staticRedos(source);
  if (nested) return redos(nested);
  const q = quantifiers(source);
  if (q.total > TRIGGER_QUANTIFIERS_MAX) return redos(`it has ${q.total} quantifiers, over the ${TRIGGER_QUANTIFIERS_MAX} allowed: each optional or repeated part multiplies the ways to try it`);
  // At most one unbounded repeat, of a single character (`\d+`, `[a-z]*`), or several that can each
  // stop in one place only (`\d+\.\d+`), and no `{…}`: at most quadratic (allowed). Skips recheck's
  // 0.1–1.5 s of CPU for the usual trigger shapes.
  if (!q.group && !q.bounded && (q.single <= 1 || deterministicLoops(source, TRIGGER_FLAGS))) return { ok: true };
  return NEEDS_RECHECK;
}

/** Whether screenTriggerRegex sends `source` to recheck: the usual shapes are told without compiling it (a run asks of every pattern). */
export function needsRecheck(source: string): boolean {
  const q = quantifiers(source);
  // screenTriggerRegex passes these before recheck, whatever else they are.
  if (!q.group && !q.bounded && q.single <= 1) return false;
  return screenTriggerRegex(source) === NEEDS_RECHECK;
}

/**
 * recheck's verdict on a pattern the fast checks sent on, within `timeLimitMs` in all (none: no
 * limit). `timedOut` marks a refusal for running out of time: it is not kept between runs.
 */
export function recheckTriggerRegex(source: string, timeLimitMs?: number): RegexVerdict & { timedOut?: true } {
  const deadline = timeLimitMs === undefined ? undefined : performance.now() + timeLimitMs;
  const left = () => (deadline === undefined ? undefined : Math.max(1, Math.ceil(deadline - performance.now())));
  // `\b` and `\B` consume nothing, so without them a pattern has every backtracking path it had:
  // a verdict of "safe enough" on that relaxed pattern holds for the original, and it comes 2–5×
  // faster. Only a relaxed pattern found vulnerable is checked again as written.
  const relaxed = withoutWordBoundaries(source);
  let d = checkRegexComplexity(relaxed, TRIGGER_FLAGS, left());
  if (relaxed !== source && !isTimeout(d) && !acceptable(d)) d = checkRegexComplexity(source, TRIGGER_FLAGS, left());
  if (isTimeout(d)) return { ...redos(`the ReDoS checker did not finish analysing it within ${((timeLimitMs ?? 0) / 1000).toLocaleString("en-US")} s, so it cannot be shown safe (simplify it: fewer repeats, shorter literal runs between them)`), timedOut: true };
  if (d.status === "unknown") return redos(`the ReDoS checker cannot analyse it (${"message" in d.error ? d.error.message : d.error.kind} is not supported), so it cannot be shown safe`);
  if (acceptable(d) || d.status === "safe") return { ok: true };
  const at = d.hotspot.length ? ` around \`${source.slice(d.hotspot[0].start, d.hotspot[d.hotspot.length - 1].end)}\`` : "";
  const how = d.complexity.type === "exponential" ? "exponential" : `degree-${d.complexity.degree} polynomial`;
  return redos(`matching time is ${how} in the input's length${at} (an input that shows it: \`${d.attack.pattern.slice(0, 60)}\`)`);
}

/** Both checks, recheck without a time limit: for tests and tools (a run uses trigger-checks.ts). */
export function checkTriggerRegex(source: string): RegexVerdict {
  const screened = screenTriggerRegex(source);
  if (screened !== NEEDS_RECHECK) return screened;
  const { timedOut: _, ...verdict } = recheckTriggerRegex(source);
  return verdict;
}

const redos = (reason: string): RegexVerdict => ({ ok: false, kind: "redos", reason });

const acceptable = (d: Diagnostics): boolean =>
  d.status === "safe" || (d.status === "vulnerable" && d.complexity.type === "polynomial" && d.complexity.degree < MAX_DEGREE);

/** `source` without its `\b` and `\B` assertions (a `\b` in a character class is a backspace: kept). */
export function withoutWordBoundaries(source: string): string {
  let out = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      const e = source.slice(i, i + 2);
      if (e !== "\\b" && e !== "\\B") out += e;
      i++;
    } else if (c === "[") {
      const start = i;
      for (i++; i < source.length && source[i] !== "]"; i++) i += +(source[i] === "\\");
      out += source.slice(start, i + 1);
    } else out += c;
  }
  return out;
}

/**
 * Quantifiers outside character classes: unbounded on one character or on a group, `{…}`, and all
 * (where a `{n}` or `{m,n}` repeat of a group counts n times).
 */
export function quantifiers(source: string): { single: number; group: number; bounded: number; total: number } {
  const q = { single: 0, group: 0, bounded: 0, total: 0 };
  let afterGroup = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i], prev = afterGroup;
    afterGroup = false;
    if (c === "\\") i++;
    else if (c === "[") for (i++; i < source.length && source[i] !== "]"; i++) i += +(source[i] === "\\");
    else if (c === ")") afterGroup = true;
    else if (c === "*" || c === "+" || c === "{" || (c === "?" && !/[(*+?}]/.test(source[i - 1] ?? "("))) {
      const b = c === "{" ? /^\{\d+(,\d*)?\}/.exec(source.slice(i)) : null;
      if (c === "{" && !b) continue; // a literal `{`
      q.total++;
      // `(?:a?){9}` is nine quantifiers, not one: a bounded repeat of a group counts its count.
      if (b && prev && b[1] !== ",") q.total += Math.min(99, +(b[1] ? b[1].slice(1) : /\d+/.exec(b[0])![0])) - 1;
      if (c === "?" || (b && b[1] !== ",")) q.bounded += +(c !== "?");
      else if (prev) q.group++;
      else q.single++;
      if (b) i += b[0].length - 1;
    }
  }
  return q;
}

interface Alt {
  /** Holds a repeating quantifier (`*`, `+`, `{n,}`), directly or in a nested group. */
  repeats: boolean;
  /** Holds an atom that must match a character on every pass (not optional, not repeated). */
  mandatory: boolean;
}

interface Group {
  start: number;
  alts: Alt[];
  texts: string[];
  altStart: number;
}

// A bounded repeat of 10 or more passes counts too: `(.*a){20}` backtracks polynomially, to the 20th power.
const REPEAT_AFTER = /^(?:[*+]|\{\d+,\d*\}|\{[1-9]\d+\})/;
const OPTIONAL_AFTER = /^(?:\?|\{0(?:,\d*)?\})/;

/**
 * Finds a repeated group that can match one string in exponentially many ways: one of its
 * alternatives is made only of repeated or optional parts (`(a+)+`, `(\w+\s?)*`), or two of its
 * alternatives match the same character (`(a|a)*`, `(\w|\d)+`). `(\s\w+)*` is fine: every pass
 * must consume the `\s` that `\w+` cannot.
 */
export function staticRedos(source: string): string | undefined {
  const stack: Group[] = [newGroup(-1, 0)];
  const top = () => stack[stack.length - 1];
  const atom = (end: number, inner?: Inner) => recordAtom(top().alts[top().alts.length - 1], source.slice(end), inner);
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      i++;
      if (!/[bB]/.test(source[i] ?? "")) atom(i + 1);
    } else if (c === "[") {
      i = classEnd(source, i);
      atom(i + 1);
    } else if (c === "(") {
      const bodyStart = groupBodyStart(source, i);
      stack.push(newGroup(i, bodyStart));
      i = bodyStart - 1; // `?:`, `?=`, `?<name>` are syntax, not atoms
    } else if (c === "|") {
      nextAlternative(top(), source, i);
    } else if (c === ")" && stack.length > 1) {
      const group = stack.pop()!;
      group.texts.push(source.slice(group.altStart, i));
      const text = source.slice(group.start, i + 1);
      if (/^\(\?(?:=|!|<=|<!)/.test(text)) continue; // a lookaround
      const problem = REPEAT_AFTER.test(source.slice(i + 1)) ? repeatedGroupProblem(group, text) : undefined;
      if (problem) return problem;
      atom(i + 1, { repeats: group.alts.some((a) => a.repeats), needsChar: group.alts.every((a) => a.mandatory) });
    } else if (c === "{" && boundedRepeatLength(source, i)) {
      i += boundedRepeatLength(source, i) - 1;
    } else if (!/[*+?^$]/.test(c)) atom(i + 1);
  }
  return undefined;
}

/** What a closed group brings to the atom it forms: does it hold a repeat, must every pass consume a character. */
interface Inner {
  repeats: boolean;
  needsChar: boolean;
}

function newGroup(start: number, altStart: number): Group {
  return { start, alts: [{ repeats: false, mandatory: false }], texts: [], altStart };
}

/** Records, on alternative `a`, an atom followed by `after` with what its quantifier makes of it. */
function recordAtom(a: Alt, after: string, inner?: Inner): void {
  if (REPEAT_AFTER.test(after)) a.repeats = true;
  else if (!OPTIONAL_AFTER.test(after)) {
    if (!inner || inner.needsChar) a.mandatory = true;
    if (inner?.repeats) a.repeats = true;
  } else if (inner?.repeats) a.repeats = true;
}

/** Index of the `]` closing the character class opened at `open` (or the end of `source`). */
function classEnd(source: string, open: number): number {
  let j = open + 1;
  if (source[j] === "^") j++;
  if (source[j] === "]") j++;
  for (; j < source.length && source[j] !== "]"; j++) if (source[j] === "\\") j++;
  return j;
}

/** Index where the body of the group opened at `open` starts, after `?:`, `?=`, `?<name>` and the like. */
function groupBodyStart(source: string, open: number): number {
  const m = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(open + 1));
  return open + 1 + (m ? m[0].length : 0);
}

/** Closes the current alternative of `group` at the `|` at `i` and opens the next. */
function nextAlternative(group: Group, source: string, i: number): void {
  group.texts.push(source.slice(group.altStart, i));
  group.alts.push({ repeats: false, mandatory: false });
  group.altStart = i + 1;
}

/** Length of the `{n}`, `{n,}` or `{m,n}` at `i`, or 0 when the `{` there is a literal. */
function boundedRepeatLength(source: string, i: number): number {
  const q = /^\{\d+(?:,\d*)?\}/.exec(source.slice(i));
  return q ? q[0].length : 0;
}

/** Why the repeated (non-lookaround) group `text` can match one string in many ways, if it can. */
function repeatedGroupProblem(group: Group, text: string): string | undefined {
  if (group.alts.some((a) => a.repeats && !a.mandatory)) return `the group \`${text}\` repeats something that already repeats (nested quantifier)`;
  if (overlapping(group.texts)) return `the repeated group \`${text}\` has alternatives that match the same text`;
  // `.` next to a repeat (`.*`, `([a-z]+.)+`) can take what the other parts take: the passes overlap.
  const anyChar = /(?:^|[^\\])\./.test(text.replace(/\[(?:\\.|[^\]])*\]/g, ""));
  if (anyChar && group.alts.some((a) => a.repeats)) return `the repeated group \`${text}\` holds \`.\` next to a repeat, so its passes can split the same text in many ways`;
  return undefined;
}

/** Whether two single-atom alternatives can match the same character (`a|a`, `\w|\d`, `.|x`). */
function overlapping(alts: string[]): boolean {
  if (alts.length < 2) return false;
  // Literal alternatives where one is the other repeated (`a|aa`, `ab|abab`): many ways to split.
  const literal = alts.filter((a) => a !== "" && /^[\w ]+$/.test(a));
  for (const a of literal) for (const b of literal) if (b.length > a.length && b === a.repeat(b.length / a.length)) return true;
  const classes = alts.map(atomClass);
  for (let a = 0; a < alts.length; a++) {
    for (let b = a + 1; b < alts.length; b++) {
      if (alts[a] === alts[b]) return true;
      const x = classes[a];
      const y = classes[b];
      if (!x || !y) continue;
      if (x === y || x === "any" || y === "any") return true;
      if (x === "word" && (y === "word" || y === "digit" || y.length === 1)) return true;
      if (y === "word" && (x === "digit" || x.length === 1)) return true;
      if (x === "digit" && (y === "digit" || /^\d$/.test(y))) return true;
      if (y === "digit" && /^\d$/.test(x)) return true;
    }
  }
  return false;
}

/** Rough class of an alternative made of one atom (optionally quantified): "any", "word", "digit", "space", a literal char, or undefined. */
function atomClass(alt: string): string | undefined {
  const atom = alt.replace(/(?:[*+?]|\{\d+,?\d*\})\??$/, "");
  if (atom === ".") return "any";
  if (atom === "\\w") return "word";
  if (atom === "\\d") return "digit";
  if (atom === "\\s") return "space";
  if (atom.length === 1 && /[A-Za-z0-9]/.test(atom)) return atom.toLowerCase();
  return undefined;
}
