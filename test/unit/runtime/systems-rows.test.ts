// reference.md §5's remaining rows (issue 16 item 4): the Bun system's `default_enabled: false`, the
// Codelia spec's catalog shape, its skill_search `count`/`truncated`, and a stable `skill_id` in
// skill_load's result (kousw/codelia docs/specs/skills.md §6.1, §7).
import { describe, expect, it } from "vitest";
import { createSkills } from "../../../src/runtime/index.js";
import { renderCatalog } from "../../../src/runtime/catalog.js";
import { bundle, codeOf } from "./helpers.js";

describe("§5.5 default_enabled: false — not enabled until the host enables it", () => {
  const b = bundle([
    { name: "always", description: "Always on." },
    { name: "optin", description: "Opt-in skill.", body: "Opted in." },
  ]);
  b.data.skills.find((s) => s.name === "optin")!.off = 1;

  it("is not listed, catalogued, searched, matched or loadable until enabled", () => {
    const s = createSkills(b.data);
    expect(s.list().map((m) => m.name)).toEqual(["always"]);
    expect(s.catalog()).not.toContain("optin");
    expect(s.search("opt-in").map((h) => h.skill.name)).toEqual([]);
    expect(s.match("use optin now")).toEqual([]);
    expect(codeOf(() => s.load("optin"))).toBe("PERMISSION_DENIED");
    expect(s.call("load_skill", { name: "optin" }).isError).toBe(true);
    expect(codeOf(() => s.invoke("/optin"))).toBe("PERMISSION_DENIED");
  });

  it("createSkills({ enable }) enables it: listed, catalogued, loadable, by the model too", () => {
    const s = createSkills(b.data, { enable: ["optin"] });
    expect(s.list().map((m) => m.name)).toEqual(["always", "optin"]);
    expect(s.get("optin"), "the internal flag stays internal").not.toHaveProperty("off");
    expect(s.catalog()).toContain("optin");
    expect(s.load("optin").content).toBe("Opted in.");
    expect(s.call("load_skill", { name: "optin" }).isError).toBeUndefined();
    // Its sessions share the enabling; another instance does not.
    expect(s.session().list()).toHaveLength(2);
    expect(createSkills(b.data).list()).toHaveLength(1);
  });

  it("deny still wins over enable", () => {
    expect(createSkills(b.data, { enable: ["optin"], deny: ["optin"] }).list().map((m) => m.name)).toEqual(["always"]);
  });
});

describe("§5.4 Codelia: catalog shape, skill_search count/truncated, skill_load skill_id", () => {
  const specs = Array.from({ length: 12 }, (_, i) => ({ name: `release-${String(i).padStart(2, "0")}`, description: `Release step ${i} & <notes>.` }));
  const b = bundle(specs, { catalog: { format: "codelia", budget: 100_000 } });
  const s = createSkills(b.data);

  it("renders <skills_context> / <skills_catalog scope truncated> with name, description, path, scope", () => {
    const text = s.catalog();
    expect(text.split("\n").slice(0, 8)).toEqual([
      "<skills_context>",
      '<skills_catalog scope="initial" truncated="false">',
      "<skill>",
      "<name>release-00</name>",
      "<description>Release step 0 &amp; &lt;notes&gt;.</description>",
      "<path>skills/release-00/SKILL.md</path>",
      "<scope>builtin</scope>",
      "</skill>",
    ]);
    expect(text.endsWith("</skills_catalog>\n</skills_context>")).toBe(true);
  });

  it("says truncated=\"true\" and points at the search tool when the budget drops skills", () => {
    const entries = specs.map((e) => ({ name: e.name, description: e.description, location: `skills/${e.name}/SKILL.md`, scope: "skills", rank: 0 }));
    const r = renderCatalog(entries, { format: "codelia", budget: 600 });
    expect(r.dropped.length).toBeGreaterThan(0);
    expect(r.text).toContain('<skills_catalog scope="initial" truncated="true">');
    expect(r.text).toMatch(/<\/skills_catalog>\n\d+ more skills are not listed here: use the search_skills tool to find them\.\n<\/skills_context>$/);
    expect(r.text.length).toBeLessThanOrEqual(600);
  });

  it("skill_search gives count and truncated", () => {
    const few = s.call("skill_search", { query: "release", limit: 5 }).structuredContent as { count: number; truncated: boolean; results: unknown[] };
    expect([few.count, few.truncated, few.results.length]).toEqual([5, true, 5]);
    const all = s.call("skill_search", { query: "release", limit: 50 }).structuredContent as { count: number; truncated: boolean };
    expect([all.count, all.truncated]).toEqual([12, false]);
  });

  it("skill_load's result carries a stable skill_id (the SKILL.md path: the same on every load and in every instance)", () => {
    const a = s.call("skill_load", { name: "release-03" }).structuredContent as { skill_id: string };
    const c = createSkills(b.data).session().call("skill_load", { path: "skills/release-03/SKILL.md" }).structuredContent as { skill_id: string };
    expect(a.skill_id).toBe("skills/release-03/SKILL.md");
    expect(c.skill_id).toBe(a.skill_id);
  });
});
