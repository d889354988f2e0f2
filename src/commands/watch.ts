// `skillc build --watch`: build, then rebuild on changes to the sources and to the config (and the
// files it imports). Changes are debounced; builds never overlap (changes during a build queue one
// follow-up); a failed build writes nothing, so the last good output stays in place. Each build
// after the first reuses what the one before it read and decoded of the cache files, while those
// files are unchanged on disk (cache/memory.ts); every source is still stat'ed and listed.
import { existsSync } from "node:fs";
import chokidar, { type ChokidarOptions, type FSWatcher } from "chokidar";
import path from "node:path";
import { EXIT_OK, UsageError, type CliContext } from "./context.js";
import { build, type BuildOptions } from "../project/build.js";
import { rootDirs } from "../project/roots.js";
import { CONFIG_NAMES, loadConfig } from "../config/load.js";
import { reportBuild } from "./report.js";
import { isInside, relPosix } from "../util/paths.js";
import { escapeTerminal } from "../util/hidden-chars.js";
import { CacheMemory } from "../cache/memory.js";

export interface WatchFlags {
  /** Print only errors and the summary of failed builds. */
  quiet: boolean;
  /** Stops watching; watchBuild then resolves with 0. SIGINT and SIGTERM do the same. */
  signal?: AbortSignal;
  /** Quiet time after the last change before a rebuild starts. @default 100 */
  debounceMs?: number;
  /** Runs each build instead of `build` and its report (`skillc serve` builds in memory and reloads). */
  build?: (opts: BuildOptions) => Promise<void>;
  /** Called once the first build is done and the watchers are armed. */
  onReady?: () => void;
}

/**
 * Runs `task` after `delay` ms without new requests, one run at a time: requests that arrive during
 * a run make exactly one follow-up run. A `reload` request is kept until a run takes it.
 */
export class RebuildQueue {
  private timer: NodeJS.Timeout | undefined;
  private reload = false;
  private again = false;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly task: (reload: boolean) => Promise<void>,
    private readonly delay: number,
  ) {}

  request(reload: boolean): void {
    if (this.closed) return;
    this.reload ||= reload;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fire(), this.delay);
  }

  /** Stops scheduling; resolves when a run in progress has finished. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private fire(): void {
    this.timer = undefined;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => (this.running = undefined));
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      const reload = this.reload;
      this.reload = false;
      await this.task(reload);
    } while (this.again && !this.closed);
  }
}

export async function watchBuild(ctx: CliContext, options: () => Promise<BuildOptions>, flags: WatchFlags): Promise<number> {
  let opts = await options();
  let deps = await configDependencies(opts);
  const changed = new Set<string>();
  const say = (text: string) => flags.quiet || ctx.stderr.write(text + "\n");
  const shown = (abs: string) => relPosix(ctx.cwd, abs);

  // The caches as the last build left them: dropped on a config reload and when a build throws.
  const memory = new CacheMemory();
  const buildOnce = () => memory.run((m) => (flags.build ? flags.build({ ...opts, memory: m }) : buildAndReport(ctx, { ...opts, memory: m }, flags.quiet, () => m.clear())));

  const watchers = new Watchers((abs, reload) => {
    changed.add(shown(abs));
    queue.request(reload);
  }, (text) => ctx.stderr.write(text + "\n"));

  const queue = new RebuildQueue(async (reload) => {
    const names = [...changed];
    changed.clear();
    // A file's name is whoever made it's (a pulled branch, an unpacked archive): shown escaped, so an
    // ESC sequence in it (OSC 52 writes the clipboard) never reaches the terminal raw.
    if (names.length > 0) say(`\n${escapeTerminal(names[0]!)}${names.length > 1 ? ` and ${names.length - 1} more` : ""} changed; rebuilding…`);
    if (reload) {
      memory.clear();
      try {
        opts = await options();
        deps = await configDependencies(opts);
      } catch (error) {
        ctx.stderr.write(`skillc build --watch: ${escapeTerminal((error as Error).message, { keepNewlines: true })}\nKeeping the previous config; fix it and save again.\n`);
        await watchers.reset(opts, deps, ctx.cwd);
        return;
      }
      await watchers.reset(opts, deps, ctx.cwd);
    }
    await buildOnce();
  }, flags.debounceMs ?? 100);

  // Armed before the first build: a change made while it runs starts one more build (armed after
  // it, such a change went unseen until the next, and the output stayed stale meanwhile).
  await watchers.reset(opts, deps, ctx.cwd);
  await buildOnce();
  flags.onReady?.();
  say(`watching ${watchers.describe(shown)} for changes; press Ctrl+C to stop.`);

  await untilStopped(flags.signal);
  await queue.close();
  await watchers.close();
  await memory.close();
  return EXIT_OK;
}

/** One build and its report; a build that throws is reported, and watching goes on. */
async function buildAndReport(ctx: CliContext, opts: BuildOptions, quiet: boolean, failed: () => void): Promise<void> {
  const started = Date.now();
  try {
    reportBuild(ctx, await build(opts), Date.now() - started, quiet);
  } catch (error) {
    failed();
    // A usage error (e.g. a config edit that points outDir at a source root) is the user's to fix.
    // Either message can quote a file name from the skills (a pulled branch's): escaped.
    if (error instanceof UsageError) ctx.stderr.write(`skillc build --watch: ${escapeTerminal(error.message, { keepNewlines: true })}\nNothing written; fix it and save again (still watching).\n`);
    else ctx.stderr.write(`skillc build --watch: internal error — please report it; still watching.\n${escapeTerminal((error as Error).stack ?? String(error), { keepNewlines: true })}\n`);
  }
}

