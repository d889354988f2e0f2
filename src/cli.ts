#!/usr/bin/env node
// argv → exit code. Commands return their code; only this file touches process.exit.
import { EXIT_USAGE, UsageError, type CliContext } from "./commands/context.js";
import { skillcVersion } from "./util/version.js";
import { closest } from "./util/closest.js";
import { shown } from "./commands/args.js";

type Command = (args: string[], ctx: CliContext) => Promise<number>;

// Loaded lazily so that `skillc lint` never pays for the build side's modules.
const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  build: { summary: "compile skills into outDir (.skillc/)", load: async () => (await import("./commands/build.js")).run },
  lint: { summary: "check SKILL.md files, skill folders or roots", load: async () => (await import("./commands/lint.js")).run },
  list: { summary: "print a table of the skills", load: async () => (await import("./commands/list.js")).run },
  catalog: { summary: "print the catalog prompt", load: async () => (await import("./commands/catalog.js")).run },
  render: { summary: "print what the runtime's load returns", load: async () => (await import("./commands/render.js")).run },
  new: { summary: "scaffold a valid skill folder", load: async () => (await import("./commands/new.js")).run },
  import: { summary: "validate, then copy a skill into a root", load: async () => (await import("./commands/import.js")).run },
  init: { summary: "write a config and print how to wire the hook", load: async () => (await import("./commands/init.js")).run },
};

export function mainHelp(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(9)} ${c.summary}`);
  return `skillc ${skillcVersion()} — a build-time compiler for Agent Skills

Usage: skillc <command> [options]

Commands:
${lines.join("\n")}

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
  const command = COMMANDS[name];
  if (!command) {
    const near = closest(name, Object.keys(COMMANDS));
    const hint = near ? ` Did you mean \`skillc ${near}\`?` : "";
    ctx.stderr.write(`skillc: unknown command ${shown(name)}.${hint} Run \`skillc --help\` for the list.\n`);
    return EXIT_USAGE;
  }
  try {
    return await (await command.load())(rest, ctx);
  } catch (error) {
    if (error instanceof UsageError) {
      ctx.stderr.write(`skillc ${name}: ${error.message}\n`);
      return EXIT_USAGE;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    ctx.stderr.write(`skillc ${name}: internal error — please report it.\n${detail}\n`);
    return EXIT_USAGE;
  }
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
