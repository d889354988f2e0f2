#!/usr/bin/env node
// argv → exit code. Commands return their code; only this file touches process.exit.
import { EXIT_USAGE, UsageError, type CliContext } from "./commands/context.js";
import { skillcVersion } from "./util/version.js";
import { closest } from "./util/closest.js";
import { escapeTerminal } from "./util/hidden-chars.js";
import { shown } from "./commands/args.js";
import { summaryLines, type Command } from "./commands/define.js";
import { SPECS, type CommandName } from "./commands/specs.js";

// Loaded lazily so that `skillc lint` never pays for the build side's modules; the specs (help,
// flags, summaries) are text in commands/specs.ts.
const LOAD: Record<CommandName, () => Promise<{ command: Command }>> = {
  build: () => import("./commands/build.js"),
  lint: () => import("./commands/lint.js"),
  list: () => import("./commands/list.js"),
  catalog: () => import("./commands/catalog.js"),
  render: () => import("./commands/render.js"),
  new: () => import("./commands/new.js"),
  import: () => import("./commands/import.js"),
  publish: () => import("./commands/publish.js"),
  export: () => import("./commands/export.js"),
  remove: () => import("./commands/remove.js"),
  init: () => import("./commands/init.js"),
  serve: () => import("./commands/serve.js"),
};

export function mainHelp(): string {
  return `skillc ${skillcVersion()} — a build-time compiler for Agent Skills

Usage: skillc <command> [options]

Commands:
${summaryLines(SPECS)}

Run \`skillc <command> --help\` for a command's options.
Exit codes: 0 clean, 1 errors (or too many warnings), 2 bad usage, bad config or internal failure.
`;
}

export async function main(argv: string[], ctx: CliContext): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    ctx.stdout.write(mainHelp());
    return name === undefined ? EXIT_USAGE : 0;
  }
  if (name === "--version" || name === "-v") {
    ctx.stdout.write(skillcVersion() + "\n");
    return 0;
  }
  const spec = SPECS.find((s) => s.name === name);
  if (!spec) {
    const near = closest(name, SPECS.map((s) => s.name));
    const hint = near ? ` Did you mean \`skillc ${near}\`?` : "";
    ctx.stderr.write(`skillc: unknown command ${shown(name)}.${hint} Run \`skillc --help\` for the list.\n`);
    return EXIT_USAGE;
  }
  try {
    return await (await LOAD[spec.name]()).command.run(rest, ctx);
  } catch (error) {
    // A message can quote a name from the skills or a JSON config key (a pull request's): escaped,
    // keeping the lines a message lays out (a config's problem list).
    if (isUsageError(error)) {
      ctx.stderr.write(`skillc ${name}: ${escapeTerminal(error.message, { keepNewlines: true })}\n`);
      return EXIT_USAGE;
    }
    const fsText = fileSystemError(error);
    if (fsText) {
      ctx.stderr.write(`skillc ${name}: ${fsText}\n`);
      return EXIT_USAGE;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    ctx.stderr.write(`skillc ${name}: internal error — please report it.\n${escapeTerminal(detail, { keepNewlines: true })}\n`);
    return EXIT_USAGE;
  }
}

/**
 * A UsageError from the command: each command is bundled apart from this file (scripts/build.mjs), with a
 * class of its own, so it is told by name too.
 */
function isUsageError(error: unknown): error is UsageError {
  return error instanceof UsageError || (error instanceof Error && error.name === "UsageError");
}

/** Errors of the machine, not of skillc: said as such, with no stack. */
const FS_CODES = new Set(["ENOSPC", "EFBIG", "EDQUOT", "EIO", "EROFS", "EMFILE", "ENFILE"]);

/** Errors of permissions: the user may not read or write a file or folder (an outDir made read-only, a root-owned checkout). */
const PERMISSION_CODES = new Set(["EACCES", "EPERM"]);

function fileSystemError(error: unknown): string | undefined {
  const e = error as NodeJS.ErrnoException | undefined;
  if (!(error instanceof Error) || typeof e?.code !== "string") return undefined;
  const where = `${e.code} on ${e.syscall ?? "a file operation"}${e.path ? ` ${shown(e.path)}` : ""}`;
  if (PERMISSION_CODES.has(e.code)) return `${where}: skillc may not read or write there. Fix the permissions of that file or folder (or run as a user who may), and run again.`;
  if (!FS_CODES.has(e.code)) return undefined;
  return `${where}: the disk is full, a file size or open-file limit was hit, or the disk failed. Free the resource and run again.`;
}

// Run when executed as the bin (dist/cli.js), not when imported by tests.
const invoked = process.argv[1] ?? "";
if (/(?:^|[\\/])(?:cli\.(?:js|ts)|skillc)$/.test(invoked)) {
  main(process.argv.slice(2), {
    cwd: process.cwd(),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`skillc: ${String(error)}\n`);
      process.exitCode = EXIT_USAGE;
    },
  );
}
