// The client profiles and the portability lint, each case citing the client source it encodes:
// Claude Code (anthropics/claude-code CHANGELOG.md, the version named), Codex (openai/codex
// codex-rs/core-skills/src/loader.rs), OpenAI's skill validator (openai/skills
// skills/.system/skill-creator/scripts/quick_validate.py), the spec (agentskills/agentskills).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { claudeRetryText } from "../../../src/pipeline/claude-retry.js";
import { describe, expect, it } from "vitest";
import { build, lint } from "../../../src/project/api.js";
import type { Diagnostic, Profile } from "../../../src/types.js";
import { REPO } from "../../helpers/cli.js";
import { tempProject, type Tree } from "../../helpers/project.js";
import { verdict } from "../../../scripts/clients-doc.mjs";

const SCHEMA = JSON.parse(readFileSync(path.join(REPO, "schema", "skill.schema.json"), "utf8"));
const DESC = "description: Extracts text from PDF files. Use when the user asks about PDFs.";
const skill = (lines: string, name = "pdf-tools") => `---\nname: ${name}\n${DESC}\n${lines ? lines + "\n" : ""}---\n\n# PDF tools\n\nDo the thing.\n`;

async function run(tree: Tree, opts: { profile?: Profile; clients?: string[]; rules?: Record<string, string> } = {}): Promise<Diagnostic[]> {
  const config = { ...(opts.clients ? { clients: opts.clients } : {}), ...(opts.rules ? { rules: opts.rules } : {}) };
  const files = { ...tree, ...(Object.keys(config).length > 0 ? { "skillc.config.json": JSON.stringify(config) } : {}) };
  const report = await lint({ cwd: tempProject(files), cache: false, profile: opts.profile });
  return report.results.flatMap((r) => r.diagnostics.map((d) => ({ ...d, file: r.file })));
}
const ids = (ds: Diagnostic[]) => ds.map((d) => d.ruleId);
const errors = (ds: Diagnostic[]) => ds.filter((d) => d.severity === "error").map((d) => `${d.ruleId}: ${d.message}`);

describe("the claude-code profile (anthropics/claude-code CHANGELOG.md)", () => {
  it("accepts yes/no/on/off/1/0 in any case as booleans (2.1.218) and reads them as Claude Code does", async () => {
    for (const [v, hidden] of [["yes", true], ["No", false], ["ON", true], ["off", false], ["1", true], ["0", false], ["True", true]] as const) {
      const cwd = tempProject({ "skills/pdf-tools/SKILL.md": skill(`disable-model-invocation: ${v}`) });
      const result = await build({ cwd, write: false, cache: false, profile: "claude-code" });
      expect(errors(result.diagnostics), v).toEqual([]);
      expect(result.skills[0]!.fields.disableModelInvocation, v).toBe(hidden);
    }
    expect(errors(await run({ "skills/pdf-tools/SKILL.md": skill("user-invocable: maybe") }, { profile: "claude-code" }))[0]).toContain("yes/no/on/off/1/0");
  });

  it("accepts `context: inline` (the default) and `fork`, shell bash|powershell, paths as a list of globs (2.1.84), and refuses other values", async () => {
    const ok = skill("context: inline\nshell: powershell\npaths:\n  - src/**/*.ts\nagent: Explore\neffort: high\ndisallowed-tools: [Bash]\nbackground: no");
    expect(errors(await run({ "skills/pdf-tools/SKILL.md": ok }, { profile: "claude-code" }))).toEqual([]);
    const bad = await run({ "skills/pdf-tools/SKILL.md": skill("context: thread\nshell: zsh") }, { profile: "claude-code" });
    expect(ids(bad.filter((d) => d.severity === "error"))).toEqual(["field-type", "field-type"]);
  });

  it("knows display-name, default-enabled and fallback in kebab-, snake- and camelCase (2.1.186) and gives them no meaning", async () => {
    const text = skill("display-name: PDF\ndisplay_name: PDF\ndisplayName: PDF\ndefault-enabled: false\ndefaultEnabled: false\nfallback: [anything]");
    for (const profile of ["claude-code", "skillc"] as const) {
      const cwd = tempProject({ "skills/pdf-tools/SKILL.md": text });
      const result = await build({ cwd, write: false, cache: false, profile });
      expect(result.diagnostics.map((d) => d.ruleId), profile).toEqual([]);
      // Only the Bun system's `default_enabled` has a meaning; these spellings change nothing.
      expect(result.skills[0]!.fields.defaultEnabled, profile).toBe(true);
    }
  });
});

