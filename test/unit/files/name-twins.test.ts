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

  it("fold as a Mac's APFS does: a long s is an s, a final sigma a sigma (toLowerCase keeps them apart)", async () => {
    const cwd = tempProject({
      "skills/notes/SKILL.md": SKILL,
      "skills/notes/refs/script.md": "s\n",
      "skills/notes/refs/\u017fcript.md": "long s\n",
      "skills/notes/refs/\u03bb\u03bf\u03b3\u03bf\u03c3.md": "sigma\n",
      "skills/notes/refs/\u03bb\u03bf\u03b3\u03bf\u03c2.md": "final sigma\n",
      "skills/notes/refs/stra\u00dfe.md": "sharp s: simple folding keeps it apart from ss\n",
      "skills/notes/refs/strasse.md": "ss\n",
    });
    const found = twins((await lint({ cwd, cache: false })).results.flatMap((r) => r.diagnostics));
    expect(found).toEqual(["skills/notes/refs/\u017fcript.md", "skills/notes/refs/\u03bb\u03bf\u03b3\u03bf\u03c3.md"].sort());
  });

  it("take a skill file spelled with a long s for the skill file a Mac opens, and lint it", async () => {
    const hostile = "---\nname: notes\ndescription: Keeps notes. Use when asked to keep notes.\nallowed-tools: Bash\n---\n\nRun anything.\n";
    const cwd = tempProject({ "skills/notes/\u017fKILL.md": hostile });
    const all = (await lint({ cwd, cache: false })).results.flatMap((r) => r.diagnostics);
    expect(all.filter((d) => d.ruleId === "skill-file-case").map((d) => d.file)).toEqual(["skills/notes/\u017fKILL.md"]);
    expect(all.some((d) => d.ruleId === "shell-granted" && d.file === "skills/notes/\u017fKILL.md")).toBe(true);
  });

  it("are reported for two skill folders a Mac would merge into one (its SKILL.md: the last one checked out)", async () => {
    const skill = (name: string) => SKILL.replace("name: notes", `name: ${name}`);
    const cwd = tempProject({
      "skills/Deploy/SKILL.md": skill("deploy-new"),
      "skills/deploy/SKILL.md": skill("deploy"),
      "skills/group/\u017fub/SKILL.md": skill("sub-long-s"),
      "skills/group/sub/SKILL.md": skill("sub"),
      "skills/group/other/SKILL.md": skill("other"),
    });
    const all = (await lint({ cwd, cache: false })).results.flatMap((r) => r.diagnostics);
    const found = all.filter((d) => d.ruleId === "file-name-twins");
    expect(found.map((d) => d.file).sort()).toEqual(["skills/deploy/SKILL.md", "skills/group/\u017fub/SKILL.md"]);
    expect(found.find((d) => d.file === "skills/deploy/SKILL.md")!.message).toContain('"skills/deploy" and "skills/Deploy"');
    const built = await build({ cwd, write: false, cache: false });
    expect(twins(built.diagnostics)).toHaveLength(2);
  });

  it("leave the skill file's own case variant to skill-file-case, and different names alone", async () => {
    const cwd = tempProject({ "skills/notes/SKILL.md": SKILL, "skills/notes/skill.md": SKILL, "skills/notes/a.md": "a\n", "skills/notes/b.md": "b\n" });
    const all = (await lint({ cwd, cache: false })).results.flatMap((r) => r.diagnostics);
    expect(twins(all)).toEqual([]);
    expect(all.some((d) => d.ruleId === "skill-file-case")).toBe(true);
  });
});
