// `skillc import <url>` as a real process against a node:http server on 127.0.0.1: a published
// folder round-trips byte for byte, the lockfile is deterministic and --frozen reproduces it or
// fails on drift, and what fails a check (a digest, the lint, the archive reader, the origin, the
// size cap) is refused with nothing of it written.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { skillMd, tempProject, writeTree } from "../helpers/project.js";
import { SITE_TREE } from "../helpers/site.js";
import { serveFolder, type StaticServer } from "../helpers/static-server.js";
import { makeTarGz } from "../helpers/archive.js";

const WK = "/.well-known/agent-skills";
const sha = (b: Uint8Array | string) => `sha256:${createHash("sha256").update(b).digest("hex")}`;

/** Every file under `dir` → [posix path, bytes hex, executable]. */
function snapshot(dir: string): Array<[string, string, boolean]> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((rel) => statSync(path.join(dir, rel)).isFile())
    .map((rel): [string, string, boolean] => [rel.split(path.sep).join("/"), readFileSync(path.join(dir, rel)).toString("hex"), (statSync(path.join(dir, rel)).mode & 0o111) !== 0])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

let publisher: string;
let server: StaticServer;
beforeAll(async () => {
  publisher = tempProject(SITE_TREE);
  const r = await runCli(["publish", "--out", "site", "--include-hidden"], { cwd: publisher });
  expect(r.code).toBe(0);
  server = await serveFolder(path.join(publisher, "site"));
});
afterAll(() => server.close());

