// reference.md §5's remaining rows, built: `default_enabled: false` (the Bun system) is off in the
// bundle and in the build's catalogs until the host enables it, and `catalog.format: "codelia"`
// makes skills.catalog() Codelia's <skills_context> shape.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "../../src/project/api.js";
import { skillMd, tempProject } from "../helpers/project.js";
import { importBundle } from "../helpers/toolsets.js";

describe("default_enabled: false and the codelia catalog, built", () => {
  it("keeps an opt-in skill off until createSkills({ enable }) names it", async () => {
    const cwd = tempProject({
      "skills/base/SKILL.md": skillMd("base"),
      "skills/extra/SKILL.md": skillMd("extra", "default_enabled: false\n", "Extra steps.\n"),
      "skillc.config.json": JSON.stringify({ catalog: { format: "codelia" } }),
    });
    const r = await build({ cwd, cache: false });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    for (const f of ["catalog.xml", "catalog.md", "catalog.json"]) expect(readFileSync(path.join(cwd, ".skillc", f), "utf8")).not.toContain("extra");
    const { skills, createSkills } = await importBundle(cwd);
    expect(skills.list().map((s: { name: string }) => s.name)).toEqual(["base"]);
    expect(() => skills.load("extra")).toThrow(/not permitted/);
    const on = createSkills({ enable: ["extra"] });
    expect(on.list().map((s: { name: string }) => s.name)).toEqual(["base", "extra"]);
    expect(on.load("extra").content).toBe("Extra steps.\n"); // claude-code dialect: trailing whitespace kept
    expect(on.catalog()).toMatch(/^<skills_context>\n<skills_catalog scope="initial" truncated="false">\n<skill>\n<name>base<\/name>[\s\S]*<name>extra<\/name>[\s\S]*<\/skills_context>$/);
  });
});
