// The README is checked against the code it documents: every rule id, command, flag and config
// option appears in it, its rules table is current, and its quick start is true (the two commands
// exist, and the example script prints what the README shows).
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RULES } from "../../src/diagnostics/registry.js";
import { REPO, runCli } from "../helpers/cli.js";

const README = readFileSync(path.join(REPO, "README.md"), "utf8");
const pkg = JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as {
  bin: Record<string, string>;
  scripts: Record<string, string>;
};
const COMMANDS = ["build", "lint", "list", "catalog", "render", "new", "import", "export", "remove", "publish", "init", "serve"];

/** The body of the first fenced code block after `heading`. */
function firstBlockAfter(heading: string): string {
  const at = README.indexOf(`\n${heading}\n`);
  expect(at, `README has "${heading}"`).toBeGreaterThanOrEqual(0);
  const m = /```[a-z]*\n([\s\S]*?)```/.exec(README.slice(at));
  expect(m, `a code block after "${heading}"`).not.toBeNull();
  return m![1]!;
}

/** The text between two marker comments. */
function between(start: string, end: string): string {
  const a = README.indexOf(start);
  const b = README.indexOf(end);
  expect(a, start).toBeGreaterThanOrEqual(0);
  expect(b, end).toBeGreaterThan(a);
  return README.slice(a + start.length, b);
}

describe("README: rules", () => {
  it("documents every registered rule id in the generated table", () => {
    const table = between("<!-- rules:start -->", "<!-- rules:end -->");
    const missing = [...RULES.keys()].filter((id) => !table.includes(`| <a id="rule-${id}"></a>\`${id}\``));
    expect(missing).toEqual([]);
  });

  it("has a rules table that scripts/rules-doc.mjs --check finds current", () => {
    const r = spawnSync(process.execPath, [path.join(REPO, "scripts", "rules-doc.mjs"), "--check"], { cwd: REPO, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("shows each rule's default severity and profile overrides", () => {
    const table = between("<!-- rules:start -->", "<!-- rules:end -->");
    for (const rule of RULES.values()) {
      const row = table.split("\n").find((l) => l.includes(`id="rule-${rule.id}"`))!;
      expect(row, rule.id).toContain(`**${rule.severity}**`);
      for (const [profile, level] of Object.entries(rule.profiles ?? {})) {
        if (level !== rule.severity) expect(row, `${rule.id} under ${profile}`).toContain(`${profile}: ${level}`);
      }
    }
  });
});

describe("README: quick start", () => {
  const block = firstBlockAfter("## Quick start");
  const lines = block.trim().split("\n");

  it("is exactly the two set-up commands", () => {
    expect(lines).toEqual(["npm install && npx skillc build && node examples/use-bundle.mjs", "npm test"]);
  });

  it("uses only what package.json provides", () => {
    // `npm install` builds dist/ through `prepare`, the same script as `npm run build`.
    expect(pkg.scripts.prepare).toBeDefined();
    expect(pkg.scripts.prepare).toBe(pkg.scripts.build);
    // `npx skillc` runs the package's own bin, which `prepare` writes.
    expect(pkg.bin.skillc).toBe("dist/cli.js");
    expect(pkg.scripts.prepare).toContain("scripts/build.mjs");
    // `npm test` is a script, and CI runs the README's two lines, as written, in a fresh clone with
    // nothing beside it; then the conformance script (which needs ../shared/corpus).
    expect(pkg.scripts.test).toBeDefined();
    const ci = readFileSync(path.join(REPO, ".ci", "run"), "utf8");
    for (const line of lines) expect(ci.split("\n").map((l) => l.trim())).toContain(line);
    expect(ci).toMatch(/git clone/);
    expect(ci).toMatch(/^npm run test:conformance$/m);
    for (const line of lines) {
      for (const [, script] of line.matchAll(/npm (?:run )?([a-z:-]+)/g)) {
        if (script !== "install") expect(pkg.scripts, `npm ${script}`).toHaveProperty(script!);
      }
    }
    expect(existsSync(path.join(REPO, "examples", "use-bundle.mjs"))).toBe(true);
  });

  describe("examples/use-bundle.mjs", () => {
    // Built into a temporary folder laid out like the repo (…/.skillc beside …/examples), so the
    // test never writes into the working tree.
    const dir = mkdtempSync(path.join(tmpdir(), "skillc-readme-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("prints the loaded skill the README shows", async () => {
      const build = await runCli(["build", "--out", path.join(dir, ".skillc"), "--quiet"], { cwd: REPO });
      expect(build.stderr.match(/error/g) ?? []).toEqual([]);
      expect(build.code).toBe(0);
      mkdirSync(path.join(dir, "examples"));
      copyFileSync(path.join(REPO, "examples", "use-bundle.mjs"), path.join(dir, "examples", "use-bundle.mjs"));
      const out = execFileSync(process.execPath, [path.join(dir, "examples", "use-bundle.mjs")], { encoding: "utf8" });
      // The README's sample output, minus the lines it elides with "…".
      const start = README.indexOf("```text\n", README.indexOf("\n## Quick start\n"));
      const shown = README.slice(start + "```text\n".length, README.indexOf("```", start + 3));
      const sample = shown.split("\n").filter((l) => l && l !== "…");
      expect(sample.length).toBeGreaterThan(5);
      for (const line of sample) expect(out).toContain(line);
    });
  });
});

describe("README: reference sections", () => {
  it("lists every command", () => {
    for (const c of COMMANDS) expect(README, c).toMatch(new RegExp("`skillc " + c + "\\b"));
  });

  it("documents every flag of every command's --help", async () => {
    const missing: string[] = [];
    const { SPECS } = await import("../../src/commands/specs.js");
    const { helpText } = await import("../../src/commands/define.js");
    expect(SPECS.map((s) => s.name)).toEqual(COMMANDS);
    for (const spec of SPECS) {
      for (const [flag] of helpText(spec).matchAll(/--[a-z][a-z-]*/g)) {
        if (!README.includes("`" + flag) && !README.includes(" " + flag + " ")) missing.push(`${spec.name} ${flag}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("documents every config option of schema/config.schema.json", () => {
    const schema = JSON.parse(readFileSync(path.join(REPO, "schema", "config.schema.json"), "utf8")) as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
    };
    const section = README.slice(README.indexOf("## Config"), README.indexOf("## Rules"));
    const missing: string[] = [];
    for (const [key, value] of Object.entries(schema.properties)) {
      if (key === "$schema") continue;
      if (!section.includes("`" + key)) missing.push(key);
      for (const sub of Object.keys(value.properties ?? {})) {
        if (!section.includes(`\`${key}.${sub}\``) && !section.includes(`.${sub}\``) && !section.includes(`\`${sub}\``)) missing.push(`${key}.${sub}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("keeps the benchmark markers for the bench table", () => {
    expect(between("<!-- bench:start -->", "<!-- bench:end -->").length).toBeGreaterThan(0);
  });
});