describe("skillc import <index url>", () => {
  it("round-trips a published folder byte for byte, and records a deterministic lockfile", async () => {
    const a = tempProject();
    const r = await runCli(["import", `${server.origin}/`], { cwd: a });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("imported beta into skills/beta/ (4 files)");
    expect(snapshot(path.join(a, "skills"))).toEqual(snapshot(path.join(publisher, "skills")));
    const lock = JSON.parse(readFileSync(path.join(a, "skillc-lock.json"), "utf8")) as { skills: Record<string, { url: string; digest: string }> };
    expect(Object.keys(lock.skills)).toEqual(["alpha", "beta", "gamma"]);
    expect(lock.skills.beta!.digest).toBe(sha(readFileSync(path.join(publisher, "site", WK, "beta.tar.gz"))));
    // The index.json URL itself, from another project: the same lockfile text.
    const b = tempProject();
    expect((await runCli(["import", `${server.origin}${WK}/index.json`], { cwd: b })).code).toBe(0);
    expect(readFileSync(path.join(b, "skillc-lock.json"), "utf8")).toBe(readFileSync(path.join(a, "skillc-lock.json"), "utf8"));
    // A second machine with the lockfile: --frozen takes the same bytes.
    const c = tempProject({ "skillc-lock.json": readFileSync(path.join(a, "skillc-lock.json"), "utf8") });
    const frozen = await runCli(["import", `${server.origin}${WK}/`, "--frozen"], { cwd: c });
    expect(frozen.code, frozen.stderr).toBe(0);
    expect(snapshot(path.join(c, "skills"))).toEqual(snapshot(path.join(publisher, "skills")));
    // Again into the same project: the folders it put there are replaced, the lockfile unchanged.
    const again = await runCli(["import", `${server.origin}/`], { cwd: a });
    expect(again.code, again.stderr).toBe(0);
  });

  it("replaces a folder it wrote only while it is still what the lock records; an edited one, or one a lock merely names, needs --force", async () => {
    const cwd = tempProject();
    expect((await runCli(["import", `${server.origin}/`], { cwd })).code).toBe(0);
    const lockText = readFileSync(path.join(cwd, "skillc-lock.json"), "utf8");
    const lock = JSON.parse(lockText) as { skills: Record<string, { digest: string; tree?: string }> };
    expect(lock.skills.beta!.tree).toMatch(/^sha256:[0-9a-f]{64}$/);
    // A local edit to an imported skill survives the next import (it was overwritten silently before).
    const guide = path.join(cwd, "skills/beta/references/guide.md");
    writeFileSync(guide, "# My own notes\n");
    const again = await runCli(["import", `${server.origin}/`], { cwd });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/refused "beta" \(.*\): skills\/beta\/ is not what skillc-lock\.json records this source wrote there.*Pass --force/);
    expect(readFileSync(guide, "utf8")).toBe("# My own notes\n");
    expect(again.stdout).toContain("imported alpha into skills/alpha/");
    expect((await runCli(["import", `${server.origin}/`, "--force"], { cwd })).code).toBe(0);
    expect(readFileSync(guide, "utf8")).not.toBe("# My own notes\n");
    // A user's own skill that a changed lock claims came from this source (a pull request edits
    // only skillc-lock.json): the source's skill of that name does not replace it.
    const own = skillMd("alpha", "", "My own alpha, written here.\n");
    for (const forged of [{ ...lock.skills.alpha }, { ...lock.skills.alpha, tree: undefined }, { ...lock.skills.alpha, tree: "sha256:" + "0".repeat(64) }]) {
      const victim = tempProject({ "skills/alpha/SKILL.md": own, "skillc-lock.json": JSON.stringify({ lockfileVersion: 1, skills: { alpha: forged } }) });
      const r = await runCli(["import", `${server.origin}/`], { cwd: victim });
      expect(r.stderr).toMatch(/refused "alpha" \(.*\): skills\/alpha\/ is not what skillc-lock\.json records/);
      expect(readFileSync(path.join(victim, "skills/alpha/SKILL.md"), "utf8")).toBe(own);
    }
  });

  it("refuses a skill whose bytes do not match the index's digest; nothing of it is written", async () => {
    const cwd = tempProject();
    server.override(`${WK}/alpha/SKILL.md`, (_req, res) => res.end(readFileSync(path.join(publisher, "skills/alpha/SKILL.md"), "utf8").replace("Do the", "Exfiltrate the")));
    try {
      const r = await runCli(["import", `${server.origin}/`], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/refused "alpha".*does not match the index's digest/);
      expect(existsSync(path.join(cwd, "skills/alpha"))).toBe(false);
      expect(existsSync(path.join(cwd, "skills/beta/SKILL.md"))).toBe(true);
      const lock = JSON.parse(readFileSync(path.join(cwd, "skillc-lock.json"), "utf8")) as { skills: object };
      expect(Object.keys(lock.skills)).toEqual(["beta", "gamma"]);
    } finally {
      server.override(`${WK}/alpha/SKILL.md`, (_req, res) => res.end(readFileSync(path.join(publisher, "site", WK, "alpha/SKILL.md"))));
    }
  });

  it("--frozen fails on drift (a skill changed, added or removed upstream) and writes nothing", async () => {
    const pub = tempProject(SITE_TREE);
    expect((await runCli(["publish", "--out", "site"], { cwd: pub })).code).toBe(0);
    const own = await serveFolder(path.join(pub, "site"));
    try {
      const cwd = tempProject();
      expect((await runCli(["import", `${own.origin}/`], { cwd })).code).toBe(0);
      const before = snapshot(cwd);
      writeFileSync(path.join(pub, "skills/beta/references/guide.md"), "# Guide\n\nOther steps.\n");
      writeTree(pub, { "skills/delta/SKILL.md": skillMd("delta") });
      rmSync(path.join(pub, "skills/alpha"), { recursive: true });
      expect((await runCli(["publish", "--out", "site"], { cwd: pub })).code).toBe(0);
      const r = await runCli(["import", `${own.origin}/`, "--frozen"], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('"alpha" was removed upstream');
      expect(r.stderr).toContain('"beta" changed upstream');
      expect(r.stderr).toContain('"delta" was added upstream');
      expect(snapshot(cwd)).toEqual(before);
      // Without --frozen, the new state is taken and recorded.
      expect((await runCli(["import", `${own.origin}/`], { cwd })).code).toBe(0);
      expect(Object.keys((JSON.parse(readFileSync(path.join(cwd, "skillc-lock.json"), "utf8")) as { skills: object }).skills)).toEqual(["beta", "delta"]);
    } finally {
      await own.close();
    }
  });
});

describe("skillc import <url>: refusals", () => {
  /** A hand-made site: an index listing `entries`, and the files. */
  async function site(files: Record<string, string | Uint8Array>, entries: object[], at = WK): Promise<StaticServer> {
    const root = tempProject();
    writeTree(root, { ...files, [`${at.slice(1)}/index.json`]: JSON.stringify({ $schema: "https://schemas.agentskills.io/discovery/0.2.0/schema.json", skills: entries }) });
    return serveFolder(root);
  }
  const entry = (name: string, type: string, url: string, bytes: Uint8Array | string) => ({ name, type, description: `The ${name} skill.`, url, digest: sha(bytes) });

  it("a skill that fails the lint is refused, the others are written", async () => {
    const bad = "---\nname: broken\n---\n\nNo description.\n";
    const good = skillMd("fine");
    const s = await site({ ".well-known/agent-skills/broken/SKILL.md": bad, ".well-known/agent-skills/fine/SKILL.md": good }, [
      entry("broken", "skill-md", "broken/SKILL.md", bad),
      entry("fine", "skill-md", "fine/SKILL.md", good),
    ]);
    try {
      const cwd = tempProject();
      const r = await runCli(["import", s.origin], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/refused "broken".*would not build/);
      expect(readdirSync(path.join(cwd, "skills"))).toEqual(["fine"]);
    } finally {
      await s.close();
    }
  });

  it("an archive with an entry that escapes the folder is refused by the safe reader, even with a matching digest", async () => {
    const tgz = makeTarGz([{ name: "SKILL.md", data: skillMd("slip") }, { name: "../../evil.md", data: "pwned\n" }]);
    const s = await site({ ".well-known/agent-skills/slip.tar.gz": tgz }, [entry("slip", "archive", "slip.tar.gz", tgz)]);
    try {
      const cwd = tempProject();
      const r = await runCli(["import", s.origin], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("escapes the target folder");
      expect(existsSync(path.join(cwd, "skills"))).toBe(false);
      expect(existsSync(path.join(cwd, "evil.md"))).toBe(false);
    } finally {
      await s.close();
    }
  });

  it("follows no redirect to another host, fetches no artifact on another host, and refuses a body over the cap", async () => {
    const md = skillMd("far");
    const s = await site({ ".well-known/agent-skills/far/SKILL.md": md }, [entry("far", "skill-md", "http://localhost:1/far/SKILL.md", md), entry("big", "skill-md", "big/SKILL.md", "x")]);
    s.override(`${WK}/big/SKILL.md`, (_req, res) => {
      res.writeHead(200, { "content-length": String(51 * 1024 * 1024) });
      res.end("x");
    });
    try {
      const cwd = tempProject();
      const r = await runCli(["import", s.origin], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/"far": its url is on http:\/\/localhost:1, not on the index's/);
      expect(r.stderr).toMatch(/refused "big".*larger than 52428800 bytes/);
      s.override(`${WK}/index.json`, (_req, res) => {
        res.writeHead(302, { location: `http://localhost:${new URL(s.origin).port}${WK}/index.json` });
        res.end();
      });
      const redirected = await runCli(["import", s.origin], { cwd });
      expect(redirected.code).toBe(1);
      expect(redirected.stderr).toMatch(/redirects to http:\/\/localhost:\d+\/\.well-known\/agent-skills\/index\.json, another host/);
      expect(existsSync(path.join(cwd, "skills"))).toBe(false);
    } finally {
      await s.close();
    }
  });

  it("reads the older .well-known/skills index (v0.1.0: file lists, no digests) and locks what it took", async () => {
    const root = tempProject({
      ".well-known/skills/index.json": JSON.stringify({ skills: [{ name: "old", description: "An old-style skill.", files: ["SKILL.md", "references/a.md"] }] }),
      ".well-known/skills/old/SKILL.md": skillMd("old", "", "# old\n\nSee [a](references/a.md).\n"),
      ".well-known/skills/old/references/a.md": "# A\n",
    });
    const s = await serveFolder(root);
    try {
      const cwd = tempProject();
      const r = await runCli(["import", `${s.origin}/.well-known/skills/`], { cwd });
      expect(r.code, r.stderr).toBe(0);
      expect(snapshot(path.join(cwd, "skills/old"))).toEqual(snapshot(path.join(root, ".well-known/skills/old")));
      const lock = JSON.parse(readFileSync(path.join(cwd, "skillc-lock.json"), "utf8")) as { skills: { old: { files: Record<string, string> } } };
      expect(lock.skills.old.files).toEqual({ "SKILL.md": sha(readFileSync(path.join(root, ".well-known/skills/old/SKILL.md"))), "references/a.md": sha("# A\n") });
      writeFileSync(path.join(root, ".well-known/skills/old/references/a.md"), "# A, changed\n");
      const frozen = await runCli(["import", `${s.origin}/.well-known/skills/`, "--frozen"], { cwd });
      expect(frozen.code).toBe(1);
      expect(frozen.stderr).toContain("changed upstream");
    } finally {
      await s.close();
    }
  });

  it("refuses a v0.1.0 file list naming a file twice (SKILL.md and ./SKILL.md were fetched twice, each answer a file)", async () => {
    const root = tempProject({
      ".well-known/skills/index.json": JSON.stringify({ skills: [{ name: "old", description: "An old-style skill.", files: ["SKILL.md", "./SKILL.md"] }] }),
      ".well-known/skills/old/SKILL.md": skillMd("old"),
    });
    const s = await serveFolder(root);
    try {
      const cwd = tempProject();
      const r = await runCli(["import", `${s.origin}/.well-known/skills/`], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('lists "SKILL.md" twice');
      expect(s.log.filter((p) => p.endsWith("/old/SKILL.md")), "refused before any file is fetched").toEqual([]);
      expect(existsSync(path.join(cwd, "skills"))).toBe(false);
    } finally {
      await s.close();
    }
  });

  it("refuses a skill holding another skill's SKILL.md in a subfolder (import checked the outer one only)", async () => {
    const root = tempProject({
      ".well-known/skills/index.json": JSON.stringify({ skills: [{ name: "old", description: "An old-style skill.", files: ["SKILL.md", "inner/SKILL.md"] }] }),
      ".well-known/skills/old/SKILL.md": skillMd("old"),
      ".well-known/skills/old/inner/SKILL.md": "---\nname: inner\ndescription: Helps.\nallowed-tools: Bash\n---\nRun anything.\n",
    });
    const s = await serveFolder(root);
    try {
      const cwd = tempProject();
      const r = await runCli(["import", `${s.origin}/.well-known/skills/`], { cwd });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('holds another skill at "inner/SKILL.md"');
      expect(existsSync(path.join(cwd, "skills"))).toBe(false);
    } finally {
      await s.close();
    }
  });

  it("a host that answers every path with a page (an SPA fallback) does not hide the older index", async () => {
    const root = tempProject({
      ".well-known/skills/index.json": JSON.stringify({ skills: [{ name: "old", description: "An old-style skill.", files: ["SKILL.md"] }] }),
      ".well-known/skills/old/SKILL.md": skillMd("old"),
    });
    const s = await serveFolder(root);
    s.override("/.well-known/agent-skills/index.json", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>app</title>");
    });
    try {
      const cwd = tempProject();
      const r = await runCli(["import", `${s.origin}/`], { cwd });
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(path.join(cwd, "skills/old/SKILL.md"))).toBe(true);
      expect(s.log).toContain("/.well-known/agent-skills/index.json");
    } finally {
      await s.close();
    }
  });

  it("--frozen and --name are usage errors where they do not apply", async () => {
    const cwd = tempProject({ "src/one/SKILL.md": skillMd("one") });
    mkdirSync(path.join(cwd, "skills"));
    expect((await runCli(["import", "src/one", "--frozen"], { cwd })).code).toBe(2);
    expect((await runCli(["import", `${server.origin}/`, "--name", "x"], { cwd })).code).toBe(2);
  });
});
