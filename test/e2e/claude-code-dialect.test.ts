// A whole build in the claude-code dialect: the body keeps its trailing whitespace, the bundle
// carries Claude Code's argument splitter, and the ${CLAUDE_*} values come from load's options
// (or createSkills' `vars`). The opencode dialect's bundle has no splitter.
import { describe, expect, it } from "vitest";
import { build } from "../../src/project/api.js";
import { skillMd, tempProject } from "../helpers/project.js";
import { importBundle } from "../helpers/toolsets.js";

const BODY = "Fix $issue in ${CLAUDE_PROJECT_DIR} (session ${CLAUDE_SESSION_ID}, effort ${CLAUDE_EFFORT}).  \n\n";

describe("claude-code dialect, built", () => {
  it("keeps trailing whitespace, splits like Claude Code, fills the variables from load", async () => {
    const cwd = tempProject({ "skills/fix/SKILL.md": skillMd("fix", "arguments: [issue]\n", BODY) });
    const r = await build({ cwd, cache: false });
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const { skills, createSkills } = await importBundle(cwd);
    const vars = { sessionId: "S-9", projectDir: "/work/p", effort: "low" };
    expect(skills.load("fix", "12; rm -rf /", vars).content).toBe("Fix 12 in /work/p (session S-9, effort low).  \n\n");
    expect(skills.load("fix", "'#12 x'", vars).content).toBe("Fix #12 x in /work/p (session S-9, effort low).  \n\n");
    expect(skills.load("fix", "!x").content).toBe("Fix \\!x in ${CLAUDE_PROJECT_DIR} (session ${CLAUDE_SESSION_ID}, effort ${CLAUDE_EFFORT}).  \n\n");
    // createSkills({ vars }) gives every load (the model's tool calls too) its values; load's own win.
    const s2 = createSkills({ vars });
    expect(s2.load("fix", "a", { effort: "max" }).content).toBe("Fix a in /work/p (session S-9, effort max).  \n\n");
    expect(s2.call("load_skill", { name: "fix", args: "b" }).content[0].text).toContain("Fix b in /work/p (session S-9, effort low)");
  });

  it("leaves the splitter out of an opencode bundle", async () => {
    const cwd = tempProject({
      "skills/fix/SKILL.md": skillMd("fix", "", "Fix $1 now.\n"),
      "skillc.config.json": JSON.stringify({ dialect: "opencode" }),
    });
    await build({ cwd, cache: false });
    const { skills } = await importBundle(cwd);
    expect(skills.load("fix", "a; b").content).toBe("Fix a; b now.");
  });
});
