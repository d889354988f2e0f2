// The emit stage: EmitSkill[] → the contents of every file in outDir, in memory.
// Pure apart from reading the runtime's code once per process; writing is write.ts's job. The one
// exception is a writing split build's chunks: handed to its sink (emit/chunk-stage.ts) one by one
// as they are rendered, so that memory never holds them all.
import { createHash } from "node:crypto";
import { isReused, type Collision, type Diagnostic, type EmitSkill } from "../types.js";
import { toolsetHelper } from "./toolset-helper.js";
import { bashWords } from "./bash-words.js";
import type { ResolvedConfig } from "../config/types.js";
import { skillcVersion } from "../util/version.js";
import { compareCodeUnits } from "../util/compare.js";
import { bundleOptions, renderBundle, renderBundleBytes, type SplitParts } from "./bundle.js";
import { chunkFile, renderChunk, resolveLayout, type ChunkSink } from "./split.js";
import { splitHelper } from "./split-helper.js";
import { CATALOG_FILES, renderCatalogs } from "./catalog.js";
import { renderDts } from "./dts.js";
import { renderManifest } from "./manifest.js";
import { renderMcp } from "./mcp.js";
import { mcpCode } from "./mcp-code.js";
import { runtimeCode } from "./runtime-code.js";
import { runtimeTypes } from "./runtime-types.js";
import { BUNDLE_TOO_LARGE } from "../rules/emit-rules.js";
import { Reporter } from "../diagnostics/reporter.js";

export { serializeSkill } from "./bundle.js";
export { writeOutDir } from "./write.js";
export { resolveLayout, type ChunkSink } from "./split.js";
export { EMIT_RULES, BUNDLE_TOO_LARGE } from "../rules/emit-rules.js";

export interface EmitInput {
  /** Sorted by name then path; includes `keep` duplicates (re-sorted here regardless). With their compiled toolsets, if any. */
  skills: EmitSkill[];
  collisions: Collision[];
  /** Counted for the manifest's stats. */
  diagnostics: Diagnostic[];
  config: ResolvedConfig;
  /** The run's reporter (build passes its own); by default the config's profile and rules. */
  reporter?: Reporter;
  stats: { skills: number; files: number; bytes: number };
  /** Build's incremental path, backed by the build cache (src/project/build-reuse.ts). */
  reuse?: EmitReuse;
  /** The layout to write; by default the config's (`output`, "auto" decided from `stats`). */
  layout?: "single" | "split";
  /** Split layout: where chunks go as they are rendered (a writing build's staging folder); by default into `files`. */
  chunks?: ChunkSink;
}

/**
 * What a rebuild reuses of the previous outputs, and learns of the new ones for the next rebuild.
 * With it, index.js is rendered as bytes (a reused skill's line copied), manifest.json may take
 * unchanged skills' entries from the previous one, and each other group of outputs is kept as it
 * is on disk while the key of what it is rendered from is unchanged.
 */
export interface EmitReuse {
  /** The previous index.js, returned as it is when the new one has the same bytes. */
  previousIndex(): Buffer | undefined;
  /** Where a skill's line landed in the new index.js (without its trailing comma); `chunk`: its chunk's hash (split layout). */
  onLine(skill: EmitSkill, offset: number, line: Buffer, chunk?: string): void;
  /** manifest.json: a skill's entry as the previous file has it (indented, no trailing comma), if still valid. */
  manifestEntry(skill: EmitSkill): string | undefined;
  /** Where a skill's entry sits in the new manifest.json (UTF-16 offsets). */
  onManifestEntry(skill: EmitSkill, offset: number, length: number): void;
  /** The previous files of a group whose key is unchanged (as they are on disk, verified), with what was `setOutput` with them. */
  output(group: string, key: string, names: readonly string[]): { files: Map<string, string>; extra?: unknown } | undefined;
  /** Records a group rendered by this build. */
  setOutput(group: string, key: string, names: readonly string[], extra?: unknown): void;
}

