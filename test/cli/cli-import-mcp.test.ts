// `skillc import mcp:…` as a real process against a real MCP server made with the SDK
// (test/fixtures/mcp/skills-server.mjs: skills/list with digests, paged, and resources/read), over
// stdio and over Streamable HTTP on 127.0.0.1: the files arrive byte for byte, every digest is
// checked, the lockfile records each file's digest, and --frozen fails on drift.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";
import { SITE_TREE } from "../helpers/site.js";

const SERVER = path.join(REPO, "test/fixtures/mcp/skills-server.mjs");
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill()));

function contents(dir: string): Array<[string, string]> {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((rel) => statSync(path.join(dir, rel)).isFile())
    .map((rel): [string, string] => [rel.split(path.sep).join("/"), readFileSync(path.join(dir, rel)).toString("hex")])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** The server over Streamable HTTP; resolves with its URL once it listens. */
function httpServer(dir: string): Promise<string> {
  const child = spawn(process.execPath, [SERVER, dir, "--http"], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding("utf8").once("data", (port: string) => resolve(`http://127.0.0.1:${port.trim()}/mcp`));
    child.once("exit", (code) => reject(new Error(`the MCP server exited (${code})`)));
  });
}

describe("skillc import mcp:", () => {
  it("over stdio: every skill the server lists (across pages), byte for byte, each file's digest locked", async () => {
    const served = tempProject(SITE_TREE);
    const cwd = tempProject();
    const spec = `mcp:node ${SERVER} ${path.join(served, "skills")}`;
    const r = await runCli(["import", spec], { cwd });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("imported beta into skills/beta/ (4 files) from skill://beta/SKILL.md");
    expect(contents(path.join(cwd, "skills"))).toEqual(contents(path.join(served, "skills")));
    const lock = JSON.parse(readFileSync(path.join(cwd, "skillc-lock.json"), "utf8")) as { skills: Record<string, { source: string; url: string; files: Record<string, string> }> };
    expect(Object.keys(lock.skills)).toEqual(["alpha", "beta", "gamma"]);
    expect(lock.skills.beta!.source).toBe(spec);
    expect(Object.keys(lock.skills.beta!.files)).toEqual(["SKILL.md", "assets/logo.bin", "references/guide.md", "scripts/run.sh"]);
    // --frozen: unchanged passes; a changed file upstream fails and writes nothing.
    const frozen = await runCli(["import", spec, "--frozen"], { cwd });
    expect(frozen.code, frozen.stderr).toBe(0);
    writeFileSync(path.join(served, "skills/alpha/SKILL.md"), readFileSync(path.join(served, "skills/alpha/SKILL.md"), "utf8") + "\nMore.\n");
    const before = contents(cwd);
    const drift = await runCli(["import", spec, "--frozen"], { cwd });
    expect(drift.code).toBe(1);
    expect(drift.stderr).toContain('"alpha" changed upstream');
    expect(contents(cwd)).toEqual(before);
  }, 60_000);

  it("refuses a skill whose served bytes do not match the listed digest; nothing of it is written", async () => {
    const served = tempProject(SITE_TREE);
    const cwd = tempProject();
    const r = await runCli(["import", `mcp:node ${SERVER} ${path.join(served, "skills")} --corrupt beta/references/guide.md`], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refused "beta".*skill:\/\/beta\/references\/guide\.md does not match its listed digest/);
    expect(existsSync(path.join(cwd, "skills/beta"))).toBe(false);
    expect(readdirSync(path.join(cwd, "skills")).sort()).toEqual(["alpha", "gamma"]);
  }, 60_000);

  it("refuses a skill whose SKILL.md frontmatter is not the one the listing shows", async () => {
    const served = tempProject(SITE_TREE);
    const cwd = tempProject();
    const r = await runCli(["import", `mcp:node ${SERVER} ${path.join(served, "skills")} --lie alpha`], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refused "alpha".*frontmatter differs from the listing's in "description"/);
    expect(readdirSync(path.join(cwd, "skills")).sort()).toEqual(["beta", "gamma"]);
  }, 60_000);

  it("over Streamable HTTP on 127.0.0.1", async () => {
    const served = tempProject(SITE_TREE);
    const url = await httpServer(path.join(served, "skills"));
    const cwd = tempProject();
    const r = await runCli(["import", `mcp:${url}`], { cwd });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(contents(path.join(cwd, "skills"))).toEqual(contents(path.join(served, "skills")));
  }, 60_000);

  it("says why when the server cannot be started or the command line is malformed", async () => {
    const cwd = tempProject();
    const missing = await runCli(["import", "mcp:./no-such-server-binary"], { cwd });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("could not be reached");
    const unclosed = await runCli(["import", 'mcp:node "x'], { cwd });
    expect(unclosed.code).toBe(1);
    expect(unclosed.stderr).toContain("unclosed");
  }, 60_000);

  it("skips an entry whose name is a bad escape or not a skill name, printing it escaped; imports the rest", async () => {
    const served = tempProject(SITE_TREE);
    for (const uri of ["skill://%E0%A4%A/SKILL.md", "skill://%1b%5d0%3bx%07/SKILL.md"]) {
      const cwd = tempProject();
      const r = await runCli(["import", `mcp:node ${SERVER} ${path.join(served, "skills")} --extra ${uri}`], { cwd });
      expect(r.stderr).not.toContain("internal error");
      expect(r.stderr).not.toContain("\x1b");
      expect(r.stderr).toContain(uri.includes("%1b") ? "not a valid skill name" : "not a valid URI escape");
      expect(readdirSync(path.join(cwd, "skills")).sort()).toEqual(["alpha", "beta", "gamma"]);
    }
  }, 60_000);

  // Issue 17: the two halves meet. `skillc serve` (the SDK server over a real build) is the source;
  // `skillc import mcp:` takes what it serves, byte for byte: the visible skills (gamma is hidden:
  // `disable-model-invocation`, so serve lists it nowhere).
  it("from `skillc serve` itself: the visible skills arrive byte for byte and a second --frozen import passes", async () => {
    const served = tempProject(SITE_TREE);
    const cwd = tempProject();
    const spec = `mcp:node ${path.join(REPO, "dist/cli.js")} serve ${path.join(served, "skills")}`;
    const r = await runCli(["import", spec], { cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(path.join(cwd, "skills")).sort()).toEqual(["alpha", "beta"]);
    for (const name of ["alpha", "beta"]) expect(contents(path.join(cwd, "skills", name))).toEqual(contents(path.join(served, "skills", name)));
    const lock = JSON.parse(readFileSync(path.join(cwd, "skillc-lock.json"), "utf8")) as { skills: Record<string, { files: Record<string, string> }> };
    expect(Object.keys(lock.skills)).toEqual(["alpha", "beta"]);
    const frozen = await runCli(["import", spec, "--frozen"], { cwd });
    expect(frozen.code, frozen.stderr).toBe(0);
  }, 120_000);
});
