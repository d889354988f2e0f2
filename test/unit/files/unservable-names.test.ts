// Names the runtime refuses in any path (a backslash, a %-escape, a drive letter at the top) are left
// out with `unservable-file-name`, so a skill never lists a file its model could not read; a link to
// one says why it is not in the bundle.
import { describe, expect, it } from "vitest";
import { build, lint } from "../../../src/project/api.js";
import { unservable } from "../../../src/pipeline/file-walk.js";
import { tempProject } from "../../helpers/project.js";

const SKILL = "---\nname: pricing\ndescription: Explains the prices. Use when asked about prices.\n---\n\nSee [the sheet](refs/c%3Aa.md).\n";

describe("file names the runtime cannot serve", () => {
  it("names each form the runtime's checkPath refuses, and leaves what it serves alone (a lone %, a colon past the start)", () => {
    expect(unservable("refs/a\\b.md")).toBe("a backslash");
    expect(unservable("refs/50%25.md")).toBe("the %-escape `%25`");
    expect(unservable("x%2e%2e")).toBe("the %-escape `%2e`");
    expect(unservable("c:x.md")).toBe("a drive letter (`c:`)");
    expect(unservable(`${"d".repeat(200)}/`.repeat(6) + "x.md")).toBe("more than 1024 characters");
    expect(unservable("refs/c:x.md")).toBeUndefined();
    expect(unservable("100%.md")).toBeUndefined();
    expect(unservable("50%zz.md")).toBeUndefined();
    expect(unservable("notes:v2.md")).toBeUndefined();
    expect(unservable(`${"d".repeat(200)}/`.repeat(5) + "x.md")).toBeUndefined();
  });

  it("are left out of the build with a warning, and the files beside them are served", async () => {
    const cwd = tempProject({
      "skills/pricing/SKILL.md": SKILL.replace("See [the sheet](refs/c%3Aa.md).", "See the sheets in refs/."),
      "skills/pricing/refs/50%25.md": "half\n",
      "skills/pricing/refs/a\\b.md": "slash\n",
      "skills/pricing/refs/100%.md": "all\n",
      "skills/pricing/c:drive.md": "drive\n",
      // 6 × 201 characters of folders: past the 1,024 a runtime path may hold; the whole folder is left out.
      [`skills/pricing/${`${"d".repeat(200)}/`.repeat(6)}deep.md`]: "deep\n",
    });
    const result = await build({ cwd, write: false, cache: false });
    const warned = result.diagnostics.filter((d) => d.ruleId === "unservable-file-name").map((d) => d.file);
    expect(warned).toEqual(["skills/pricing/c:drive.md", `skills/pricing/${`${"d".repeat(200)}/`.repeat(5)}${"d".repeat(200)}`, "skills/pricing/refs/50%25.md", "skills/pricing/refs/a\\b.md"]);
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
    expect(all2.find((d) => d.ruleId === "link-missing-file")!.message).toMatch(/its path holds a backslash, a %-escape or a drive letter, or is over 1,024 characters/);
  });
});
