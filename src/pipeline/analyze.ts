// One skill through the per-skill stages: read → parse → validate → body checks.
// Shared by lint (file list only) and build (file contents too). Never throws for bad input.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic, ParsedSkill, Profile, RuleSetting, SkillFile, SkillSource, ValidSkill } from "../types.js";
import type { ReportContext } from "../diagnostics/rule.js";
import { parseSkill } from "./parse.js";
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
}

export interface SkillAnalysis {
  source: SkillSource;
  parsed?: ParsedSkill;
  /** Present when the frontmatter is valid (warnings allowed). */
  skill?: ValidSkill;
  /** Present when readFiles was set. */
  files?: SkillFile[];
  diagnostics: Diagnostic[];
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
  const parsed = parseSkill(source, bytes, ctx);
  const diagnostics = [...parsed.diagnostics];
  let files: SkillFile[] | undefined;
  let fileSet: Set<string>;
  if (opts.readFiles) {
    const collected = await collectFiles(source, fileOpts);
    files = collected.files;
    diagnostics.push(...collected.diagnostics);
    fileSet = new Set(files.map((f) => f.path));
  } else {
    const listed = await listFiles(source, fileOpts);
    diagnostics.push(...listed.diagnostics);
    fileSet = new Set(listed.paths);
  }
  if (parsed.frontmatter === undefined) return { source, parsed, files, diagnostics };
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
  return { source, parsed, skill: validated.skill, files, diagnostics };
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
