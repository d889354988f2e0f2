// `skillc catalog --client claude-code --context <tokens>`: Claude Code's listing simulated with its
// own rules (anthropics/claude-code CHANGELOG.md 2.1.105: each entry's description + when_to_use cut
// at 1,536 characters; reference.md §3: budget 1% of the context window × 4 characters, 8,000 as
// the fallback, SLASH_COMMAND_TOOL_CHAR_BUDGET overriding; disable-model-invocation skills unlisted).
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";

const skillOf = (name: string, description: string, extra = "") => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\nBody.\n`;

describe("skillc catalog --client claude-code", () => {
  const cwd = tempProject({
    "skills/aa/SKILL.md": skillOf("aa", "A".repeat(1000), `when_to_use: ${"W".repeat(700)}\n`),
    "skills/bb/SKILL.md": skillOf("bb", "Does bb things.", "when_to_use: When bb is asked for.\n"),
    "skills/cc/SKILL.md": skillOf("cc", "Hidden from the model.", "disable-model-invocation: yes\n"),
    "skills/dd/SKILL.md": skillOf("dd", "D".repeat(900)),
  });

  it("keeps everything that fits a 200k context (8,000 chars), cutting an entry at 1,536", async () => {
    const r = await runCli(["catalog", "--client", "claude-code", "--context", "200000"], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n").map((l) => l.slice(0, 40))).toEqual([`- aa: ${"A".repeat(34)}`, "- bb: Does bb things. - When bb is asked", `- dd: ${"D".repeat(34)}`, ""]);
    expect(r.stdout.split("\n")[0]!.length).toBe("- aa: ".length + 1536);
    expect(r.stderr).toContain("claude-code listing, budget 8000 chars (1% of 200000 tokens × 4): kept 2 skills whole, shortened 1: aa, dropped 0");
  });

  it("over budget, drops the descriptions of the last entries first, then entries", async () => {
    const r = await runCli(["catalog", "--client", "claude-code", "--context", "50000"], { cwd });
    expect(r.stderr).toContain("budget 2000 chars (1% of 50000 tokens × 4): kept 1 skill whole, shortened 2: aa, dd, dropped 0");
    expect(r.stdout).toContain("- dd\n");
    const tiny = await runCli(["catalog", "--client", "claude-code"], { cwd, env: { SLASH_COMMAND_TOOL_CHAR_BUDGET: "5" } });
    expect(tiny.stderr).toContain("budget 5 chars (its fallback; pass --context <tokens>): kept 0 skills whole, shortened 1: aa, dropped 2: bb, dd");
  });

  it("refuses another client and --context without --client", async () => {
    expect((await runCli(["catalog", "--client", "cursor"], { cwd })).code).toBe(2);
    expect((await runCli(["catalog", "--context", "1000"], { cwd })).stderr).toContain("--context goes with --client");
  });
});

// The Codelia catalog shape (reference.md §5) has no file in outDir; the command prints it all the same.
describe("skillc catalog --format codelia", () => {
  const cwd = tempProject({
    "skills/aa/SKILL.md": skillOf("aa", "Does aa things."),
    "skills/cc/SKILL.md": skillOf("cc", "Hidden from the model.", "disable-model-invocation: true\n"),
  });

  it("prints the <skills_context> catalog of the visible skills", async () => {
    const r = await runCli(["catalog", "--format", "codelia"], { cwd });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith("<skills_context>")).toBe(true);
    expect(r.stdout).toContain("<skills_catalog");
    expect(r.stdout).toContain("aa");
    expect(r.stdout).not.toContain("Hidden from the model");
    expect(r.stdout.trimEnd().endsWith("</skills_context>")).toBe(true);
  });
});
