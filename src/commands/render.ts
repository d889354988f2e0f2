import type { CliContext } from "./context.js";
import { EXIT_FAIL, UsageError, exitCodeFor } from "./context.js";
import { closest } from "../util/closest.js";
import { escapeJsonHidden } from "../util/hidden-chars.js";
import { shown } from "./args.js";
import { defineCommand } from "./define.js";
import { RENDER } from "./specs.js";
import { buildInMemory } from "./in-memory.js";
import { skillTextOut } from "./report.js";

export const command = defineCommand(RENDER, async (values, positionals, ctx) => {
  const [name, ...rest] = positionals;
  if (!name) throw new UsageError("name a skill to render, e.g. `skillc render release-notes 1.2.0`.");
  const loadArgs = values.args !== undefined ? values.args : rest.length > 0 ? rest : undefined;
  const { result, bundle } = await buildInMemory(ctx, { config: values.config });
  if (!bundle) return EXIT_FAIL;
  try {
    const loaded = bundle.skills.load(name, loadArgs, { sessionId: values["session-id"], projectDir: values["project-dir"], effort: values.effort });
    const out = values.json ? escapeJsonHidden(JSON.stringify(loaded, null, 2)) : skillTextOut(ctx, values.content ? loaded.content : loaded.text);
    ctx.stdout.write(out.endsWith("\n") ? out : out + "\n");
    return exitCodeFor(result.diagnostics);
  } catch (error) {
    if (error instanceof bundle.SkillError) {
      ctx.stderr.write(`skillc render: ${forPerson(error, name, bundle)}\n`);
      return EXIT_FAIL;
    }
    throw error;
  }
});

/** The runtime's messages are written for a model ("Use search_skills…"); a person at a terminal gets commands. */
function forPerson(error: Error & { code: string }, name: string, bundle: NonNullable<Awaited<ReturnType<typeof buildInMemory>>["bundle"]>): string {
  if (error.code !== "NOT_FOUND") return `${error.code}: ${error.message}`;
  const near = closest(name, bundle.skills.list().map((s) => s.name));
  const hint = near ? `Did you mean \`skillc render ${near}\`? ` : "";
  return `no skill named ${shown(name)} was built. ${hint}Run \`skillc list\` to see the skills.`;
}
