// The emit stage: EmitSkill[] → the contents of every file in outDir, in memory.
// Pure apart from reading the runtime's code once per process; writing is write.ts's job. The one
// exception is a writing split build's chunks: handed to its sink (emit/chunk-stage.ts) one by one
// as they are rendered, so that memory never holds them all.
import { createHash } from "node:crypto";
import { updateJson } from "../util/hash-json.js";
import { isReused, type Collision, type Diagnostic, type EmitSkill } from "../types.js";
import { toolsetHelper } from "./toolset-helper.js";
import { bashWords } from "./bash-words.js";
import type { ResolvedConfig } from "../config/types.js";
import { skillcVersion } from "../util/version.js";
import { compareCodeUnits } from "../util/compare.js";
import { bundleOptions, renderBundle, renderBundleTo, renderSplitBundle } from "./bundle.js";
import type { IndexStage, PreviousIndex } from "./index-stage.js";
import { resolveLayout, type ChunkSink } from "./split.js";
import { renderChunks, renderShards, type ShardReuse, type SplitChunks } from "./split-shards.js";
import { splitHelper } from "./split-helper.js";
import { CATALOG_FILES, renderCatalogs } from "./catalog.js";
import { renderDts } from "./dts.js";
import { renderSplitDts } from "./dts-shards.js";
import { renderManifest, type ManifestEntries } from "./manifest.js";
import { SideRender, type CatalogOptions, type SideJob, type SideResult, type SideWorkerStart } from "./side-render.js";
import { renderManifestShards } from "./manifest-shards.js";
import { catalogFields, skillParts, typesFields, type KeyParts } from "./group-key.js";
import { renderMcp } from "./mcp.js";
import { mcpCode } from "./mcp-code.js";
import { splitMcpData } from "./mcp-split.js";
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
  /** Single layout: where index.js is streamed as it is rendered (a writing build's staging folder, emit/index-stage.ts); by default into `files`. */
  index?: IndexStage;
  /** Single layout: the worker the metadata outputs may render on meanwhile (side-render.ts; project/side-worker.ts decides); by default none. */
  sideWorker?: SideWorkerStart;
  /** Fills in templates left to compile (project/compile.ts) before they render: all at once, or with `written`, skill by skill as each renders or goes to the side worker. */
  templates?: (skills: readonly EmitSkill[]) => void;
  /** Streamed to `index`: called once a skill's line is written. Its template and text then live that long only, and die young instead of all surviving into the old generation. */
  written?: (skill: EmitSkill) => void;
}

/**
 * What a rebuild reuses of the previous outputs, and learns of the new ones for the next rebuild.
 * With it, index.js is rendered as bytes (a reused skill's line copied), manifest.json may take
 * unchanged skills' entries from the previous one, and each other group of outputs is kept as it
 * is on disk while the key of what it is rendered from is unchanged.
 */
