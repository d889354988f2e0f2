// The build cache as one build sees it (src/cache/build-cache.ts keeps the file): which unchanged
// skills keep their previous line in index.js, emit's incremental hooks (EmitReuse), what the next
// build gets (one entry per skill written), and which outputs need not be compared on write.
import type { BuildEntry, BuildStore } from "../pipeline/analysis-store.js";
import type { ReusedAnalysis, SkillAnalysis } from "../pipeline/analyze.js";
import type { Named } from "../pipeline/resolve.js";
import { isReused, type EmitSkill, type ReusedSkill, type SkillFileMeta, type SkillSource, type ValidSkillHead } from "../types.js";
import type { EmitReuse } from "../emit/index.js";
import { linePieces } from "../emit/split-shards.js";
import { BuildCache, lineKey, sha1 } from "../cache/build-cache.js";
import type { CacheMemory } from "../cache/memory.js";

export class BuildReuse implements EmitReuse {
  /** Reused skills' previous entries, by SKILL.md path. */
  private readonly reused = new Map<string, BuildEntry>();
  /** Every analysed skill's folder fingerprint, by SKILL.md path (a skill without one gets no entry). */
  private readonly fps = new Map<string, string>();
  /** This build's entries, recorded as index.js and manifest.json are rendered. */
  private readonly entries: Record<string, BuildEntry> = {};

  /**
   * The layout this build writes (part of every line's key: "auto" may change it between builds),
   * and for split, whether outDir still holds a chunk (a reused skill keeps its chunk only then).
   */
  private layout: { name: "single" | "split"; onDisk?: (hash: string) => boolean } = { name: "single" };

  private constructor(private readonly cache: BuildCache) {}

  setLayout(name: "single" | "split", onDisk?: (hash: string) => boolean): void {
    this.layout = { name, onDisk };
  }

  /** Opens the build cache of this project root, config key and output folder. */
  static async open(projectRoot: string, key: unknown, outDir: string, memory?: CacheMemory): Promise<BuildReuse> {
    return new BuildReuse(await BuildCache.open(projectRoot, key, outDir, memory));
  }

  /** The previous entries, for the analysis (a skill whose folder is unchanged is not read). */
  get store(): BuildStore {
    return this.cache;
  }

  /** Notes the analysed skills' fingerprints (the new entries are keyed by them). */
  track(analyses: readonly SkillAnalysis[]): void {
    for (const a of analyses) if (a.outcome !== "unreadable" && a.fp) this.fps.set(a.source.file, a.fp);
  }

  /** A reused analysis as a ReusedSkill, when its previous line is intact and keyed as this skill is now. */
  reuse(a: ReusedAnalysis, skill: Named<ValidSkillHead>, contentHash: string): ReusedSkill | undefined {
    const split = this.layout.name === "split";
    if (split && !(a.entry.chunk && this.layout.onDisk?.(a.entry.chunk))) return undefined;
    const line = this.cache.line(a.entry, skillLineKey(skill, contentHash, this.layout.name));
    if (!line) return undefined;
    // Its piece chunks too (named in its line): one gone from outDir means rendering the skill again.
    if (split && !piecesOf(line.bytes).every((h) => this.layout.onDisk?.(h))) return undefined;
    this.reused.set(a.source.file, a.entry);
    return { ...skill, files: a.files, contentHash, line, ...(split && { chunk: a.entry.chunk }) };
  }

  previousIndex(): { fd: number; size: number } | undefined {
    return this.cache.trustedIndex();
  }

  /** Whether index.js on disk is still the one the reused lines were compared with (see writeOutDir's heldIndex). */
  indexUnmoved(): boolean {
    return this.cache.indexUnmoved();
  }

  /** Notes index.js as committed, with outDir's lock held: the next build's offsets point into that file. */
  noteIndex(): void {
    this.cache.noteIndex();
  }

  /** Closes the previous index.js the reused lines are spliced from. */
  close(): void {
    this.cache.closeIndex();
  }

  onLine(skill: EmitSkill, offset: number, line: Buffer, chunk?: string, file?: string): void {
    const fp = this.fps.get(skill.source.file);
    if (skill.toolsets || !fp) return;
    const reused = isReused(skill);
    // A reused skill's entry is its previous one moved (its key matched when it was reused).
    const prev = reused ? this.reused.get(skill.source.file) : undefined;
    this.entries[skill.source.file] = {
      fp,
      hash: skill.hash,
      files: prev?.files ?? skill.files.map(fileMeta),
      line: { key: prev?.line?.key ?? skillLineKey(skill, skill.contentHash, this.layout.name), offset, length: line.length, sha1: reused ? skill.line.sha1 : sha1(line), ...(file && { file }) },
      ...(chunk && { chunk }),
      contentHash: skill.contentHash,
    };
    // Written: the contents are not needed any more (the result keeps the metadata).
    if (!reused) for (const f of skill.files) f.content = "";
  }

  /** Each skill's digests for the output groups' keys, by SKILL.md path (recorded with its entry). */
  private readonly parts = new Map<string, Record<string, string>>();

  /** A reused skill's recorded digest (kept in its new entry by save()). */
  part(skill: EmitSkill, group: string): string | undefined {
    const prev = isReused(skill) ? this.reused.get(skill.source.file)?.parts : undefined;
    return prev && Object.hasOwn(prev, group) ? prev[group] : undefined;
  }

  onPart(skill: EmitSkill, group: string, digest: string): void {
    let p = this.parts.get(skill.source.file);
    if (!p) this.parts.set(skill.source.file, (p = {}));
    p[group] = digest;
  }

