// The emit stage: CompiledSkill[] → the contents of every file in outDir, in memory.
// Pure apart from reading the runtime's code once per process; writing is write.ts's job.
import type { Collision, Diagnostic } from "../types.js";
import type { ToolsetSkill } from "../toolsets/compile.js";
import { toolsetHelper } from "../toolsets/helper.js";
import type { ResolvedConfig } from "../config-types.js";
import { skillcVersion } from "../version.js";
import { bundleOptions, renderBundle, renderBundleBytes } from "./bundle.js";
import { renderCatalogs } from "./catalog.js";
import { renderDts } from "./dts.js";
import { renderManifest } from "./manifest.js";
import { runtimeCode } from "./runtime-code.js";
import { BUNDLE_TOO_LARGE } from "./rules.js";

export { serializeSkill } from "./bundle.js";
export { writeOutDir } from "./write.js";
export { EMIT_RULES, BUNDLE_TOO_LARGE } from "./rules.js";

export interface EmitInput {
  /** Sorted by name then path; includes `keep` duplicates (re-sorted here regardless). With their compiled toolsets, if any. */
  skills: ToolsetSkill[];
  collisions: Collision[];
  /** Counted for the manifest's stats. */
  diagnostics: Diagnostic[];
  config: ResolvedConfig;
  stats: { skills: number; files: number; bytes: number };
  /**
   * Build's incremental path: index.js is rendered as bytes, `reuse` may hand a skill's previous
   * line, and `onLine` learns where each line landed (for the build cache).
   */
  lines?: {
    reuse: (skill: ToolsetSkill) => Buffer | undefined;
    onLine: (skill: ToolsetSkill, offset: number, line: Buffer, reused: boolean) => void;
  };
}

export interface EmitOutput {
  /** File names relative to outDir → contents. */
  files: Map<string, string | Uint8Array>;
  /** For the configured catalog format: skills whose description was cut, and skills left out. */
  catalogReport: { shortened: string[]; dropped: string[] };
  bundleBytes: number;
  /** `bundle-too-large` when index.js passes `maxBundleBytes` (severity as the rule's default; the caller may re-rate it). */
  diagnostics: Diagnostic[];
}

export async function emit(input: EmitInput): Promise<EmitOutput> {
  const { config } = input;
  const version = skillcVersion();
  const skills = [...input.skills].sort(bySkill);
  const collisions = [...input.collisions].sort((a, b) => compare(a.name, b.name) || compare(a.paths.join("\n"), b.paths.join("\n")));

  const helper = skills.some((s) => s.toolsets) ? await toolsetHelper() : undefined;
  const indexJs = input.lines
    ? renderBundleBytes(await runtimeCode(), version, bundleOptions(config), skills, helper, input.lines.reuse, input.lines.onLine)
    : renderBundle(await runtimeCode(), version, bundleOptions(config), skills, helper);
  const bundleBytes = typeof indexJs === "string" ? Buffer.byteLength(indexJs, "utf8") : indexJs.length;
  const catalogs = renderCatalogs(skills, { format: config.catalog.format, budget: config.catalog.budgetChars, permissions: config.permissions });

  const files = new Map<string, string | Uint8Array>();
  for (const [name, text] of catalogs.files) files.set(name, text);
  files.set("index.d.ts", renderDts(version, skills));
  files.set("index.js", indexJs);
  // index.js is ESM; without this, Node reads it as CommonJS inside a project whose package.json
  // has no "type": "module" (the npm init default) and fails on `export`.
  files.set("package.json", '{\n  "type": "module",\n  "types": "./index.d.ts"\n}\n');
  files.set(
    "manifest.json",
    renderManifest({ version, profile: config.profile, skills, collisions, diagnostics: input.diagnostics, stats: input.stats }),
  );

  const diagnostics: Diagnostic[] = [];
  if (bundleBytes > config.maxBundleBytes) {
    diagnostics.push({
      file: posixJoin(config.outDir, "index.js"),
      line: 1,
      column: 1,
      ruleId: BUNDLE_TOO_LARGE.id,
      severity: "warning",
      message:
        `index.js is ${bundleBytes} bytes, over maxBundleBytes (${config.maxBundleBytes}): importing it costs start-up time and memory, and edge platforms cap bundle sizes. ` +
        `Exclude large files (files.exclude, files.maxBytes), split the skills into several builds, or raise maxBundleBytes.`,
    });
  }
  return { files, catalogReport: { shortened: catalogs.shortened, dropped: catalogs.dropped }, bundleBytes, diagnostics };
}

function bySkill(a: ToolsetSkill, b: ToolsetSkill): number {
  return compare(a.name, b.name) || compare(a.source.file, b.source.file);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function posixJoin(dir: string, file: string): string {
  return (dir.replace(/\\/g, "/").replace(/\/+$/, "") || ".") + "/" + file;
}
