import { hostname } from "node:os";
import path from "node:path";
import type { CliContext } from "./context.js";
import { exitCodeFor } from "./context.js";
import { loadConfig } from "../config/load.js";
import { build, checkBuildOutDir, type BuildOptions } from "../project/build.js";
import { replayBuild } from "../project/replay.js";
import { relPosix } from "../util/paths.js";
import { buildFlags, clientsFlag } from "./args.js";
import { defineCommand } from "./define.js";
import { BUILD } from "./specs.js";
import { reportBuild } from "./report.js";
import { escapeTerminal } from "../util/hidden-chars.js";

export const command = defineCommand(BUILD, async (values, positionals, ctx) => {
  const options = async (): Promise<BuildOptions> => {
    const { config } = await loadConfig(ctx.cwd, values.config);
    // Kept relative to the project root: outputs and diagnostics never carry absolute paths.
    if (values.out) config.outDir = relPosix(config.root, path.resolve(ctx.cwd, values.out));
    config.clients = clientsFlag(values.clients) ?? config.clients;
    return { ...buildFlags(values, positionals, ctx), config };
  };
  if (values.watch) {
    // A folder the build may never write is a usage error now, not a failure on every rebuild.
    checkBuildOutDir(await options());
    const { watchBuild } = await import("./watch.js");
    return watchBuild(ctx, options, { quiet: Boolean(values.quiet) });
  }
  const started = Date.now();
  const progress = progressLine(ctx, Boolean(values.quiet));
  const onLockWait = (holder: { pid: number; host: string }) => {
    progress.clear();
    // The host is the lock file's text: a lock committed to a repository names any host it likes.
    const where = holder.host === hostname() ? "" : ` on ${escapeTerminal(holder.host.slice(0, 100))}`;
    ctx.stderr.write(`waiting for another skillc build (pid ${holder.pid}${where}) to finish writing the output folder…\n`);
  };
  const opts = { ...(await options()), onProgress: progress.update, onLockWait };
  // The last build's result when nothing it depends on changed (project/replay.ts), else a build.
  const built = async () => (await replayBuild(opts)) ?? (await build(opts));
  const result = await built().finally(progress.clear);
  reportBuild(ctx, result, Date.now() - started, Boolean(values.quiet));
  return exitCodeFor(result.diagnostics, { maxWarnings: values.strict ? 0 : undefined });
});

/** A progress line on stderr, only on a TTY, only once a build has run for a while; silent otherwise. */
function progressLine(ctx: CliContext, quiet: boolean): { update?: (done: number, total: number) => void; clear: () => void } {
  if (quiet || !ctx.stderr.isTTY) return { clear: () => {} };
  const started = Date.now();
  let last = 0;
  let drawn = false;
  return {
    update: (done, total) => {
      const now = Date.now();
      if (now - started < 300 || now - last < 100) return;
      last = now;
      drawn = true;
      ctx.stderr.write(`\r\u001b[Kanalysing skills ${done}/${total}`);
    },
    clear: () => {
      if (drawn) ctx.stderr.write("\r\u001b[K");
    },
  };
}
