// `skillc lint` and `skillc build` as real processes: exit codes (0/1/2), --fix, --max-warnings,
// formats, a failed build keeping the previous output, and render/catalog/list answering from the bundle.
import { mkdir, readFile, writeFile, cp } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { REPO, runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";

let dir: string;
beforeEach(async () => {
  dir = tempProject({}, "skillc-cli-");
});

async function skill(name: string, frontmatter: string, body = "Do the thing.") {
  await mkdir(path.join(dir, "skills", name), { recursive: true });
  await writeFile(path.join(dir, "skills", name, "SKILL.md"), `---\n${frontmatter}\n---\n\n${body}\n`);
}

describe("skillc lint", () => {
  it("exits 0 on clean skills and prints nothing", async () => {
    await skill("good", "name: good\ndescription: Does good things when asked.");
    const r = await runCli(["lint"], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stdout: "" });
  });

  it("exits 1 on an error, positioned, and says to quote an unquoted colon", async () => {
    await skill("colon", "name: colon\ndescription: Use when: things happen");
    const r = await runCli(["lint", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const [result] = JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number; column: number; message: string }> }>;
    expect(result!.filePath).toBe("skills/colon/SKILL.md");
    expect(result!.messages[0]).toMatchObject({ ruleId: "yaml-syntax", line: 3 });
    expect(result!.messages[0]!.message).toMatch(/quote/i);
  });

  it("--fix quotes the description, says so, and the file then lints clean", async () => {
    await skill("colon", "name: colon\ndescription: Use when: things happen");
    const r = await runCli(["lint", "--fix"], { cwd: dir });
    expect(r.stderr).toContain("fixed 1 problem in skills/colon/SKILL.md");
    expect(r.code).toBe(0);
    expect(await readFile(path.join(dir, "skills/colon/SKILL.md"), "utf8")).toContain('description: "Use when: things happen"');
  });

  it("--max-warnings turns too many warnings into exit 1", async () => {
    await skill("warn", "name: warn\ndescription: Does a thing.\nflavour: strawberry");
    expect((await runCli(["lint"], { cwd: dir })).code).toBe(0);
    const r = await runCli(["lint", "--max-warnings", "0"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("unknown-field");
  });

  it("exits 2 on bad usage and on a bad config, naming the closest key", async () => {
    expect((await runCli(["lint", "--format", "pretty"], { cwd: dir })).code).toBe(2);
    expect((await runCli(["lint", "--bogus"], { cwd: dir })).code).toBe(2);
    await writeFile(path.join(dir, "skillc.config.json"), '{\n  "outdir": "x"\n}\n');
    const r = await runCli(["lint"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('skillc.config.json:2:3: unknown key "outdir"; did you mean "outDir"?');
  });

  it("a config's extra schema is merged with the profile's, positioned like any field", async () => {
    await skill("owned", "name: owned\ndescription: Does a thing.\nowner: 42");
    await writeFile(path.join(dir, "team.schema.json"), JSON.stringify({ type: "object", required: ["owner"], properties: { owner: { type: "string" } } }));
    await writeFile(path.join(dir, "skillc.config.json"), JSON.stringify({ schema: "./team.schema.json" }));
    const r = await runCli(["lint", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const messages = (JSON.parse(r.stdout) as Array<{ messages: Array<{ ruleId: string; line: number; column: number; message: string }> }>)[0]!.messages;
    // owner is known through the extra schema (no unknown-field), and typed by it.
    expect(messages.map((m) => m.ruleId)).not.toContain("unknown-field");
    expect(messages).toContainEqual(expect.objectContaining({ line: 4, column: 8 }));
  });

  it("--profile agentskills makes unknown fields errors", async () => {
    await skill("warn", "name: warn\ndescription: Does a thing.\nflavour: strawberry");
    expect((await runCli(["lint", "--profile", "agentskills"], { cwd: dir })).code).toBe(1);
  });

  it("reports a broken toolset entry and a missing declared script, positioned on the entry", async () => {
    await skill("tools", 'name: tools\ndescription: Has tools.\ntoolsets:\n  - "toolsets/missing:Tools"\nscripts:\n  - scripts/gone.sh');
    const r = await runCli(["lint", "--format", "json"], { cwd: dir });
    expect(r.code).toBe(1);
    const messages = (JSON.parse(r.stdout) as Array<{ messages: Array<{ ruleId: string; line: number; column: number }> }>)[0]!.messages;
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: "toolset-not-found", line: 5, column: 5 }));
    expect(messages).toContainEqual(expect.objectContaining({ ruleId: "script-not-found", line: 7, column: 5 }));
  });

  it("github format prints workflow annotations", async () => {
    await skill("colon", "name: colon\ndescription: Use when: things happen");
    const r = await runCli(["lint", "--format", "github"], { cwd: dir });
    expect(r.stdout).toMatch(/^::error file=skills\/colon\/SKILL\.md,line=3,col=\d+/m);
  });
});

describe("skillc build", () => {
  it("builds, then a broken skill exits 1 and leaves the previous output whole", async () => {
    await skill("good", "name: good\ndescription: Does good things when asked.");
    const first = await runCli(["build"], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/built 1 skill into \.skillc\//);
    // Not a TTY: no progress line, no colour.
    expect(first.stderr).not.toMatch(/\r|\u001b\[/);
    const before = await readFile(path.join(dir, ".skillc/index.js"), "utf8");

    await skill("bad", "name: bad\ndescription: [unclosed");
    const second = await runCli(["build"], { cwd: dir });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain("nothing written");
    expect(await readFile(path.join(dir, ".skillc/index.js"), "utf8")).toBe(before);

    const partial = await runCli(["build", "--emit-on-error"], { cwd: dir });
    expect(partial.code).toBe(1);
    const manifest = JSON.parse(await readFile(path.join(dir, ".skillc/manifest.json"), "utf8")) as { skills: Array<{ name: string }> };
    expect(manifest.skills.map((s) => s.name)).toEqual(["good"]);
  });

  it("--strict fails on warnings", async () => {
    await skill("warn", "name: warn\ndescription: Does a thing.\nflavour: strawberry");
    expect((await runCli(["build"], { cwd: dir })).code).toBe(0);
    expect((await runCli(["build", "--strict", "--out", "strict-out"], { cwd: dir })).code).toBe(1);
  });

  it("render, catalog and list answer from the example skills", async () => {
    await cp(path.join(REPO, "skills"), path.join(dir, "skills"), { recursive: true });
    const render = await runCli(["render", "release-notes", "2.0.0", "v1.9.0"], { cwd: dir });
    expect(render.code).toBe(0);
    expect(render.stdout).toMatch(/^Base directory for this skill: skills\/release-notes\n/);
    expect(render.stdout).toContain("2.0.0");
    expect(render.stdout).not.toContain("$version");

    const missing = await runCli(["render", "no-such-skill"], { cwd: dir });
    expect(missing.code).toBe(1);
    // Said for a person at a terminal, not the model's "Use search_skills…".
    expect(missing.stderr).toBe('skillc render: no skill named "no-such-skill" was built. Run `skillc list` to see the skills.\n');
    const typo = await runCli(["render", "release-note"], { cwd: dir });
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain("Did you mean `skillc render release-notes`?");

    const catalog = await runCli(["catalog", "--format", "markdown"], { cwd: dir });
    expect(catalog.stdout).toMatch(/^- author-skill: /);
    const small = await runCli(["catalog", "--budget", "300"], { cwd: dir });
    expect(small.stdout.trimEnd().length).toBeLessThanOrEqual(300);
    expect(small.stderr).toMatch(/budget 300 chars: left out \d+ skills/);

    const list = await runCli(["list"], { cwd: dir });
    expect(list.stdout.split("\n")[0]).toMatch(/^NAME\s+SCOPE\s+DESCRIPTION\s+SIZE$/);
    expect(list.stdout).toContain("triage-bug");
    // disable-model-invocation skills are not in the model's list.
    expect(list.stdout).not.toContain("changelog-entry");
  });
});