describe("the codex profile (openai/codex codex-rs/core-skills/src/loader.rs)", () => {
  it("requires a description, keeps name optional, and checks metadata.short-description as a string of at most 1,024", async () => {
    expect(errors(await run({ "skills/pdf-tools/SKILL.md": `---\n${DESC}\n---\nBody\n` }, { profile: "codex" }))).toEqual([]);
    expect(ids(await run({ "skills/pdf-tools/SKILL.md": `---\nname: pdf-tools\n---\nBody\n` }, { profile: "codex" }))).toContain("description-missing");
    const long = await run({ "skills/pdf-tools/SKILL.md": skill(`metadata:\n  short-description: ${"x".repeat(1025)}`) }, { profile: "codex" });
    expect(errors(long)[0]).toMatch(/^field-type: `metadata.short-description`/);
  });

  it("checks agents/openai.yaml: an invalid file is ignored whole, a bad field alone (a warning, as Codex logs one)", async () => {
    const whole = await run({ "skills/pdf-tools/SKILL.md": skill(""), "skills/pdf-tools/agents/openai.yaml": "policy:\n  allow_implicit_invocation: maybe\n" }, { profile: "codex" });
    expect(whole.map((d) => [d.ruleId, d.severity, d.message])).toEqual([["codex-sidecar-invalid", "warning", "Codex ignores agents/openai.yaml: `policy.allow_implicit_invocation` is not true or false."]]);
    const field = await run({ "skills/pdf-tools/SKILL.md": skill(""), "skills/pdf-tools/agents/openai.yaml": "interface:\n  brand_color: red\n  icon_small: ../x.png\ndependencies:\n  tools:\n    - type: mcp\n" }, { profile: "codex" });
    expect(field.map((d) => d.message)).toEqual([
      'Codex ignores `interface.brand_color` in agents/openai.yaml: expected #RRGGBB, got "red".',
      "Codex ignores `interface.icon_small` in agents/openai.yaml: an icon must be a relative path under the skill's assets/.",
      "Codex ignores `dependencies.tools[0].value` in agents/openai.yaml: it is required, so Codex drops this tool.",
    ]);
    const broken = await run({ "skills/pdf-tools/SKILL.md": skill(""), "skills/pdf-tools/agents/openai.yaml": "interface: [\n" }, { clients: ["codex"] });
    expect(broken[0]!.message).toMatch(/^Codex ignores agents\/openai.yaml: it is not valid YAML/);
    expect(await run({ "skills/pdf-tools/SKILL.md": skill(""), "skills/pdf-tools/agents/openai.yaml": "interface:\n  brand_color: red\n" })).toEqual([]);
  });
});

