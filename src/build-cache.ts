// The build cache: what a rebuild needs to emit a skill that did not change without reading its
// files or serializing it again. Stored beside the analysis cache (node_modules/.cache/skillc),
// keyed as a whole by the skillc version and the whole config, per skill by a fingerprint: the
// SKILL.md's and every listed file's (path, size, mtime, ctime, inode, mode) from a stat.
// For each skill it keeps the files' metadata (for manifest.json, index.d.ts, the content hash) and
// where the skill's line sits in the index.js that build wrote, with a hash of that line. A rebuild
// copies an unchanged skill's line from the previous index.js (read once) when its key (name, path,
// scope, rank, content hash) is the same and the line's bytes are verified; anything else — a
// deleted or edited index.js, a renamed skill — falls back to reading and serializing that skill.
// Residual risk, as with make or tsc: a file rewritten with the same size within one mtime/ctime
// tick, keeping its inode, is taken as unchanged (delete the cache or touch the file to force it).
import { createHash } from "node:crypto";
import fs from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SkillFile } from "./types.js";
import { stableJson } from "./cache.js";
import { skillcVersion } from "./version.js";

export type FileMeta = Omit<SkillFile, "content">;

export interface BuildEntry {
  /** The skill folder's fingerprint when it was read. */
  fp: string;
  /** sha256 of the SKILL.md bytes (the analysis cache's key and the content hash start from it). */
  hash: string;
  files: FileMeta[];
  /** The skill's line in index.js (without the trailing comma): its key, byte offset, length and sha1. */
  line?: { key: string; offset: number; length: number; sha1: string };
}

interface BuildCacheFile {
  key: string;
  /** Stat fingerprint of the index.js the lines point into, as written. */
  index?: string;
  entries: Record<string, BuildEntry>;
}

export function lineKey(parts: unknown[]): string {
  return createHash("sha1").update(JSON.stringify(parts)).digest("hex");
}

export function sha1(bytes: Uint8Array): string {
  return createHash("sha1").update(bytes).digest("hex");
}

function indexFingerprint(st: fs.Stats): string {
  return `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`;
}

export class BuildCache {
  private prevIndex: Buffer | undefined;
  private trusted = false;
  private loaded = false;

  private constructor(
    private readonly file: string,
    private readonly key: string,
    private readonly indexFile: string,
    private readonly data: BuildCacheFile,
  ) {}

  static async open(projectRoot: string, configKey: unknown, outDir: string): Promise<BuildCache> {
    const file = path.join(projectRoot, "node_modules", ".cache", "skillc", "build-v1.json");
    const key = createHash("sha256").update(skillcVersion()).update("\0").update(stableJson(configKey)).digest("hex");
    const indexFile = path.join(outDir, "index.js");
    let data: BuildCacheFile = { key, entries: {} };
    try {
      const parsed = JSON.parse(await readFile(file, "utf8")) as BuildCacheFile;
      if (parsed.key === key && parsed.entries && typeof parsed.entries === "object") data = parsed;
    } catch {
      // No cache yet, or an unreadable one: start empty (it is only ever an optimisation).
    }
    return new BuildCache(file, key, indexFile, data);
  }

  /** The entry of a skill whose folder still has this fingerprint. */
  get(file: string, fp: string): BuildEntry | undefined {
    const e = Object.hasOwn(this.data.entries, file) ? this.data.entries[file] : undefined;
    return e && e.fp === fp ? e : undefined;
  }

  /** Whether any entry exists for this skill (a cold build stats nothing). */
  has(file: string): boolean {
    return Object.hasOwn(this.data.entries, file);
  }

  private loadIndex(): void {
    if (this.loaded) return;
    this.loaded = true;
    try {
      const fd = fs.openSync(this.indexFile, "r");
      try {
        const st = fs.fstatSync(fd);
        this.prevIndex = fs.readFileSync(fd);
        this.trusted = this.data.index !== undefined && this.data.index === indexFingerprint(st) && this.prevIndex.length === st.size;
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      this.prevIndex = undefined;
    }
  }

  /** The previous line of `entry` when its key matches and its bytes are intact. */
  line(entry: BuildEntry, key: string): { bytes: Buffer; sha1: string } | undefined {
    const l = entry.line;
    if (!l || l.key !== key) return undefined;
    this.loadIndex();
    const prev = this.prevIndex;
    if (!prev || l.offset < 0 || l.offset + l.length > prev.length) return undefined;
    const bytes = prev.subarray(l.offset, l.offset + l.length);
    if (!this.trusted && sha1(bytes) !== l.sha1) return undefined;
    return { bytes, sha1: l.sha1 };
  }

  /** Replaces every entry and records the index.js just written; failures are ignored. */
  async save(entries: Record<string, BuildEntry>): Promise<void> {
    this.prevIndex = undefined;
    const out: BuildCacheFile = { key: this.key, entries: {} };
    try {
      out.index = indexFingerprint(fs.statSync(this.indexFile));
    } catch {
      // no index.js: lines are verified by hash next time
    }
    for (const k of Object.keys(entries).sort()) out.entries[k] = entries[k]!;
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(tmp, JSON.stringify(out));
      await rename(tmp, this.file);
    } catch {
      // A read-only node_modules must not fail a build: the cache is an optimisation.
    }
  }

  /** Forgets everything (a build that wrote nothing keeps the old file as it is). */
  static async remove(projectRoot: string): Promise<void> {
    await fs.promises.rm(path.join(projectRoot, "node_modules", ".cache", "skillc", "build-v1.json"), { force: true });
  }
}
