// reference.md §5: each system skillc replaces, and the runtime behaviour that serves it.
import { describe, expect, it } from "vitest";
import { createSkills } from "../../../src/runtime/index.js";
import { bundle, codeOf } from "./helpers.js";

describe("§5.1 Python agent's Skill tool", () => {
  const b = bundle(
    [
      { name: "summarize", description: "Summarize a document.", body: "Summarize $ARGUMENTS briefly." },
      { name: "blocked", description: "Not allowed." },
    ],
    { permissions: { allow: [], deny: ["blocked"] } },
  );
  const skills = createSkills(b.data);
  it("§5.1 Skill {name, args} returns the base directory line and the body with $ARGUMENTS applied", () => {
    expect(skills.call("Skill", { name: "summarize", args: "report.pdf" }).content[0].text).toBe(
      "Base directory for this skill: skills/summarize\n\nSummarize report.pdf briefly.",
    );
  });
  it("§5.1 INVALID_PARAM on missing name, NOT_FOUND, PERMISSION_DENIED — as results, never thrown", () => {
    expect(skills.call("Skill", { args: "x" }).structuredContent).toEqual({ code: "INVALID_PARAM" });
    expect(skills.call("Skill", { name: "nope" }).structuredContent).toEqual({ code: "NOT_FOUND" });
    expect(skills.call("Skill", { name: "blocked" }).structuredContent).toEqual({ code: "PERMISSION_DENIED" });
  });
  it("§5.1 the tool's prompt lists skills within a character budget (SKILLS_PROMPT_CHAR_BUDGET)", () => {
    const many = bundle(Array.from({ length: 400 }, (_, i) => ({ name: `skill-${i}`, description: "A long description of what this skill does and when to use it. ".repeat(4) })));
    const cat = createSkills(many.data).catalog({ format: "markdown", budget: 12_000 });
    expect(cat.length).toBeLessThanOrEqual(12_000);
    expect(cat.split("\n")).toHaveLength(400);
  });
});

describe("§5.2 .NET desktop agent", () => {
  const b = bundle([
    { name: "charts", description: "Make charts.", scope: "system", rank: 0, files: { "references/types.md": "bar, line", "scripts/run.ps1": "Write-Host hi" } },
  ]);
  const skills = createSkills(b.data);
  it("§5.2 catalog of (id, name, description): json entries keyed by path", () => {
    expect(JSON.parse(skills.catalog({ format: "json" }))).toEqual([{ name: "charts", description: "Make charts.", location: "skills/charts/SKILL.md", scope: "system" }]);
  });
  it("§5.2 one read-file tool confined to the skill folder: `..` refused; only bundled files (the build's include list) served", () => {
    expect(skills.call("read_skill_file", { name: "charts", path: "references/types.md" }).content[0].text).toBe("bar, line");
    expect(skills.call("read_skill_file", { name: "charts", path: "../other/SKILL.md" }).structuredContent).toEqual({ code: "INVALID_PARAM" });
    expect(skills.call("read_skill_file", { name: "charts", path: "secrets.txt" }).structuredContent).toEqual({ code: "NOT_FOUND" });
  });
});

describe("§5.3 TypeScript agent modelled on Claude Code", () => {
  const b = bundle([
    { name: "fix-issue", description: "Fix a GitHub issue.", body: "Fix issue $0 with priority $ARGUMENTS[1]." },
    { name: "deploy", description: "Deploy.", hidden: true, body: "Deploying $ARGUMENTS." },
    { name: "conventions", description: "Team conventions.", userInvocable: false },
    { name: "research", description: "Research in a subagent.", context: "fork", agent: "Explore", body: "Research $ARGUMENTS." },
  ]);
  const skills = createSkills(b.data);
  it("§5.3 /name args user commands with $N and $ARGUMENTS[N]", () => {
    expect(skills.invoke("/fix-issue 123 high")!.content).toBe("Fix issue 123 with priority high.");
  });
  it("§5.3 disable-model-invocation: hidden from the model, still a /command", () => {
    expect(skills.list().map((s) => s.name)).not.toContain("deploy");
    expect(skills.tools({ format: "anthropic" })[0].description).not.toContain("deploy");
    expect(skills.call("use_skill", { skill: "deploy" }).isError).toBe(true);
    expect(skills.invoke("/deploy staging")!.content).toBe("Deploying staging.");
  });
  it("§5.3 user-invocable: false is hidden from / but the model may load it", () => {
    expect(codeOf(() => skills.invoke("/conventions"))).toBe("NOT_INVOCABLE");
    expect(skills.call("use_skill", { skill: "conventions" }).isError).toBeUndefined();
  });
  it("§5.3 context: fork skills return a task to spawn rather than inline text", () => {
    expect(skills.load("research", "auth flow")).toMatchObject({ context: "fork", agent: "Explore", task: "Research auth flow." });
    expect(skills.call("use_skill", { skill: "research", args: "auth" }).structuredContent).toEqual({
      skill_id: "skills/research/SKILL.md",
      name: "research",
      path: "skills/research/SKILL.md",
      context: "fork",
      agent: "Explore",
      task: "Research auth.",
    });
  });
});