export interface EmitOutput {
  /** File names relative to outDir → contents (chunks too, unless they went to `chunks`). */
  files: Map<string, string | Uint8Array>;
  layout: "single" | "split";
  /** Split layout: how many distinct chunks index.js refers to. */
  chunks?: number;
  /** For the configured catalog format: skills whose description was cut, and skills left out. */
  catalogReport: { shortened: string[]; dropped: string[] };
  bundleBytes: number;
  /** `bundle-too-large` when index.js passes `maxBundleBytes`, rated by the run's reporter. */
  diagnostics: Diagnostic[];
}

/** The runtime's code, and after it the claude-code dialect's argument splitter when that is the dialect. */
async function runtimeFor(config: ResolvedConfig): Promise<string> {
  return (await runtimeCode()) + (config.dialect === "claude-code" ? (await bashWords()) + "\n" : "");
}

export async function emit(input: EmitInput): Promise<EmitOutput> {
  const { config } = input;
  const version = skillcVersion();
  const skills = [...input.skills].sort(bySkill);
  const collisions = [...input.collisions].sort((a, b) => compareCodeUnits(a.name, b.name) || compareCodeUnits(a.paths.join("\n"), b.paths.join("\n")));

  const reuse = input.reuse;
  const files = new Map<string, string | Uint8Array>();
  const layout = input.layout ?? resolveLayout(config.output, input.stats);
  const chunks = layout === "split" ? await renderChunks(skills, files, input.chunks) : undefined;
  const split = !!chunks;
  const indexJs = await renderIndex(input, skills, chunks);
  const bundleBytes = typeof indexJs === "string" ? Buffer.byteLength(indexJs, "utf8") : indexJs.length;
  const catalogOpts = { format: config.catalog.format, budget: config.catalog.budgetChars, permissions: config.permissions };
  const outputs = reuse && { get: reuse.output.bind(reuse), set: reuse.setOutput.bind(reuse) };
  /** One group of outputs: reused as they are when its key is unchanged, else rendered (and recorded). */
  const group = <E>(name: string, names: readonly string[], keyOf: () => unknown, render: () => { files: Array<[string, string]>; extra?: E }): E | undefined => {
    const key = outputs ? createHash("sha1").update(JSON.stringify(keyOf())).digest("hex") : "";
    const hit = outputs?.get(name, key, names);
    if (hit) {
      for (const n of names) files.set(n, hit.files.get(n)!);
      return hit.extra as E | undefined;
    }
    const out = render();
    for (const [n, text] of out.files) files.set(n, text);
    outputs?.set(name, key, names, out.extra);
    return out.extra;
  };
  const catalogNames = CATALOG_FILES.map(([file]) => file);
  const catalogReport = group(
    "catalog",
    catalogNames,
    () => [catalogOpts, skills.map((s) => [s.name, s.fields.description, s.fields.disableModelInvocation, s.fields.defaultEnabled, s.source.file, s.source.root.scope, s.source.root.precedence])],
    () => {
      const c = renderCatalogs(skills, catalogOpts);
      return { files: c.files, extra: { shortened: c.shortened, dropped: c.dropped } };
    },
  ) ?? { shortened: [], dropped: [] };
  const runtimeApi = await runtimeTypes();
  group(
    "dts",
    ["index.d.ts"],
    () => [version, runtimeApi, ...(split ? ["split"] : []), skills.map((s) => [s.name, s.source.file, s.source.dir, s.source.root.scope, s.fields.arguments, s.toolsets?.tools ?? null, s.files.map((f) => [f.path, f.binary])])],
    () => ({ files: [["index.d.ts", renderDts(version, skills, runtimeApi, split)]] }),
  );
  files.set("index.js", indexJs);
  // index.js is ESM; without this, Node reads it as CommonJS inside a project whose package.json
  // has no "type": "module" (the npm init default) and fails on `export`.
  files.set("package.json", '{\n  "type": "module",\n  "types": "./index.d.ts"\n}\n');
  const manifestInput = { version, profile: config.profile, skills, collisions, diagnostics: input.diagnostics, stats: input.stats, chunks };
  const entries = reuse && { reuse: (s: EmitSkill) => reuse.manifestEntry(s), onEntry: (s: EmitSkill, offset: number, length: number) => reuse.onManifestEntry(s, offset, length) };
  files.set("manifest.json", renderManifest(manifestInput, entries));
  if (config.mcp) for (const [n, text] of renderMcp(await mcpCode(), version, skills)) files.set(n, text); // mcp.js: emit/mcp.ts

  const diagnostics: Diagnostic[] = [];
  if (bundleBytes > config.maxBundleBytes) {
    (input.reporter ?? new Reporter({ profile: config.profile, settings: config.rules })).to(diagnostics, posixJoin(config.outDir, "index.js"))(BUNDLE_TOO_LARGE, { line: 1, column: 1 }, { bytes: bundleBytes, limit: config.maxBundleBytes });
  }
  return { files, layout, chunks: chunks && new Set(chunks.values()).size, catalogReport: { shortened: [...catalogReport.shortened], dropped: [...catalogReport.dropped] }, bundleBytes, diagnostics };
}

