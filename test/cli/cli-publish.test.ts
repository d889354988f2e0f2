// `skillc publish --out <dir>` as a real process: the folder it writes is a valid v0.2.0 discovery
// index (checked with ajv against the schema in test/fixtures/discovery), every digest is the
// SHA-256 of the bytes served, archives unpack (through skillc's own reader) to the source files
// and are byte-identical from another path with other mtimes, and the folder is replaced whole or
// not at all.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { REPO, runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";
import { SITE_TREE } from "../helpers/site.js";
import { readTarGz } from "../../src/archive/tar.js";

const SCHEMA = JSON.parse(readFileSync(path.join(REPO, "test/fixtures/discovery/schema-0.2.0.json"), "utf8")) as object;
const WK = ".well-known/agent-skills";

interface Index {
  $schema: string;
  skills: Array<{ name: string; type: string; description: string; url: string; digest: string }>;
}


const sha = (b: Uint8Array) => `sha256:${createHash("sha256").update(b).digest("hex")}`;
const readIndex = (out: string) => JSON.parse(readFileSync(path.join(out, WK, "index.json"), "utf8")) as Index;

/** Every file under `dir` → its bytes, by posix path. */
function tree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const rel of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    const abs = path.join(dir, rel);
    if (existsSync(abs) && !readdirSafe(abs)) out.set(rel.split(path.sep).join("/"), readFileSync(abs));
  }
  return out;
}
const readdirSafe = (p: string) => {
  try {
    readdirSync(p);
    return true;
  } catch {
    return false;
  }
};

describe("skillc publish", () => {
  it("writes a v0.2.0 index that validates against the schema, with digests of the bytes served", async () => {
    const cwd = tempProject(SITE_TREE);
    const r = await runCli(["publish", "--out", "site"], { cwd });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("published 2 skills");
    const index = readIndex(path.join(cwd, "site"));
    const ajv = new Ajv({ strict: true, formats: { "uri-reference": (s: string) => URL.canParse(s, "https://example.com/x/") } });
    const valid = ajv.validate(SCHEMA, index);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(index.skills.map((s) => [s.name, s.type, s.url])).toEqual([
      ["alpha", "skill-md", "alpha/SKILL.md"],
      ["beta", "archive", "beta.tar.gz"],
    ]);
    for (const s of index.skills) expect(s.digest).toBe(sha(readFileSync(path.join(cwd, "site", WK, s.url))));
    expect(readFileSync(path.join(cwd, "site", WK, "alpha/SKILL.md"))).toEqual(readFileSync(path.join(cwd, "skills/alpha/SKILL.md")));
  });

  it("archives hold SKILL.md and every supporting file at the root, bytes and executable bits as in the source", async () => {
    const cwd = tempProject(SITE_TREE);
    expect((await runCli(["publish", "--out", "site"], { cwd })).code).toBe(0);
    const entries = readTarGz(readFileSync(path.join(cwd, "site", WK, "beta.tar.gz")));
    expect(entries.map((e) => e.path)).toEqual(["SKILL.md", "assets/logo.bin", "references/guide.md", "scripts/run.sh"]);
    for (const e of entries) {
      if (e.type !== "file") throw new Error("only files");
      expect(Buffer.from(e.data)).toEqual(readFileSync(path.join(cwd, "skills/beta", e.path)));
      expect(e.executable).toBe(e.path === "scripts/run.sh");
    }
  });

  it("gives byte-identical output from another folder, with other mtimes", async () => {
    const a = tempProject(SITE_TREE);
    const b = tempProject({}, "skillc-other-place-");
    cpSync(path.join(a, "skills"), path.join(b, "deeper", "skills"), { recursive: true });
    for (const rel of ["skills/beta/SKILL.md", "skills/beta/references/guide.md", "skills/alpha/SKILL.md"]) utimesSync(path.join(b, "deeper", rel), 1e9, 1.5e9);
    expect((await runCli(["publish", "--out", "site"], { cwd: a })).code).toBe(0);
    expect((await runCli(["publish", "--out", "../out/site"], { cwd: path.join(b, "deeper") })).code).toBe(0);
    const first = tree(path.join(a, "site"));
    expect([...first.keys()]).toEqual([".skillc-publish", `${WK}/alpha/SKILL.md`, `${WK}/beta.tar.gz`, `${WK}/index.json`]);
    expect(tree(path.join(b, "out/site"))).toEqual(first);
  });

  it("leaves hidden skills out unless --include-hidden", async () => {
    const cwd = tempProject(SITE_TREE);
    const r = await runCli(["publish", "--out", "site", "--include-hidden"], { cwd });
    expect(r.code).toBe(0);
    expect(readIndex(path.join(cwd, "site")).skills.map((s) => s.name)).toEqual(["alpha", "beta", "gamma"]);
    const again = await runCli(["publish", "--out", "site"], { cwd });
    expect(again.stdout).toContain("left out 1 hidden skill");
    expect(readIndex(path.join(cwd, "site")).skills.map((s) => s.name)).toEqual(["alpha", "beta"]);
    expect(existsSync(path.join(cwd, "site", WK, "gamma"))).toBe(false);
  });

  it("a build with an error publishes nothing and keeps the previous folder; --emit-on-error publishes the clean skills", async () => {
    const cwd = tempProject(SITE_TREE);
    expect((await runCli(["publish", "--out", "site"], { cwd })).code).toBe(0);
    const before = tree(path.join(cwd, "site"));
    writeFileSync(path.join(cwd, "skills/alpha/SKILL.md"), "---\nname: Not Valid\n---\n\nbody\n");
    const r = await runCli(["publish", "--out", "site"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("nothing was written, site/ is as it was");
    expect(tree(path.join(cwd, "site"))).toEqual(before);
    const partial = await runCli(["publish", "--out", "site", "--emit-on-error"], { cwd });
    expect(partial.code).toBe(1);
    expect(readIndex(path.join(cwd, "site")).skills.map((s) => s.name)).toEqual(["beta"]);
  });

  it("refuses a source root, a folder it did not make, and a missing --out (exit 2), writing nothing", async () => {
    const cwd = tempProject({ ...SITE_TREE, "public/index.html": "<h1>site</h1>\n" });
    const root = await runCli(["publish", "--out", "skills"], { cwd });
    expect(root.code).toBe(2);
    expect(root.stderr).toMatch(/source root/);
    const foreign = await runCli(["publish", "--out", "public"], { cwd });
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain("holds files skillc did not publish (index.html)");
    expect(readdirSync(path.join(cwd, "public"))).toEqual(["index.html"]);
    expect((await runCli(["publish"], { cwd })).code).toBe(2);
    mkdirSync(path.join(cwd, "empty"));
    expect((await runCli(["publish", "--out", "empty"], { cwd })).code).toBe(0);
  });
});
