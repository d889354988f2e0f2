// `skillc publish`: one build in memory (the same checks as `skillc build`, toolsets evaluated),
// then the skills it accepted rendered as a static discovery folder and swapped into place.
// A build with errors publishes nothing unless emitOnError, which publishes the skills without
// errors; a skill with an error is never published.
import path from "node:path";
import type { Diagnostic } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import { build } from "../project/build.js";
import { projectRoots } from "../project/roots.js";
import type { Profile, RuleSetting } from "../types.js";
import { renderPublished, type IndexEntry } from "./render.js";
import { permits } from "../runtime/permissions.js";
import { checkPublishDir, writePublished } from "./write.js";

export interface PublishRunOptions {
  cwd: string;
  config: ResolvedConfig;
  /** The published folder, absolute. */
  outDir: string;
  roots?: string[];
  profile?: Profile;
  rules?: Record<string, RuleSetting>;
  strict?: boolean;
  emitOnError?: boolean;
  includeHidden: boolean;
}

export interface PublishRunResult {
  diagnostics: Diagnostic[];
  entries: IndexEntry[];
  hidden: string[];
  /** Skills the config's permissions keep from every runtime path, left out by name. */
  denied: string[];
  /** Each published skill's source folder (absolute), by name. */
  dirs: Map<string, string>;
  /** Whether the folder was replaced. */
  written: boolean;
}

export async function publish(o: PublishRunOptions): Promise<PublishRunResult> {
  const sources = projectRoots(o.cwd, o.config, o.roots).map((r) => path.resolve(o.cwd, r.dir));
  // Before any work: a folder publish may not replace is a usage error (exit 2).
  checkPublishDir({ root: o.config.root, outDir: o.outDir, sources, cwd: o.cwd });
  const result = await build({ cwd: o.cwd, config: publishConfig(o.config), roots: o.roots, profile: o.profile, rules: o.rules, strict: o.strict, write: false, emitOnError: true });
  const failing = result.diagnostics.filter((d) => d.severity === "error" || (o.strict && d.severity === "warning"));
  if (failing.length > 0 && !o.emitOnError) return { diagnostics: result.diagnostics, entries: [], hidden: [], denied: [], dirs: new Map(), written: false };
  // A skill is published only when no diagnostic that fails the run points into its folder.
  const clean = result.skills.filter((s) => !failing.some((d) => d.file === s.source.file || d.file.startsWith(`${s.source.dir}/`)));
  const permitted = permits(o.config.permissions.allow, o.config.permissions.deny);
  const published = renderPublished(clean, { includeHidden: o.includeHidden, permitted });
  await writePublished(o.outDir, published.files);
  return { diagnostics: result.diagnostics, entries: published.entries, hidden: published.hidden, denied: published.denied, dirs: published.dirs, written: true };
}

/**
 * File names that install on Linux but not everywhere (`con.md`, `a:b.md`, `A.md` beside `a.md`) are
 * warnings for a build, which serves its files from the bundle. A published archive is unpacked by
 * its clients' installers, on any system: `skillc import` refuses such archives, and Windows cannot
 * hold them. So publish makes both rules errors, unless the config sets them itself (`--rule` still wins).
 */
const PUBLISH_ERRORS = ["unportable-file-name", "file-name-twins"];

function publishConfig(config: ResolvedConfig): ResolvedConfig {
  return { ...config, rules: { ...Object.fromEntries(PUBLISH_ERRORS.map((id) => [id, "error" as const])), ...config.rules } };
}
