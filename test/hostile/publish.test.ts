// `skillc publish` puts skills on the public web, where agents read the index to decide what to
// load on their own: through the built CLI as a real process, nothing the build keeps out of every
// catalog (denied by the config's permissions, off by default, hidden) reaches the index, and the
// index never holds a name its own schema (and so every client, skillc import among them) refuses.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, Recorder, cleanupTmp, ensureCli, runNode, skillMd, tmp, writeTree } from "./helpers.js";

const rec = new Recorder("publish");
beforeAll(ensureCli, 180_000);
afterAll(() => {
  rec.write();
  cleanupTmp();
});

const WK = ".well-known/agent-skills";
const names = (cwd: string) => (JSON.parse(readFileSync(path.join(cwd, "site", WK, "index.json"), "utf8")) as { skills: Array<{ name: string }> }).skills.map((s) => s.name);

function project(config: object): string {
  const cwd = tmp("skillc-hpublish-");
  writeTree(cwd, {
    "skillc.config.json": JSON.stringify(config),
    "skills/public-one/SKILL.md": skillMd("public-one"),
    "skills/internal-runbook/SKILL.md": skillMd("internal-runbook", "Holds the production deploy runbook."),
    "skills/beta-off/SKILL.md": skillMd("beta-off", "Not on yet.", "Use it.", "default_enabled: false\n"),
  });
  return cwd;
}

describe("publish leaves out what the build keeps from every catalog", () => {
  it("a skill the config's permissions deny is never published, --include-hidden or not (it was)", async () => {
    rec.tried("publish: kept out");
    const cwd = project({ permissions: { deny: ["internal-*"] } });
    for (const flags of [[], ["--include-hidden"]]) {
      const r = await runNode([CLI, "publish", "--out", "site", ...flags], { cwd, timeoutMs: 30_000 });
      expect(r.code, r.stderr).toBe(0);
      expect(names(cwd)).not.toContain("internal-runbook");
      expect(existsSync(path.join(cwd, "site", WK, "internal-runbook"))).toBe(false);
      expect(r.stdout).toContain("left out 1 skill the config's permissions deny");
    }
    rec.rejected("publish: kept out");
  });

  it("an allow list publishes only the skills it allows", async () => {
    const cwd = project({ permissions: { allow: ["public-*"] } });
    const r = await runNode([CLI, "publish", "--out", "site", "--include-hidden"], { cwd, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(names(cwd)).toEqual(["public-one"]);
  });

  it("a skill with default_enabled: false is left out like a hidden one, and --include-hidden publishes it (it was always published)", async () => {
    rec.tried("publish: kept out");
    const cwd = project({});
    const r = await runNode([CLI, "publish", "--out", "site"], { cwd, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(names(cwd)).toEqual(["internal-runbook", "public-one"]);
    expect(r.stdout).toContain("left out 1 hidden skill (--include-hidden publishes them)");
    const all = await runNode([CLI, "publish", "--out", "site", "--include-hidden"], { cwd, timeoutMs: 30_000 });
    expect(all.code, all.stderr).toBe(0);
    expect(names(cwd)).toEqual(["beta-off", "internal-runbook", "public-one"]);
    rec.rejected("publish: kept out");
  });
});

describe("the index holds only names its schema allows", () => {
  it("an agentskills name in another script (valid under that profile) is refused with nothing written (it was published, and skillc import skipped it)", async () => {
    rec.tried("publish: names");
    const cwd = tmp("skillc-hpublish-");
    writeTree(cwd, { "skills/навык/SKILL.md": skillMd("навык"), "skills/plain/SKILL.md": skillMd("plain") });
    const r = await runNode([CLI, "publish", "--out", "site", "--profile", "agentskills"], { cwd, timeoutMs: 30_000 });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"навык" (skills/навык) is not a name a discovery index may hold');
    expect(existsSync(path.join(cwd, "site"))).toBe(false);
    rec.rejected("publish: names");
  });
});

describe("the archives hold only file names every client can unpack", () => {
  it("a supporting file Windows cannot hold, or two names one on macOS, fails the publish (it was published, and skillc import refused the archive)", async () => {
    rec.tried("publish: file names");
    const cwd = tmp("skillc-hpublish-");
    writeTree(cwd, {
      "skills/devices/SKILL.md": skillMd("devices"),
      "skills/devices/references/con.md": "the console device on Windows\n",
      "skills/twins/SKILL.md": skillMd("twins"),
      "skills/twins/notes.md": "lower\n",
      "skills/twins/Notes.md": "upper\n",
      "skills/plain/SKILL.md": skillMd("plain"),
      "skills/plain/references/guide.md": "fine\n",
    });
    const r = await runNode([CLI, "publish", "--out", "site"], { cwd, timeoutMs: 30_000 });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error +"skills\/devices\/references\/con\.md" is "con", a device name[\s\S]*unportable-file-name/);
    expect(r.stderr).toMatch(/error +"skills\/twins\/[nN]otes\.md" and "skills\/twins\/[nN]otes\.md" differ only in letter case[\s\S]*file-name-twins/);
    expect(existsSync(path.join(cwd, "site"))).toBe(false);
    // --emit-on-error publishes the others; `build` of the same skills still only warns.
    const rest = await runNode([CLI, "publish", "--out", "site", "--emit-on-error"], { cwd, timeoutMs: 30_000 });
    expect(rest.code).toBe(1);
    expect(names(cwd)).toEqual(["plain"]);
    const build = await runNode([CLI, "build"], { cwd, timeoutMs: 30_000 });
    expect([build.code, build.stderr]).toEqual([0, expect.stringMatching(/warning +"skills\/devices\/references\/con\.md"/)]);
    // A config that sets the rule itself is followed.
    writeTree(cwd, { "skillc.config.json": JSON.stringify({ rules: { "unportable-file-name": "warn", "file-name-twins": "warn" } }) });
    const chosen = await runNode([CLI, "publish", "--out", "site"], { cwd, timeoutMs: 30_000 });
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(names(cwd)).toEqual(["devices", "plain", "twins"]);
    rec.rejected("publish: file names");
  });
});
