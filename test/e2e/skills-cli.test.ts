// An independent client installs what `skillc publish` writes: the `skills` CLI from npm (a pinned
// devDependency; it needs no install script), pointed at a node:http server on 127.0.0.1 serving
// the published folder, installs every published skill with the bytes of its source. A preload
// records any connection to another host: the CLI is run with its telemetry off and must make none.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";
import { serveFolder } from "../helpers/static-server.js";
import { SITE_TREE } from "../helpers/site.js";

const SKILLS_CLI = path.join(REPO, "node_modules/skills/bin/cli.mjs");
const PRELOAD = path.join(REPO, "test/fixtures/discovery/loopback-only.mjs");
const tmp = mkdtempSync(path.join(os.tmpdir(), "skillc-skills-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((rel) => statSync(path.join(dir, rel)).isFile())
    .map((rel) => rel.split(path.sep).join("/"))
    .sort();
}

describe("the skills CLI (npm) installs a published folder", () => {
  it("installs every published skill, byte for byte, from 127.0.0.1 only", async () => {
    const cwd = tempProject(SITE_TREE);
    expect((await runCli(["publish", "--out", "site"], { cwd })).code).toBe(0);
    const server = await serveFolder(path.join(cwd, "site"));
    const consumer = mkdtempSync(path.join(tmp, "consumer-"));
    const netLog = path.join(tmp, "net.log");
    try {
      // spawn, not spawnSync: the server answers from this process, which must not block.
      const r = await new Promise<{ status: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ["--import", PRELOAD, SKILLS_CLI, "add", `${server.origin}/`, "-y", "--agent", "claude-code", "--skill", "*", "--copy"], {
          cwd: consumer,
          env: { PATH: process.env.PATH, HOME: consumer, DISABLE_TELEMETRY: "1", DO_NOT_TRACK: "1", CI: "1", NO_COLOR: "1", SKILLC_NET_LOG: netLog },
        });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (out += d));
        child.on("close", (status) => resolve({ status, out }));
      });
      expect(r.status, r.out).toBe(0);
      expect(server.log).toContain("/.well-known/agent-skills/index.json");
      expect(server.log).toContain("/.well-known/agent-skills/beta.tar.gz");
      let netUse = "";
      try {
        netUse = readFileSync(netLog, "utf8");
      } catch {
        // no file: no connection was attempted
      }
      expect(netUse).toBe("");
      for (const name of ["alpha", "beta"]) {
        const installed = path.join(consumer, ".claude/skills", name);
        const source = path.join(cwd, "skills", name);
        expect(files(installed)).toEqual(files(source));
        for (const rel of files(source)) expect(readFileSync(path.join(installed, rel)).equals(readFileSync(path.join(source, rel))), `${name}/${rel}`).toBe(true);
      }
      expect(readdirSync(path.join(consumer, ".claude/skills")).sort()).toEqual(["alpha", "beta"]);
    } finally {
      await server.close();
    }
  }, 120_000);

  it("runs without its package's install scripts (it declares none that install needs)", () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO, "node_modules/skills/package.json"), "utf8")) as { scripts?: Record<string, string> };
    expect(Object.keys(pkg.scripts ?? {}).filter((s) => ["preinstall", "install", "postinstall"].includes(s))).toEqual([]);
    const r = spawnSync(process.execPath, [SKILLS_CLI, "--version"], { encoding: "utf8", env: { PATH: process.env.PATH, DISABLE_TELEMETRY: "1", DO_NOT_TRACK: "1" } });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe("1.7.0");
  });
});
