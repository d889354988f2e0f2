// What the app does with its skills, the same in the browser page and in the server entry.
import { skills, type SkillName } from "skillc:skills";

export interface Summary {
  names: SkillName[];
  greeting: string;
  tone: string;
  catalog: string;
  tools: string[];
}

export async function summary(): Promise<Summary> {
  // `await`: the split layout returns Promises from load and file; the single layout's values pass through.
  const greeting = await skills.load("greet", ["Ada"]);
  const tone = await skills.file("greet", "references/tone.md");
  return {
    names: skills.list().map((s) => s.name),
    greeting: greeting.content,
    tone,
    catalog: skills.catalog({ format: "markdown" }),
    tools: skills.tools({ format: "openai" }).map((t) => t.function.name),
  };
}
