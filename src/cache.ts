// The incremental cache: per-skill analysis results keyed by a hash of the SKILL.md bytes and the
// skill folder's file list, stored under node_modules/.cache/skillc and keyed as a whole by the
// skillc version and everything in the config that changes analysis. A hit skips YAML, ajv and the
// body scan; the output is identical with and without it (the analysis is a pure function of the key).
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic, NodePositions, Range, SkillFields } from "./types.js";
import { skillcVersion } from "./version.js";

/** What a hit restores; the text and body are re-derived from the bytes, which are read anyway. */
export interface CachedAnalysis {
  frontmatter?: Record<string, unknown>;
  positions: NodePositions;
  frontmatterRange: Range;
  bodyOffset: number;
  bodyStart: number;
  fields?: SkillFields;
  diagnostics: Diagnostic[];
}

/** Entries by SKILL.md path: one per skill, replaced when its key changes (so the file never grows stale). */
interface CacheFile {
  key: string;
  entries: Record<string, { key: string; value: CachedAnalysis }>;
}

export class AnalysisCache {
  private entries: Map<string, { key: string; value: CachedAnalysis }>;
  private dirty = false;

  private constructor(
    private readonly file: string,
    private readonly key: string,
    entries: CacheFile["entries"],
  ) {
    this.entries = new Map(Object.entries(entries));
  }

  /** Opens the cache for this project root and config; a missing or stale cache starts empty. */
  static async open(projectRoot: string, configKey: unknown): Promise<AnalysisCache> {
    const file = path.join(projectRoot, "node_modules", ".cache", "skillc", "analysis-v1.json");
    const key = createHash("sha256").update(skillcVersion()).update("\0").update(stableJson(configKey)).digest("hex");
    try {
      const data = JSON.parse(await readFile(file, "utf8")) as CacheFile;
      if (data.key === key && data.entries && typeof data.entries === "object") return new AnalysisCache(file, key, data.entries);
    } catch {
      // No cache yet, or an unreadable one: start empty (it is only ever an optimisation).
    }
    return new AnalysisCache(file, key, {});
  }

  /** The key of one skill's analysis: the hash of its SKILL.md bytes and the names of its files. */
  static entryKey(bytesHash: string, fileList: readonly string[]): string {
    return createHash("sha256").update(bytesHash).update("\0").update(fileList.join("\0")).digest("hex");
  }

  get(file: string, entryKey: string): CachedAnalysis | undefined {
    const entry = this.entries.get(file);
    return entry?.key === entryKey ? entry.value : undefined;
  }

  set(file: string, entryKey: string, value: CachedAnalysis): void {
    this.entries.set(file, { key: entryKey, value });
    this.dirty = true;
  }

  /** Writes the cache if anything changed, atomically; failures are ignored. */
  async save(): Promise<void> {
    if (!this.dirty) return;
    const entries: CacheFile["entries"] = {};
    for (const k of [...this.entries.keys()].sort()) entries[k] = this.entries.get(k)!;
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(tmp, JSON.stringify({ key: this.key, entries } satisfies CacheFile));
      await rename(tmp, this.file);
    } catch {
      // A read-only node_modules must not fail a build: the cache is an optimisation.
    }
  }
}

/** Below this many skills, a run analyses from scratch unless the cache is asked for explicitly. */
export const CACHE_MIN_SKILLS = 32;

export function useCache(option: boolean | undefined, skills: number): boolean {
  return option ?? skills >= CACHE_MIN_SKILLS;
}

/** JSON with sorted keys, so that equal configs give equal cache keys. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
