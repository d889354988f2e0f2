import type { CliContext } from "../cli-context.js";
import { EXIT_FAIL, EXIT_OK, UsageError } from "../cli-context.js";
import { intFlag, parse } from "./args.js";
import { buildInMemory } from "./in-memory.js";

export const HELP = `Usage: skillc catalog [roots…] [options]

Print the catalog prompt (the skills' names and descriptions, within the budget) to stdout;
reports go to stderr.

Options:
  --format <name>      xml (default: config catalog.format) | markdown | json
  --budget <chars>     size budget in characters (default: config catalog.budget, 16000)
  --config <file>      use this config instead of skillc.config.* in the current folder
  -h, --help           show this help
`;

export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parse(args, {
    format: { type: "string" },
    budget: { type: "string" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    ctx.stdout.write(HELP);
    return EXIT_OK;
  }
  if (values.format !== undefined && !["xml", "markdown", "json"].includes(values.format)) {
    throw new UsageError(`--format must be xml, markdown or json; got "${values.format}".`);
  }
  const budget = intFlag("budget", values.budget);
  const { bundle } = await buildInMemory(ctx, { config: values.config, roots: positionals });
  if (!bundle) return EXIT_FAIL;
  const text = bundle.skills.catalog({ format: values.format, budget });
  if (text) ctx.stdout.write(text.endsWith("\n") ? text : text + "\n");
  return EXIT_OK;
}
