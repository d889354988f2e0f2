// One skill through the per-skill stages: read → parse → validate → body checks.
// Shared by lint (file list only) and build (file contents too). Never throws for bad input.
// With a cache, a skill whose SKILL.md bytes and file list are unchanged skips parse, validate and
// the body checks: the cached result is what they would compute again.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic, ParsedSkill, Profile, RuleSetting, SkillFile, SkillSource, ValidSkill } from "../types.js";
import type { ReportContext } from "../diagnostics/rule.js";
import { AnalysisCache } from "../cache.js";
import { parseSkill, setBody } from "./parse.js";
import { decodeSkill } from "./frontmatter.js";
import { validateSkill } from "./validate.js";
import { checkBody } from "./body-checks.js";
import { collectFiles, listFiles, statFingerprint, walkFiles, type FileOptions } from "./files.js";
import type { BuildCache, BuildEntry } from "../build-cache.js";
import type { Dirent } from "node:fs";

export interface AnalyzeOptions {
  profile: Profile;
  settings: Record<string, RuleSetting>;
  extraSchema?: Record<string, unknown>;
  files: Omit<FileOptions, "settings" | "profile">;
  /** Build reads every supporting file; lint only lists them (for link checks). */
  readFiles: boolean;
  cache?: AnalysisCache;
  /** Build only: the build cache; a skill whose folder fingerprint is unchanged is not read at all. */
  build?: BuildCache;
  /** Folder listings discovery already read (see FileOptions.listings). */
  listings?: ReadonlyMap<string, Dirent[]>;
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
  /** With a build cache: the folder's fingerprint as read (undefined when it cannot be fingerprinted). */
  fp?: string;
  /**
   * With a build cache: the previous entry, when nothing changed. Then `files` carry no content and
   * the parsed text and body are empty: the skill's line is copied from the previous index.js.
   */
  reused?: BuildEntry;
}

/** What in the options changes an analysis result: the cache is keyed by it. */
export function analysisKey(opts: AnalyzeOptions): unknown {
  return { profile: opts.profile, settings: opts.settings, extraSchema: opts.extraSchema ?? null, files: opts.files };
}

export async function analyzeSkill(source: SkillSource, opts: AnalyzeOptions): Promise<SkillAnalysis> {
  if (opts.build && opts.readFiles) return analyzeWithBuildCache(source, opts, opts.build);
  const ctx: ReportContext = { file: source.file, profile: opts.profile, settings: opts.settings };
  const fileOpts: FileOptions = { ...opts.files, settings: opts.settings, profile: opts.profile, listings: opts.listings };
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

/** The build's analysis with a build cache: stat first, and read nothing when the fingerprint is unchanged. */
async function analyzeWithBuildCache(source: SkillSource, opts: AnalyzeOptions, build: BuildCache): Promise<SkillAnalysis> {
  const ctx: ReportContext = { file: source.file, profile: opts.profile, settings: opts.settings };
  const fileOpts: FileOptions = { ...opts.files, settings: opts.settings, profile: opts.profile, listings: opts.listings };
  const mdPath = path.join(source.absDir, source.fileName);
  const walked = walkFiles(source, fileOpts);
  const known = build.has(source.file);
  if (known && opts.cache) {
    try {
      const fps = walked.stat();
      const fp = fps && "SKILL.md\0" + statFingerprint(fs.statSync(mdPath)) + "\n" + fps.join("\n");
      const entry = fp ? build.get(source.file, fp) : undefined;
      const hit = entry && opts.cache.get(source.file, AnalysisCache.entryKey(entry.hash, walked.paths));
      if (entry && hit && hit.fields && hit.frontmatter && hit.fields.toolsets.length === 0) {
        const parsed = restoreParsed(source, undefined, hit, entry.hash);
        const skill = { ...parsed, frontmatter: hit.frontmatter, fields: hit.fields };
        const files = entry.files.map((f) => ({ ...f, content: "" }));
        return { source, parsed, skill, files, paths: walked.paths, diagnostics: [...hit.diagnostics, ...walked.walkDiagnostics], fp, reused: entry };
      }
    } catch {
      // fall through to a full read, which reports what is wrong
    }
  }
  let bytes: Buffer;
  let mdFp: string;
  try {
    const fd = fs.openSync(mdPath, "r");
    try {
      const st = fs.fstatSync(fd);
      bytes = fs.readFileSync(fd);
      mdFp = bytes.length === st.size ? statFingerprint(st) : "changed";
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    const message = `cannot read ${source.fileName}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Check the file's permissions.`;
    return { source, diagnostics: [{ file: source.file, line: 1, column: 1, ruleId: "read-error", severity: "error", message }] };
  }
  const fps: string[] = [];
  const collected = walked.read(fps);
  const files = collected.files;
  const paths = files.map((f) => f.path);
  // Fingerprintable only when every listed file was read (none skipped, oversize or special).
  const fp = fps.length === walked.paths.length ? "SKILL.md\0" + mdFp + "\n" + fps.join("\n") : undefined;
  const result = analyzeBytes(source, bytes, files, paths, collected.diagnostics, opts, ctx);
  return { ...result, fp };
}

function analyzeBytes(
  source: SkillSource,
  bytes: Uint8Array,
  files: SkillFile[] | undefined,
  paths: string[],
  diagnostics: Diagnostic[],
  opts: AnalyzeOptions,
  ctx: ReportContext,
): SkillAnalysis {
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
function restoreParsed(source: SkillSource, bytes: Uint8Array | undefined, hit: NonNullable<ReturnType<AnalysisCache["get"]>>, hash?: string): ParsedSkill {
  const decoded = bytes ? decodeSkill(bytes) : undefined;
  const parsed: ParsedSkill = {
    source,
    hash: hash ?? createHash("sha256").update(bytes!).digest("hex"),
    text: decoded?.ok ? decoded.text : "",
    frontmatter: hit.frontmatter,
    positions: hit.positions,
    frontmatterRange: hit.frontmatterRange,
    bodyOffset: 0,
    body: "",
    bodyStart: 0,
    diagnostics: [],
  };
  if (bytes) setBody(parsed, hit.bodyOffset);
  else Object.assign(parsed, { bodyOffset: hit.bodyOffset, bodyStart: hit.bodyStart });
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
