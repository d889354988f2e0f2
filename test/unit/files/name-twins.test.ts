// Names of one folder that macOS and Windows take for one (`a.md` / `A.md`, é composed / decomposed)
// get `file-name-twins` from lint and build alike; both files stay in the bundle (Linux has both).
import { describe, expect, it } from "vitest";
import { build, lint } from "../../../src/project/api.js";
import { tempProject } from "../../helpers/project.js";

const SKILL = "---\nname: notes\ndescription: Keeps notes. Use when asked to keep notes.\n---\n\nSee the files in refs/.\n";

function project(): string {
  return tempProject({
    "skills/notes/SKILL.md": SKILL,
    "skills/notes/refs/a.md": "lower\n",
    "skills/notes/refs/A.md": "upper\n",
    "skills/notes/refs/caf\u00e9.md": "composed\n",
    "skills/notes/refs/cafe\u0301.md": "decomposed\n",
    "skills/notes/Refs2/x.md": "x\n",
    "skills/notes/refs2/x.md": "y\n",
    "skills/notes/refs/b.md": "alone\n",
  });
}

const twins = (diagnostics: Array<{ ruleId: string; file: string; message: string }>) =>
  diagnostics.filter((d) => d.ruleId === "file-name-twins").map((d) => d.file).sort();

describe("file-name twins", () => {
  it("are reported by lint at the second name of each pair, folders included", async () => {
    const report = await lint({ cwd: project(), cache: false });
    const found = twins(report.results.flatMap((r) => r.diagnostics));
    // Code-unit order: "A.md" before "a.md", "cafe\u0301" before "caf\u00e9", "Refs2" before "refs2".
    expect(found).toEqual(["skills/notes/refs/a.md", "skills/notes/refs/caf\u00e9.md", "skills/notes/refs2"].sort());
  });

  it("are reported by build too, which still serves both files of a pair", async () => {
    const result = await build({ cwd: project(), write: false, cache: false });
    expect(twins(result.diagnostics)).toHaveLength(3);
    const files = result.skills[0]!.files.map((f) => f.path);
    expect(files).toContain("refs/A.md");
    expect(files).toContain("refs/a.md");
  });

  it("leave the skill file's own case variant to skill-file-case, and different names alone", async () => {
    const cwd = tempProject({ "skills/notes/SKILL.md": SKILL, "skills/notes/skill.md": SKILL, "skills/notes/a.md": "a\n", "skills/notes/b.md": "b\n" });
    const all = (await lint({ cwd, cache: false })).results.flatMap((r) => r.diagnostics);
    expect(twins(all)).toEqual([]);
    expect(all.some((d) => d.ruleId === "skill-file-case")).toBe(true);
  });
});