export interface EmitReuse {
  /** The previous index.js, open (what reused lines' `at` point into): spliced from, and left as it is when the new one has the same bytes. */
  previousIndex(): PreviousIndex | undefined;
  /**
   * Where a skill's line landed in the new index.js (without its trailing comma): `line`, its bytes
   * (a reused skill's spliced line may be unread, only its length is then meaningful); split layout:
   * `chunk`, its chunk's hash, and `file`, the metadata shard (`chunks/<hash>.js`) the line is in.
   */
  onLine(skill: EmitSkill, offset: number, line: Buffer, chunk?: string, file?: string): void;
  /** manifest.json: a skill's entry as the previous file has it (indented, no trailing comma), if still valid. */
  manifestEntry(skill: EmitSkill): Uint8Array | undefined;
  /** Where a skill's entry sits in the new manifest.json (byte offsets; split layout: offset 0 and its length in UTF-16 units, what its shard's boundaries count). */
  onManifestEntry(skill: EmitSkill, offset: number, length: number): void;
  /** Split layout: a reused skill's entry length as recorded last time (its manifest shard's boundaries depend on it). */
  manifestLength?(skill: EmitSkill): number | undefined;
  /** The previous files of a group whose key is unchanged (as they are on disk, verified), with what was `setOutput` with them. */
  output(group: string, key: string, names: readonly string[]): { files: Map<string, string>; extra?: unknown } | undefined;
  /** Records a group rendered by this build. */
  setOutput(group: string, key: string, names: readonly string[], extra?: unknown): void;
  /** A reused skill's digest for an output group's key, as recorded with it (group-key.ts). */
  part?(skill: EmitSkill, group: string): string | undefined;
  /** A skill's digest for an output group's key, to record with it. */
  onPart?(skill: EmitSkill, group: string, digest: string): void;
  /** Split layout: where a reused skill's line was, for keeping a metadata shard unchanged (split-shards.ts's ShardReuse). */
  previousShard?(skill: EmitSkill): { hash: string; offset: number; size: number } | undefined;
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
  if (layout === "split") input.templates?.(skills);
  const chunks = layout === "split" ? await renderChunks(skills, files, input.chunks) : undefined;
  const split = !!chunks;
  const catalogOpts = { format: config.catalog.format, budget: config.catalog.budgetChars, permissions: config.permissions };
  const { plan, settle, group } = groups(reuse, files);
  const catalogPlan = plan("catalog", CATALOG_FILES.map(([file]) => file), () => [catalogOpts, skillParts("catalog", skills, catalogFields, keyParts(reuse))]);
  const entries = reuse && { reuse: (s: EmitSkill) => reuse.manifestEntry(s), onEntry: (s: EmitSkill, offset: number, length: number) => reuse.onManifestEntry(s, offset, length) };
  // Single layout: the metadata outputs may render on a worker while index.js renders here (side-render.ts).
  const side = split ? undefined : await startSide(skills, catalogPlan.hit ? undefined : catalogOpts, plan, entries, input.sideWorker, reuse);
  let sideResult: SideResult | undefined;
  let indexJs: string | number;
  try {
    if (!split && !(input.index && input.written)) input.templates?.(skills);
    // A number: index.js was streamed to input.index, this many bytes (it is not in `files`).
    indexJs = await renderIndex(input, skills, chunks, files, side?.render);
    sideResult = await side?.render.result();
  } finally {
    side?.render.close();
  }
  const bundleBytes = typeof indexJs === "number" ? indexJs : Buffer.byteLength(indexJs, "utf8");
  const catalogReport = (await settle(catalogPlan, async () => {
    const c = sideResult?.catalog ?? renderCatalogs(skills, catalogOpts);
    return { files: c.files, extra: { shortened: c.shortened, dropped: c.dropped } };
  })) ?? { shortened: [], dropped: [] };
  if (side) await settle(side.dts, async () => ({ files: [["index.d.ts", sideResult!.dts!]] }));
  else await renderTypes(group, input, skills, split, files);
  if (typeof indexJs === "string") files.set("index.js", indexJs);
  // index.js is ESM; without this, Node reads it as CommonJS inside a project whose package.json
  // has no "type": "module" (the npm init default) and fails on `export`.
  files.set("package.json", '{\n  "type": "module",\n  "types": "./index.d.ts"\n}\n');
  const manifestInput = { version, profile: config.profile, skills, collisions, diagnostics: input.diagnostics, stats: input.stats, chunks: chunks?.chunk };
  // Split: manifest.json lists its shards, chunks/<sha256>.json (emit/manifest-shards.ts).
  files.set("manifest.json", chunks ? await renderManifestShards({ ...manifestInput, chunks: chunks.chunk }, files, input.chunks, reuse) : renderManifest(manifestInput, side?.entries(sideResult) ?? entries));
  // mcp.js: emit/mcp.ts; split, its data in shards (emit/mcp-split.ts).
  if (config.mcp) for (const [n, text] of await renderMcp(await mcpCode(), version, skills, split ? splitMcpData(files, input.chunks) : undefined)) files.set(n, text);

  const diagnostics: Diagnostic[] = [];
  if (bundleBytes > config.maxBundleBytes) {
    (input.reporter ?? new Reporter({ profile: config.profile, settings: config.rules })).to(diagnostics, posixJoin(config.outDir, "index.js"))(BUNDLE_TOO_LARGE, { line: 1, column: 1 }, { bytes: bundleBytes, limit: config.maxBundleBytes });
  }
  return { files, layout, chunks: chunks && new Set(chunks.chunk.values()).size, catalogReport: { shortened: [...catalogReport.shortened], dropped: [...catalogReport.dropped] }, bundleBytes, diagnostics };
}

