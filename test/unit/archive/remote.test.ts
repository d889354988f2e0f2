// The pure parts of importing from a remote source: which index URLs a typed URL means, what an
// index's entries say (and which are skipped, why), the skill-level digest (checked against the
// worked example of the discovery RFC's v0.2.0 drafts), the lockfile's text and its drift report,
// and how an mcp: command line is split without a shell.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ArchiveError } from "../../../src/archive/entries.js";
import { splitCommandLine } from "../../../src/archive/command-line.js";
import { drift, readLock, renderLock, type Lock } from "../../../src/archive/lockfile.js";
import { DISCOVERY_SCHEMA_V2, filesDigest, indexCandidates, parseIndex } from "../../../src/archive/well-known.js";

const enc = (s: string) => new Uint8Array(Buffer.from(s));
const D = (c: string) => `sha256:${c.repeat(64)}`;

describe("indexCandidates", () => {
  it("takes an index.json as given, a .well-known folder's index, and for a site both well-known paths", () => {
    expect(indexCandidates("https://h.example/.well-known/agent-skills/index.json")).toEqual(["https://h.example/.well-known/agent-skills/index.json"]);
    expect(indexCandidates("https://h.example/.well-known/agent-skills")).toEqual(["https://h.example/.well-known/agent-skills/index.json"]);
    expect(indexCandidates("https://h.example/.well-known/skills/")).toEqual(["https://h.example/.well-known/skills/index.json"]);
    expect(indexCandidates("https://h.example/docs?x=1#y")).toEqual(["https://h.example/docs/.well-known/agent-skills/index.json", "https://h.example/docs/.well-known/skills/index.json"]);
  });

  it("refuses other schemes and credentials", () => {
    expect(() => indexCandidates("file:///etc/passwd")).toThrow(ArchiveError);
    expect(() => indexCandidates("https://user:pw@h.example/")).toThrow(/credentials/);
  });
});

describe("parseIndex", () => {
  const at = "https://h.example/.well-known/agent-skills/index.json";
  const v2 = (skills: unknown[]) => enc(JSON.stringify({ $schema: DISCOVERY_SCHEMA_V2, skills }));

  it("resolves urls against the index and skips, with a reason, what cannot be imported", () => {
    const index = parseIndex(
      v2([
        { name: "ok", type: "skill-md", description: "d", url: "ok/SKILL.md", digest: D("a") },
        { name: "abs", type: "archive", description: "d", url: "/.well-known/agent-skills/abs.tar.gz", digest: D("b") },
        { name: "Bad_Name", type: "skill-md", description: "d", url: "x", digest: D("c") },
        { name: "zipped", type: "bundle", description: "d", url: "x", digest: D("c") },
        { name: "nodigest", type: "skill-md", description: "d", url: "x", digest: "sha256:ABC" },
        { name: "elsewhere", type: "skill-md", description: "d", url: "https://cdn.example/x", digest: D("d") },
        { name: "long", type: "skill-md", description: "x".repeat(1025), url: "x", digest: D("e") },
        { name: "ok", type: "skill-md", description: "again", url: "ok2/SKILL.md", digest: D("f") },
      ]),
      at,
    );
    expect(index.entries.map((e) => [e.name, e.url])).toEqual([
      ["ok", "https://h.example/.well-known/agent-skills/ok/SKILL.md"],
      ["abs", "https://h.example/.well-known/agent-skills/abs.tar.gz"],
    ]);
    expect(index.skipped).toHaveLength(6);
    expect(index.skipped.join("\n")).toMatch(/Bad_Name.*not a valid skill name[\s\S]*"bundle"[\s\S]*digest[\s\S]*cdn\.example[\s\S]*1024[\s\S]*appears twice/);
  });

  it("reads a v0.1.0 index (no $schema, file lists) and refuses an unknown $schema or a non-index", () => {
    const old = parseIndex(enc(JSON.stringify({ skills: [{ name: "old", description: "d", files: ["SKILL.md", "a.md"] }] })), "https://h.example/.well-known/skills/index.json");
    expect(old.entries).toEqual([{ name: "old", description: "d", type: "files", url: "https://h.example/.well-known/skills/old/", files: ["SKILL.md", "a.md"] }]);
    expect(() => parseIndex(enc(JSON.stringify({ $schema: "https://schemas.agentskills.io/discovery/9.0.0/schema.json", skills: [] })), at)).toThrow(/does not know/);
    expect(() => parseIndex(enc("<html>"), at)).toThrow(/not JSON/);
    expect(() => parseIndex(enc("{}"), at)).toThrow(/no "skills" array/);
  });
});

