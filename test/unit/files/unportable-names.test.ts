// Supporting file and folder names Windows cannot hold as written get `unportable-file-name` from lint
// and build alike (as `import` refuses archive entries named so); the files stay in the bundle (Linux
// has them), and names near them that every system keeps are left alone.
import { describe, expect, it } from "vitest";
import { build, lint } from "../../../src/project/api.js";
import { tempProject } from "../../helpers/project.js";

const SKILL = "---\nname: notes\ndescription: Keeps notes. Use when asked to keep notes.\n---\n\nSee the files in refs/.\n";

function project(): string {
  return tempProject({
    "skills/notes/SKILL.md": SKILL,
    "skills/notes/refs/a:b.md": "a colon: an NTFS stream of refs/a\n",
    "skills/notes/refs/what?.md": "?\n",
    "skills/notes/refs/draft.": "trailing dot\n",
    "skills/notes/refs/nul.md": "the null device\n",
    "skills/notes/COM1/x.md": "a device-named folder\n",
    // Kept everywhere: a device name inside a longer name, dots inside, a leading dot.
    "skills/notes/refs/console.md": "fine\n",
    "skills/notes/refs/a.b.c.md": "fine\n",
    "skills/notes/refs/.hidden-note": "fine\n",
  });
}

const unportable = (diagnostics: Array<{ ruleId: string; file: string; message: string }>) =>
  diagnostics.filter((d) => d.ruleId === "unportable-file-name").map((d) => [d.file, d.message]);

const EXPECTED = [
  ["skills/notes/COM1", '"skills/notes/COM1" is "COM1", a device name Windows reserves in every folder, so a checkout or an install on Windows cannot hold it as written; rename it.'],
  ["skills/notes/refs/a:b.md", '"skills/notes/refs/a:b.md" holds ":", which Windows does not allow in a name (a colon writes into an NTFS alternate data stream), so a checkout or an install on Windows cannot hold it as written; rename it.'],
  ["skills/notes/refs/draft.", '"skills/notes/refs/draft." ends with a dot or a space, which Windows drops, so a checkout or an install on Windows cannot hold it as written; rename it.'],
  ["skills/notes/refs/nul.md", '"skills/notes/refs/nul.md" is "nul", a device name Windows reserves in every folder, so a checkout or an install on Windows cannot hold it as written; rename it.'],
  ["skills/notes/refs/what?.md", '"skills/notes/refs/what?.md" holds "?", which Windows does not allow in a name, so a checkout or an install on Windows cannot hold it as written; rename it.'],
];

describe("file names Windows cannot hold", () => {
  it("are reported by lint, each at its own path, folders included", async () => {
    const report = await lint({ cwd: project(), cache: false });
    const found = report.results.flatMap((r) => r.diagnostics.map((d) => ({ ...d, file: d.file ?? r.file })));
    expect(unportable(found).sort()).toEqual(EXPECTED);
  });

  it("are reported by build too, which still serves the files", async () => {
    const result = await build({ cwd: project(), write: false, cache: false });
    expect(unportable(result.diagnostics).sort()).toEqual(EXPECTED);
    expect(result.skills[0]!.files.map((f) => f.path)).toEqual(expect.arrayContaining(["refs/a:b.md", "refs/nul.md", "COM1/x.md", "refs/console.md"]));
  });
});

describe("skill folders Windows cannot hold", () => {
  // `import` refuses an archive holding `con/`, and `export` a skill it would write there: lint and build say so first.
  const skill = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things. Use when asked.\n---\n\nBody.\n`;
  const cwd = () =>
    tempProject({
      "skills/con/SKILL.md": skill("con"),
      "skills/LPT1./x/SKILL.md": skill("x"),
      "skills/console/SKILL.md": skill("console"),
    });
  const EXPECTED_FOLDERS = [
    ["skills/LPT1./x/SKILL.md", '"skills/LPT1." ends with a dot or a space, which Windows drops, so a checkout or an install on Windows cannot hold it as written; rename it.'],
    ["skills/con/SKILL.md", '"skills/con" is "con", a device name Windows reserves in every folder, so a checkout or an install on Windows cannot hold it as written; rename it.'],
  ];

  it("are reported by lint and build at the skill's SKILL.md, each folder of its path", async () => {
    const report = await lint({ cwd: cwd(), cache: false });
    const found = report.results.flatMap((r) => r.diagnostics.map((d) => ({ ...d, file: d.file ?? r.file })));
    expect(unportable(found).sort()).toEqual(EXPECTED_FOLDERS);
    const result = await build({ cwd: cwd(), write: false, cache: false });
    expect(unportable(result.diagnostics).sort()).toEqual(EXPECTED_FOLDERS);
    expect(result.skills.map((s) => s.name).sort()).toEqual(["con", "console", "x"]);
  });

  it("and a source root that is itself the skill's folder", async () => {
    const root = tempProject({ "skillc.config.json": JSON.stringify({ sources: ["nul"] }), "nul/SKILL.md": skill("nul") });
    const report = await lint({ cwd: root, cache: false });
    const found = report.results.flatMap((r) => r.diagnostics.map((d) => ({ ...d, file: d.file ?? r.file })));
    expect(unportable(found)).toEqual([["nul/SKILL.md", '"nul" is "nul", a device name Windows reserves in every folder, so a checkout or an install on Windows cannot hold it as written; rename it.']]);
  });
});
