// One shape for every command: a spec (name, summary, usage, description, flags) and a run. From the
// spec come the command's --help, the parseArgs options and its line in `skillc --help`; the specs
// live in specs.ts (cheap to load, so the main help never loads a command), the runs in <name>.ts.
import { EXIT_OK, type CliContext } from "./context.js";
import { parse } from "./args.js";

export interface FlagSpec {
  type: "string" | "boolean";
  /** Repeatable: the values come as an array. */
  multiple?: boolean;
  short?: string;
  /** The value's placeholder in the help, e.g. `<dir>`. */
  value?: string;
  /** The help text; a "\n" continues it on the next line, under the same column. */
  help: string;
}

export interface CommandSpec<F extends Record<string, FlagSpec> = Record<string, FlagSpec>> {
  name: string;
  /** Its line in `skillc --help`. */
  summary: string;
  /** What follows `skillc <name>` on the usage line, e.g. `[roots…] [options]`. */
  usage: string;
  /** The paragraphs between the usage line and the options. */
  description: string;
  /** The options, in help order; `-h, --help` is added to every command. */
  flags: F;
}

/** The parsed flags, typed from the spec: booleans, strings, or string arrays for repeatable flags. */
export type FlagValues<F extends Record<string, FlagSpec>> = {
  [K in keyof F]?: F[K] extends { type: "boolean" } ? boolean : F[K] extends { multiple: true } ? string[] : string;
};

export interface Command {
  spec: CommandSpec;
  /** Parses `args` (a usage error for a bad flag), prints the help for -h/--help, else runs. */
  run(args: string[], ctx: CliContext): Promise<number>;
}

const HELP_FLAG: FlagSpec = { type: "boolean", short: "h", help: "show this help" };

export function defineCommand<F extends Record<string, FlagSpec>>(
  spec: CommandSpec<F>,
  run: (values: FlagValues<F>, positionals: string[], ctx: CliContext) => Promise<number>,
): Command {
  const options = Object.fromEntries(
    Object.entries({ ...spec.flags, help: HELP_FLAG }).map(([name, f]) => [name, { type: f.type, ...(f.multiple ? { multiple: true } : {}), ...(f.short ? { short: f.short } : {}) }]),
  );
  return {
    spec,
    async run(args, ctx) {
      const { values, positionals } = parse(args, options);
      if (values.help) {
        ctx.stdout.write(helpText(spec));
        return EXIT_OK;
      }
      return run(values as FlagValues<F>, positionals, ctx);
    },
  };
}

/** The help column: three spaces after the longest flag, and no nearer than 21 characters from the indent. */
const MIN_LABEL = 21;

export function helpText(spec: CommandSpec): string {
  const rows: Array<[string, string]> = Object.entries(spec.flags).map(([name, f]) => [`--${name}${f.value ? ` ${f.value}` : ""}`, f.help]);
  rows.push(["-h, --help", HELP_FLAG.help]);
  const width = Math.max(MIN_LABEL, ...rows.map(([label]) => label.length + 3));
  const options = rows.map(([label, help]) => `  ${label.padEnd(width)}${help.split("\n").join("\n" + " ".repeat(width + 2))}`);
  return `Usage: skillc ${spec.name} ${spec.usage}\n\n${spec.description}\n\nOptions:\n${options.join("\n")}\n`;
}

/** The command list of `skillc --help`. */
export function summaryLines(specs: readonly CommandSpec[]): string {
  return specs.map((s) => `  ${s.name.padEnd(9)} ${s.summary}`).join("\n");
}
