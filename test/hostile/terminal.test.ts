// A skill from a pull request whose description and body hold terminal control sequences (an OSC
// that sets the window title, a screen clear, a bidi override, an erase-line): a
// reviewer runs `skillc list`, `render` or `catalog` at a terminal. None of it may reach the
// terminal raw; piped, `render` and `catalog` still print the text exactly (it is the prompt).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import path from "node:path";
import { main } from "../../src/cli.js";
import { bundlerError, diagnosticLine } from "../../src/plugin/report.js";
import { serve } from "../../src/serve/index.js";
import { loadConfig } from "../../src/config/load.js";
import { cleanupTmp, ensureCli, runCliBounded, runLint, tmp, writeTree } from "./helpers.js";

// YAML escapes in the frontmatter; raw bytes in the body.
const SKILL =
  '---\nname: esc\ndescription: "Does esc things \\x1b]0;PWNED\\x07 \\x1b[2J when \\u202e asked."\narguments: [x]\n---\n\n' +
  "Use esc \x1b[31mRED\x1b[0m, looks fine\x1b[2KEVIL \u202egnp.exe\tand $x.\n";
const RAW = /[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]/;

let dir: string;
beforeAll(async () => {
  await ensureCli();
  dir = tmp();
  writeTree(dir, { "skills/esc/SKILL.md": SKILL });
}, 120_000);
afterAll(() => cleanupTmp());

async function atTerminal(args: string[]): Promise<string> {
  let out = "";
  await main(args, { cwd: dir, env: { NO_COLOR: "1" }, stdout: { write: (t) => void (out += t), isTTY: true }, stderr: { write: () => {}, isTTY: true } });
  return out;
}

