// Names the runtime refuses in any path (a backslash, a %-escape, a drive letter at the top) are left
// out with `unservable-file-name`, so a skill never lists a file its model could not read; a link to
// one says why it is not in the bundle.
import { describe, expect, it } from "vitest";
import { build, lint } from "../../../src/project/api.js";
import { unservable } from "../../../src/pipeline/file-walk.js";
import { tempProject } from "../../helpers/project.js";

const SKILL = "---\nname: pricing\ndescription: Explains the prices. Use when asked about prices.\n---\n\nSee [the sheet](refs/c%3Aa.md).\n";

describe("file names the runtime cannot serve", () => {
  it("names each form, and leaves ordinary names (a lone %, a colon past the start) alone", () => {
    expect(unservable("a\\b.md", false)).toBe("a backslash");
    expect(unservable("50%25.md", false)).toBe("the %-escape `%25`");
    expect(unservable("x%2e%2e", false)).toBe("the %-escape `%2e`");
    expect(unservable("c:x.md", true)).toBe("a drive letter (`c:`)");
    expect(unservable("c:x.md", false)).toBeUndefined();
    expect(unservable("100%.md", false)).toBeUndefined();
    expect(unservable("50%zz.md", false)).toBeUndefined();
    expect(unservable("notes:v2.md", true)).toBeUndefined();
  });

  it("are left out of the build with a warning, and the files beside them are served", async () => {
    const cwd = tempProject({
      "skills/pricing/SKILL.md": SKILL.replace("See [the sheet](refs/c%3Aa.md).", "See the sheets in refs/."),
      "skills/pricing/refs/50%25.md": "half\n",
      "skills/pricing/refs/a\\b.md": "slash\n",
      "skills/pricing/refs/100%.md": "all\n",
      "skills/pricing/c:drive.md": "drive\n",
    });
    const result = await build({ cwd, write: false, cache: false });
    const warned = result.diagnostics.filter((d) => d.ruleId === "unservable-file-name").map((d) => d.file);
    expect(warned).toEqual(["skills/pricing/c:drive.md", "skills/pricing/refs/50%25.md", "skills/pricing/refs/a\\b.md"]);
    expect(result.skills[0]!.files.map((f) => f.path)).toEqual(["refs/100%.md"]);
  });

  it("lint reports them too, and a link to one says why it is not in the bundle", async () => {
    const cwd = tempProject({ "skills/pricing/SKILL.md": SKILL, "skills/pricing/refs/c:a.md": "x\n" });
    const report = await lint({ cwd, cache: false });
    const all = report.results.flatMap((r) => r.diagnostics);
    // refs/c:a.md is not at the top: a colon there is servable; the link decodes %3A to it.
    expect(all.filter((d) => d.ruleId === "unservable-file-name")).toEqual([]);
    const cwd2 = tempProject({ "skills/pricing/SKILL.md": SKILL.replace("refs/c%3Aa.md", "refs/50%2525.md"), "skills/pricing/refs/50%25.md": "x\n" });
    const all2 = (await lint({ cwd: cwd2, cache: false })).results.flatMap((r) => r.diagnostics);
    expect(all2.map((d) => d.ruleId).sort()).toEqual(["link-missing-file", "unservable-file-name"]);
    expect(all2.find((d) => d.ruleId === "link-missing-file")!.message).toMatch(/its name holds a backslash, a %-escape or a drive letter/);
  });
});
