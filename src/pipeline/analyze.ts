// One skill through the per-skill stages: read → parse → validate → body checks.
// Shared by lint (file list only) and build (file contents too). Never throws for bad input.
// With a cache, a skill whose SKILL.md bytes and file list are unchanged skips parse, validate and
// the body checks: the cached result is what they would compute again.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic, ParsedSkill, Profile, RuleSetting, SkillFile, SkillSource, ValidSkill } from "../types.js";
import type { ReportContext } from "../diagnostics/rule.js";
import { AnalysisCache } from "../cache.js";
import { parseSkill, setBody } from "./parse.js";
import { decodeSkill } from "./frontmatter.js";
import { validateSkill } from "./validate.js";
import { checkBody } from "./body-checks.js";
import { collectFiles, listFiles, type FileOptions } from "./files.js";

export interface AnalyzeOptions {
  profile: Profile;
  settings: Record<string, RuleSetting>;
  extraSchema?: Record<string, unknown>;
  files: Omit<FileOptions, "settings" | "profile">;
  /** Build reads every supporting file; lint only lists them (for link checks). */
  readFiles: boolean;
  cache?: AnalysisCache;
}

export interface SkillAnalysis {
  source: SkillSource;
  parsed?: ParsedSkill;
  /** Present when the frontmatter is valid (warnings allowed). */
  skill?: ValidSkill;
  /** Present when readFiles was set. */
  files?: SkillFile[];
  /** The supporting files' paths (always present once the SKILL.md was read). */
  paths?: string[];
  diagnostics: Diagnostic[];
}

/** What in the options changes an analysis result: the cache is keyed by it. */
export function analysisKey(opts: AnalyzeOptions): unknown {
  return { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema ?? null, files: opts.files };
}

export async function analyzeSkill(source: SkillSource, opts: AnalyzeOptions): Promise<SkillAnalysis> {
  const ctx: ReportContext = { file: source.file, profile: opts.profile, settings: opts.settings };
  const fileOpts: FileOptions = { ...opts.files, settings: opts.settings, profile: opts.profile };
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path.join(source.absDir, source.fileName));
  } catch (error) {
    const message = `cannot read ${source.fileName}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Check the file's permissions.`;
    return { source, diagnostics: [{ file: source.file, line: 1, column: 1, ruleId: "read-error", severity: "error", message }] };
  }
  // File-level diagnostics (oversize, escaping links…) are recomputed on every run: they are cheap
  // and depend on more than the cache key.
  const diagnostics: Diagnostic[] = [];
  let files: SkillFile[] | undefined;
  let paths: string[];
  if (opts.readFiles) {
    const collected = await collectFiles(source, fileOpts);
    files = collected.files;
    paths = files.map((f) => f.path);
    diagnostics.push(...collected.diagnostics);
  } else {
    const listed = await listFiles(source, fileOpts);
    paths = listed.paths;
    diagnostics.push(...listed.diagnostics);
  }

  const key = opts.cache ? AnalysisCache.entryKey(createHash("sha256").update(bytes).digest("hex"), paths) : "";
  const hit = opts.cache?.get(source.file, key);
  if (hit) {
    const parsed = restoreParsed(source, bytes, hit);
    const skill = hit.fields && parsed.frontmatter ? { ...parsed, frontmatter: parsed.frontmatter, fields: hit.fields } : undefined;
    return { source, parsed, skill, files, paths, diagnostics: [...hit.diagnostics, ...diagnostics] };
  }

  const own = analyzeText(source, bytes, new Set(paths), opts, ctx);
  opts.cache?.set(source.file, key, {
    frontmatter: own.parsed.frontmatter,
    positions: own.parsed.positions,
    frontmatterRange: own.parsed.frontmatterRange,
    bodyOffset: own.parsed.bodyOffset,
    bodyStart: own.parsed.bodyStart,
    fields: own.skill?.fields,
    diagnostics: own.diagnostics,
  });
  return { source, parsed: own.parsed, skill: own.skill, files, paths, diagnostics: [...own.diagnostics, ...diagnostics] };
}

/** Parse, validate and check the body: a pure function of the bytes, the file names and the options. */
function analyzeText(source: SkillSource, bytes: Uint8Array, fileSet: ReadonlySet<string>, opts: AnalyzeOptions, ctx: ReportContext) {
  const parsed = parseSkill(source, bytes, ctx);
  const diagnostics = [...parsed.diagnostics];
  if (parsed.frontmatter === undefined) return { parsed, skill: undefined, diagnostics };
  const validated = validateSkill(parsed, { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema });
  diagnostics.push(...validated.diagnostics);
  const fields = validated.skill?.fields;
  diagnostics.push(
    ...checkBody({
      parsed,
      declaredArguments: fields?.arguments ?? [],
      hasArgumentHint: fields?.argumentHint !== undefined,
      files: fileSet,
      ctx,
    }),
  );
  return { parsed, skill: validated.skill, diagnostics };
}

/** Rebuilds a ParsedSkill from a cache entry and the bytes (decoding is cheap; parsing is not). */
function restoreParsed(source: SkillSource, bytes: Uint8Array, hit: NonNullable<ReturnType<AnalysisCache["get"]>>): ParsedSkill {
  const decoded = decodeSkill(bytes);
  const parsed: ParsedSkill = {
    source,
    hash: createHash("sha256").update(bytes).digest("hex"),
    text: decoded.ok ? decoded.text : "",
    frontmatter: hit.frontmatter,
    positions: hit.positions,
    frontmatterRange: hit.frontmatterRange,
    bodyOffset: 0,
    body: "",
    bodyStart: 0,
    diagnostics: [],
  };
  setBody(parsed, hit.bodyOffset);
  return parsed;
}

/** Runs `fn` over `items` with at most `limit` in flight, keeping the input order in the result. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}
