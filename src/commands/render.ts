import type { CliContext } from "./context.js";
import { EXIT_FAIL, EXIT_OK, UsageError, exitCodeFor } from "./context.js";
import { closest } from "../util/closest.js";
import { parse, shown } from "./args.js";
import { buildInMemory } from "./in-memory.js";

export const HELP = `Usage: skillc render <name|path> [args…] [options]

Print exactly what the runtime's load(name, args) returns for a skill: the text a tool hands the model.
With no args, placeholders are kept as written; \`--args ""\` passes an empty argument string.

Options:
  --args <raw>         the raw argument string (instead of positional args)
  --content            print only the expanded body (load().content)
  --json               print the whole load result as JSON
  --config <file>      use this config instead of skillc.config.* in the current folder
  -h, --help           show this help
`;

export async function run(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parse(args, {
    args: { type: "string" },
    content: { type: "boolean" },
    json: { type: "boolean" },
    config: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    ctx.stdout.write(HELP);
    return EXIT_OK;
  }
  const [name, ...rest] = positionals;
  if (!name) throw new UsageError("name a skill to render, e.g. `skillc render release-notes 1.2.0`.");
  const loadArgs = values.args !== undefined ? values.args : rest.length > 0 ? rest : undefined;
  const { result, bundle } = await buildInMemory(ctx, { config: values.config });
  if (!bundle) return EXIT_FAIL;
  try {
    const loaded = bundle.skills.load(name, loadArgs);
    const out = values.json ? JSON.stringify(loaded, null, 2) : values.content ? loaded.content : loaded.text;
    ctx.stdout.write(out.endsWith("\n") ? out : out + "\n");
    return exitCodeFor(result.diagnostics);
  } catch (error) {
    if (error instanceof bundle.SkillError) {
      ctx.stderr.write(`skillc render: ${forPerson(error, name, bundle)}\n`);
      return EXIT_FAIL;
    }
    throw error;
  }
}

/** The runtime's messages are written for a model ("Use search_skills…"); a person at a terminal gets commands. */
function forPerson(error: Error & { code: string }, name: string, bundle: NonNullable<Awaited<ReturnType<typeof buildInMemory>>["bundle"]>): string {
  if (error.code !== "NOT_FOUND") return `${error.code}: ${error.message}`;
  const near = closest(name, bundle.skills.list().map((s) => s.name));
  const hint = near ? `Did you mean \`skillc render ${near}\`? ` : "";
  return `no skill named ${shown(name)} was built. ${hint}Run \`skillc list\` to see the skills.`;
}
