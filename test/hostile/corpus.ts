// Seeds for the fuzzers: real SKILL.md files of the project (skills/, examples/, test fixtures) and the
// mutations applied to them. The regression corpus (regressions/*.json) is read and written here too.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { HERE, REPO } from "./helpers.js";


function findSkillFiles(dir: string, out: string[], depth = 0): string[] {
  if (!existsSync(dir) || depth > 8) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name === ".git" || e.name === ".skillc") continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) findSkillFiles(p, out, depth + 1);
    else if (e.isFile() && e.name.toLowerCase() === "skill.md") out.push(p);
  }
  return out;
}

export interface Seed {
  /** Folder name the skill lives in (its name when the frontmatter has none). */
  folder: string;
  bytes: Uint8Array;
  from: string;
}

let seeds: Seed[] | undefined;

/**
 * Every SKILL.md the project holds, sorted by path so that a seed means the same input on every
 * machine. Never ../shared/corpus: `npm test` must fuzz the same inputs in a fresh clone as in CI.
 */
export function loadSeeds(): Seed[] {
  if (seeds) return seeds;
  const files = [
    ...findSkillFiles(path.join(REPO, "examples"), []),
    ...findSkillFiles(path.join(REPO, "skills"), []),
    ...findSkillFiles(path.join(REPO, "test", "fixtures"), []),
  ].sort();
  seeds = files
    .filter((f) => statSync(f).size < 200_000)
    .map((f) => ({ folder: path.basename(path.dirname(f)), bytes: new Uint8Array(readFileSync(f)), from: path.relative(path.dirname(REPO), f) }));
  if (seeds.length === 0) seeds = [{ folder: "pdf-tools", bytes: new TextEncoder().encode("---\nname: pdf-tools\ndescription: Tools.\n---\nBody\n"), from: "inline" }];
  return seeds;
}

const enc = new TextEncoder();

/** Insertions that stress the frontmatter locator and the YAML parser. */
export const NASTY = [
  "---", "---\n", "\n---\n", "...\n", ": ", ":", "\t", "\t- ", '"', "'", "\0", "\r", "\r\n", "\uFEFF", "#", " #", "&a ", "*a", "!!binary ",
  "!!js/function ", "<<: *a\n", "? ", "- ", "[", "]", "{", "}", "|", ">", "|-\n", "%YAML 1.2\n", "%TAG ! tag:x:\n", "\\", "$ARGUMENTS", "$1",
  "${CLAUDE_SKILL_DIR}", "!`rm -rf /`", "```", "```bash\n", "<script>", "</description>", "]]>", "\u2028", "\u0085", "\uD800", "\uFFFF", "é", "e\u0301",
  "__proto__: x\n", "constructor: x\n", "name: 123\n", "description:\n", "triggers:\n  patterns: ['(a+)+$']\n", "metadata:\n  a: [1]\n", "[link](../../x)",
  "[l](references/missing.md)", "\n\n", " ".repeat(200),
].map((s) => enc.encode(s));

export type Mutation =
  | { kind: "flip"; at: number; bit: number }
  | { kind: "set"; at: number; byte: number }
  | { kind: "insert"; at: number; what: number }
  | { kind: "insertBytes"; at: number; bytes: number[] }
  | { kind: "delete"; at: number; len: number }
  | { kind: "truncate"; at: number }
  | { kind: "dupLine"; at: number }
  | { kind: "swapLines"; a: number; b: number };