describe("skill text printed for a person", () => {
  it("`list` (a table, piped or not) and `list --json` carry no raw control or bidi character", async () => {
    const table = await runCliBounded(["list"], dir);
    expect(table.stdout).toContain("esc");
    expect(table.stdout).not.toMatch(RAW);
    expect(table.stdout).toContain("\\x1b]0;PWNED\\x07");
    const json = await runCliBounded(["list", "--json"], dir);
    expect(json.stdout).not.toMatch(RAW);
    expect(JSON.parse(json.stdout)[0].description).toBe("Does esc things \x1b]0;PWNED\x07 \x1b[2J when \u202e asked.");
  }, 60_000);

  it("`render` and `catalog` at a terminal show the sequences escaped, keeping lines and tabs", async () => {
    const body = await atTerminal(["render", "esc", "--content", "--args", "ann"]);
    expect(body).not.toMatch(RAW);
    expect(body).toContain("Use esc \\x1b[31mRED\\x1b[0m, looks fine\\x1b[2KEVIL \\u202egnp.exe\tand ann.\n");
    for (const format of ["xml", "markdown", "json"]) {
      const catalog = await atTerminal(["catalog", "--format", format]);
      expect(catalog).toContain("esc");
      expect(catalog).not.toMatch(RAW);
    }
    const listing = await atTerminal(["catalog", "--client", "claude-code"]);
    expect(listing).toContain("esc");
    expect(listing).not.toMatch(RAW);
  });

  it("`render` piped prints exactly what load returns", async () => {
    const piped = await runCliBounded(["render", "esc", "--content", "--args", "ann"], dir);
    expect(piped.stdout).toBe("Use esc \x1b[31mRED\x1b[0m, looks fine\x1b[2KEVIL \u202egnp.exe\tand ann.\n");
  }, 60_000);

  it("`lint --fix` names a fixed file whose folder holds an ESC sequence escaped", async () => {
    const fixDir = tmp();
    writeTree(fixDir, { "skills/ev\x1b]0;T\x07il/SKILL.md": "---\nname: evil\ndescription: Does evil things: when asked.\n---\n\nUse evil.\n" });
    const r = await runCliBounded(["lint", "--fix"], fixDir);
    expect(r.stderr).toContain("fixed 1 problem in skills/ev\\x1b]0;T\\x07il/SKILL.md");
    expect(r.stderr).not.toMatch(RAW);
  }, 60_000);

  it("the bundler plugin's error message, warnings and code frame (what Vite, Rollup and esbuild print)", async () => {
    const root = tmp();
    writeTree(root, {
      "skills/ev\x1b]0;T\x07il/SKILL.md": "---\nname: evil\ndescription: Does evil things.\n---\n\nUse evil.\n",
      "skills/b/SKILL.md": "---\nname: b\ndescription: Does b \x1b[2J\u202e things.\nfoo: [unclosed\n---\n\nUse b.\n",
    });
    const diagnostics = await runLint(root);
    const errors = diagnostics.filter((d) => d.severity === "error").map((d) => ({ ...d, file: path.resolve(root, d.file) }));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    const yaml = errors.find((d) => d.file.endsWith(path.join("b", "SKILL.md")))!;
    const err = bundlerError([yaml, ...errors.filter((d) => d !== yaml)], root);
    expect(err.message).toContain("skills/ev\\x1b]0;T\\x07il/SKILL.md");
    expect(err.message).not.toMatch(RAW);
    expect(err.frame).toContain("Does b \\x1b[2J\\u202e things.");
    expect(err.frame).not.toMatch(RAW);
    for (const d of diagnostics) expect(diagnosticLine({ ...d, file: path.resolve(root, d.file) }, root)).not.toMatch(RAW);
  });

  it("`export` lists the frontmatter keys it left out escaped", async () => {
    const exportDir = tmp();
    writeTree(exportDir, { "skills/s/SKILL.md": '---\nname: s\ndescription: Does s things.\n"x\\x1b]0;PWN\\x07": 1\n---\n\nUse s.\n' });
    const r = await runCliBounded(["export", "--client", "agentskills", "--out", "exp"], exportDir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("(left out for agentskills: x\\x1b]0;PWN\\x07)");
    expect(r.stdout).not.toMatch(RAW);
  }, 60_000);

  it("`remove` shows the folder it would delete, and the one it deleted, escaped", async () => {
    const removeDir = tmp();
    writeTree(removeDir, { "skills/gpj.\u202eevil/SKILL.md": "---\nname: evil\ndescription: Does evil things.\n---\n\nUse evil.\n" });
    const asked = await runCliBounded(["remove", "evil"], removeDir);
    expect(asked.stderr).toContain("would delete skills/gpj.\\u202eevil/");
    expect(asked.stderr).not.toMatch(RAW);
    const done = await runCliBounded(["remove", "evil", "--yes"], removeDir);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toBe("deleted skills/gpj.\\u202eevil/\n");
  }, 60_000);

  // GitHub Actions runs a log line as a workflow command when it starts, after blanks, with `::`
  // (actions/runner ActionCommand.TryParseV2: TrimStart, then StartsWith("::")): a pull request's
  // skill could raise annotations, mask log text or stop command processing in the lint step.
  it("no line of `lint`'s output or the bundler plugin's message starts, after blanks, with `::` (a workflow command in GitHub Actions)", async () => {
    const root = tmp();
    writeTree(root, {
      "skills/a/SKILL.md": '---\nname: a\ndescription: Does a things.\n"x\\n::error file=README.md,line=1::FORGED": 1\n---\n\nUse a.\n',
      "::warning::FORGED2/SKILL.md": "---\nname: b\ndescription: Does b things.\n---\n\nUse b.\n",
    });
    writeTree(root, { "skillc.config.json": JSON.stringify({ sources: [{ dir: "." }] }) });
    const command = /^\s*::/m;
    const r = await runCliBounded(["lint"], root);
    expect(r.stdout + r.stderr).toContain("FORGED");
    expect(r.stdout + r.stderr).toContain("FORGED2");
    expect(r.stdout + r.stderr).not.toMatch(command);
    const diagnostics = (await runLint(root, { sources: [{ dir: "." }] })).map((d) => ({ ...d, file: path.resolve(root, d.file) }));
    expect(diagnostics.map((d) => d.message).join("\n")).toContain("\n::error file=README.md");
    expect(bundlerError(diagnostics, root).message).not.toMatch(command);
  }, 60_000);

  // The runner's legacy form, `##[command]data`, is run wherever it stands in a line (actions/runner
  // ActionCommand.TryParse: IndexOf("##[")) once the line is no `::` command.
  it("no output of `lint` (stylish, json, sarif) or the bundler plugin holds `##[` (a legacy workflow command in GitHub Actions)", async () => {
    const root = tmp();
    writeTree(root, {
      "skills/a/SKILL.md": '---\nname: a\ndescription: Does a things.\n"##[add-mask]FORGED": 1\n---\n\nUse a.\n',
      "skills/##[stop-commands]FORGED2/SKILL.md": "---\nname: b\ndescription: Does b things.\n---\n\nUse b.\n",
    });
    for (const format of ["stylish", "json", "sarif"]) {
      const r = await runCliBounded(["lint", "--format", format], root);
      expect(r.stdout + r.stderr, format).toContain("FORGED");
      expect(r.stdout + r.stderr, format).toContain("FORGED2");
      expect(r.stdout + r.stderr, format).not.toContain("##[");
    }
    const json = await runCliBounded(["lint", "--format", "json"], root);
    expect(json.stdout).toContain("##\\u005badd-mask]FORGED");
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain("##[add-mask]FORGED");
    const diagnostics = (await runLint(root)).map((d) => ({ ...d, file: path.resolve(root, d.file) }));
    expect(diagnostics.map((d) => d.message).join("\n")).toContain("##[add-mask]FORGED");
    expect(bundlerError(diagnostics, root).message).not.toContain("##[");
  }, 60_000);

  it("`serve --watch`'s \"rebuild failed\" line shows what the error quotes escaped (it printed it raw)", async () => {
    const root = tmp();
    writeTree(root, { "skills/a/SKILL.md": "---\nname: a\ndescription: Does a things.\n---\n\nUse a.\n" });
    const { config } = await loadConfig(root);
    const lines: string[] = [];
    // A rebuild that throws with an OSC 52 in its message (here a profile the build has no schema
    // for: any thrown text stands for a file name or skill text an error quotes); the watcher then
    // ends with an error of its own, which ends serve without a signal.
    const served = serve({
      options: async () => ({ cwd: root, config }),
      http: 0,
      report: () => {},
      log: (text) => void lines.push(text),
      watch: async (rebuild) => {
        await rebuild({ cwd: root, config });
        await rebuild({ cwd: root, config: { ...config, profile: "x\x1b]52;c;cm0gLXJmIH4=\x07" as never } });
        throw new Error("watch ended");
      },
    });
    await expect(served).rejects.toThrow("watch ended");
    const failed = lines.find((l) => l.includes("rebuild failed"));
    expect(failed).toContain("x\\x1b]52;c;cm0gLXJmIH4=\\x07");
    expect(lines.join("\n")).not.toMatch(RAW);
  }, 60_000);

  it("a usage error (exit 2) shows what it quotes escaped: an unknown key of a JSON config holding an OSC 52 (it printed it raw)", async () => {
    const root = tmp();
    writeTree(root, { "skills/a/SKILL.md": "---\nname: a\ndescription: Does a things.\n---\n\nUse a.\n" });
    writeTree(root, { "skillc.config.json": JSON.stringify({ "x\u001b]52;c;cm0gLXJmIH4=\u0007": 1, "y\n::error::FORGED": 2 }) });
    const r = await runCliBounded(["lint"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown key "x\\x1b]52;c;cm0gLXJmIH4=\\x07"');
    expect(r.stderr).toContain('unknown key "y\\n::error::FORGED"');
    expect(r.stderr).not.toMatch(RAW);
    expect(r.stderr).not.toMatch(/^\s*::/m);
  }, 60_000);
});
