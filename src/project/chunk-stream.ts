// A writing split build's chunks, staged as each skill's analysis completes instead of at emit, so
// that memory never holds every skill's text and files at once (the build held all of them until
// emit: 3.8× the corpus at 10,000 skills).
//
// A chunk is a pure function of the skill's template and its files' contents (emit/chunk-render.ts
// renderChunk), and the template of its body, the dialect and its declared argument names
// (compile.ts): nothing that resolve, collisions, toolsets or the other skills decide. So it can
// be rendered the moment the skill is analysed. A skill that is left out later (an error of its
// own, a lost collision, a toolset error) has its chunk staged but never referred to: the stage
// commits only referred chunks (emit/chunk-stage.ts), and the staging folder goes with the rest.
// Once staged, the skill's text, body and file contents are let go: what follows (resolve,
// toolsets, index.js, manifest, catalogs, index.d.ts) reads only metadata. mcp.js serves each
// SKILL.md's text, so a build with `mcp` keeps them and renders its chunks at emit as before.
import type { ResolvedConfig } from "../config/types.js";
import type { ChunkStage } from "../emit/chunk-stage.js";
import { chunkStreaming } from "./chunk-thread.js";
import type { SkillAnalysis } from "../pipeline/analyze.js";
import { compileTemplate, type TemplateOptions } from "../pipeline/template.js";
import type { SkillFile, ValidSkill } from "../types.js";

/** Each streamed skill's chunk hash and its piece chunks' hashes, by the analysis it was rendered from. */
export type StreamedChunks = WeakMap<SkillAnalysis, { chunk: string; pieces: string[] }>;

/** The template a skill's body compiles to (compile.ts uses the same for a skill it compiles). */
export function templateOf(skill: ValidSkill, config: ResolvedConfig): ReturnType<typeof compileTemplate> {
  const t = templateInput(skill, config);
  return compileTemplate(t.body, t.options);
}

/** What templateOf compiles: the body and the options. */
function templateInput(skill: ValidSkill, config: ResolvedConfig): { body: string; options: TemplateOptions } {
  // Claude Code keeps the body's trailing whitespace (parse trims it for the checks).
  const body = config.dialect === "claude-code" && skill.body ? skill.text.slice(skill.bodyStart) : skill.body;
  return { body, options: { dialect: config.dialect, argumentNames: skill.fields.arguments } };
}

/**
 * The analysis hook that stages each valid skill's chunk and lets go of its contents; undefined
 * when the build cannot stream (not writing split, or `mcp`, which needs every SKILL.md's text).
 */
export function chunkStreamer(stage: ChunkStage | undefined, config: ResolvedConfig, streamed: StreamedChunks): ((a: SkillAnalysis) => Promise<void>) | undefined {
  if (!stage || config.mcp) return undefined;
  let sinceYield = 0;
  const stream = chunkStreaming(stage);
  const shared = new Map<string, string>();
  return async (a) => {
    if (a.outcome !== "valid" || !a.files) return;
    const files: SkillFile[] = a.files;
    // Compiled, rendered and written by the chunk writer thread once it runs (chunk-thread.ts).
    streamed.set(a, await stream({ ...templateInput(a.skill, config), files }));
    for (const f of files) f.content = "";
    for (const s of [a.parsed, a.skill]) {
      s.text = "";
      s.body = "";
    }
    // What is kept must not keep the text alive: the metadata's strings are cut from it. One copy
    // per string: the frontmatter and the fields share their values, and the diagnostics of all
    // skills mostly repeat a few messages (10,000 skills: 1,554 distinct of 12,072, ~400 B each).
    const own = owner(shared);
    for (const kept of [a.diagnostics, a.parsed.diagnostics, a.skill.diagnostics]) detach(kept, own);
    const mine = owner(new Map());
    for (const kept of [a.parsed.frontmatter, a.skill.fields]) detach(kept, mine);
    // The reads and analyses run in microtasks only: a turn of the event loop now and then lets
    // the stage's background fdatasyncs go on meanwhile (chunk-stage.ts).
    if (++sinceYield >= YIELD_EVERY) {
      sinceYield = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
}

/** Chunks staged between turns of the event loop. */
const YIELD_EVERY = 32;

/**
 * Replaces every string inside `value` (objects and arrays, in place) with its copy by `own`. V8
 * keeps a whole string alive for any slice of it, and YAML values, names and diagnostics' quotes
 * are slices of the SKILL.md's text: measured at 1,000 skills, 950 of the texts let go above
 * stayed in memory through them (19 MB).
 */
function detach(value: unknown, own: (s: string) => string, depth = 0): void {
  if (depth > 32 || value === null || typeof value !== "object") return;
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (typeof v === "string") o[k] = own(v);
    else detach(v, own, depth + 1);
  }
}

/** `s` as one flat string (a concatenation is a tree of its parts, 32 B a node). */
function flat(s: string): string {
  return s.length < 13 ? s : (" " + s).slice(1);
}

/** Strings held past the texts (the diagnostics' quotes, names, paths and messages): ~20,000 at 10,000 skills. */
const SHARED_MAX = 65536;

/**
 * Flat copies of strings, one per distinct string of `memo` (a short string is never a slice: V8
 * slices from 13 characters on; " " + s flattens into a new string). A full memo copies without remembering.
 */
function owner(memo: Map<string, string>): (s: string) => string {
  return (s) => {
    if (s.length < 13) return s;
    const seen = memo.get(s);
    if (seen !== undefined) return seen;
    const copy = flat(s);
    // Keyed by the copy: the slice as a key would keep its text alive.
    if (memo.size < SHARED_MAX) memo.set(copy, copy);
    return copy;
  };
}
