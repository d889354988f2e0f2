// shell-granted: `allowed-tools` that approves a shell for every command (Claude Code's permission
// docs: `Bash` matches all Bash commands, `Bash(*)` is the same), as a string or a list.
import { describe, expect, it } from "vitest";
import { lint } from "../../../src/project/api.js";
import { tempProject } from "../../helpers/project.js";

const skill = (grant: string) => `---\nname: pdf-tools\ndescription: Extracts text from PDF files. Use when the user asks about PDFs.\n${grant}\n---\n\n# PDF\n\nBody.\n`;

async function found(grant: string) {
  const report = await lint({ cwd: tempProject({ "skills/pdf-tools/SKILL.md": skill(grant) }), cache: false });
  return report.results.flatMap((r) => r.diagnostics).filter((d) => d.ruleId === "shell-granted").map((d) => [d.line, d.column, d.message.match(/approves `([^`]*)`/)?.[1]]);
}

describe("shell-granted", () => {
  it("reports a shell approved for every command, in each spelling", async () => {
    for (const g of ["Bash", "Bash(*)", "Bash()", "bash(**)", "Bash( * )", "PowerShell", "Read, Bash"]) {
      const tool = g.replace(/^Read, /, "");
      expect(await found(`allowed-tools: ${g}`), g).toEqual([[4, 16, tool]]);
    }
  });

  it("reports a pattern for a shell or an interpreter, which runs any command, and grants inside one list entry", async () => {
    for (const g of ["Bash(sh:*)", "Bash(bash:*)", "Bash(python3 *)", "Bash(env*)", "Bash(npx:*)"]) expect(await found(`allowed-tools: ${g}`), g).toEqual([[4, 16, g]]);
    expect(await found('allowed-tools:\n  - "Read, Bash"')).toEqual([[5, 5, "Bash"]]);
  });

  it("leaves scoped commands and other tools alone", async () => {
    for (const g of ["Bash(git status:*)", "Read Grep", "Bash(npm run test:*) Write", "Bashful", "Bash(:*)", "Bash(shellcheck:*)", "Bash(python3 scripts/x.py:*)", "Bash(git status:*)"]) expect(await found(`allowed-tools: ${g}`), g).toEqual([]);
  });

  it("points at the list entry, and escapes what it shows", async () => {
    expect(await found("allowed-tools:\n  - Read\n  - Bash")).toEqual([[6, 5, "Bash"]]);
    // Only stars, colons and white space count as "every command"; U+2028 is white space, and is shown escaped.
    const esc = await lint({ cwd: tempProject({ "skills/pdf-tools/SKILL.md": skill('allowed-tools: ["Bash(*\\u2028)"]') }), cache: false });
    const messages = esc.results.flatMap((r) => r.diagnostics).filter((d) => d.ruleId === "shell-granted").map((d) => d.message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).not.toContain("\u2028");
  });

  it("reports a grant in a frontmatter only Claude Code's retry reads (an unquoted `: ` elsewhere)", async () => {
    // skillc's YAML refuses it (yaml-syntax); Claude Code quotes the `: ` line, reads the rest, and approves Bash.
    const text = "---\nname: pdf-tools\ndescription: Extracts text. Use when: asked.\nallowed-tools: Read, Bash\n---\n\n# PDF\n";
    const report = await lint({ cwd: tempProject({ "skills/pdf-tools/SKILL.md": text }), cache: false });
    const ids = report.results.flatMap((r) => r.diagnostics).map((d) => [d.ruleId, d.line, d.column]);
    expect(ids).toEqual([["yaml-syntax", 3, 14], ["shell-granted", 4, 16]]);
  });

  it("reports a grant a duplicate key sets last (Bun's YAML, which Claude Code uses, let the last one win)", async () => {
    const text = skill("allowed-tools: Read\nallowed-tools: Bash");
    const report = await lint({ cwd: tempProject({ "skills/pdf-tools/SKILL.md": text }), cache: false });
    const ids = report.results.flatMap((r) => r.diagnostics).map((d) => [d.ruleId, d.line, d.column]);
    expect(ids).toEqual([["yaml-duplicate-key", 5, 1], ["shell-granted", 5, 16]]);
  });

  it("reports a grant under a key that is a list (Bun's YAML reads `[allowed-tools]` as `allowed-tools`), and prints no yaml warning", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on("warning", onWarning);
    try {
      const report = await lint({ cwd: tempProject({ "skills/pdf-tools/SKILL.md": skill("[allowed-tools]: Bash") }), cache: false });
      const ids = report.results.flatMap((r) => r.diagnostics).map((d) => [d.ruleId, d.line, d.column]);
      expect(ids).toEqual([["yaml-syntax", 4, 1], ["shell-granted", 4, 18]]);
      await new Promise((resolve) => setImmediate(resolve)); // process warnings are emitted on the next tick
      expect(warnings).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("reports a grant under a tag Claude Code ignores (`!custom Bash` is `Bash` to Bun's YAML, which then needs no retry)", async () => {
    const report = await lint({ cwd: tempProject({ "skills/pdf-tools/SKILL.md": skill("allowed-tools: !custom Bash") }), cache: false });
    const ids = report.results.flatMap((r) => r.diagnostics).map((d) => d.ruleId);
    expect(ids.filter((id) => id !== "yaml-syntax")).toEqual(["shell-granted"]);
  });
});
