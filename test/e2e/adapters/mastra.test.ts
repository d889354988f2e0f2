// skillc/mastra driven by Mastra itself: an Agent given the bundle's skills as createSkill() inline
// skills and its toolset tools as Mastra tools, run by agent.generate() over ai/test's mock model.
// Mastra's own skill tools (skill, skill_read) serve the skills; the toolset tool runs in the bundle.
import { Agent } from "@mastra/core/agent";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mastraSkills, mastraToolsetTools } from "../../../src/adapters/mastra.js";
import { asyncShaped, buildExampleBundle, LAYOUTS, type BuiltBundle } from "./bundle.js";
import { answer, toolCall } from "./mock-model.js";


describe.each(LAYOUTS)("skillc/mastra, %s layout", (layout) => {
  let bundle: BuiltBundle;
  beforeAll(async () => {
    bundle = await buildExampleBundle(layout);
  });
  afterAll(() => bundle.dispose());

  it("createSkill() skills: instructions are the expanded bodies, text files the references", async () => {
    const inline = await mastraSkills(bundle.skills);
    expect(inline.map((s) => s.name)).toEqual(bundle.skills.list().map((s) => s.name));
    const notes = inline.find((s) => s.name === "release-notes")!;
    expect(notes.instructions).toBe((await bundle.skills.load("release-notes")).content);
    expect(notes.references).toEqual(["assets/template.md", "style-guide.md", "toolsets/helpers.ts", "toolsets/index.ts"]);
    expect(notes.__referenceContents["style-guide.md"]).toBe(await bundle.skills.file("release-notes", "references/style-guide.md"));
    // The PNG of triage-bug is binary: left out.
    expect(inline.find((s) => s.name === "triage-bug")!.references).not.toContain("assets/severity-matrix.png");
  });

  it("agent.generate(): Mastra's skill tool loads release-notes, then the toolset's semver-bump runs", async () => {
    const asyncBundle = asyncShaped(bundle.skills);
    const prompts: any[] = [];
    const steps = [toolCall("c1", "skill", { name: "release-notes" }), toolCall("c2", "semver-bump", { version: "1.4.2", bump: "minor" }), answer("Release 1.5.0.")];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        prompts.push(options);
        return steps[prompts.length - 1]!;
      },
    });
    const agent = new Agent({
      id: "releaser",
      name: "releaser",
      instructions: "You write release notes.",
      model,
      skills: await mastraSkills(asyncBundle.skills),
      tools: await mastraToolsetTools(asyncBundle.skills),
    });
    const result = await agent.generate("Draft the notes", { maxSteps: 5 });
    expect(result.text).toBe("Release 1.5.0.");
    const toolNames = prompts[0].tools.map((t: any) => t.name);
    expect(toolNames).toEqual(expect.arrayContaining(["skill", "semver-bump"]));
    expect(JSON.stringify(prompts[0].prompt)).toContain("release-notes");
    expect(JSON.stringify(prompts[1].prompt)).toContain("Write the release notes for version");
    expect(JSON.stringify(prompts[2].prompt)).toContain("1.5.0");
    expect(asyncBundle.calls.call).toBe(1);
  });
});

describe("skillc/mastra, reference keys", () => {
  it("a file named __proto__ is a reference like any other", async () => {
    const meta = { name: "keys", path: "skills/keys/SKILL.md", dir: "skills/keys", scope: "project", description: "Keys.", brief: "Keys.", userInvocable: true, hidden: false, args: [], files: ["__proto__", "references/__proto__x"].map((p) => ({ path: p, bytes: 1, binary: false })) };
    const skills = { list: () => [meta], load: () => ({ content: "Body." }), file: (_s: string, p: string) => `content of ${p}` } as any;
    const [skill] = await mastraSkills(skills);
    expect(Object.keys(skill!.__referenceContents).sort()).toEqual(["__proto__", "__proto__x"]);
    expect(Object.getOwnPropertyDescriptor(skill!.__referenceContents, "__proto__")?.value).toBe("content of __proto__");
  });

  it("a references/ file whose short key is a top-level file's path keeps its whole path (no file replaces another)", async () => {
    const files = ["references/api.md", "api.md", "references/guide.md", "references/references/x.md", "references/x.md"];
    const meta = { name: "keys", path: "skills/keys/SKILL.md", dir: "skills/keys", scope: "project", description: "Keys.", brief: "Keys.", userInvocable: true, hidden: false, args: [], files: files.map((p) => ({ path: p, bytes: 1, binary: false })) };
    const skills = { list: () => [meta], load: () => ({ content: "Body." }), file: (_s: string, p: string) => `content of ${p}` } as any;
    for (const order of [files, [...files].reverse()]) {
      meta.files = order.map((p) => ({ path: p, bytes: 1, binary: false }));
      const [skill] = await mastraSkills(skills);
      expect(Object.fromEntries(Object.entries(skill!.__referenceContents).sort())).toEqual({
        "api.md": "content of api.md",
        "guide.md": "content of references/guide.md",
        "references/api.md": "content of references/api.md",
        "references/references/x.md": "content of references/references/x.md",
        "x.md": "content of references/x.md",
      });
    }
  });
});
