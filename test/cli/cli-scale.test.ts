// Issue 12 item 15, through the real CLI: at scale one cause makes one message, and a skill that a
// discovery bound leaves out fails the build unless the config says the bound is meant.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";

const SKILLS = 64;
/** The root counts as one folder: 59 folders listed = the root + 58 skills; 6 skills are cut. */
const MAX_FOLDERS = 59;
let dir: string;

beforeAll(async () => {
  dir = tempProject({}, "skillc-scale-");
  for (let i = 0; i < SKILLS; i++) {
    const name = `s${String(i).padStart(3, "0")}`;
    await mkdir(path.join(dir, "skills", name), { recursive: true });
    await writeFile(
      path.join(dir, "skills", name, "SKILL.md"),
      `---\nname: ${name}\ndescription: Does task ${i} with care, checking every input and writing each output where it belongs.\n---\n\nDo it.\n`,
    );
  }
});

const config = (extra = "") =>
  writeFile(path.join(dir, "skillc.config.mjs"), `export default { discovery: { maxFolders: ${MAX_FOLDERS} }, catalog: { format: "markdown", budget: { chars: 1500 } }${extra} };\n`);

describe("a root with more skills than discovery.maxFolders", () => {
  it("build fails (exit 1), names the skills left out, writes nothing, and prints the budget's one cause once", async () => {
    await config();
    const r = await runCli(["build"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(existsSync(path.join(dir, ".skillc"))).toBe(false);
    const limit = r.stderr.split("\n").filter((l) => l.includes("discovery-limit"));
    expect(limit).toHaveLength(1);
    expect(limit[0]).toMatch(/error +Discovery in "skills" stops after 59 folders \(discovery\.maxFolders\); at least 6 more were not searched: 6 of them hold skills \("skills\/s058", "skills\/s059", "skills\/s060" and 3 more\), which are not built/);
    expect(limit[0]).toContain('rules: { "discovery-limit": "warn" }');
    // 58 skills shortened by one budget: one header, one message, three places, a count.
    expect(r.stderr).toContain("catalog-shortened ×58, one cause\n");
    expect(r.stderr.match(/The description was shortened to fit the catalog budget \(1,500 characters, markdown\); raise `catalog\.budget`/g)).toHaveLength(1);
    expect(r.stderr).toContain("at skills/s000/SKILL.md:3:1, skills/s001/SKILL.md:3:1, skills/s002/SKILL.md:3:1 and 55 more (--format json lists each)");
    expect(r.stderr.split("\n").length).toBeLessThan(20);
    expect(r.stderr).toContain("✖ 59 problems (1 error, 58 warnings)");
  });

  it("builds what it found (exit 0) when the config says the bound is meant, still saying what is missing", async () => {
    await config(`, rules: { "discovery-limit": "warn" }`);
    const r = await runCli(["build"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning +Discovery in "skills" stops after 59 folders/);
    expect(r.stderr).toContain("built 58 skills");
  });

  it("lint fails too: a skill it cannot reach is a skill it did not check", async () => {
    await config();
    const r = await runCli(["lint", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const messages = (JSON.parse(r.stdout) as Array<{ messages: Array<{ ruleId: string; severity: number }> }>).flatMap((x) => x.messages);
    expect(messages).toEqual([expect.objectContaining({ ruleId: "discovery-limit", severity: 2 })]);
  });
});
