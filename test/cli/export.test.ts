// `skillc export --client` as a real process: each client's export lints clean under that client's
// profile (and its portability check), twice gives the same bytes, supporting files are copied byte
// for byte, and neither a name nor a path can leave --out.
import { describe, expect, it } from "vitest";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { runCli } from "../helpers/cli.js";
import { tempProject } from "../helpers/project.js";
import { folderIn, safeYaml } from "../../src/export/write.js";

const BINARY = new Uint8Array([0, 255, 1, 254, 13, 10, 0x89, 0x50]);
const SKILL = `---
name: ship-it
description: "Ships a release: tags, notes and publish."
when_to_use: When the user asks to ship or publish a version.
argument-hint: "<version>"
arguments: [version]
disable-model-invocation: true
allowed-tools: Bash(git tag:*) Read
display-name: Ship It
brief_description: Tag, note and publish a release.
triggers:
  keywords: [ship, release]
metadata:
  owner: "release # team"
license: MIT
---

# Ship $version

Tag $version with scripts/tag.sh, then read references/notes.md.   
`;

/** The project; for a client that cannot hold `disable-model-invocation` (which withholds the skill), the skill without it. */
function project(client?: string) {
  const manualOnly = client !== "agentskills" && client !== "openai-skills";
  return tempProject({
    "skills/ship-it/SKILL.md": manualOnly ? SKILL : SKILL.replace("disable-model-invocation: true\n", ""),
    "skills/ship-it/references/notes.md": "Notes\r\nwith CRLF\r\n",
    "skills/ship-it/scripts/tag.sh": { text: "#!/bin/sh\ngit tag \"$1\"\n", mode: 0o755 },
    "skills/ship-it/assets/logo.bin": BINARY,
    "secret.txt": "outside",
    "skills/ship-it/references/link.md": { symlink: "../../../secret.txt" },
  });
}

/** Every file under `dir` (posix relative path → bytes), links not followed. */
function tree(dir: string, base = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) tree(p, base, out);
    else out[path.relative(base, p).split(path.sep).join("/")] = readFileSync(p).toString("base64");
  }
  return out;
}

const PROFILE = { "claude-code": "claude-code", codex: "codex", agentskills: "agentskills", "openai-skills": "agentskills" } as const;