  /** Split layout: a reused skill's line as the previous build placed it, while its shard is in outDir as written. */
  previousShard(skill: EmitSkill): { hash: string; offset: number; size: number } | undefined {
    const l = isReused(skill) ? this.reused.get(skill.source.file)?.line : undefined;
    const shard = l?.file !== undefined ? this.shardOf(l.file) : undefined;
    return shard && { hash: shard.hash, offset: l!.offset, size: shard.size };
  }

  /** A shard file's hash and size, once per shard (about 128 skills share one). */
  private readonly shardInfo = new Map<string, { hash: string; size: number } | undefined>();
  private shardOf(file: string): { hash: string; size: number } | undefined {
    if (!this.shardInfo.has(file)) {
      const hash = SHARD_FILE.exec(file)?.[1];
      const size = hash !== undefined ? this.cache.shardSize(file) : undefined;
      this.shardInfo.set(file, size === undefined ? undefined : { hash: hash!, size });
    }
    return this.shardInfo.get(file);
  }

  manifestEntry(skill: EmitSkill): Uint8Array | undefined {
    // Only a skill whose line was reused is unchanged in everything its entry shows.
    const entry = isReused(skill) ? this.reused.get(skill.source.file) : undefined;
    return entry && this.cache.manifestEntry(entry);
  }

  manifestLength(skill: EmitSkill): number | undefined {
    return isReused(skill) ? this.reused.get(skill.source.file)?.manifest?.length : undefined;
  }

  onManifestEntry(skill: EmitSkill, offset: number, length: number): void {
    const e = this.entries[skill.source.file];
    if (e) e.manifest = { offset, length };
  }

  output(group: string, key: string, names: readonly string[]): { files: Map<string, string>; extra?: unknown } | undefined {
    return this.cache.output(group, key, names);
  }

  setOutput(group: string, key: string, names: readonly string[], extra?: unknown): void {
    this.cache.setOutput(group, key, names, extra);
  }

  /** The outputs that need not be read back to compare: those reused from disk as they are (a writing build streams index.js, emit/index-stage.ts). */
  unchanged(): Set<string> {
    return new Set<string>(this.cache.reusedOutputs());
  }

  /** Saves this build's entries (after a write). */
  async save(): Promise<void> {
    await this.cache.save(this.entries, this.settle());
  }

  /**
   * Once emit is done (the entries are final): starts encoding their records while the commit waits
   * on the disk (BuildCache.encodeAhead); save() writes them.
   */
  encodeAhead(): Promise<void> {
    return this.cache.encodeAhead(this.entries, this.settle());
  }

  private same?: Set<string>;

  /** The entries completed (once), and the skills whose entry is the one read. */
  private settle(): Set<string> {
    if (this.same) return this.same;
    // A reused skill keeps its recorded digests, with any computed this time over them.
    for (const [file, prev] of this.reused) if (prev.parts && this.entries[file]) this.entries[file].parts = prev.parts;
    for (const [file, p] of this.parts) if (this.entries[file]) this.entries[file].parts = { ...this.entries[file].parts, ...p };
    const same = new Set<string>();
    for (const [file, prev] of this.reused) if (this.entries[file] && sameEntry(prev, this.entries[file])) same.add(file);
    return (this.same = same);
  }
}

/**
 * Whether a reused skill's new entry equals its previous one as its record stores it: offsets aside,
 * which the cache file keeps apart (a line moved by a change before it keeps its record's bytes).
 */
function sameEntry(a: BuildEntry, b: BuildEntry): boolean {
  const spans = (x?: { length: number }, y?: { length: number }) => x?.length === y?.length;
  const lines = a.line && b.line && a.line.key === b.line.key && a.line.sha1 === b.line.sha1 && a.line.file === b.line.file && spans(a.line, b.line);
  const files = a.files === b.files || (a.files.length === b.files.length && a.files.every((f, i) => sameFile(f, b.files[i]!)));
  return !!lines && files && a.fp === b.fp && a.hash === b.hash && a.chunk === b.chunk && a.contentHash === b.contentHash && spans(a.manifest, b.manifest) && sameParts(a.parts, b.parts);
}

function sameParts(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ka = Object.keys(a ?? {});
  return ka.length === Object.keys(b ?? {}).length && ka.every((k) => b![k] === a![k]);
}

function sameFile(a: SkillFileMeta, b: SkillFileMeta): boolean {
  return a.path === b.path && a.bytes === b.bytes && a.sha256 === b.sha256 && a.binary === b.binary && a.executable === b.executable && a.interpreter === b.interpreter;
}

/** What a skill's line depends on besides its folder's contents (the config is in the cache's key) and the layout (split: its lines are JSON in metadata shards, "shard"). */
function skillLineKey(s: { name: string; source: SkillSource }, hash: string, layout: "single" | "split"): string {
  return lineKey([s.name, s.source.file, s.source.dir, s.source.root.scope, s.source.root.precedence, hash, ...(layout === "split" ? [layout, "shard"] : [])]);
}

const SHARD_FILE = /^chunks\/([0-9a-f]{64})\.js$/;

const PAYLOAD = Buffer.from(',"payload":"');

/**
 * A split line's piece chunks. Most lines have none: their `payload`, the last key, is the chunk's
 * hash as a string, `,"payload":"<64 hex>"}`, seen at the line's end without the backwards search
 * linePieces makes (at 10,000 skills that search cost a rebuild 50 ms); any other ending asks it.
 */
export function piecesOf(line: Uint8Array): string[] {
  const n = line.length;
  const at = n - (PAYLOAD.length + 64 + 2);
  if (at >= 0 && line[n - 1] === 0x7d && line[n - 2] === 0x22 && PAYLOAD.equals(line.subarray(at, at + PAYLOAD.length))) return [];
  return linePieces(line);
}

function fileMeta(f: SkillFileMeta & { content?: unknown }): SkillFileMeta {
  const { content: _content, ...meta } = f;
  return meta;
}
