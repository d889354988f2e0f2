// skillc/mastra: a bundle's skills in Mastra's own shapes. Skills become `createSkill()` inline
// skills (@mastra/core/skills) for `new Agent({ skills })`, so Mastra's own skill tools (skill,
// skill_search, skill_read) and its catalog processor serve them; the text supporting files become
// the skill's references. Toolset tools become Mastra tools (`createTool` with the JSON Schema)
// whose execute awaits `skills.call`
// (a failed call throws; Mastra reports it to the model as the tool's error).
import { createSkill, type InlineSkill } from "@mastra/core/skills";
import { createTool } from "@mastra/core/tools";
import type { SkillMeta } from "../runtime/api.js";
import { callOrThrow, resultText, toolDefs, type SkillsLike } from "./skills-like.js";

export { SkillToolError, type SkillsLike, type SkillToolResult } from "./skills-like.js";

/**
 * Mastra serves an inline skill's files under `references/`: a file already there keeps its path
 * below it ("references/api.md" → "api.md"), any other text file is listed by its whole path.
 * A short key that is another file's whole path (a top-level "api.md") is not taken: that file keeps
 * its whole path ("references/api.md"), so no file replaces another whatever their order.
 * Binary files are left out (inline references are text).
 */
async function references(skills: SkillsLike, meta: SkillMeta): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const texts = meta.files.filter((f) => !f.binary);
  const whole = new Set(texts.map((f) => f.path));
  for (const f of texts) {
    const text = await skills.file(meta.path, f.path);
    const short = f.path.startsWith("references/") ? f.path.slice(11) : f.path;
    // Defined, not assigned: a file named `__proto__` is a key like any other (assigned, it set the prototype and was lost).
    if (typeof text == "string") Object.defineProperty(out, whole.has(short) && short !== f.path ? f.path : short, { value: text, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Each visible skill as a Mastra inline skill: its expanded body as the instructions. Throws Mastra's error for a skill Mastra's rules refuse. */
export async function mastraSkills(skills: SkillsLike): Promise<InlineSkill[]> {
  return Promise.all(
    skills.list().map(async (meta) =>
      createSkill({
        name: meta.name,
        description: meta.description,
        // By SKILL.md path, which stays unambiguous when two scopes hold the same name.
        instructions: (await skills.load(meta.path)).content,
        "user-invocable": meta.userInvocable,
        references: await references(skills, meta),
      }),
    ),
  );
}

/** The toolset tools of every visible skill as Mastra tools, keyed by name, for `new Agent({ tools })`. */
export async function mastraToolsetTools(skills: SkillsLike): Promise<Record<string, ReturnType<typeof createTool>>> {
  const out: Record<string, ReturnType<typeof createTool>> = {};
  const builtins = new Set(["load_skill", "search_skills", "read_skill_file"]);
  for (const def of await toolDefs(skills, "all")) {
    if (builtins.has(def.name)) continue;
    out[def.name] = createTool({
      id: def.name,
      description: def.description,
      inputSchema: def.inputSchema as Parameters<typeof createTool>[0]["inputSchema"],
      // Structured results stay objects for the program (Mastra serializes them for the model).
      execute: async (input: unknown) => {
        const result = await callOrThrow(skills, def.name, input);
        return result.structuredContent ?? resultText(result);
      },
    });
  }
  return out;
}
