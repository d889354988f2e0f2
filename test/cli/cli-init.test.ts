import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempProject } from "../helpers/project.js";
import { REPO, runCli, runInProcess } from "../helpers/cli.js";
import { loadConfig } from "../../src/config/load.js";
import { resolveDefaults } from "../../src/config/types.js";

const project = () => tempProject({}, "skillc-init-");

describe("skillc init", () => {
  it("writes skillc.config.json with every default, a $schema, and prints the hook setup", async () => {
    const cwd = project();
    const r = await runCli(["init"], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("wrote skillc.config.json");
    expect(r.stdout).toContain("repo: local");
    expect(r.stdout).toContain("entry: npx skillc lint --\n");
    expect(r.stdout).toContain('"lint-staged": {\n    "skills/**": "skillc lint --"\n  }');
    const raw = JSON.parse(readFileSync(path.join(cwd, "skillc.config.json"), "utf8")) as Record<string, unknown>;
    expect(raw.$schema).toBe("./node_modules/skillc/schema/config.schema.json");
    expect(raw).toMatchObject({ sources: [{ dir: "skills", scope: "skills" }], outDir: ".skillc", profile: "skillc", collisions: "override" });
    // It loads without complaint and means exactly the defaults.
    const { config } = await loadConfig(cwd);
    expect({ ...config, configFile: undefined }).toEqual(resolveDefaults(cwd));
  });

  it("leaves a project where the first lint passes: skills/ exists, .skillc/ is git-ignored (once)", async () => {
    const cwd = project();
    writeFileSync(path.join(cwd, ".gitignore"), "node_modules/");
    const r = await runCli(["init"], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("created skills/");
    expect(r.stdout).toContain("added .skillc/ to .gitignore");
    expect(await runCli(["lint"], { cwd })).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(readFileSync(path.join(cwd, ".gitignore"), "utf8")).toBe("node_modules/\n# skillc build output (skillc init)\n.skillc/\n");
    const again = await runCli(["init", "--force"], { cwd });
    expect(again.stdout).not.toContain("added .skillc/");
    expect(readFileSync(path.join(cwd, ".gitignore"), "utf8").match(/\.skillc\//g)).toHaveLength(1);
  });

  it("leaves a .gitignore that is a folder or a FIFO alone (a read would fail, or wait for good)", async () => {
    for (const make of [(f: string) => mkdirSync(f), (f: string) => execFileSync("mkfifo", [f])]) {
      const cwd = project();
      make(path.join(cwd, ".gitignore"));
      const r = await runCli(["init"], { cwd, timeoutMs: 20_000 });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/\.gitignore is (a folder|not a regular file) and was left alone; add \.skillc\/ to your ignore file yourself\./);
      expect(existsSync(path.join(cwd, "skillc.config.json"))).toBe(true);
    }
  });

  it("writes through no symbolic link a checkout holds: .gitignore is left alone, a linked config is refused", async () => {
    const cwd = project();
    const outside = tempProject({}, "skillc-init-outside-");
    writeFileSync(path.join(outside, "profile"), "export A=1\n");
    symlinkSync(path.join(outside, "profile"), path.join(cwd, ".gitignore"));
    const r = await runCli(["init"], { cwd });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(".gitignore is a symbolic link and was left alone; add .skillc/ to your ignore file yourself.");
    expect(readFileSync(path.join(outside, "profile"), "utf8")).toBe("export A=1\n");

    // A dangling link would create its target; an existing one would be overwritten by --force.
    const other = project();
    symlinkSync(path.join(outside, "made-by-init.json"), path.join(other, "skillc.config.json"));
    for (const args of [["init"], ["init", "--force"]]) {
      const refused = await runCli(args, { cwd: other });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("skillc.config.json is a symbolic link; nothing was written.");
    }
    expect(existsSync(path.join(outside, "made-by-init.json"))).toBe(false);
  });

  it("the built CLI accepts the config it wrote (new, lint, build as real processes)", async () => {
    const cwd = project();
    expect((await runCli(["init"], { cwd })).code).toBe(0);
    const created = await runCli(["new", "first-skill"], { cwd });
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(await runCli(["lint"], { cwd })).toEqual({ code: 0, stdout: "", stderr: "" });
    const built = await runCli(["build"], { cwd });
    expect(built.code).toBe(0);
    expect(built.stderr).toMatch(/^built 1 skill into \.skillc\//m);
  });

  it("every key it writes is in schema/config.schema.json", async () => {
    const cwd = project();
    await runInProcess(["init"], { cwd });
    const raw = JSON.parse(readFileSync(path.join(cwd, "skillc.config.json"), "utf8")) as Record<string, unknown>;
    const schema = JSON.parse(readFileSync(path.join(REPO, "schema", "config.schema.json"), "utf8")) as { properties: Record<string, unknown> };
    for (const key of Object.keys(raw)) expect(Object.keys(schema.properties)).toContain(key);
  });

  it("refuses to overwrite without --force (exit 1), overwrites with it", async () => {
    const cwd = project();
    writeFileSync(path.join(cwd, "skillc.config.json"), '{ "outDir": "out" }');
    const r = await runCli(["init"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("skillc init: skillc.config.json already exists; nothing was written. Pass --force to overwrite it with the defaults.\n");
    expect(readFileSync(path.join(cwd, "skillc.config.json"), "utf8")).toBe('{ "outDir": "out" }');
    expect((await runInProcess(["init", "--force"], { cwd })).code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(cwd, "skillc.config.json"), "utf8")).outDir).toBe(".skillc");
  });

  it("refuses even with --force when another config would take precedence", async () => {
    const cwd = project();
    writeFileSync(path.join(cwd, "skillc.config.mjs"), "export default {};\n");
    const r = await runInProcess(["init", "--force"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("skillc.config.mjs already exists and would be used instead of skillc.config.json");
  });

  it("--ts writes skillc.config.ts with defineConfig from \"skillc\", which loads to the defaults", async () => {
    const cwd = project();
    const r = await runInProcess(["init", "--ts"], { cwd });
    expect(r.code).toBe(0);
    const text = readFileSync(path.join(cwd, "skillc.config.ts"), "utf8");
    expect(text).toMatch(/^import \{ defineConfig \} from "skillc";\n/);
    expect(text).toContain('  outDir: ".skillc",');
    expect(text).not.toContain("$schema");
    // As if skillc were installed in the project.
    mkdirSync(path.join(cwd, "node_modules"));
    symlinkSync(REPO, path.join(cwd, "node_modules", "skillc"), "dir");
    const { config } = await loadConfig(cwd);
    expect({ ...config, configFile: undefined }).toEqual(resolveDefaults(cwd));
  });
});
