// skillc/cloudflare-agents consumed the way the agents package consumes a getSkills() source: its
// real loadSkillCatalog() (agents/skills; dist/catalog-*.js: `await source.list()` once per load,
// first source wins a name, `source.readResource(name, path)` when a file is read) and its real AI
// SDK tools over that catalog (agents/skills/tools/ai-sdk: activate_skill, read_skill_resource),
// driven by generateText with ai/test's mock model. No Worker runtime is needed for these modules.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { loadSkillCatalog, manifest, renderSkillResource } from "agents/skills";
import { createSkillTools } from "agents/skills/tools/ai-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillcSource } from "../../../src/adapters/cloudflare-agents.js";
import { pathToFileURL } from "node:url";
import { build } from "../../../src/project/build.js";
import { resolveDefaults } from "../../../src/config/types.js";
import { REPO } from "../../helpers/cli.js";
import { tempProject } from "../../helpers/project.js";
import { asyncShaped, buildExampleBundle, LAYOUTS, type BuiltBundle } from "./bundle.js";
import { answer, toolCall } from "./mock-model.js";


describe.each(LAYOUTS)("skillc/cloudflare-agents, %s layout", (layout) => {
  let bundle: BuiltBundle;
  beforeAll(async () => {
    bundle = await buildExampleBundle(layout);
  });
  afterAll(() => bundle.dispose());

  it("loadSkillCatalog lists the bundle's visible skills with their bodies and files", async () => {
    const catalog = await loadSkillCatalog([skillcSource(bundle.skills)]);
    expect(catalog.diagnostics).toEqual([]);
    expect(catalog.skills.map((e) => e.skill.name)).toEqual(bundle.skills.list().map((s) => s.name));
    expect(catalog.skills.every((e) => e.sourceId === "skillc")).toBe(true);
    expect(catalog.prompt()).toContain("- release-notes: Drafts user-facing release notes");
    const entry = catalog.find("release-notes")!;
    expect(entry.resources.map((r) => [r.path, r.kind, r.encoding])).toEqual([
      ["assets/template.md", "asset", "text"],
      ["references/style-guide.md", "reference", "text"],
      ["toolsets/helpers.ts", "file", "text"],
      ["toolsets/index.ts", "file", "text"],
    ]);
    const activated = catalog.activate("release-notes");
    expect(activated.ok && activated.value).toContain("# Release notes");
  });

  it("readResource: text as text, binary as base64, a missing file and a bad path as error values", async () => {
    const catalog = await loadSkillCatalog([skillcSource(bundle.skills)]);
    const text = await catalog.readResource({ name: "release-notes", path: "references/style-guide.md" });
    expect(text.ok && text.value.resource.content).toBe(await readFile(path.join(REPO, "skills/release-notes/references/style-guide.md"), "utf8"));
    const png = await catalog.readResource({ path: "triage-bug/assets/severity-matrix.png" });
    expect(png.ok && png.value.resource.encoding).toBe("base64");
    expect(png.ok && Buffer.from(png.value.resource.content, "base64")).toEqual(await readFile(path.join(REPO, "skills/triage-bug/assets/severity-matrix.png")));
    const missing = await catalog.readResource({ name: "release-notes", path: "references/nope.md" });
    expect(!missing.ok && missing.error._tag).toBe("SkillResourceNotFoundError");
    const escape = await catalog.readResource({ name: "release-notes", path: "../review-diff/SKILL.md" });
    expect(!escape.ok && escape.error._tag).toBe("InvalidSkillResourcePathError");
    // Asked directly (not through the catalog), the source answers a value, never a throw.
    const direct = await skillcSource(bundle.skills).readResource("release-notes" as any, "references/nope.md" as any);
    expect(!direct.ok && direct.error._tag).toBe("SkillResourceNotFoundError");
  });

  it("beside another source: the first source in getSkills() order wins a name", async () => {
    const other = manifest({ id: "inline", skills: [{ name: "release-notes", description: "Another one", body: "x" }, { name: "extra", description: "Extra", body: "y" }] });
    const catalog = await loadSkillCatalog([skillcSource(bundle.skills, { id: "bundle" }), other]);
    expect(catalog.find("release-notes")!.sourceId).toBe("bundle");
    expect(catalog.find("extra")!.sourceId).toBe("inline");
    expect(catalog.diagnostics).toEqual([{ _tag: "DuplicateSkill", name: "release-notes", sourceId: "inline", keptSourceId: "bundle" }]);
  });

  it("a source that fails to list is a SourceFailed diagnostic, not a throw", async () => {
    const broken = { ...bundle.skills, list: () => bundle.skills.list(), load: () => { throw new Error("chunk missing"); } };
    const catalog = await loadSkillCatalog([skillcSource(broken as any)]);
    expect(catalog.skills).toEqual([]);
    expect(catalog.diagnostics[0]).toMatchObject({ _tag: "SourceFailed", sourceId: "skillc" });
    expect(String((catalog.diagnostics[0] as any).error.message)).toContain("chunk missing");
  });

  it("the agents package's own AI SDK tools over the catalog, in a generateText loop (Promise-shaped bundle)", async () => {
    const asyncBundle = asyncShaped(bundle.skills);
    const catalog = await loadSkillCatalog([skillcSource(asyncBundle.skills)]);
    const tools = createSkillTools(catalog);
    let i = 0;
    const steps = [
      toolCall("c1", "activate_skill", { name: "release-notes" }),
      toolCall("c2", "read_skill_resource", { path: "release-notes/references/style-guide.md" }),
      answer("done"),
    ];
    const model = new MockLanguageModelV3({ doGenerate: async () => steps[i++]! });
    const result = await generateText({ model, system: catalog.prompt()!, tools, prompt: "notes", stopWhen: stepCountIs(4) });
    expect(result.text).toBe("done");
    expect(String(result.steps[0]!.toolResults[0]!.output)).toContain("<skill_content name=\"release-notes\"");
    const read = await catalog.readResource({ path: "release-notes/references/style-guide.md" });
    expect(result.steps[1]!.toolResults[0]!.output).toBe(read.ok && renderSkillResource(read.value));
    expect(asyncBundle.calls.load).toBe(bundle.skills.list().length);
    expect(asyncBundle.calls.file).toBe(2);
  });
});