describe("filesDigest", () => {
  it("matches the worked example of the discovery RFC's skill-level digest", () => {
    const files = [
      { path: "scripts/run.sh", data: enc("#!/bin/sh\n") },
      { path: "SKILL.md", data: enc("# Hello\n") },
    ];
    expect(filesDigest(files)).toBe("sha256:34f7a8c484e9991f3e71a309f31332d6335efc01f544105c4185a7c4ab12eb1e");
  });
});

describe("the lockfile", () => {
  const src = "https://h.example/.well-known/agent-skills/index.json";
  const lock: Lock = new Map([
    ["b", { source: src, url: `${src}/b`, digest: D("b"), files: { "z.md": D("1"), "SKILL.md": D("2") } }],
    ["a", { source: src, url: `${src}/a`, digest: D("a") }],
    ["other", { source: "mcp:node s.js", url: "skill://other/SKILL.md", digest: D("c") }],
  ]);

  it("renders the same text whatever the insertion order: names and file paths sorted", () => {
    const text = renderLock(lock);
    expect(renderLock(new Map([...lock].reverse()))).toBe(text);
    expect(text.indexOf('"a"')).toBeLessThan(text.indexOf('"b"'));
    expect(text.indexOf('"SKILL.md"')).toBeLessThan(text.indexOf('"z.md"'));
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("reports each skill changed, moved, added or removed for one source, and nothing for another source's", () => {
    const offer = new Map([
      ["a", { url: `${src}/a`, digest: D("9") }],
      ["c", { url: `${src}/c`, digest: D("c") }],
    ]);
    expect(drift(lock, src, offer)).toEqual([
      `"a" changed upstream: locked ${D("a")}, now ${D("9")}.`,
      `"b" was removed upstream (locked ${D("b")}).`,
      `"c" was added upstream (${D("c")}).`,
    ]);
    expect(drift(lock, src, new Map([["a", { url: `${src}/moved`, digest: D("a") }], ["b", { url: `${src}/b`, digest: D("b") }]]))).toEqual([`"a" moved upstream: locked at ${src}/a, now at ${src}/moved.`]);
    expect(drift(lock, "https://never.example/index.json", new Map())).toEqual([expect.stringContaining("holds nothing from")]);
  });
});

describe("a lockfile a checkout holds", () => {
  const lockIn = (skills: string): string => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "skillc-lock-"));
    writeFileSync(path.join(dir, "skillc-lock.json"), `{"lockfileVersion":1,"skills":${skills}}`);
    return dir;
  };
  const entry = (files: string) => `{"source":"s","url":"u","digest":"d","files":${files}}`;

  it("an entry whose files are not an object of digests is refused when read (100,000 nested arrays: import wrote the skill, then crashed writing the lock)", () => {
    for (const files of ["[".repeat(100_000) + "]".repeat(100_000), '"abc"', '{"SKILL.md":{"x":1}}', "null"]) {
      const dir = lockIn(`{"other":${entry(files)}}`);
      expect(() => readLock(dir)).toThrow(new ArchiveError('skillc-lock.json: the entry "other" has "files" that is not an object of digests; fix it or delete it (and import again without --frozen).'));
    }
    expect(renderLock(readLock(lockIn(`{"ok":${entry('{"SKILL.md":"sha256:x"}')}}`)))).toContain('"SKILL.md": "sha256:x"');
  });

  it("an entry's name, url and digest are escaped in messages (--frozen printed them raw)", () => {
    expect(() => readLock(lockIn(`{"\\u001b[2Jx":{}}`))).toThrow('skillc-lock.json: the entry "\\x1b[2Jx" lacks source, url or digest.');
    const lock = readLock(lockIn('{"\\u001b[2Jx":{"source":"s","url":"u\\u202e","digest":"d\\u0007"}}'));
    expect(drift(lock, "s", new Map())).toEqual(['"\\x1b[2Jx" was removed upstream (locked d\\x07).']);
    expect(drift(lock, "s", new Map([["\x1b[2Jx", { url: "v", digest: "d\x07" }]]))).toEqual(['"\\x1b[2Jx" moved upstream: locked at u\\u202e, now at v.']);
  });
});

describe("splitCommandLine", () => {
  it("splits on spaces, groups quotes, takes a backslashed character, expands nothing", () => {
    expect(splitCommandLine(`node  "my server.js" --dir 'a b' x\\ y $HOME *`)).toEqual(["node", "my server.js", "--dir", "a b", "x y", "$HOME", "*"]);
    expect(splitCommandLine(`say "a \\"q\\" b" ''`)).toEqual(["say", 'a "q" b', ""]);
    expect(() => splitCommandLine(`node "x`)).toThrow(/unclosed/);
  });
});
