// `skillc build --watch`: build, then rebuild on changes to the sources and to the config (and the
// files it imports). Changes are debounced; builds never overlap (changes during a build queue one
// follow-up); a failed build writes nothing, so the last good output stays in place.
import { existsSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import type { CliContext } from "./cli-context.js";
import { build, type BuildOptions } from "./build.js";
import { CONFIG_NAMES, loadConfig } from "./config.js";
import { reportBuild } from "./commands/build.js";
import { isInside, toPosix } from "./util/paths.js";

export interface WatchFlags {
  /** Print only errors and the summary of failed builds. */
  quiet: boolean;
  /** Stops watching; watchBuild then resolves with 0. SIGINT and SIGTERM do the same. */
  signal?: AbortSignal;
  /** Quiet time after the last change before a rebuild starts. @default 100 */
  debounceMs?: number;
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
  const shown = (abs: string) => toPosix(path.relative(ctx.cwd, abs)) || ".";

  const buildOnce = async () => {
    const started = Date.now();
    try {
      reportBuild(ctx, await build(opts), Date.now() - started, flags.quiet);
    } catch (error) {
      ctx.stderr.write(`skillc build --watch: internal error — please report it; still watching.\n${(error as Error).stack ?? String(error)}\n`);
    }
  };

  const watchers = new Watchers((abs, reload) => {
    if (abs && isIgnored(abs, opts)) return;
    if (abs) changed.add(shown(abs));
    queue.request(reload);
  }, (text) => ctx.stderr.write(text + "\n"));

  const queue = new RebuildQueue(async (reload) => {
    const names = [...changed];
    changed.clear();
    if (names.length > 0) say(`\n${names[0]}${names.length > 1 ? ` and ${names.length - 1} more` : ""} changed; rebuilding…`);
    if (reload) {
      try {
        opts = await options();
        deps = await configDependencies(opts);
      } catch (error) {
        ctx.stderr.write(`skillc build --watch: ${(error as Error).message}\nKeeping the previous config; fix it and save again.\n`);
        watchers.reset(opts, deps, ctx.cwd);
        return;
      }
      watchers.reset(opts, deps, ctx.cwd);
    }
    await buildOnce();
  }, flags.debounceMs ?? 100);

  await buildOnce();
  watchers.reset(opts, deps, ctx.cwd);
  say(`watching ${watchers.describe(shown)} for changes; press Ctrl+C to stop.`);

  await new Promise<void>((resolve) => {
    const stop = () => {
      flags.signal?.removeEventListener("abort", stop);
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    if (flags.signal?.aborted) return stop();
    flags.signal?.addEventListener("abort", stop);
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  watchers.close();
  await queue.close();
  return 0;
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
  const dirs =
    opts.roots && opts.roots.length > 0
      ? opts.roots.map((r) => path.resolve(opts.cwd, r))
      : opts.config.sources.map((s) => path.resolve(opts.config.root, s.dir));
  return [...new Set(dirs)];
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
 * The fs.watch handles: each source root recursively (Node ≥ 19.1 supports `recursive` on Linux);
 * for a root that does not exist yet, its nearest existing parent, until it appears; the folders of
 * the config and its dependencies (watching the folder survives editors that save by rename).
 */
class Watchers {
  private handles: FSWatcher[] = [];
  private roots: string[] = [];

  constructor(
    private readonly onChange: (abs: string | undefined, reload: boolean) => void,
    private readonly warn: (text: string) => void,
  ) {}

  reset(opts: BuildOptions, deps: string[], cwd: string): void {
    this.close();
    this.roots = sourceDirs(opts);
    for (const root of this.roots) {
      if (existsSync(root)) this.add(root, true, (abs) => this.onChange(abs, false));
      else {
        // Wait for the root to appear, then reload (which watches it properly).
        let parent = path.dirname(root);
        while (!existsSync(parent) && path.dirname(parent) !== parent) parent = path.dirname(parent);
        this.add(parent, false, (abs) => abs && isInside(abs, root) && this.onChange(abs, true));
      }
    }
    // Config files, grouped by folder; the project folder is watched for a config being created.
    const byDir = new Map<string, Set<string>>();
    const note = (file: string) => {
      const dir = path.dirname(file);
      if (!byDir.has(dir)) byDir.set(dir, new Set());
      byDir.get(dir)!.add(path.basename(file));
    };
    for (const file of deps) note(file);
    for (const name of CONFIG_NAMES) note(path.join(opts.config.configFile ? path.dirname(opts.config.configFile) : cwd, name));
    for (const [dir, names] of byDir) {
      if (existsSync(dir)) this.add(dir, false, (abs) => abs !== undefined && names.has(path.basename(abs)) && this.onChange(abs, true));
    }
  }

  describe(shown: (abs: string) => string): string {
    return this.roots.map((r) => shown(r) + "/").join(", ") || "the config";
  }

  close(): void {
    for (const h of this.handles) h.close();
    this.handles = [];
  }

  private add(dir: string, recursive: boolean, listener: (abs: string | undefined) => unknown): void {
    try {
      const handle = watch(dir, { recursive }, (_event, name) => listener(name ? path.join(dir, name.toString()) : recursive ? undefined : dir));
      // A watched folder that is removed or renamed errors: reload, which watches what exists now.
      handle.on("error", () => {
        handle.close();
        this.onChange(undefined, true);
      });
      this.handles.push(handle);
    } catch (error) {
      this.warn(`skillc build --watch: cannot watch ${dir}: ${(error as Error).message}`);
    }
  }
}