describe("skillc/cloudflare-agents, two scopes holding one name (collisions: keep)", () => {
  it("each skill loads by its SKILL.md path (no AMBIGUOUS), and the catalog keeps the first", async () => {
    const skillMd = (d: string) => `---\nname: review\ndescription: Reviews a change (${d}).\n---\n\nReview from ${d}.\n`;
    const dir = tempProject({
      "team/review/SKILL.md": skillMd("team"),
      "team/review/references/a.md": "team file",
      "team/review/references/team-only.md": "team only",
      "mine/review/SKILL.md": skillMd("mine"),
      "mine/review/references/a.md": "mine file",
      "mine/review/references/mine-only.md": "mine only",
    });
    const config = resolveDefaults(dir, { outDir: path.join(dir, "out"), collisions: "keep", sources: [{ dir: "team", scope: "team" }, { dir: "mine", scope: "mine" }] });
    const built = await build({ cwd: dir, config, cache: false });
    expect(built.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const { skills } = await import(pathToFileURL(path.join(dir, "out", "index.js")).href);
    expect(skills.list().map((s: any) => s.path)).toHaveLength(2);
    const catalog = await loadSkillCatalog([skillcSource(skills)]);
    expect(catalog.diagnostics.map((d) => d._tag)).toEqual(["DuplicateSkill"]);
    const kept = catalog.find("review")!;
    const activated = catalog.activate("review");
    const keptScope = kept.resources.some((r) => r.path === "references/team-only.md") ? "team" : "mine";
    const other = keptScope === "team" ? "mine" : "team";
    expect(activated.ok && activated.value).toContain(`Review from ${keptScope}.`);
    // A file both hold is read from the skill the catalog kept, the one list() gave first.
    const read = await catalog.readResource({ name: "review", path: "references/a.md" });
    expect(read.ok && read.value.resource.content).toBe(`${keptScope} file`);
    // A file only the shadowed skill holds: an error value from the catalog and from the source asked directly.
    const shadowed = await catalog.readResource({ name: "review", path: `references/${other}-only.md` });
    expect(!shadowed.ok && shadowed.error._tag).toBe("SkillResourceNotFoundError");
    const direct = await skillcSource(skills).readResource("review" as any, `references/${other}-only.md` as any);
    expect(!direct.ok && direct.error._tag).toBe("SkillResourceNotFoundError");
  });

  it("readResource finds a skill by the name list() gave it (NFKC-normalized), as the catalog asks for it", async () => {
    const meta = { name: "\uFB01x-bug", path: "skills/fix-bug/SKILL.md", dir: "skills/fix-bug", scope: "project", description: "Fixes a bug.", brief: "Fixes a bug.", userInvocable: true, hidden: false, args: [], files: [{ path: "references/a.md", bytes: 4, binary: false }] };
    const skills = { list: () => [meta], load: () => ({ content: "Body." }), file: (_s: string, p: string) => `read ${p}` } as any;
    const catalog = await loadSkillCatalog([skillcSource(skills)]);
    expect(catalog.skills.map((e) => e.skill.name)).toEqual(["fix-bug"]);
    const read = await catalog.readResource({ name: "fix-bug", path: "references/a.md" });
    expect(read.ok && read.value.resource.content).toBe("read references/a.md");
  });
});
