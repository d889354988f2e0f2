// The adapters' published typings (dist/types/adapters, what `import … from "skillc/ai-sdk"` sees)
// against each framework's real types: test/fixtures/adapter-types/main.ts type-checks with `tsc`
// beside a bundle built from the repo's skills (its emitted index.d.ts, single and split layouts), and its `@ts-expect-error`
// lines (wrong uses) must each fail. A wrong use without the directive fails with tsc's message.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../src/project/build.js";
import { resolveDefaults } from "../../src/config/types.js";
import { REPO } from "../helpers/cli.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "skillc-adapter-types-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const TSC = path.join(REPO, "node_modules", "typescript", "bin", "tsc");
const LINKED = ["skillc", "ai", "agents", "@openai/agents", "@mastra/core", "@types"];

beforeAll(async () => {
  for (const output of ["single", "split"] as const) {
    const result = await build({ cwd: REPO, config: resolveDefaults(REPO, { outDir: path.join(tmp, `bundle-${output}`), output }), roots: ["skills"], cache: false });
    expect(result.diagnostics).toEqual([]);
  }
});

function project(name: string, source: string, layout: "single" | "split" = "single"): string {
  const dir = path.join(tmp, name);
  mkdirSync(path.join(dir, "node_modules", "@openai"), { recursive: true });
  mkdirSync(path.join(dir, "node_modules", "@mastra"), { recursive: true });
  for (const pkg of LINKED) symlinkSync(pkg === "skillc" ? REPO : path.join(REPO, "node_modules", pkg), path.join(dir, "node_modules", pkg), "dir");
  symlinkSync(path.join(tmp, `bundle-${layout}`), path.join(dir, "bundle"), "dir");
  const compilerOptions = { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", lib: ["ES2022", "DOM"], types: ["node"], skipLibCheck: true, noEmit: true };
  writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["main.ts"] }));
  writeFileSync(path.join(dir, "main.ts"), source);
  return dir;
}
const tsc = (dir: string) => spawnSync(process.execPath, [TSC, "-p", dir], { encoding: "utf8" });
const FIXTURE = readFileSync(path.join(REPO, "test/fixtures/adapter-types/main.ts"), "utf8");

describe("adapter typings against the frameworks' real types", () => {
  it("the README's uses compile and every @ts-expect-error wrong use fails", () => {
    const r = tsc(project("ok", FIXTURE));
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(FIXTURE.match(/^\s*\/\/ @ts-expect-error/gm)!.length).toBe(7);
  });

  it("the same uses compile against a split bundle's index.d.ts (Promise-returning load/file/call, ready)", () => {
    const r = tsc(project("ok-split", FIXTURE, "split"));
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("without the directives, tsc reports each wrong use at its line", () => {
    const stripped = FIXTURE.replace(/^\s*\/\/ @ts-expect-error.*\n/gm, "");
    const r = tsc(project("bad", stripped));
    expect(r.status).not.toBe(0);
    // tsc names the file by a path relative to the working directory, ending in main.ts(line,col).
    const errors = r.stdout.split("\n").filter((l) => /main\.ts\(\d+,\d+\): error/.test(l));
    const lines = stripped.split("\n");
    const wrong = errors.map((l) => lines[Number(/main\.ts\((\d+)/.exec(l)![1]) - 1]!.trim());
    expect(new Set(wrong)).toEqual(
      new Set([
        'await skillTools(skills, { toolsets: "some" });',
        'await skillTools("release-notes");',
        "const notAwaited: SkillToolSet = skillTools(skills);",
        'new OpenAIAgent({ name: "b", tools: await mastraSkills(skills) });',
        "const wrong: SkillSource[] = skillcSource(skills);",
        "skillcSource(skills, { id: 7 });",
        'new MastraAgent({ id: "n", name: "n", instructions: "i", model: "openai/gpt-5-mini", skills: await skillTools(skills) });',
      ]),
    );
  });
});
