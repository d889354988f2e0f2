// The helpers emit writes beside the runtime are minified by the package build (dist/helpers.json),
// so a build from dist/ never starts esbuild for them; from source they are minified on first use.
import { readFileSync } from "node:fs";
import { transform } from "esbuild";
import { describe, expect, it } from "vitest";
import { MINIFY_INPUTS } from "../../../src/emit/minify.js";
import { bashWords } from "../../../src/emit/bash-words.js";
import "../../../src/emit/toolset-helper.js";
import { splitHelper } from "../../../src/emit/split-helper.js";
import { REPO, runCli } from "../../helpers/cli.js";
import { skillMd, tempProject } from "../../helpers/project.js";

describe("helpers minified ahead", () => {
  it("dist/helpers.json holds every registered helper as esbuild minifies it now", async () => {
    const ahead = JSON.parse(readFileSync(`${REPO}/dist/helpers.json`, "utf8")) as Record<string, string>;
    expect(MINIFY_INPUTS).toHaveLength(3);
    expect(new Set(MINIFY_INPUTS.map((i) => i.key)).size).toBe(3);
    for (const { key, source, options } of MINIFY_INPUTS) expect(ahead[key]).toBe((await transform(source, options)).code.trim());
    // From source (no helpers.json beside src/emit) esbuild minifies them: the same text.
    expect(await bashWords()).toBe(ahead[MINIFY_INPUTS[0]!.key]);
    expect(await splitHelper()).toBe(ahead[MINIFY_INPUTS[2]!.key]);
  });

  it("a build from dist/ never runs esbuild for them (it would fail with no esbuild binary)", async () => {
    const dir = tempProject({ "skills/a/SKILL.md": skillMd("a", "", "Run with $ARGUMENTS.\n"), "skillc.config.json": JSON.stringify({ output: "split", dialect: "claude-code" }) });
    const res = await runCli(["build", "--no-cache"], { cwd: dir, env: { ESBUILD_BINARY_PATH: "/bin/false" } });
    expect(res.stderr).not.toMatch(/internal error/);
    expect(res.code).toBe(0);
    const index = readFileSync(`${dir}/.skillc/index.js`, "utf8");
    expect(index).toContain("__skillcWords=");
  });
});
