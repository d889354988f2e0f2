// Supporting files reach the model too (read_skill_file, MCP resources): build and lint report hidden
// characters in their text as they do in a SKILL.md, at the file, line and column.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { build, lint } from "../../../src/project/api.js";
import { tempProject } from "../../helpers/project.js";

const SKILL = "---\nname: guide\ndescription: Uses the guide in references/.\n---\n\nRead [the guide](references/guide.md).\n";
// U+E0049 U+E0047 … : tag characters spelling "IGNORE" — invisible in a review, read by the model.
const TAGS = [..."IGNORE"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");

/** lint's hidden-character diagnostics, with the file each is in. */
async function lintHidden(cwd: string, cache: boolean) {
  const { results } = await lint({ cwd, cache });
  return results.flatMap((r) => r.diagnostics.filter((d) => d.ruleId === "hidden-character").map((d) => ({ ...d, file: d.file ?? r.file })));
}

describe("hidden characters in supporting files", () => {
  it("are reported by build at their position, with what they spell, and the skill is still built", async () => {
    const cwd = tempProject({
      "skills/guide/SKILL.md": SKILL,
      "skills/guide/references/guide.md": `# Guide\n\nStep one.${TAGS}\nSee \u202Eevil\u202C here.\n`,
      "skills/guide/scripts/run.sh": "#!/bin/sh\necho fine\n",
    });
    const result = await build({ cwd, write: false, cache: false });
    const hidden = result.diagnostics.filter((d) => d.ruleId === "hidden-character");
    expect(hidden.map((d) => [d.file, d.line, d.column, d.severity])).toEqual([
      ["skills/guide/references/guide.md", 3, 10, "warning"],
      ["skills/guide/references/guide.md", 4, 5, "warning"],
      ["skills/guide/references/guide.md", 4, 10, "warning"],
    ]);
    expect(hidden[0]!.message).toContain('spelling invisible text "IGNORE"');
    expect(hidden[0]!.message).toMatch(/^this file holds/);
    expect(result.skills.map((s) => s.name)).toEqual(["guide"]);
  });

  // lint is what a pre-commit hook or CI runs on a stranger's pull request; it listed these files
  // without looking inside, and its cache must not hide an edit to one.
  it("are reported by lint as build reports them, cold and warm, and after an edit to the file alone", async () => {
    const cwd = tempProject({
      "skills/guide/SKILL.md": SKILL,
      "skills/guide/references/guide.md": "# Guide\n\nStep one.\n",
      "skills/guide/scripts/run.sh": "#!/bin/sh\necho fine\n",
    });
    const hiddenIn = async () => lintHidden(cwd, true).then((found) => found.map((d) => [d.file, d.line, d.column, d.message]));
    expect(await hiddenIn()).toEqual([]);
    writeFileSync(path.join(cwd, "skills/guide/references/guide.md"), `# Guide\n\nStep one.${TAGS}\nSee \u202Eevil\u202C here.\n`);
    const built = (await build({ cwd, write: false, cache: false })).diagnostics.filter((d) => d.ruleId === "hidden-character");
    expect(built).toHaveLength(3);
    const expected = built.map((d) => [d.file, d.line, d.column, d.message]);
    expect(await hiddenIn()).toEqual(expected);
    expect(await hiddenIn(), "a warm lint (its cache written by the run before)").toEqual(expected);
  });

  it("leave joiners inside emoji, binary files and clean files alone", async () => {
    const cwd = tempProject({
      "skills/guide/SKILL.md": SKILL,
      "skills/guide/references/guide.md": "Family: \u{1F468}\u200D\u{1F469}\u200D\u{1F467}, flag: \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}\n",
      "skills/guide/assets/blob.bin": Buffer.from([0, 1, 2, 0xe2, 0x80, 0xae, 0]),
    });
    const result = await build({ cwd, write: false, cache: false });
    expect(result.diagnostics.filter((d) => d.ruleId === "hidden-character")).toEqual([]);
    expect(await lintHidden(cwd, false)).toEqual([]);
  });

  it("follow the rule's setting (off in the config: none)", async () => {
    const cwd = tempProject({
      "skillc.config.json": JSON.stringify({ rules: { "hidden-character": "off" } }),
      "skills/guide/SKILL.md": SKILL,
      "skills/guide/references/guide.md": `x${TAGS}\n`,
    });
    const result = await build({ cwd, write: false, cache: false });
    expect(result.diagnostics.filter((d) => d.ruleId === "hidden-character")).toEqual([]);
  });
});
