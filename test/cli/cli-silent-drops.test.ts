// Issue 12 item 13 through the real CLI: a SKILL.md that cannot be read is a positioned error in
// lint and build (exit 1), never a skill silently missing; a broken supporting link is reported too.
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { analyzeSkill } from "../../src/pipeline/analyze.js";
import { tempProject } from "../helpers/project.js";

let dir: string;
beforeEach(async () => {
  dir = tempProject({}, "skillc-drops-");
  await mkdir(path.join(dir, "skills/good"), { recursive: true });
  await writeFile(path.join(dir, "skills/good/SKILL.md"), "---\nname: good\ndescription: Does good things.\n---\n\nDo it.\n");
});

type Message = { ruleId: string; severity: number; line: number; column: number; message: string };
const lintJson = async () => {
  const r = await runCli(["lint", "--format", "json"], { cwd: dir });
  return { code: r.code, byFile: new Map((JSON.parse(r.stdout) as Array<{ filePath: string; messages: Message[] }>).map((x) => [x.filePath, x.messages])) };
};

describe("a SKILL.md that cannot be read", () => {
  it("a broken symlink: lint and build say so at file:1:1 with a rule id and a fix, and both exit 1", async () => {
    await mkdir(path.join(dir, "skills/gone"));
    await symlink("../../elsewhere/SKILL.md", path.join(dir, "skills/gone/SKILL.md"));
    const lint = await lintJson();
    expect(lint.code).toBe(1);
    expect(lint.byFile.get("skills/gone/SKILL.md")).toEqual([
      expect.objectContaining({ ruleId: "skill-file-unreadable", severity: 2, line: 1, column: 1, message: expect.stringMatching(/target does not exist.*not built\. Point the link at an existing file/) }),
    ]);
    const build = await runCli(["build"], { cwd: dir });
    expect(build.code).toBe(1);
    expect(build.stderr).toMatch(/skills\/gone\/SKILL\.md\n {2}1:1 +error +"skills\/gone\/SKILL\.md" is a symbolic link whose target does not exist/);
    expect(existsSync(path.join(dir, ".skillc"))).toBe(false);
  });

  it("a link loop and a folder named SKILL.md (unreadable even for root) fail the same way", async () => {
    await mkdir(path.join(dir, "skills/loop"));
    await symlink("SKILL.md", path.join(dir, "skills/loop/SKILL.md"));
    await mkdir(path.join(dir, "skills/folder/SKILL.md"), { recursive: true });
    const lint = await lintJson();
    expect(lint.code).toBe(1);
    expect(lint.byFile.get("skills/loop/SKILL.md")?.map((m) => m.ruleId)).toEqual(["skill-file-unreadable"]);
    expect(lint.byFile.get("skills/folder/SKILL.md")?.map((m) => m.ruleId)).toEqual(["skill-file-unreadable"]);
    expect((await runCli(["build"], { cwd: dir })).code).toBe(1);
  });

  it("a SKILL.md that vanishes (or cannot be opened) after discovery is the same rule, through the registry", async () => {
    const source = { root: { dir: "skills", scope: "skills", precedence: 0 }, dir: "skills/vanished", relDir: "vanished", file: "skills/vanished/SKILL.md", fileName: "SKILL.md", absDir: path.join(dir, "skills/vanished") };
    const a = await analyzeSkill(source, { profile: "skillc", settings: {}, files: { include: ["**/*"], exclude: [], maxBytes: 1e6 }, readFiles: false });
    expect(a.diagnostics).toEqual([
      { file: "skills/vanished/SKILL.md", line: 1, column: 1, ruleId: "skill-file-unreadable", severity: "error", message: expect.stringContaining("cannot be read (ENOENT), so the skill is not built") },
    ]);
  });
});

describe("a supporting file that is a broken symlink", () => {
  it("is reported where it is, not dropped without a word", async () => {
    await symlink("missing.txt", path.join(dir, "skills/good/notes.txt"));
    const lint = await lintJson();
    expect(lint.byFile.get("skills/good/notes.txt")).toEqual([expect.objectContaining({ ruleId: "read-error", line: 1, column: 1, message: expect.stringContaining("cannot be followed (ENOENT)") })]);
  });
});