/** Positions are fractions of the current length (0..1), so a mutation means something for any seed. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("flip" as const), at: fc.double({ min: 0, max: 1, noNaN: true }), bit: fc.integer({ min: 0, max: 7 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("set" as const), at: fc.double({ min: 0, max: 0.3, noNaN: true }), byte: fc.integer({ min: 0, max: 255 }) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("insert" as const), at: fc.double({ min: 0, max: 1, noNaN: true }), what: fc.integer({ min: 0, max: NASTY.length - 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("insertBytes" as const), at: fc.double({ min: 0, max: 1, noNaN: true }), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 8 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), at: fc.double({ min: 0, max: 1, noNaN: true }), len: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("truncate" as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("dupLine" as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("swapLines" as const), a: fc.double({ min: 0, max: 1, noNaN: true }), b: fc.double({ min: 0, max: 1, noNaN: true }) }) },
);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function lines(b: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let s = 0;
  for (let i = 0; i < b.length; i++) if (b[i] === 10) (out.push(b.subarray(s, i + 1)), (s = i + 1));
  if (s < b.length) out.push(b.subarray(s));
  return out;
}

/** Mutations concentrate near the top (the frontmatter) half the time: `at` is squared when `front`. */
export function applyMutations(bytes: Uint8Array, muts: Mutation[], front: boolean): Uint8Array {
  let b = bytes;
  const pos = (f: number) => Math.min(b.length, Math.floor((front ? f * f * Math.min(1, 600 / Math.max(1, b.length)) : f) * b.length));
  for (const m of muts) {
    switch (m.kind) {
      case "flip":
        if (b.length) {
          b = b.slice();
          const i = Math.min(b.length - 1, pos(m.at));
          b[i] ^= 1 << m.bit;
        }
        break;
      case "set":
        if (b.length) {
          b = b.slice();
          b[Math.min(b.length - 1, pos(m.at))] = m.byte;
        }
        break;
      case "insert": {
        const i = pos(m.at);
        b = concat(b.subarray(0, i), NASTY[m.what]!, b.subarray(i));
        break;
      }
      case "insertBytes": {
        const i = pos(m.at);
        b = concat(b.subarray(0, i), Uint8Array.from(m.bytes), b.subarray(i));
        break;
      }
      case "delete": {
        const i = pos(m.at);
        b = concat(b.subarray(0, i), b.subarray(Math.min(b.length, i + m.len)));
        break;
      }
      case "truncate":
        b = b.slice(0, pos(m.at));
        break;
      case "dupLine": {
        const ls = lines(b);
        if (ls.length) {
          const i = Math.min(ls.length - 1, Math.floor(m.at * (front ? Math.min(ls.length, 12) : ls.length)));
          ls.splice(i, 0, ls[i]!);
          b = concat(...ls);
        }
        break;
      }
      case "swapLines": {
        const ls = lines(b);
        if (ls.length > 1) {
          const n = front ? Math.min(ls.length, 12) : ls.length;
          const i = Math.min(n - 1, Math.floor(m.a * n));
          const j = Math.min(n - 1, Math.floor(m.b * n));
          [ls[i], ls[j]] = [ls[j]!, ls[i]!];
          b = concat(...ls);
        }
        break;
      }
    }
  }
  return b;
}

// ---------------------------------------------------------------------------------------------
// Regressions: inputs that once failed, replayed on every run.

export type CaseFile = string | { b64: string } | { symlink: string };

export interface RegressionCase {
  /** What failed and how it was found. */
  description: string;
  /** Files relative to the project root (a tmp dir); the default config builds `skills/`. */
  files: Record<string, CaseFile>;
  config?: Record<string, unknown>;
  /** Optional: expected outcome. */
  expect?: { rejected?: boolean; rules?: string[] };
}

export const REGRESSIONS = path.join(HERE, "regressions");

export function loadRegressions(): Array<[string, RegressionCase]> {
  if (!existsSync(REGRESSIONS)) return [];
  return readdirSync(REGRESSIONS)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => [f, JSON.parse(readFileSync(path.join(REGRESSIONS, f), "utf8")) as RegressionCase]);
}

export function encodeFile(content: string | Uint8Array): CaseFile {
  if (typeof content === "string") return content;
  const text = Buffer.from(content).toString("utf8");
  // Keep readable text as text when it round-trips exactly and holds no NUL.
  if (!text.includes("\0") && Buffer.from(text, "utf8").equals(Buffer.from(content))) return text;
  return { b64: Buffer.from(content).toString("base64") };
}

/** Saves a failing input so that the next run replays it (review, rename and keep it). */
export function saveRegression(c: RegressionCase): string {
  const id = createHash("sha256").update(JSON.stringify(c.files)).digest("hex").slice(0, 12);
  const file = path.join(REGRESSIONS, `new-${id}.json`);
  if (!existsSync(file)) writeFileSync(file, JSON.stringify(c, null, 2) + "\n");
  return file;
}
