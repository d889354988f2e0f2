// `skillc render --session-id/--project-dir/--effort`: the ${CLAUDE_*} values load takes, from the
// command line; left out, each placeholder is kept as written.
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { skillMd, tempProject } from "../helpers/project.js";

describe("skillc render with the ${CLAUDE_*} values", () => {
  const body = "Session ${CLAUDE_SESSION_ID} in ${CLAUDE_PROJECT_DIR} at ${CLAUDE_EFFORT}: $ARGUMENTS\n";
  it("fills the ones given and keeps the others", async () => {
    const cwd = tempProject({ "skills/vars/SKILL.md": skillMd("vars", "", body) });
    const all = await runCli(["render", "vars", "--args", "go", "--content", "--session-id", "s-1", "--project-dir", "/p", "--effort", "high"], { cwd });
    expect([all.code, all.stdout]).toEqual([0, "Session s-1 in /p at high: go\n"]);
    const some = await runCli(["render", "vars", "--content", "--effort", "low"], { cwd });
    expect([some.code, some.stdout]).toEqual([0, "Session ${CLAUDE_SESSION_ID} in ${CLAUDE_PROJECT_DIR} at low: \n"]);
  });
});