describe("§5.4 coding agent's spec", () => {
  const b = bundle(
    [
      { name: "lint", description: "Lint the repo.", dir: "repo/.agents/skills/lint", scope: "repo", rank: 1 },
      { name: "lint", description: "Lint anything.", dir: "home/.agents/skills/lint", scope: "user", rank: 0 },
      { name: "lint-fix", description: "Fix lint errors.", scope: "repo", rank: 1, files: { "a.md": "A" } },
      { name: "nope", description: "Denied." },
    ],
    { loadFormat: "skill_context", permissions: { allow: ["*"], deny: ["nope"] } },
  );
  const skills = createSkills(b.data);
  it("§5.4: ambiguous bare name lists candidate paths; path always wins; repeated load returns reminder", () => {
    const r = skills.call("skill_load", { name: "lint" });
    expect(r.isError).toBe(true);
    expect(r.content[0].text).toBe('"lint" is ambiguous: home/.agents/skills/lint/SKILL.md, repo/.agents/skills/lint/SKILL.md. Load one by path.');
    expect(codeOf(() => skills.get("lint"))).toBe("AMBIGUOUS");
    expect(skills.get("repo:lint")!.path).toBe("repo/.agents/skills/lint/SKILL.md");
    const s = skills.session();
    const first = s.call("skill_load", { name: "lint", path: "repo/.agents/skills/lint/SKILL.md" });
    expect(first.content[0].text).toBe(
      '<skill_context name="lint" path="repo/.agents/skills/lint/SKILL.md">\nBase directory for this skill: repo/.agents/skills/lint\n\nBody of lint.\n</skill_context>',
    );
    expect(s.call("skill_load", { path: "repo/.agents/skills/lint/SKILL.md" }).content[0].text).toMatch(/^Skill "lint" is already loaded above/);
    expect(s.call("skill_load", { path: "home/.agents/skills/lint/SKILL.md" }).content[0].text).toMatch(/^<skill_context/);
  });
  it("§5.4 skill_search {query, limit, scope}: exact path > exact name > prefix > words; ties by scope then path", () => {
    const r = skills.call("skill_search", { query: "lint", limit: 5 });
    expect((r.structuredContent!.results as { path: string; reason: string }[]).map((x) => [x.path, x.reason])).toEqual([
      ["repo/.agents/skills/lint/SKILL.md", "exact name"],
      ["home/.agents/skills/lint/SKILL.md", "exact name"],
      ["skills/lint-fix/SKILL.md", "name prefix"],
    ]);
    expect(skills.search("lint", { scope: "user" }).map((h) => h.skill.path)).toEqual(["home/.agents/skills/lint/SKILL.md"]);
    expect(skills.search("home/.agents/skills/lint/SKILL.md")[0].reason).toBe("exact path");
  });
  it("§5.4 skill_load lists supporting files; allow/deny per name (deny > allow); truncated catalog points at the search tool", () => {
    expect(skills.load("lint-fix").text).toContain("Supporting files (read with read_skill_file):\n- a.md\n</skill_context>");
    expect(skills.call("skill_load", { name: "nope" }).structuredContent).toEqual({ code: "PERMISSION_DENIED" });
    const big = bundle(Array.from({ length: 300 }, (_, i) => ({ name: `s-${i}-${"x".repeat(100)}` })));
    expect(createSkills(big.data).catalog({ format: "xml", budget: 32 * 1024 })).toMatch(/\n\d+ more skills are not listed here: use the search_skills tool to find them\.$/);
  });
});

describe("§5.5 Bun agent's skills architecture", () => {
  const b = bundle([
    { name: "git-helper", description: "Work with git. Long tail.", brief: "Git tasks.", triggers: { keywords: ["git"], verbs: ["commit", "rebase"], patterns: [] } },
    { name: "sql", description: "Write SQL.", brief: "SQL queries.", triggers: { keywords: [], verbs: [], patterns: ["\\bselect\\b.*\\bfrom\\b"] } },
    { name: "notes", description: "Take notes.", brief: "Notes.", triggers: { keywords: ["note"], verbs: [], patterns: [] } },
    { name: "todo", description: "Track todos.", brief: "Todos.", triggers: { keywords: ["note"], verbs: [], patterns: [] } },
  ]);
  const skills = createSkills(b.data);
  it("§5.5 triggers: keywords and verbs at word boundaries, regex patterns; explicit mention ranks first", () => {
    expect(skills.match("please commit this").map((h) => h.skill.name)).toEqual(["git-helper"]);
    expect(skills.match("recommit")).toEqual([]);
    expect(skills.match("SELECT a FROM t")[0]).toMatchObject({ score: 1 });
    expect(skills.match("use sql to commit").map((h) => [h.skill.name, h.score])).toEqual([
      ["sql", 3],
      ["git-helper", 2],
    ]);
  });
  it("§5.5 disclosure tiers: nothing, breadcrumb, registry (brief descriptions), full bodies of the top 3 matches", () => {
    expect(skills.disclose("none", "git")).toBe("");
    expect(skills.disclose("breadcrumb")).toMatch(/^4 skills available/);
    expect(skills.disclose("registry")).toBe("- git-helper: Git tasks.\n- notes: Notes.\n- sql: SQL queries.\n- todo: Todos.");
    const full = skills.disclose("full", "git rebase then SELECT x FROM y, and a note");
    expect(full.match(/Base directory for this skill: \S+/g)).toEqual([
      "Base directory for this skill: skills/git-helper",
      "Base directory for this skill: skills/notes",
      "Base directory for this skill: skills/todo",
    ]);
  });
  it("§5.5 recent use ranks among equal matches in a session", () => {
    const s = skills.session();
    expect(s.match("a note").map((h) => h.skill.name)).toEqual(["notes", "todo"]);
    s.load("todo");
    expect(s.match("a note").map((h) => h.skill.name)).toEqual(["todo", "notes"]);
  });
});
