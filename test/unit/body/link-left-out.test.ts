// Issue 12 item 14: `link-missing-file` says why a linked file that is on disk is not in the skill's
// bundle (a nested skill's folder, files.exclude, files.maxBytes, never-bundled names) and how to
// bring it in — in lint and build, with and without the analysis cache and the build cache.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { build } from "../../../src/project/build.js";
import { lint } from "../../../src/project/lint.js";
import { resolveDefaults, type SkillcConfig } from "../../../src/config/types.js";
import type { Diagnostic } from "../../../src/types.js";
import { runCli } from "../../helpers/cli.js";
import { tempProject } from "../../helpers/project.js";

let dir: string;
beforeEach(async () => {
  dir = tempProject({}, "skillc-leftout-");
});

async function put(rel: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), content);
}

/** app-builder links into its nested skill, to an oversize file, an excluded one, node_modules and a truly missing one. */
async function appBuilder(): Promise<void> {
  await put(
    "skills/app-builder/SKILL.md",
    "---\nname: app-builder\ndescription: Builds apps from templates.\n---\n\n" +
      "- [web](templates/web/TEMPLATE.md)\n- [model](assets/example.tm7)\n- [draft](drafts/plan.md)\n- [dep](node_modules/x.js)\n- [typo](references/nope.md)\n- [ok](references/guide.md)\n",
  );
  await put("skills/app-builder/templates/SKILL.md", "---\nname: app-templates\ndescription: Templates for app-builder.\n---\n\nPick one.\n");
  await put("skills/app-builder/templates/web/TEMPLATE.md", "# Web\n");
  await put("skills/app-builder/assets/example.tm7", Buffer.alloc(2048, 97));
  await put("skills/app-builder/drafts/plan.md", "plan\n");
  await put("skills/app-builder/node_modules/x.js", "x\n");
  await put("skills/app-builder/references/guide.md", "guide\n");
}

const lintDiagnostics = (r: Awaited<ReturnType<typeof lint>>) => r.results.flatMap((x) => x.diagnostics);
const CONFIG: SkillcConfig = { files: { maxBytes: 1024, exclude: ["drafts/**"] } };
const linkMessages = (diagnostics: Diagnostic[]) =>
  diagnostics.filter((d) => d.ruleId === "link-missing-file").map((d) => [d.line, d.severity, d.message] as const);

function expectReasons(diagnostics: Diagnostic[], size = "2,048"): void {
  const m = linkMessages(diagnostics);
  expect(m.map(([line]) => line)).toEqual([6, 7, 8, 9, 10]);
  expect(m.every(([, severity]) => severity === "error")).toBe(true);
  const [nested, big, excluded, always, typo] = m.map(([, , message]) => message);
  expect(nested).toBe(
    '`templates/web/TEMPLATE.md` is not in this skill\'s bundle: it is inside `templates/`, the folder of the nested skill "app-templates" (`templates/SKILL.md`), and a nested skill\'s files belong to that skill alone. ' +
      'Name the skill "app-templates" in the text instead of linking into its folder (the model reaches it with read_skill_file("app-templates", "web/TEMPLATE.md")), move the file out of `templates/` into this skill, or rename `templates/SKILL.md` if `templates/` is not meant to be a skill.',
  );
  expect(big).toBe(`\`assets/example.tm7\` is not in this skill's bundle: it is ${size} bytes, over \`files.maxBytes\` (1,024). Raise \`files.maxBytes\` in the config to bundle it, make the file smaller, or drop the link.`);
  expect(excluded).toBe("`drafts/plan.md` is not in this skill's bundle: the `files.exclude` pattern `drafts/**` leaves `drafts/` out. Narrow or remove that pattern in the config to bundle it, or drop the link.");
  expect(always).toMatch(/^`node_modules\/x\.js` is not in this skill's bundle: skillc never bundles `node_modules`/);
  // A file that really is not there still says so.
  expect(typo).toMatch(/^`references\/nope\.md` does not exist in the skill folder/);
  for (const message of m.map(([, , x]) => x)) expect(message).not.toMatch(/^`(templates|assets|drafts|node_modules)\/.*does not exist/);
}

describe("link-missing-file says why a file on disk is not in the bundle", () => {
  it("lint (no cache, then a cold and a warm cache)", async () => {
    await appBuilder();
    const config = resolveDefaults(dir, CONFIG);
    for (const cache of [false, true, true]) expectReasons(lintDiagnostics(await lint({ cwd: dir, config, cache })));
  });

  it("build (no cache, then a cold and a warm build cache)", async () => {
    await appBuilder();
    const config = resolveDefaults(dir, CONFIG);
    for (const cache of [false, true, true]) {
      const result = await build({ cwd: dir, config, cache });
      expect(result.written).toBe(false);
      expectReasons(result.diagnostics);
    }
  });

  it("a cached analysis is not reused when only the reason changed (the oversize file grew)", async () => {
    await appBuilder();
    const config = resolveDefaults(dir, CONFIG);
    expectReasons(lintDiagnostics(await lint({ cwd: dir, config, cache: true })));
    await put("skills/app-builder/assets/example.tm7", Buffer.alloc(4096, 97));
    expectReasons(lintDiagnostics(await lint({ cwd: dir, config, cache: true })), "4,096");
  });

  it("a file not matched by files.include, and a link to a nested skill's folder", async () => {
    await put("skills/a/SKILL.md", "---\nname: a\ndescription: A.\n---\n\nSee [data](data.csv) and [sub](sub/).\n");
    await put("skills/a/data.csv", "x\n");
    await put("skills/a/sub/SKILL.md", "---\ndescription: Sub.\n---\n\nSub.\n");
    const config = resolveDefaults(dir, { files: { include: ["**/*.md"] } });
    const m = linkMessages(lintDiagnostics(await lint({ cwd: dir, config, cache: false }))).map(([, , x]) => x);
    expect(m[0]).toBe("`data.csv` is not in this skill's bundle: it matches none of the `files.include` patterns. Add a pattern that covers it to `files.include` in the config, or drop the link.");
    // No `name:`: the nested skill is named by its folder; the whole skill is reached with load_skill.
    expect(m[1]).toContain('the folder of the nested skill "sub" (`sub/SKILL.md`)');
    expect(m[1]).toContain('load_skill("sub")');
  });

  it("through the CLI: the oversize file is one warning and one explained error, never 'does not exist'", async () => {
    await appBuilder();
    await writeFile(path.join(dir, "skillc.config.json"), JSON.stringify(CONFIG));
    const r = await runCli(["lint"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("file-too-large");
    expect(r.stdout).toMatch(/`assets\/example\.tm7` is not in this skill's bundle: it is 2,048 bytes, over `files\.maxBytes` \(1,024\)\. Raise `files\.maxBytes`/);
    expect(r.stdout).not.toMatch(/`(templates|assets|drafts)\/[^`]*` does not exist/);
  });

  it("through the CLI with analysis on worker threads: the reasons cross to the workers", async () => {
    await appBuilder();
    await writeFile(path.join(dir, "skillc.config.json"), JSON.stringify(CONFIG));
    const r = await runCli(["lint", "--format", "json", "--no-cache"], { cwd: dir, env: { SKILLC_WORKERS: "2" } });
    const messages = (JSON.parse(r.stdout) as Array<{ messages: Diagnostic[] }>).flatMap((x) => x.messages);
    expectReasons(messages.map((m) => ({ ...m, severity: "error" }) as Diagnostic));
  });
});
