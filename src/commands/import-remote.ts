// `skillc import <url | mcp:…>`: every skill a discovery index or an MCP server offers, each
// fetched and verified (archive/remote-source.ts), linted like a local import, and written only
// when it passes; what was taken goes to skillc-lock.json. With --frozen the lock is the
// contract: any skill added, removed or changed upstream fails the import before anything is
// written, and so does any skill that is refused.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { CliContext } from "./context.js";
import { EXIT_FAIL, EXIT_OK, UsageError, exitCodeFor } from "./context.js";
import { loadConfig } from "../config/load.js";
import type { ResolvedConfig } from "../config/types.js";
import { ArchiveError, printable } from "../archive/entries.js";
import { MAX_SKIPPED_SHOWN } from "../archive/skip-list.js";
import { LOCKFILE, drift, readLock, renderLock, writeLock, type Lock, type LockEntry } from "../archive/lockfile.js";
import { openRemoteSource, type RemoteSource } from "../archive/remote-source.js";
import { stillAsImported } from "../archive/import-written.js";
import { importTimeoutMs } from "../archive/fetch.js";
import type { SkillFiles } from "../archive/skill.js";
import { destinationProblem, place, validate, type ValidateOptions } from "./import-steps.js";
import { relPosix } from "../util/paths.js";
import { checkWritableRoot } from "../project/roots.js";
import { profileFlag, ruleFlags } from "./args.js";
import { counts, plural, printDiagnostics } from "./report.js";

export interface RemoteFlags {
  config?: string;
  to?: string;
  name?: string;
  force?: boolean;
  frozen?: boolean;
  profile?: string;
  rule?: string[];
}

interface Taken {
  name: string;
  skill: SkillFiles;
  lock: LockEntry;
}

export async function importRemote(spec: string, values: RemoteFlags, ctx: CliContext): Promise<number> {
  if (values.name !== undefined) throw new UsageError("--name renames one skill; a remote source can hold many, so it is not accepted with a URL or mcp:.");
  const { config } = await loadConfig(ctx.cwd, values.config);
  const root = values.to !== undefined ? path.resolve(ctx.cwd, values.to) : path.resolve(config.root, config.sources[0]?.dir ?? "skills");
  checkWritableRoot({ project: config.root, dir: root, cwd: ctx.cwd });
  const fail = (why: string) => (ctx.stderr.write(`skillc import: ${why}\n`), EXIT_FAIL);
  let lock: Lock;
  let source: RemoteSource;
  try {
    lock = readLock(config.root);
    source = await openRemoteSource(spec);
  } catch (error) {
    if (error instanceof ArchiveError) return fail(error.message);
    throw error;
  }
  try {
    for (const s of source.skipped) ctx.stderr.write(`skillc import: skipped ${s}\n`);
    if (source.offered.length === 0) return fail(`${printable(source.id)} offers no skill skillc can import; nothing was written.`);
    if (values.frozen) {
      const known = new Map(source.offered.filter((o) => o.digest !== undefined).map((o) => [o.name, { url: o.url, digest: o.digest! }]));
      const unknown = source.offered.filter((o) => o.digest === undefined).map((o) => [o.name, { url: o.url, digest: lock.get(o.name)?.digest ?? "" }] as const);
      const problems = drift(lock, source.id, new Map([...known, ...unknown]));
      if (problems.length > 0) return fail(`--frozen: ${printable(source.id)} differs from ${LOCKFILE}; nothing was written:\n  ${problems.join("\n  ")}`);
    }
    const { taken, refused, tooLarge } = await takeAll(source, lock, { ctx, config, root, values });
    if (tooLarge) return fail(tooLarge);
    if (values.frozen && refused > 0) return fail(`--frozen: ${plural(refused, "skill")} refused; nothing was written.`);
    for (const t of taken) {
      const dest = path.join(root, t.name);
      await place(dest, t.skill.files);
      ctx.stdout.write(`imported ${t.name} into ${relPosix(ctx.cwd, dest)}/ (${plural(t.skill.files.length, "file")}) from ${printable(t.lock.url)}\n`);
    }
    await updateLock(config.root, lock, source.id, taken, values.frozen ? undefined : new Set(source.offered.map((o) => o.name)));
    return refused > 0 || taken.length === 0 ? EXIT_FAIL : EXIT_OK;
  } finally {
    await source.close();
  }
}

interface TakeContext {
  ctx: CliContext;
  config: ResolvedConfig;
  root: string;
  values: RemoteFlags;
}

/**
 * What the skills of one import may hold in all: they are kept in memory until every one is checked
 * (nothing is written unless all is well), so a source of many 50 MiB skills (each a few kB packed)
 * would take gigabytes. The largest public collection today is 47 MB.
 */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024;

/**
 * What one import may read of skills, refused ones included: the cap above counts only skills
 * taken, so an index of thousands of 50 MiB skills that each fail their digest was read whole
 * (terabytes). Twice the cap, so an import the cap allows is never stopped by this one.
 */
export const MAX_READ_BYTES = 2 * MAX_IMPORT_BYTES;

