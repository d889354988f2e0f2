// `skillc serve`: the MCP server (src/serve) with this command's flags; messages on stderr only,
// since stdout carries the protocol over stdio.
import { loadConfig } from "../config/load.js";
import type { BuildOptions } from "../project/build.js";
import { serve } from "../serve/index.js";
import { buildFlags, intFlag } from "./args.js";
import type { CliContext } from "./context.js";
import { defineCommand } from "./define.js";
import { counts, plural, printDiagnostics } from "./report.js";
import { SERVE } from "./specs.js";

export const command = defineCommand(SERVE, async (values, positionals, ctx) => {
  const http = intFlag("http", values.http, { min: 0, max: 65535 });
  const pageSize = intFlag("page-size", values["page-size"], { min: 1, max: 1000 });
  const toStderr: CliContext = { ...ctx, stdout: ctx.stderr };
  const options = async (): Promise<BuildOptions> => {
    const { config } = await loadConfig(ctx.cwd, values.config);
    return { ...buildFlags(values, positionals, ctx), config };
  };
  const quiet = Boolean(values.quiet);
  return serve({
    options,
    http,
    pageSize,
    log: (text) => ctx.stderr.write(text + "\n"),
    report: (result, ms) => {
      printDiagnostics(toStderr, quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics);
      const { errors, warnings } = counts(result.diagnostics);
      const what = errors && !values["emit-on-error"] ? "nothing served" : `serving ${plural(result.skills.length, "skill")} over MCP`;
      if (!quiet || errors) ctx.stderr.write(`${what}; ${plural(warnings, "warning")}, ${plural(errors, "error")} in ${ms} ms\n`);
    },
    watch: values.watch
      ? async (rebuild, signal, onReady) => {
          const { watchBuild } = await import("./watch.js");
          return watchBuild(toStderr, options, { quiet, signal, build: rebuild, onReady });
        }
      : undefined,
  });
});