describe("the portability lint (--clients, config clients)", () => {
  it("says nothing without clients, and for a skill every client reads alike", async () => {
    expect(await run({ "skills/pdf-tools/SKILL.md": skill("argument-hint: x") })).toEqual([]);
    expect(await run({ "skills/pdf-tools/SKILL.md": skill("license: MIT") }, { clients: ["claude-code", "codex", "openai-skills", "agentskills"] })).toEqual([]);
  });

  it("codex: skips a skill whose short-description is over 1,024 (loader.rs validate_len) and ignores what it does not read", async () => {
    const found = await run({ "skills/pdf-tools/SKILL.md": skill("argument-hint: \"[file]\"\ndisable-model-invocation: true") }, { clients: ["codex"] });
    expect(found.map((d) => d.message)).toEqual([
      "Codex ignores `argument-hint` (openai/codex codex-rs/core-skills/src/loader.rs).",
      "Codex ignores `disable-model-invocation`, so Codex may invoke this skill on its own; set `policy.allow_implicit_invocation: false` in agents/openai.yaml (openai/codex codex-rs/core-skills/src/loader.rs).",
    ]);
    // A project that relaxed description-too-long (say, for Claude Code) still learns that Codex skips the skill.
    const skipped = await run({ "skills/pdf-tools/SKILL.md": `---\nname: pdf-tools\ndescription: ${"x".repeat(1180)}\n---\nBody\n` }, { clients: ["codex"], rules: { "description-too-long": "warn" } });
    expect(skipped.find((d) => d.ruleId === "client-skips-skill")?.message).toBe("Codex skips this skill: its description is 1,180 characters, over Codex's 1,024 (openai/codex codex-rs/core-skills/src/loader.rs).");
  });

  it("claude-code: description + when_to_use over 1,536 characters are cut in the listing (2.1.105)", async () => {
    const found = await run({ "skills/pdf-tools/SKILL.md": skill(`when_to_use: ${"w".repeat(1500)}`) }, { clients: ["claude-code"] });
    expect(found.map((d) => [d.ruleId, d.message])).toEqual([["client-truncates", "Claude Code shows only the first 1,536 characters of `description` + `when_to_use` (anthropics/claude-code CHANGELOG.md 2.1.105); this skill's are 1,565, so the last 29 never reach the model."]]);
  });

  it("claude-code: YAML its quoting retry cannot read loads with empty metadata, so the skill silently loses allowed-tools (2.1.186, 2.1.332)", async () => {
    // A `: ` on a continuation line: 2.1.332's retry quotes only `key: value` lines, so the parse fails again.
    const found = await run({ "skills/pdf-tools/SKILL.md": "---\nname: pdf-tools\ndescription: Reads PDFs.\n  Use when: x\nallowed-tools: Read\n---\nBody\n" }, { clients: ["claude-code"] });
    expect(found.find((d) => d.ruleId === "client-misreads")?.message).toContain("so this skill would silently lose `allowed-tools`");
    // An unquoted `: ` in a one-line value, a tab-indented line, an unbalanced `{`: the retry reads them, nothing is lost (skillc's yaml-syntax error stays).
    for (const fm of ["description: Use when: x\nallowed-tools: Read", "description: ok\nmetadata:\n\tk: v\nallowed-tools: Read", "description: {braces} left open {\nallowed-tools: [Read, Grep]"]) {
      const retried = await run({ "skills/pdf-tools/SKILL.md": `---\nname: pdf-tools\n${fm}\n---\nBody\n` }, { clients: ["claude-code"] });
      expect(retried.map((d) => d.ruleId), fm).not.toContain("client-misreads");
    }
  });

  it("claude-code: a warm build reports the early `---` as a cold one does, reading the frontmatter of a skill restored from the cache", async () => {
    // The check reads the text; a rebuild restores an unchanged skill without it, and said nothing.
    const cwd = tempProject({
      "skillc.config.json": JSON.stringify({ clients: ["claude-code"] }),
      "skills/pdf-tools/SKILL.md": "\ufeff---\r\nname: pdf-tools\r\ndescription: Deploys to production --- only when asked. Überall.\r\ndisable-model-invocation: true\r\n---\r\nBody\r\n",
      "skills/other/SKILL.md": "---\nname: other\ndescription: Another skill.\n---\nBody\n",
    });
    const misreads = async () => (await build({ cwd, cache: true })).diagnostics.filter((d) => d.ruleId === "client-misreads").map((d) => [d.file, d.line, d.column]);
    const cold = await misreads();
    expect(cold).toEqual([["skills/pdf-tools/SKILL.md", 3, 36]]);
    writeFileSync(path.join(cwd, "skills/other/SKILL.md"), "---\nname: other\ndescription: Another skill, changed.\n---\nBody\n");
    expect(await misreads()).toEqual(cold);
    expect(await misreads()).toEqual(cold);
  });

  it("claude-code's retry text: quotes what its pattern names, leaves quoted values and lists, and turns leading tabs into spaces", () => {
    expect(claudeRetryText('description: Use when: x\nargument-hint: [list|save] [name]\nallowed-tools: [Read, Grep]\nname: "q: x"\nhint: a\\b "c": d\n\tk: v')).toBe(
      'description: "Use when: x"\nargument-hint: "[list|save] [name]"\nallowed-tools: [Read, Grep]\nname: "q: x"\nhint: "a\\\\b \\"c\\": d"\n  k: v',
    );
  });

  it("claude-code: the frontmatter ends at the first `---`, even inside a line, so the fields after it are lost (2.1.332's pattern)", async () => {
    // Claude Code's /^---\s*\n([\s\S]*?)---\s*\n?/ stops inside the description: it reads `name` and
    // "Deploys to production", and takes `disable-model-invocation: true` as body, where skillc reads all three.
    const text = "---\nname: pdf-tools\ndescription: Deploys to production --- only when asked.\ndisable-model-invocation: true\n---\nBody\n";
    const found = await run({ "skills/pdf-tools/SKILL.md": text }, { clients: ["claude-code"] });
    expect(found.filter((d) => d.ruleId === "client-misreads").map((d) => [d.line, d.column, d.message.slice(0, 71)])).toEqual([
      [3, 36, "Claude Code ends the frontmatter at the first `---`, even inside a line"],
    ]);
    // A `---` only as the fences (also with CRLF and a BOM) is the same frontmatter for both.
    const plain = await run({ "skills/pdf-tools/SKILL.md": "\ufeff---\r\nname: pdf-tools\r\ndescription: Deploys to production, only when asked.\r\n---\r\nBody --- text\r\n" }, { clients: ["claude-code"] });
    expect(ids(plain)).not.toContain("client-misreads");
  });

  it("openai-skills: refuses keys beyond its five, a missing name, `<` or `>` in the description (quick_validate.py)", async () => {
    const found = await run({ "skills/pdf-tools/SKILL.md": `---\n${DESC} <b>\ncompatibility: Node 20\n---\nBody\n` }, { clients: ["openai-skills"] });
    expect(found.filter((d) => d.ruleId === "client-skips-skill").map((d) => d.message.replace(/ \(openai\/skills.*$/, ""))).toEqual([
      "OpenAI's skill validator (quick_validate.py) refuses this skill: `name` is missing",
      "OpenAI's skill validator (quick_validate.py) refuses this skill: its description holds `<` or `>`",
      "OpenAI's skill validator (quick_validate.py) refuses this skill: it allows only `name`, `description`, `license`, `allowed-tools`, `metadata`, not `compatibility`",
    ]);
  });

  it("agentskills: what skills-ref would fail, with the rule that says why", async () => {
    const found = await run({ "skills/pdf-tools/SKILL.md": skill("when_to_use: PDFs") }, { clients: ["agentskills"] });
    expect(found.map((d) => d.message)).toEqual([expect.stringMatching(/^skills-ref \(the spec's reference validator\) refuses this skill: `when_to_use` is not a field the agentskills profile knows.*\[unknown-field\]/)]);
  });

  it("a Unicode name valid under agentskills: clients that check [a-z0-9-] refuse it (quick_validate.py `^[a-z0-9-]+$`)", async () => {
    const found = await run({ "skills/мой-навык/SKILL.md": skill("", "мой-навык") }, { profile: "agentskills" });
    expect(found.map((d) => [d.ruleId, d.severity, d.message])).toEqual([
      ["client-name-charset", "warning", "`name` \"мой-навык\" holds letters outside a-z, 0-9 and `-`, which OpenAI's skill validator (quick_validate.py) refuses; use an a-z name if the skill must work there."],
    ]);
  });

  it("refuses an unknown client name on the command line and in the config", async () => {
    const r = spawnSync(process.execPath, [path.join(REPO, "dist", "cli.js"), "lint", "--clients", "claude-code,cursor"], { cwd: tempProject({ "skills/pdf-tools/SKILL.md": skill("") }), encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--clients takes a comma-separated list of claude-code, codex, openai-skills, agentskills; got "cursor"');
  });
});

describe("the README's clients × fields table (scripts/clients-doc.mjs)", () => {
  it("is generated from the schema and current", () => {
    const r = spawnSync(process.execPath, [path.join(REPO, "scripts", "clients-doc.mjs"), "--check"], { cwd: REPO, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("derives each cell from the client's definition", () => {
    expect(verdict(SCHEMA, "codex", "argument-hint")).toBe("ignored"); // loader.rs SkillFrontmatter has no such field
    expect(verdict(SCHEMA, "codex", "metadata")).toBe("accepted"); // metadata.short-description
    expect(verdict(SCHEMA, "openai-skills", "compatibility")).toBe("rejected"); // quick_validate.py allowed_properties
    expect(verdict(SCHEMA, "agentskills", "when_to_use")).toBe("rejected"); // validator.py ALLOWED_FIELDS
    expect(verdict(SCHEMA, "claude-code", "toolsets")).toBe("ignored");
    expect(verdict(SCHEMA, "claude-code", "effort")).toBe("accepted"); // 2.1.80
  });
});