describe("skillc export --client", () => {
  for (const client of ["claude-code", "codex", "agentskills", "openai-skills"] as const) {
    it(`${client}: lints clean under its profile, same bytes twice, files byte for byte`, async () => {
      const cwd = project(client);
      const first = await runCli(["export", "--client", client, "--out", "out"], { cwd });
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain("out/ship-it");
      const once = tree(path.join(cwd, "out"));
      const again = await runCli(["export", "--client", client, "--out", "out"], { cwd });
      expect(again.code).toBe(0);
      expect(tree(path.join(cwd, "out"))).toEqual(once);
      // Supporting files byte for byte (and the executable bit kept); the link out of the folder is not followed.
      const src = path.join(cwd, "skills/ship-it"), dst = path.join(cwd, "out/ship-it");
      for (const f of ["references/notes.md", "scripts/tag.sh", "assets/logo.bin"]) expect(readFileSync(path.join(dst, f)).equals(readFileSync(path.join(src, f))), f).toBe(true);
      expect(statSync(path.join(dst, "scripts/tag.sh")).mode & 0o111).not.toBe(0);
      expect(Object.values(once).map((b) => Buffer.from(b, "base64").toString())).not.toContain("outside");
      // The real CLI, that client's profile and its portability check: no error, no warning.
      const lint = await runCli(["lint", "out", "--profile", PROFILE[client], "--clients", client, "--format", "json", "--no-cache"], { cwd });
      const results = JSON.parse(lint.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; message: string }> }>;
      expect(results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
      expect(lint.code).toBe(0);
      const md = readFileSync(path.join(dst, "SKILL.md"), "utf8");
      expect(md.endsWith("references/notes.md.   \n")).toBe(true); // the body as written
      if (client === "codex") {
        expect(readFileSync(path.join(dst, "agents/openai.yaml"), "utf8")).toBe(
          'interface:\n  display_name: "Ship It"\n  short_description: "Tag, note and publish a release."\npolicy:\n  allow_implicit_invocation: false\n',
        );
        expect(md).toContain('description: "Ships a release: tags, notes and publish. When the user asks to ship or publish a version."');
        expect(md).not.toMatch(/disable-model-invocation|allowed-tools|triggers/);
      }
      if (client === "claude-code") expect(md).toMatch(/disable-model-invocation: true[\s\S]*allowed-tools: "Bash\(git tag:\*\) Read"/);
    });
  }

  it("writes the spec's shapes for the other clients: allowed-tools as a string, metadata values as strings", async () => {
    const cwd = tempProject({
      "skills/tools/SKILL.md": "---\nname: tools\ndescription: Uses tools. Use it when tools are needed.\nallowed-tools: [Read, Grep]\nmetadata:\n  version: 2\n  beta: true\n---\n\nBody.\n",
    });
    for (const client of ["agentskills", "claude-code"] as const) {
      expect((await runCli(["export", "--client", client, "--out", client], { cwd })).code).toBe(0);
      const lint = await runCli(["lint", client, "--profile", PROFILE[client], "--clients", client, "--format", "json", "--no-cache"], { cwd });
      expect(JSON.parse(lint.stdout).flatMap((r: { messages: Array<{ ruleId: string }> }) => r.messages.map((m) => m.ruleId))).toEqual([]);
    }
    expect(readFileSync(path.join(cwd, "agentskills/tools/SKILL.md"), "utf8")).toContain('allowed-tools: "Read Grep"\nmetadata:\n  version: "2"\n  beta: "true"\n');
    expect(readFileSync(path.join(cwd, "claude-code/tools/SKILL.md"), "utf8")).toContain('allowed-tools:\n  - "Read"\n  - "Grep"\nmetadata:\n  version: "2"\n');
  });

  it("refuses, with a positioned diagnostic, a skill the client would skip, and writes the others", async () => {
    const cwd = tempProject({
      "skills/long/SKILL.md": `---\nname: long\ndescription: Turns <b> tags into markdown. Use it for HTML.\n---\n\nBody.\n`,
      "skills/fine/SKILL.md": "---\nname: fine\ndescription: Does fine things. Use it when asked.\n---\n\nBody.\n",
    });
    const r = await runCli(["export", "--client", "openai-skills", "--out", "out"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/skills\/long\/SKILL\.md[\s\S]*3:14\s+error\s+not exported: openai-skills would refuse it, its description holds < or > \(openai\/skills [\s\S]*export-refused/);
    expect(existsSync(path.join(cwd, "out/fine/SKILL.md"))).toBe(true);
    expect(existsSync(path.join(cwd, "out/long"))).toBe(false);
  });

  it("exports a namespaced skill as group-name, and never two skills into one folder", async () => {
    const skill = (name: string, where: string) => `---\nname: ${name}\ndescription: Deploys things. Use it when asked.\n---\n\nBody of ${where}.\n`;
    const cwd = tempProject({
      "skillc.config.json": JSON.stringify({ namespaces: true, collisions: "keep", sources: ["more", "skills"] }),
      "skills/ops/deploy/SKILL.md": skill("deploy", "ops"),
      "skills/web/deploy/SKILL.md": skill("deploy", "web"),
      "skills/same/SKILL.md": skill("same", "skills/same"),
      "more/same/SKILL.md": skill("same", "more/same"),
    });
    const r = await runCli(["export", "--client", "claude-code", "--out", "out"], { cwd });
    // `ops:deploy` holds a colon: no client accepts it as a name, and Windows cannot hold it as a folder.
    expect(readdirSync(path.join(cwd, "out")).sort()).toEqual([".skillc-export", "ops-deploy", "same", "web-deploy"]);
    expect(readFileSync(path.join(cwd, "out/ops-deploy/SKILL.md"), "utf8")).toContain('name: "ops-deploy"\n');
    // The two `same` skills (kept by `collisions: "keep"`): the later root's (the one `override` would
    // keep; here it sorts after the other) is written, the other refused, not written over it.
    expect(readFileSync(path.join(cwd, "out/same/SKILL.md"), "utf8")).toContain("Body of skills/same.");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^more\/same\/SKILL\.md\n  2:7  error  not exported for claude-code: its name "same" names the folder that skills\/same\/SKILL\.md is already exported to/m);
    const again = await runCli(["export", "--client", "claude-code", "--out", "out"], { cwd });
    expect(again.stderr).toBe(r.stderr);
    const lint = await runCli(["lint", "--profile", "claude-code", "--clients", "claude-code", "out"], { cwd });
    expect([lint.code, lint.stdout + lint.stderr]).toEqual([0, expect.any(String)]);
  });

  it("a skill the client refuses leaves its folder to the next skill of that name", async () => {
    const cwd = tempProject({
      "skillc.config.json": JSON.stringify({ collisions: "keep", sources: ["more", "skills"] }),
      "skills/same/SKILL.md": "---\nname: same\ndescription: Turns <b> tags into markdown. Use it for HTML.\n---\n\nBody of skills/same.\n",
      "more/same/SKILL.md": "---\nname: same\ndescription: Does same things. Use it when asked.\n---\n\nBody of more/same.\n",
    });
    const r = await runCli(["export", "--client", "openai-skills", "--out", "out"], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^skills\/same\/SKILL\.md\n.*its description holds < or >/m);
    expect(r.stderr).not.toContain("already exported to");
    expect(readFileSync(path.join(cwd, "out/same/SKILL.md"), "utf8")).toContain("Body of more/same.");
  });

  it("never exports a skill the config's permissions deny or an allow list leaves out (a client would run it)", async () => {
    const skill = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things. Use it when asked.\n---\n\nBody of ${name}.\n`;
    const cwd = tempProject({
      "skillc.config.json": JSON.stringify({ permissions: { allow: ["ok-*", "prod-*"], deny: ["prod-*"] } }),
      "skills/ok-one/SKILL.md": skill("ok-one"),
      "skills/prod-deploy/SKILL.md": skill("prod-deploy"),
      "skills/other/SKILL.md": skill("other"),
    });
    for (const client of ["claude-code", "codex"]) {
      const r = await runCli(["export", "--client", client, "--out", client], { cwd });
      expect([r.code, r.stdout]).toEqual([0, `${client}/ok-one\n`]);
      expect(r.stderr).toBe(`exported 1 skill for ${client} to ${client}; left out 2 skills the config's permissions deny\n`);
      expect(readdirSync(path.join(cwd, client)).sort()).toEqual([".skillc-export", "ok-one"]);
    }
  });

  it("never exports a skill weaker than its author made it: manual-only or off by default where the client cannot say so", async () => {
    const skill = (name: string, extra: string) => `---\nname: ${name}\ndescription: Does ${name} things. Use it when asked.\n${extra}---\n\nBody of ${name}.\n`;
    const cwd = tempProject({
      "skills/manual/SKILL.md": skill("manual", "disable-model-invocation: yes\n"),
      "skills/off/SKILL.md": skill("off", "default_enabled: false\n"),
      "skills/off-kebab/SKILL.md": skill("off-kebab", "default-enabled: \"no\"\n"),
      "skills/own-sidecar/SKILL.md": skill("own-sidecar", "disable-model-invocation: true\n"),
      "skills/own-sidecar/agents/openai.yaml": "interface:\n  display_name: Own\n",
      "skills/kept/SKILL.md": skill("kept", "disable-model-invocation: true\n"),
      "skills/kept/agents/openai.yaml": "policy:\n  allow_implicit_invocation: false\n",
      "skills/plain/SKILL.md": skill("plain", "disable-model-invocation: false\ndefault_enabled: true\n"),
      // Codex ignores a sidecar whole when a field has the wrong type: its policy keeps nothing.
      "skills/ignored/SKILL.md": skill("ignored", "disable-model-invocation: true\n"),
      "skills/ignored/agents/openai.yaml": "interface: 5\npolicy:\n  allow_implicit_invocation: false\n",
    });
    const expected: Record<string, string[]> = {
      agentskills: ["plain"],
      "openai-skills": ["plain"],
      // Codex holds manual-only in agents/openai.yaml (written, or the skill's own when it says so), not off-by-default.
      codex: ["kept", "manual", "plain"],
      // Claude Code holds manual-only; it keeps default_enabled but gives it no effect on skills (2.1.332).
      "claude-code": ["ignored", "kept", "manual", "own-sidecar", "plain"],
    };
    for (const [client, names] of Object.entries(expected)) {
      const r = await runCli(["export", "--client", client, "--out", client], { cwd });
      expect(r.code, r.stderr).toBe(0); // a warning: the others are exported
      expect(readdirSync(path.join(cwd, client)).filter((n) => n !== ".skillc-export").sort(), client).toEqual(names);
      const left = 7 - names.length;
      if (left === 0) expect(r.stderr).not.toContain("export-withheld");
      else expect(r.stderr, client).toContain(`; left out ${left} skill${left === 1 ? "" : "s"} whose restriction ${client} cannot hold (export-withheld)\n`);
    }
    const r = await runCli(["export", "--client", "agentskills", "--out", "agentskills"], { cwd });
    expect(r.stderr).toMatch(/skills\/manual\/SKILL\.md\n\s+4:27\s+warning\s+not exported for agentskills: `disable-model-invocation: yes` makes the skill manual-only[^\n]*export it to a client that keeps the field/);
    expect(r.stderr).toMatch(/skills\/off-kebab\/SKILL\.md\n\s+4:18\s+warning\s+not exported for agentskills: `default-enabled: no` keeps the skill off until a host enables it/);
    const claude = await runCli(["export", "--client", "claude-code", "--out", "claude-code"], { cwd });
    expect(claude.stderr).toMatch(/skills\/off\/SKILL\.md\n\s+4:18\s+warning\s+not exported for claude-code: `default_enabled: false` keeps the skill off until a host enables it, and claude-code cannot express it \(it keeps the key but gives it no effect on skills\)/);
    const codex = await runCli(["export", "--client", "codex", "--out", "codex"], { cwd });
    expect(codex.stderr).toMatch(/skills\/own-sidecar\/SKILL\.md\n[^\n]*not exported for codex: `disable-model-invocation: true`/);
    expect(readFileSync(path.join(cwd, "codex/manual/agents/openai.yaml"), "utf8")).toContain("allow_implicit_invocation: false");
  });

  it("removes the folders an earlier export wrote and this one does not (renamed, removed, now denied), and no other", async () => {
    const skill = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things. Use it when asked.\n---\n\nBody of ${name}.\n`;
    const cwd = tempProject({ "skills/one/SKILL.md": skill("one"), "skills/two/SKILL.md": skill("two"), "skills/three/SKILL.md": skill("three") });
    const run = () => runCli(["export", "--client", "claude-code", "--out", "out"], { cwd });
    expect((await run()).code).toBe(0);
    const listed = () => readdirSync(path.join(cwd, "out")).sort();
    expect(listed()).toEqual([".skillc-export", "one", "three", "two"]);
    // The user's own folder in --out, made after the export, is not export's to remove.
    mkdirSync(path.join(cwd, "out/mine"));
    writeFileSync(path.join(cwd, "out/mine/notes.md"), "mine\n");
    // `two` renamed to `deux` (folder and name), `three` removed, `one` now denied.
    renameSync(path.join(cwd, "skills/two"), path.join(cwd, "skills/deux"));
    writeFileSync(path.join(cwd, "skills/deux/SKILL.md"), skill("deux"));
    rmSync(path.join(cwd, "skills/three"), { recursive: true });
    writeFileSync(path.join(cwd, "skillc.config.json"), JSON.stringify({ permissions: { deny: ["one"] } }));
    const r = await run();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe("exported 1 skill for claude-code to out; left out 1 skill the config's permissions deny; removed 3 folders an earlier export wrote and this one does not (one, three, two)\n");
    expect(listed()).toEqual([".skillc-export", "deux", "mine"]);
    expect(readFileSync(path.join(cwd, "out/mine/notes.md"), "utf8")).toBe("mine\n");
    // A folder export wrote and the user changed since is not provably export's: kept, and said so.
    writeFileSync(path.join(cwd, "out/deux/notes.md"), "my note\n");
    rmSync(path.join(cwd, "skills/deux"), { recursive: true });
    const kept = await run();
    expect(kept.stderr).toContain("; kept 1 folder an earlier export wrote that changed since (deux): remove it by hand if no longer wanted\n");
    expect(readFileSync(path.join(cwd, "out/deux/notes.md"), "utf8")).toBe("my note\n");
    // Once removed or kept, not again: the record names only what this export wrote.
    expect((await run()).stderr).toBe("exported 0 skills for claude-code to out; left out 1 skill the config's permissions deny\n");
  });

  it("keeps a folder that holds a folder under a junk file's name (only a junk file is left out of the digest)", async () => {
    const skill = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things. Use it when asked.\n---\n\nBody of ${name}.\n`;
    const cwd = tempProject({ "skills/one/SKILL.md": skill("one"), "skills/two/SKILL.md": skill("two") });
    const run = () => runCli(["export", "--client", "claude-code", "--out", "out"], { cwd });
    expect((await run()).code).toBe(0);
    // The user keeps notes in out/one/Thumbs.db/ and a file manager's out/two/.DS_Store (a file): then both skills go.
    mkdirSync(path.join(cwd, "out/one/Thumbs.db"));
    writeFileSync(path.join(cwd, "out/one/Thumbs.db/notes.md"), "mine\n");
    writeFileSync(path.join(cwd, "out/two/.DS_Store"), "junk");
    rmSync(path.join(cwd, "skills/one"), { recursive: true });
    rmSync(path.join(cwd, "skills/two"), { recursive: true });
    const r = await run();
    expect(r.stderr).toContain("removed 1 folder an earlier export wrote and this one does not (two)");
    expect(r.stderr).toContain("kept 1 folder an earlier export wrote that changed since (one)");
    expect(readFileSync(path.join(cwd, "out/one/Thumbs.db/notes.md"), "utf8")).toBe("mine\n");
  });

  it("projects sharing one --out (a client's global folder) never remove each other's folders", async () => {
    const skill = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things. Use it when asked.\n---\n\nBody of ${name}.\n`;
    const a = tempProject({ "skills/alpha/SKILL.md": skill("alpha"), "skills/shared/SKILL.md": skill("shared") });
    const b = tempProject({ "skills/beta/SKILL.md": skill("beta") });
    const shared = path.join(tempProject({}), "client-skills");
    const run = (cwd: string) => runCli(["export", "--client", "claude-code", "--out", shared], { cwd });
    expect((await run(a)).code).toBe(0);
    expect((await run(b)).code).toBe(0);
    expect(readdirSync(shared).sort()).toEqual([".skillc-export", "alpha", "beta", "shared"]);
    // b now exports `shared` too: it takes the folder over, and a's next export, without it, leaves it to b.
    mkdirSync(path.join(b, "skills/shared"));
    writeFileSync(path.join(b, "skills/shared/SKILL.md"), skill("shared"));
    expect((await run(b)).code).toBe(0);
    rmSync(path.join(a, "skills/shared"), { recursive: true });
    const again = await run(a);
    expect(again.stderr).not.toContain("removed");
    expect(readdirSync(shared).sort()).toEqual([".skillc-export", "alpha", "beta", "shared"]);
    expect(readFileSync(path.join(shared, "shared/SKILL.md"), "utf8")).toContain("Body of shared.");
    // b drops beta: only b's folder goes.
    rmSync(path.join(b, "skills/beta"), { recursive: true });
    expect((await run(b)).stderr).toContain("removed 1 folder an earlier export wrote and this one does not (beta)");
    expect(readdirSync(shared).sort()).toEqual([".skillc-export", "alpha", "shared"]);
  });

  it("needs a known client and an --out (exit 2)", async () => {
    const cwd = project();
    // --out may not be, hold or sit inside a source root: export replaces the folders it writes.
    for (const [out, why] of [["skills", "it is the source root skills"], ["skills/x", "it is inside the source root skills"], [".", "it is the project folder"], ["..", "it holds the project folder"], ["/", "it is the filesystem root"]]) {
      const r = await runCli(["export", "--client", "codex", "--out", out!], { cwd });
      expect([r.code, r.stderr.includes(why!)], out).toEqual([2, true]);
    }
    // A folder it did not write is never written into: `--out docs` would replace docs/<name>/.
    mkdirSync(path.join(cwd, "docs/ship-it"), { recursive: true });
    writeFileSync(path.join(cwd, "docs/ship-it/keep.md"), "mine\n");
    const foreign = await runCli(["export", "--client", "codex", "--out", "docs"], { cwd });
    expect([foreign.code, foreign.stderr.includes("did not write")]).toEqual([2, true]);
    expect(readFileSync(path.join(cwd, "docs/ship-it/keep.md"), "utf8")).toBe("mine\n");
    expect(readFileSync(path.join(cwd, "skills/ship-it/SKILL.md"), "utf8")).toBe(SKILL);
    expect((await runCli(["export", "--client", "cursor", "--out", "o"], { cwd })).code).toBe(2);
    expect((await runCli(["export", "--client", "codex"], { cwd })).code).toBe(2);
  });
});

describe("no name or path leaves --out", () => {
  it.each(["..", ".", "../x", "a/b", "a\\b", "", "x\0y"])("refuses %j as a folder name", (name) => {
    expect(folderIn("/p", "out", name)).toBeUndefined();
  });
  it("accepts a plain name, inside --out", () => {
    expect(folderIn("/p", "out", "ship-it")).toEqual({ abs: path.resolve("/p/out/ship-it"), rel: "out/ship-it" });
  });
  it("double-quotes every string, so no value is read as another type, a key or a comment", () => {
    expect(safeYaml({ a: "yes", b: "1.0", c: "x: y # z", d: "line\nnext", e: true, f: ["- a"] })).toBe(
      'a: "yes"\nb: "1.0"\nc: "x: y # z"\nd: "line\\nnext"\ne: true\nf:\n  - "- a"\n',
    );
  });
  it("writes hidden characters as escapes, in values and keys, and the YAML parses back to the same strings", () => {
    const value = {
      description: "Safe\u202e txt.exe \u200b, tags \u{e0041}\u{e0042}, NEL \u0085, LS \u2028, BOM \ufeff, ESC \x1b, emoji 👨\u200d👩",
      ["key\u202eyek"]: "v",
      metadata: { list: [{ ["in\u200bner"]: "x\u2066y" }] },
    };
    const text = safeYaml(value);
    expect(text).not.toMatch(/[\u0085\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff\x1b]|\udb40/);
    expect(text).toContain("Safe\\u202e txt.exe \\u200b, tags \\U000e0041\\U000e0042");
    expect(text).toContain('"key\\u202eyek": "v"');
    expect(text).toContain("👨\\u200d👩");
    expect(parse(text)).toEqual(value);
  });
  it("quotes every key but a plain word, so a YAML 1.1 parser (PyYAML, js-yaml) reads the same map", () => {
    // A metadata key is the skill's to choose. Left plain, `<<` merges (a string after it fails the
    // whole file), `=` is YAML 1.1's value tag, `yes`/`on`/`N` are booleans colliding with `true`,
    // and `2001-01-01` is a date: the export would fail to parse, or read otherwise, in such a client.
    const metadata = { "<<": "x", "=": "eq", yes: "y", on: "o", N: "n", true: "t", "2001-01-01": "date", "~": "t", owner: "me", "allowed-tools": "a" };
    const text = safeYaml({ name: "a", metadata });
    expect(text).toBe(
      'name: "a"\nmetadata:\n  "<<": "x"\n  "=": "eq"\n  "yes": "y"\n  "on": "o"\n  "N": "n"\n  "true": "t"\n  "2001-01-01": "date"\n  "~": "t"\n  owner: "me"\n  allowed-tools: "a"\n',
    );
    for (const options of [{}, { version: "1.1" as const }, { merge: true }]) expect(parse(text, options)).toEqual({ name: "a", metadata });
  });
});
