import path from "node:path";
import type { CliContext } from "./context.js";
import { EXIT_OK, exitCodeFor } from "./context.js";
import { loadConfig } from "../config/load.js";
import { build, checkBuildOutDir, type BuildOptions, type BuildResult } from "../project/build.js";
import { toPosix } from "../util/paths.js";
import { parse, profileFlag, ruleFlags } from "./args.js";
import { reportBuild } from "./report.js";
import { cacheOption } from "../cache/analysis-cache.js";

export const HELP = `Usage: skillc build [roots…] [options]

Compile skills into outDir (default .skillc/): index.js, index.d.ts, manifest.json, catalog.{xml,md,json}.
Roots given here replace the config's sources, in precedence order (later wins).
A build with any error writes nothing and exits 1, keeping the previous output if there is one.
The output folder must be a folder of its own: not the project folder, a source root or inside one.

Options:
  --out <dir>          output folder (default: config outDir, .skillc)
  --config <file>      use this config instead of skillc.config.* in the current folder
  --cache              use node_modules/.cache/skillc even in CI or for a few skills
  --no-cache           re-analyse every skill (ignore node_modules/.cache/skillc)
  --profile <name>     skillc (default) | agentskills | claude-code | codex
  --rule <id=level>    set a rule to off, warn or error (repeatable)
  --strict             warnings fail the build
  --emit-on-error      write the error-free skills even when others have errors (still exits 1)
  --watch              rebuild on changes to skills and to the config
  --quiet              print only errors
  -h, --help           show this help
`;

export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parse(args, {
    out: { type: "string" },
    config: { type: "string" },
    cache: { type: "boolean" },
    "no-cache": { type: "boolean" },
    profile: { type: "string" },
    rule: { type: "string", multiple: true },
    strict: { type: "boolean" },
    "emit-on-error": { type: "boolean" },
    watch: { type: "boolean" },
    quiet: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    ctx.stdout.write(HELP);
    return EXIT_OK;
  }
  const options = async (): Promise<BuildOptions> => {
    const { config } = await loadConfig(ctx.cwd, values.config);
    // Kept relative to the project root: outputs and diagnostics never carry absolute paths.
    if (values.out) config.outDir = toPosix(path.relative(config.root, path.resolve(ctx.cwd, values.out))) || ".";
    return {
      cwd: ctx.cwd,
      config,
      roots: positionals,
      profile: profileFlag(values.profile),
      rules: ruleFlags(values.rule),
      strict: values.strict,
      emitOnError: values["emit-on-error"],
      cache: cacheOption({ cache: values.cache, noCache: values["no-cache"] }, ctx.env),
    };
  };
  if (values.watch) {
    // A folder the build may never write is a usage error now, not a failure on every rebuild.
    checkBuildOutDir(await options());
    const { watchBuild } = await import("./watch.js");
    return watchBuild(ctx, options, { quiet: Boolean(values.quiet) });
  }
  const started = Date.now();
  const progress = progressLine(ctx, Boolean(values.quiet));
  const onLockWait = (holder: { pid: number }) => {
    progress.clear();
    ctx.stderr.write(`waiting for another skillc build (pid ${holder.pid}) to finish writing the output folder…\n`);
  };
  const result = await build({ ...(await options()), onProgress: progress.update, onLockWait }).finally(progress.clear);
  reportBuild(ctx, result, Date.now() - started, Boolean(values.quiet));
  return buildExitCode(result, Boolean(values.strict));
}

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

export function buildExitCode(result: BuildResult, strict: boolean): number {
  return exitCodeFor(result.diagnostics, { maxWarnings: strict ? 0 : undefined });
}
