// The package's own typings (dist/types, what `import … from "skillc"` sees) type-check in a project
// without @types/node and with skipLibCheck: false, under the TypeScript the project pins (5.x) and
// the newest one (7.x, installed as typescript-latest).
import { spawnSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";

const tmp = tempProject({}, "skillc-types-");

const COMPILERS = {
  pinned: path.join(REPO, "node_modules", "typescript", "bin", "tsc"),
  newest: path.join(REPO, "node_modules", "typescript-latest", "bin", "tsc"),
};

function project(name: string, source: string): string {
  const dir = path.join(tmp, name);
  mkdirSync(path.join(dir, "node_modules"), { recursive: true });
  symlinkSync(REPO, path.join(dir, "node_modules", "skillc"), "dir");
  const compilerOptions = { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", lib: ["ES2022"], types: [], skipLibCheck: false, noEmit: true };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["main.ts"] }));
  writeFileSync(path.join(dir, "main.ts"), source);
  return dir;
}

const USE = `import { build, defineConfig, formatResults, lint, loadConfig, RULES, summarize } from "skillc";
import type { BuildOptions, BuildResult, Collision, CollisionPolicy, CompiledSkill, Diagnostic, Fix, LintReport, Profile, Range, ResolvedConfig, RuleMeta, RuleSetting, Severity, SkillcConfig, SkillFile } from "skillc";
export const config: SkillcConfig = defineConfig({ outDir: ".skillc", sources: [{ dir: "skills", scope: "project" }] });
export async function main(): Promise<number> {
  const report: LintReport = await lint({ cwd: "." });
  const built: BuildResult = await build({ cwd: ".", write: false } satisfies BuildOptions);
  const resolved: ResolvedConfig = (await loadConfig(".")).config;
  const first: Diagnostic | undefined = built.diagnostics[0];
  const rule: RuleMeta | undefined = RULES.get("name-mismatch");
  const text: string = formatResults("stylish", report.results, { color: false, cwd: ".", version: "0", rules: RULES });
  const skill: CompiledSkill | undefined = built.skills[0];
  const file: SkillFile | undefined = skill?.files[0];
  const collision: Collision | undefined = built.collisions[0];
  const policy: CollisionPolicy = "keep";
  const severity: Severity | undefined = first?.severity;
  const range: Range | undefined = skill?.frontmatterRange;
  const fix: Fix | undefined = first?.fix;
  const setting: RuleSetting = "warn";
  const profile: Profile = resolved.profile;
  void [file, collision, policy, severity, range, fix, setting, profile];
  return summarize(report.results).errors + (first ? 1 : 0) + (rule ? 1 : 0) + text.length + resolved.sources.length;
}
`;

describe.each(Object.entries(COMPILERS))("the public .d.ts under TypeScript %s", (label, tsc) => {
  const run = (dir: string) => spawnSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8" });

  it("type-checks without @types/node and with skipLibCheck: false", () => {
    const r = run(project(`ok-${label}`, USE));
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("still catches a wrong use (the check is real)", () => {
    const r = run(project(`bad-${label}`, `import { lint } from "skillc";\nexport const p = lint({ cwdd: "." });\n`));
    expect(r.status).not.toBe(0);
    expect(r.stdout).toMatch(/cwdd/);
  });

  it("exports the public shapes only: the pipeline's stage types are not importable", () => {
    const r = run(project(`internal-${label}`, `import type { ParsedSkill, NodePositions, SkillSource } from "skillc";\nexport type T = [ParsedSkill, NodePositions, SkillSource];\n`));
    expect(r.status).not.toBe(0);
    for (const name of ["ParsedSkill", "NodePositions", "SkillSource"]) expect(r.stdout).toMatch(new RegExp(`no exported member '${name}'`));
  });
});
