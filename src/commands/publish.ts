import path from "node:path";
import { EXIT_FAIL, UsageError, exitCodeFor } from "./context.js";
import { loadConfig } from "../config/load.js";
import { publish } from "../publish/publish.js";
import { PublishError } from "../publish/render.js";
import { relPosix, toPosix } from "../util/paths.js";
import { profileFlag, ruleFlags } from "./args.js";
import { defineCommand } from "./define.js";
import { PUBLISH } from "./specs.js";
import { counts, plural, printDiagnostics } from "./report.js";

export const command = defineCommand(PUBLISH, async (values, positionals, ctx) => {
  if (values.out === undefined || values.out === "") throw new UsageError("needs --out <dir>, the folder to write, e.g. `skillc publish --out public-skills`.");
  const { config } = await loadConfig(ctx.cwd, values.config);
  const outDir = path.resolve(ctx.cwd, values.out);
  let result;
  try {
    result = await publish({
      cwd: ctx.cwd,
      config,
      outDir,
      roots: positionals,
      profile: profileFlag(values.profile),
      rules: ruleFlags(values.rule),
      strict: values.strict,
      emitOnError: values["emit-on-error"],
      includeHidden: Boolean(values["include-hidden"]),
    });
  } catch (error) {
    if (!(error instanceof PublishError)) throw error;
    ctx.stderr.write(`skillc publish: ${error.message}\n`);
    return EXIT_FAIL;
  }
  printDiagnostics(ctx, result.diagnostics);
  const code = exitCodeFor(result.diagnostics, { maxWarnings: values.strict ? 0 : undefined });
  // Two or more levels up reads better as the absolute path.
  const rel = relPosix(ctx.cwd, outDir) || ".";
  const shown = rel.startsWith("../../") ? toPosix(outDir) : rel;
  if (!result.written) {
    const { errors, warnings } = counts(result.diagnostics);
    ctx.stderr.write(`skillc publish: ${plural(errors, "error")} (${plural(warnings, "warning")}); nothing was written, ${shown}/ is as it was.\n`);
    return EXIT_FAIL;
  }
  const archives = result.entries.filter((e) => e.type === "archive").length;
  const hidden = result.hidden.length > 0 ? `; left out ${plural(result.hidden.length, "hidden skill")} (--include-hidden publishes them)` : "";
  const denied = result.denied.length > 0 ? `; left out ${plural(result.denied.length, "skill")} the config's permissions deny` : "";
  ctx.stdout.write(
    `published ${plural(result.entries.length, "skill")} to ${shown}/.well-known/agent-skills/ (${result.entries.length - archives} as SKILL.md, ${archives} as .tar.gz)${hidden}${denied}\n`,
  );
  return code;
});