/** index.js: as bytes on build's incremental path, else as a string; split, its skills' payloads are their chunks. */
async function renderIndex(input: EmitInput, skills: EmitSkill[], chunks: Map<EmitSkill, string> | undefined): Promise<string | Buffer> {
  const { config, reuse } = input;
  const version = skillcVersion();
  const helper = skills.some((s) => s.toolsets) ? await toolsetHelper() : undefined;
  const split: SplitParts | undefined = chunks && { helper: await splitHelper(), chunk: (s) => chunks.get(s)! };
  const runtime = await runtimeFor(config);
  if (!reuse) return renderBundle(runtime, version, bundleOptions(config), skills, helper, split);
  const onLine = (s: EmitSkill, offset: number, line: Buffer) => reuse.onLine(s, offset, line, chunks?.get(s));
  return renderBundleBytes(runtime, version, bundleOptions(config), skills, helper, onLine, reuse.previousIndex(), split);
}

/**
 * Split layout: each skill's chunk, rendered one at a time and handed to `sink` (or put in `files`);
 * a reused skill keeps its chunk, known from the build cache, and is not read at all. Returns each
 * skill's chunk hash. With a sink, a skill's contents are let go once its chunk is out.
 */
async function renderChunks(skills: EmitSkill[], files: Map<string, string | Uint8Array>, sink: ChunkSink | undefined): Promise<Map<EmitSkill, string>> {
  const hashes = new Map<EmitSkill, string>();
  for (const skill of skills) {
    let hash: string;
    if (isReused(skill)) {
      if (!skill.chunk) throw new Error(`skillc: the reused skill ${skill.source.file} has no chunk (a split build cache entry without one)`);
      hash = skill.chunk;
    } else if (skill.chunk) {
      // Staged when it was analysed (project/chunk-stream.ts): its contents are gone already.
      if (!sink) throw new Error(`skillc: the skill ${skill.source.file} was staged without a chunk sink`);
      hash = skill.chunk;
    } else {
      const chunk = renderChunk(skill);
      hash = chunk.hash;
      if (!sink) files.set(chunkFile(hash), chunk.bytes);
      else {
        if (!sink.has(hash)) await sink.put(hash, chunk.bytes);
        for (const f of skill.files) f.content = "";
        skill.template = [];
      }
    }
    sink?.refer(hash);
    hashes.set(skill, hash);
  }
  return hashes;
}

function bySkill(a: EmitSkill, b: EmitSkill): number {
  return compareCodeUnits(a.name, b.name) || compareCodeUnits(a.source.file, b.source.file);
}

function posixJoin(dir: string, file: string): string {
  return (dir.replace(/\\/g, "/").replace(/\/+$/, "") || ".") + "/" + file;
}