/** Resolves on `signal`'s abort, SIGINT or SIGTERM, whichever comes first. */
function untilStopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      signal?.removeEventListener("abort", stop);
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    if (signal?.aborted) return stop();
    signal?.addEventListener("abort", stop);
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** The config file and what it was built from (imports, the extra schema): a change reloads everything. */
async function configDependencies(opts: BuildOptions): Promise<string[]> {
  const file = opts.config.configFile;
  if (!file) return [];
  try {
    return [...new Set([file, ...(await loadConfig(opts.cwd, file)).dependencies])];
  } catch {
    return [file];
  }
}

function sourceDirs(opts: BuildOptions): string[] {
  return rootDirs(opts.cwd, opts.config, opts.roots);
}

const EDITOR_TEMP = /(~|\.sw[pox]|\.tmp|^4913)$/;

/** Outputs (a root may contain outDir), VCS and dependency folders, editor droppings, config temp files. */
function isIgnored(abs: string, opts: BuildOptions): boolean {
  if (isInside(path.resolve(opts.config.root, opts.config.outDir), abs)) return true;
  const segments = abs.split(path.sep);
  if (segments.some((s) => s === ".git" || s === "node_modules" || s.startsWith(".skillc-config-"))) return true;
  return EDITOR_TEMP.test(path.basename(abs));
}

/**
 * The file watchers (chokidar). Node 20's recursive `fs.watch` on Linux loses a file that is replaced
 * by a rename (editors' safe-save, `sed -i`, `git checkout`); chokidar re-arms on rename and survives
 * folders being deleted and re-created. Two watchers: the existing source roots, recursively; and,
 * one level deep, the folders holding the config files (a config may be created, or saved by rename)
 * and the nearest existing parent of a root that does not exist yet (its appearance reloads, which
 * then watches it). chokidar is never given a missing path: it reports "ready" before such a watch
 * is armed. A reset arms the new watchers before closing the old ones, so no change in between is
 * lost (a change seen by both is debounced into one build).
 */
class Watchers {
  private current: FSWatcher[] = [];
  private roots: string[] = [];

  constructor(
    private readonly onChange: (abs: string, reload: boolean) => void,
    private readonly warn: (text: string) => void,
  ) {}

  /** Watches the roots and config files of `opts`; resolves when the watches are armed. */
  async reset(opts: BuildOptions, deps: string[], cwd: string): Promise<void> {
    this.roots = sourceDirs(opts);
    const configDir = opts.config.configFile ? path.dirname(opts.config.configFile) : cwd;
    const configFiles = new Set([...deps, ...CONFIG_NAMES.map((name) => path.join(configDir, name))].map((f) => path.resolve(f)));
    const missing = this.roots.filter((r) => !existsSync(r));
    // A path on the way to a missing root (or the root itself) appearing is a reason to reload.
    const towardMissing = (abs: string) => missing.some((r) => isInside(abs, r));
    const shallowDirs = new Set([...[...configFiles].map((f) => path.dirname(f)), ...missing.map(nearestExisting)].filter(existsSync));
    const next = [
      await this.arm(this.roots.filter(existsSync), { ignored: (file) => isIgnored(path.resolve(file), opts) }, () => false),
      await this.arm([...shallowDirs], {
        depth: 0,
        ignored: (file) => {
          const abs = path.resolve(file);
          return !shallowDirs.has(abs) && !configFiles.has(abs) && !towardMissing(abs);
        },
      }, (abs) => !shallowDirs.has(abs)),
    ].filter((w): w is FSWatcher => w !== undefined);
    const previous = this.current;
    this.current = next;
    await Promise.all(previous.map((w) => w.close()));
  }

  describe(shown: (abs: string) => string): string {
    return this.roots.map((r) => shown(r) + "/").join(", ") || "the config";
  }

  async close(): Promise<void> {
    await Promise.all(this.current.map((w) => w.close()));
    this.current = [];
  }

  /** A watcher over `paths` (all existing), resolved once armed; `reload` says which changes reload. */
  private async arm(paths: string[], options: ChokidarOptions, reload: (abs: string) => boolean): Promise<FSWatcher | undefined> {
    if (paths.length === 0) return undefined; // chokidar never reports "ready" for no paths
    const watcher = chokidar.watch(paths, {
      ...options,
      ignoreInitial: true,
      // Discovery follows links only while they stay inside the root, which is watched anyway;
      // not following them here keeps a link to `/` from walking the machine.
      followSymlinks: false,
    });
    watcher.on("all", (_event, file) => {
      const abs = path.resolve(file);
      this.onChange(abs, reload(abs));
    });
    watcher.on("error", (error) => this.warn(`skillc build --watch: ${escapeTerminal(error instanceof Error ? error.message : String(error))}`));
    await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
    return watcher;
  }
}

function nearestExisting(abs: string): string {
  let dir = path.dirname(abs);
  while (!existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