/** Fetches, verifies and lints every offered skill; a refused one is reported and left out. `tooLarge` says why the import stopped. */
async function takeAll(source: RemoteSource, lock: Lock, o: TakeContext): Promise<{ taken: Taken[]; refused: number; tooLarge?: string }> {
  const taken: Taken[] = [];
  let refused = 0;
  let bytes = 0;
  const staging = await mkdtemp(path.join(os.tmpdir(), "skillc-import-"));
  const opts: ValidateOptions = { config: o.config, profile: profileFlag(o.values.profile), rules: ruleFlags(o.values.rule) };
  try {
    for (const [i, offered] of source.offered.entries()) {
      // Past the first refusals, a refused skill's diagnostics and reason are counted, not printed:
      // an index of 25,000 skills that all fail printed 25,000 reasons (4.5 MB) and their diagnostics.
      const why = await takeOne(source, offered.name, lock, staging, opts, o, taken, refused >= MAX_SKIPPED_SHOWN);
      if (source.timeUp()) {
        const ms = importTimeoutMs();
        const limit = ms >= 60_000 ? `${+(ms / 60_000).toFixed(1)} minutes` : `${+(ms / 1000).toFixed(1)} s`;
        return { taken: [], refused, tooLarge: `reading ${printable(source.id)} ran past the import's time limit (${limit}; SKILLC_IMPORT_TIMEOUT_MS changes it; stopped at "${offered.name}", skill ${i + 1} of ${source.offered.length}); the import was refused and nothing was written.` };
      }
      if (source.bytesRead() > MAX_READ_BYTES) {
        const mib = MAX_READ_BYTES / 1024 / 1024;
        return { taken: [], refused, tooLarge: `more than ${mib} MiB was read from ${printable(source.id)} (passed at "${offered.name}", skill ${i + 1} of ${source.offered.length}, refused skills included); the import was refused and nothing was written.` };
      }
      if (why === undefined) {
        for (const f of taken[taken.length - 1]!.skill.files) bytes += f.data.byteLength;
        if (bytes > MAX_IMPORT_BYTES) {
          const mib = MAX_IMPORT_BYTES / 1024 / 1024;
          return { taken: [], refused, tooLarge: `the skills of ${printable(source.id)} hold more than ${mib} MiB in all (passed at "${offered.name}", skill ${taken.length} of ${source.offered.length}); the import was refused and nothing was written.` };
        }
        continue;
      }
      if (++refused <= MAX_SKIPPED_SHOWN) o.ctx.stderr.write(`skillc import: refused "${offered.name}" (${printable(offered.url)}): ${why}\n`);
    }
    const more = refused - MAX_SKIPPED_SHOWN;
    if (more > 0) o.ctx.stderr.write(`skillc import: refused ${more.toLocaleString("en-US")} more ${more === 1 ? "skill" : "skills"} (not listed here)\n`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { taken, refused };
}

/** Adds the skill to `taken`, or returns why it was refused; `quiet`: a refused skill's diagnostics are not printed. */
async function takeOne(source: RemoteSource, name: string, lock: Lock, staging: string, opts: ValidateOptions, o: TakeContext, taken: Taken[], quiet: boolean): Promise<string | undefined> {
  let got: Awaited<ReturnType<RemoteSource["fetch"]>>;
  try {
    got = await source.fetch(name);
  } catch (error) {
    if (error instanceof ArchiveError) return error.message;
    throw error;
  }
  const locked = lock.get(name);
  if (o.values.frozen && locked && locked.digest !== got.lock.digest) return `it changed upstream: locked ${locked.digest}, now ${got.lock.digest}.`;
  const checked = await validate(got.skill, staging, opts);
  const diagnostics = checked.report.results.flatMap((r) => r.diagnostics).map(({ fix: _fix, ...d }) => d);
  const refuse = exitCodeFor(diagnostics) !== EXIT_OK || checked.report.skills !== 1;
  if (!(refuse && quiet)) printDiagnostics(o.ctx, diagnostics);
  const { errors, warnings } = counts(diagnostics);
  if (refuse) {
    return errors > 0 ? `it would not build: ${plural(errors, "error")} (${plural(warnings, "warning")}); nothing of it was written.` : "no skill was found in it.";
  }
  if (checked.name !== name) return `its SKILL.md names it "${printable(checked.name)}", not "${name}" as the source lists it; nothing of it was written.`;
  const dest = path.join(o.root, name);
  // A folder this source put there before, unchanged since (the lock records what was written), is
  // replaced; any other needs --force (import-written.ts says why).
  const fromHere = locked?.source === source.id && existsSync(dest) && !o.values.force;
  const ours = fromHere && (await stillAsImported(dest, locked));
  if (fromHere && !ours) return `${relPosix(o.ctx.cwd, dest)}/ is not what ${LOCKFILE} records this source wrote there (changed since, or recorded by an older skillc); nothing was written. Pass --force to replace it.`;
  const problem = await destinationProblem(name, dest, { ctx: o.ctx, config: o.config, root: o.root, force: Boolean(o.values.force) || ours });
  if (problem) return problem;
  taken.push({ name, skill: got.skill, lock: got.lock });
  return undefined;
}

/**
 * Records what was taken; entries of this source that it no longer offers are dropped (their
 * folders are left alone). Unchanged text is not rewritten.
 */
async function updateLock(dir: string, lock: Lock, sourceId: string, taken: Taken[], offered: Set<string> | undefined): Promise<void> {
  const next: Lock = new Map(lock);
  if (offered) for (const [name, e] of lock) if (e.source === sourceId && !offered.has(name)) next.delete(name);
  for (const t of taken) next.set(t.name, t.lock);
  if (renderLock(next) === renderLock(lock) && existsSync(path.join(dir, LOCKFILE))) return;
  await writeLock(dir, next);
}