/** index.js: streamed to `input.index` (its size returned), else as a string; split, it imports the metadata shards, rendered here. */
async function renderIndex(input: EmitInput, skills: EmitSkill[], chunks: SplitChunks | undefined, files: Map<string, string | Uint8Array>, side?: SideRender): Promise<string | number> {
  const { config, reuse } = input;
  const version = skillcVersion();
  const helper = skills.some((s) => s.toolsets) ? await toolsetHelper() : undefined;
  const runtime = await runtimeFor(config);
  if (chunks) {
    const onLine = reuse && ((s: EmitSkill, offset: number, line: Buffer, file: string) => reuse.onLine(s, offset, line, chunks.chunk.get(s), file));
    const shards = await renderShards(skills, chunks, files, input.chunks, onLine, reuse && shardReuse(reuse));
    return renderSplitBundle(runtime, version, bundleOptions(config), skills, helper, await splitHelper(), shards);
  }
  if (!input.index) return renderBundle(runtime, version, bundleOptions(config), skills, helper);
  const out = input.index.writer(reuse?.previousIndex());
  // The side worker, once done with its own renders, takes some skills' payloads (files-offload.ts).
  const prepare = input.written ? input.templates : undefined;
  const offload = side?.offload(skills, prepare);
  const onLine = reuse || input.written ? (s: EmitSkill, offset: number, line: Buffer) => (reuse?.onLine(s, offset, line), input.written?.(s)) : undefined;
  await renderBundleTo(out, runtime, version, bundleOptions(config), skills, helper, onLine, offload, prepare);
  return out.finish();
}

/** The build cache's side of a split rebuild's metadata shards, when it has one. */
function shardReuse(reuse: EmitReuse): ShardReuse | undefined {
  const previous = reuse.previousShard?.bind(reuse);
  return previous && { previousShard: previous, output: reuse.output.bind(reuse), setOutput: reuse.setOutput.bind(reuse) };
}

type Render<E> = () => Promise<{ files: Array<[string, string]>; extra?: E }>;
type Group = <E>(name: string, names: readonly string[], keyOf: () => unknown, render: Render<E>, valid?: (extra: unknown) => boolean) => Promise<E | undefined>;
/** A group of outputs looked up: `hit`, its previous files when its key is unchanged (and valid). */
interface Plan {
  name: string;
  names: readonly string[];
  key: string;
  hit?: { files: Map<string, string>; extra?: unknown };
}
type PlanOf = (name: string, names: readonly string[], keyOf: () => unknown, valid?: (extra: unknown) => boolean) => Plan;

/**
 * Groups of outputs: each reused as it is when its key is unchanged (and `valid` takes what was
 * recorded with it), else rendered (and recorded). `plan` looks one up, `settle` puts it in `files`
 * (rendering it if needed); `group` does both.
 */
function groups(reuse: EmitReuse | undefined, files: Map<string, string | Uint8Array>): { plan: PlanOf; settle: <E>(p: Plan, render: Render<E>) => Promise<E | undefined>; group: Group } {
  const outputs = reuse && { get: reuse.output.bind(reuse), set: reuse.setOutput.bind(reuse) };
  const plan: PlanOf = (name, names, keyOf, valid) => {
    const key = outputs ? updateJson(createHash("sha1"), keyOf()).digest("hex") : "";
    const hit = outputs?.get(name, key, names);
    return { name, names, key, hit: hit && (!valid || valid(hit.extra)) ? hit : undefined };
  };
  const settle = async <E>(p: Plan, render: Render<E>): Promise<E | undefined> => {
    if (p.hit) {
      for (const n of p.names) files.set(n, p.hit.files.get(n)!);
      return p.hit.extra as E;
    }
    const out = await render();
    for (const [n, text] of out.files) files.set(n, text);
    outputs?.set(p.name, p.key, p.names, out.extra);
    return out.extra;
  };
  return { plan, settle, group: (name, names, keyOf, render, valid) => settle(plan(name, names, keyOf, valid), render) };
}

