// `skillc export --client <name> --out <dir>`: client-ready skill folders from the project's
// sources. A consumer of project/ (analyzeProject): every skill that lints without an error of its
// own is planned for the client (plan.ts), refused with a diagnostic when that client would refuse
// it, else written as <out>/<name>/ (write.ts): SKILL.md with the frontmatter re-emitted, the body
// as written, every supporting file copied byte for byte, and Codex's sidecar where it applies.
import type { Client, Diagnostic, Range, ValidSkill } from "../types.js";
import type { ResolvedConfig } from "../config/types.js";
import { analyzeProject } from "../project/analyze-project.js";
import type { Reporter } from "../diagnostics/reporter.js";
import { EXPORT_REFUSED, EXPORT_WITHHELD, OWN } from "../rules/dialect-rules.js";
import { compareCodeUnits } from "../util/compare.js";
import { UsageError } from "../diagnostics/usage-error.js";
import path from "node:path";
import { existsSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { EXPORT_MARKER, readRecord, recordAfter, removeStale, writeRecord } from "./record.js";
import { folderDigest } from "./folder-digest.js";
import { checkOutDir } from "../emit/out-dir.js";
import { planExport, type ExportPlan } from "./plan.js";
import { lostRestrictions } from "./restrictions.js";
import { writeSkill, folderIn } from "./write.js";
import { notPortable } from "../util/portable-name.js";
import { foldName } from "../util/fold-name.js";
import { permits } from "../runtime/permissions.js";

export interface ExportOptions {
  cwd: string;
  config: ResolvedConfig;
  client: Client;
  /** The output folder, absolute or relative to cwd. */
  out: string;
}

export interface ExportResult {
  diagnostics: Diagnostic[];
  /** Each exported skill: its name, its folder (relative to cwd), the keys left out. */
  exported: Array<{ name: string; dir: string; dropped: string[] }>;
  /** Skills the config's permissions deny (or an allow list leaves out): never exported. */
  denied: string[];
  /** Skills whose `disable-model-invocation: true` or `default_enabled: false` the client cannot hold: never exported weaker. */
  withheld: string[];
  /** Folders this project's earlier export wrote into --out that this one no longer writes: removed. */
  removed: string[];
  /** Such folders that changed since export wrote them: kept, as they are not provably export's. */
  kept: string[];
}

export async function exportSkills(opts: ExportOptions): Promise<ExportResult> {
  const { cwd, config, client } = opts;
  const project = await analyzeProject({ cwd, config, cache: false, readFiles: false });
  const outAbs = checkExportOut(cwd, config, opts.out, project.sources.map((s) => s.root.dir));
  const out: Diagnostic[] = [];
  const result: ExportResult = { diagnostics: [], exported: [], denied: [], withheld: [], removed: [], kept: [] };
  // A client runs what it finds in --out: a skill the config keeps from every runtime path (and the
  // build from every catalog) stays out of the client's folder too, as it stays out of publish.
  const permitted = permits(config.permissions.allow, config.permissions.deny);
  const failed = new Set([...project.diagnostics, ...project.resolved.diagnostics].filter((d) => d.severity === "error").map((d) => d.file));
  const byFile = new Map(project.analyses.map((a) => [a.source.file, a]));
  const folders = new FolderClaims();
  const writes: Array<() => Promise<void>> = [];
  // Of skills that would share a folder, the one `override` would keep (the later root) claims it;
  // a stable sort keeps the name order within a root.
  const byPrecedence = [...project.resolved.skills].sort((a, b) => b.source.root.precedence - a.source.root.precedence);
  for (const named of byPrecedence) {
    const a = byFile.get(named.source.file);
    if (!a || a.outcome !== "valid" || failed.has(a.source.file)) continue;
    if (!permitted(named.name)) {
      result.denied.push(named.name);
      continue;
    }
    const name = exportedName(named.name);
    const hasSidecar = a.paths.includes("agents/openai.yaml");
    const plan = planExport(a.skill, name, client, hasSidecar);
    const lost = plan.refusals.length ? [] : lostRestrictions(a.skill, client, plan, hasSidecar);
    if (lost.length) {
      const report = project.reporter.to(out, a.source.file);
      for (const l of lost) report(EXPORT_WITHHELD, rangeOf(a.skill, l.key), { client, field: l.field, kind: l.kind });
      result.withheld.push(named.name);
      continue;
    }
    const folder = folderIn(cwd, opts.out, name);
    // A folder is claimed only by a skill that will be written: one the client refuses leaves it free.
    let unfit = folder ? notPortable(name) : "cannot be a folder name";
    if (!unfit && plan.refusals.length === 0) unfit = folders.claim(name, named.source.file);
    if (unfit) plan.refusals.push({ key: "name", reason: `its name "${name}" ${unfit}`, source: OWN });
    if (plan.refusals.length || !folder) {
      refuse(project.reporter, out, a.skill, client, plan);
      continue;
    }
    writes.push(() => writeSkill(folder, a.source.absDir, a.skill, a.paths, plan));
    result.exported.push({ name, dir: folder.rel, dropped: plan.dropped });
  }
  Object.assign(result, await writeAll(outAbs, config.root, result.exported.map((e) => e.name), writes));
  result.exported.sort((a, b) => compareCodeUnits(a.name, b.name) || compareCodeUnits(a.dir, b.dir));
  result.denied.sort(compareCodeUnits);
  result.withheld.sort(compareCodeUnits);
  result.diagnostics = [...project.diagnostics, ...project.reporter.rate(out)];
  return result;
}

/**
 * Writes the folders, records each with the digest of what it now holds, and removes those this
 * project's earlier export wrote, unchanged since, that this one does not write.
 */
async function writeAll(outAbs: string, root: string, names: string[], writes: ReadonlyArray<() => Promise<void>>): Promise<{ removed: string[]; kept: string[] }> {
  const project = path.relative(outAbs, root).split(path.sep).join("/") || ".";
  const record = readRecord(outAbs);
  for (const write of writes) await write();
  const written = new Map<string, string>();
  for (const name of names) {
    const digest = await folderDigest(path.join(outAbs, name));
    if (digest) written.set(name, digest);
  }
  const stale = await removeStale(outAbs, record.get(project) ?? new Map(), names);
  writeRecord(outAbs, recordAfter(record, project, written));
  return { removed: stale.removed.sort(compareCodeUnits), kept: stale.kept.sort(compareCodeUnits) };
}

/**
 * The name a skill is exported under: with `namespaces`, a nested skill is `group:name` in skillc, a
 * name no client accepts (each allows only a-z, 0-9 and hyphens) and a folder Windows cannot hold; it
 * is exported as `group-name`, which keeps nested skills of one name apart as the namespace did.
 */
export function exportedName(name: string): string {
  return name.replaceAll(":", "-");
}

/**
 * Which skill took each folder under --out. Two skills must not share one (`collisions: "keep"`
 * keeps same-named skills; `a:b` and a skill named `a-b` meet as `a-b`): the second write would
 * replace the first's folder. Compared as macOS and Windows compare names (case, NFC/NFD folded),
 * so the export is one set of folders on every system it is checked out on.
 */
class FolderClaims {
  private readonly taken = new Map<string, string>();

  /** Undefined when the folder is free (now taken), else why not. */
  claim(name: string, file: string): string | undefined {
    const key = foldName(name);
    const holder = this.taken.get(key);
    if (holder !== undefined) return `names the folder that ${holder} is already exported to (folder names are compared ignoring case, as macOS and Windows do)`;
    this.taken.set(key, file);
    return undefined;
  }
}

function refuse(reporter: Reporter, out: Diagnostic[], skill: ValidSkill, client: Client, plan: ExportPlan): void {
  const report = reporter.to(out, skill.source.file);
  for (const r of plan.refusals) report(EXPORT_REFUSED, rangeOf(skill, r.key), { client, reason: r.reason, source: r.source });
}

/** Where a key sits in the source SKILL.md (its value, else its key), else the first line. */
function rangeOf(skill: ValidSkill, key: string): Range {
  const p = skill.positions[`/${key}`];
  return p?.value ?? p?.key ?? { line: 1, column: 1, endLine: 1, endColumn: 4 };
}

/** Export replaces folders under --out: the build's own refusals (the project, a source root, the
 * filesystem root, a skill folder…), and never a non-empty folder export did not make. */
function checkExportOut(cwd: string, config: ResolvedConfig, out: string, roots: readonly string[]): string {
  const abs = path.resolve(cwd, out);
  checkOutDir({ root: config.root, outDir: abs, sources: roots.map((r) => path.resolve(cwd, r)), cwd });
  // The marker as it is, not what a link there points to: a checkout can hold a link named
  // .skillc-export to any file of the user's, which writing the marker would overwrite.
  const marker = lstatSync(path.join(abs, EXPORT_MARKER), { throwIfNoEntry: false });
  if (marker && !marker.isFile())
    throw new UsageError(`refusing to export into ${out}: its ${EXPORT_MARKER} is not a regular file (a link or a folder), and export writes only inside --out; delete it, or choose a new or empty folder.`);
  if (!marker && existsSync(abs) && readdirSync(abs).length > 0)
    throw new UsageError(`refusing to export into ${out}: it holds files skillc export did not write (no ${EXPORT_MARKER}); choose a new or empty folder.`);
  mkdirSync(abs, { recursive: true });
  // Marked before anything is written, so a run cut short leaves a folder the next export may write into.
  if (!marker) writeRecord(abs, new Map());
  return abs;
}