/** A single build's metadata outputs, planned before index.js renders and sent to render meanwhile (side-render.ts). */
interface Side {
  render: SideRender;
  dts: Plan;
  /** The manifest's entries: reused ones as they were, the others as the job rendered them. */
  entries(result: SideResult | undefined): ManifestEntries | undefined;
}

async function startSide(skills: EmitSkill[], catalog: CatalogOptions | undefined, plan: PlanOf, entries: ManifestEntries | undefined, start: SideWorkerStart | undefined, reuse: EmitReuse | undefined): Promise<Side> {
  const version = skillcVersion();
  const runtimeApi = await runtimeTypes();
  const dts = plan("dts", ["index.d.ts"], () => typesKey(version, runtimeApi, false, skills, keyParts(reuse)));
  const reused = skills.map((s) => entries?.reuse(s));
  const manifest: number[] = [];
  reused.forEach((r, i) => r === undefined && manifest.push(i));
  const job: SideJob = { skills, ...(catalog && { catalog }), ...(!dts.hit && { dts: { version, runtimeApi } }), manifest };
  const render = SideRender.start(job, Math.max(manifest.length, dts.hit ? 0 : skills.length, catalog ? skills.length : 0), start);
  return {
    render,
    dts,
    entries: (result) => {
      const rendered = new Map<EmitSkill, string>();
      manifest.forEach((i, n) => rendered.set(skills[i]!, result!.manifest![n]!));
      const index = new Map(skills.map((s, i) => [s, i]));
      return { reuse: (s) => reused[index.get(s)!] ?? rendered.get(s), onEntry: (s, offset, length) => entries?.onEntry(s, offset, length) };
    },
  };
}

/** What index.d.ts is rendered from (its group's key; each skill's part a digest, group-key.ts). */
function typesKey(version: string, runtimeApi: string, split: boolean, skills: EmitSkill[], parts: KeyParts | undefined): unknown {
  return [version, runtimeApi, ...(split ? ["split"] : []), skillParts("dts", skills, typesFields, parts)];
}

/** The build cache's record of each reused skill's part of the group keys, when there is one. */
function keyParts(reuse: EmitReuse | undefined): KeyParts | undefined {
  return reuse?.part && reuse.onPart ? { part: reuse.part.bind(reuse), onPart: reuse.onPart.bind(reuse) } : undefined;
}

/** index.d.ts, kept while what it is rendered from is unchanged; split, it imports its type shards (emit/dts-shards.ts), kept with it while they are in outDir. */
async function renderTypes(group: Group, input: EmitInput, skills: EmitSkill[], split: boolean, files: Map<string, string | Uint8Array>): Promise<void> {
  const version = skillcVersion();
  const runtimeApi = await runtimeTypes();
  const sink = input.chunks;
  await group(
    "dts",
    ["index.d.ts"],
    () => typesKey(version, runtimeApi, split, skills, keyParts(input.reuse)),
    async () => {
      if (!split) return { files: [["index.d.ts", renderDts(version, skills, runtimeApi)]] };
      const d = await renderSplitDts(version, skills, runtimeApi, files, sink);
      return { files: [["index.d.ts", d.text]], extra: { shards: d.shards } };
    },
    split ? (extra) => !!shardsIn(extra, (h) => !!sink?.has(h, "d.ts"))?.every((h) => (sink!.refer(h, "d.ts"), true)) : undefined,
  );
}

/** The type shards recorded with a reused index.d.ts, when every one is a hash `present` still holds. */
function shardsIn(extra: unknown, present: (hash: string) => boolean): string[] | undefined {
  const shards = (extra as { shards?: unknown } | undefined)?.shards;
  if (!Array.isArray(shards) || !shards.every((h) => typeof h === "string" && /^[0-9a-f]{64}$/.test(h) && present(h))) return undefined;
  return shards as string[];
}

function bySkill(a: EmitSkill, b: EmitSkill): number {
  return compareCodeUnits(a.name, b.name) || compareCodeUnits(a.source.file, b.source.file);
}

function posixJoin(dir: string, file: string): string {
  return (dir.replace(/\\/g, "/").replace(/\/+$/, "") || ".") + "/" + file;
}
