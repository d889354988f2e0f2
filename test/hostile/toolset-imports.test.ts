// Hostile toolset imports and top levels (issue 13), through the real CLI. Imports that would put
// the machine's files into index.js — /proc/self/environ as text, files out of the skill (text, JSON,
// bytes), absolute paths, a symlink pointing out, a FIFO, /dev/zero, /dev/urandom, an oversized file,
// a FIFO named package.json that esbuild would read while resolving — are refused at the import
// (toolset-import-refused, file:line:col), by lint and by build (exit 1), and no byte of the outside
// file reaches an output. Top levels that never end (a looping getter, a Proxy trap, a thrown
// object's message getter, an async loop, a promise loop, unbounded allocation) end the build within
// its limit with a diagnostic on the entry.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { runCli } from "../helpers/cli.js";
import { makeZip } from "../helpers/archive.js";
import { allOutput, cleanupTmp, ensureCli, Recorder, skillMd, tmp, writeTree } from "./helpers.js";

const rec = new Recorder("toolset-imports");
const OUTSIDE = "OUTSIDE-SECRET-" + Math.random().toString(36).slice(2, 10);
const TOOL = `{ name: "t", description: "d", parameters: { type: "object", properties: {} }, execute: () => "ok" }`;
const linux = process.platform === "linux";

interface ImportCase {
  skill: string;
  /** The toolset module: line 1 is the import, so the diagnostic is at tools.ts:1:<col>. */
  code: (outsideDir: string) => string;
  /** Extra set-up inside the skill folder. */
  setup?: (skillDir: string, outsideDir: string) => void;
  message: RegExp;
  linuxOnly?: boolean;
}

const use = (imp: string) => `${imp}\nexport const Tools = [{ ...${TOOL}, description: String(x).slice(0, 9) }];\n`;
const CASES: ImportCase[] = [
  { skill: "proc-environ", code: () => use(`import x from "/proc/self/environ" with { type: "text" };`), message: /tools\.ts:1:15: "\/proc\/self\/environ" is an absolute path/ },
  { skill: "up-text", code: () => use(`import x from "../../outside.txt" with { type: "text" };`), message: /tools\.ts:1:15: "\.\.\/\.\.\/outside\.txt" leads outside the skill folder/ },
  { skill: "up-json", code: () => use(`import x from "../../outside.json" with { type: "json" };`), message: /tools\.ts:1:15: "\.\.\/\.\.\/outside\.json" leads outside the skill folder/ },
  { skill: "up-bytes", code: () => use(`import x from "../../outside.txt" with { type: "bytes" };`), message: /tools\.ts:1:15: "\.\.\/\.\.\/outside\.txt" leads outside/ },
  { skill: "up-plain", code: () => use(`import x from "../../outside.js";`), message: /"\.\.\/\.\.\/outside\.js" leads outside/ },
  { skill: "absolute", code: (o) => use(`import x from ${JSON.stringify(path.join(o, "outside.txt"))} with { type: "text" };`), message: /tools\.ts:1:15: ".*outside\.txt" is an absolute path/ },
  {
    skill: "symlink-out",
    code: () => use(`import x from "./notes.txt" with { type: "text" };`),
    setup: (d, o) => symlinkSync(path.join(o, "outside.txt"), path.join(d, "notes.txt")),
    message: /tools\.ts:1:15: "\.\/notes\.txt" goes through "notes\.txt", a symlink pointing outside the skill folder/,
  },
  {
    skill: "symlink-dir-out",
    code: () => use(`import x from "./lib/outside.txt" with { type: "text" };`),
    setup: (d, o) => symlinkSync(o, path.join(d, "lib")),
    message: /goes through "lib", a symlink pointing outside/,
  },
  {
    skill: "symlink-dev-zero",
    code: () => use(`import x from "./zero.txt" with { type: "text" };`),
    setup: (d) => symlinkSync("/dev/zero", path.join(d, "zero.txt")),
    message: /"\.\/zero\.txt" goes through "zero\.txt", a symlink pointing outside/,
    linuxOnly: true,
  },
  {
    skill: "package-link-out",
    code: () => use(`import x from "evil/outside.txt" with { type: "text" };`),
    setup: (d, o) => {
      writeTree(d, { "node_modules/.keep": "" });
      symlinkSync(o, path.join(d, "node_modules/evil"));
    },
    message: /"evil\/outside\.txt" goes through "node_modules\/evil", a symlink pointing outside/,
  },
  { skill: "dev-zero", code: () => use(`import x from "/dev/zero" with { type: "bytes" };`), message: /"\/dev\/zero" is an absolute path/ },
  { skill: "dev-urandom", code: () => use(`import x from "/dev/urandom" with { type: "text" };`), message: /"\/dev\/urandom" is an absolute path/ },
  { skill: "file-url", code: () => use(`import x from "file:///etc/passwd" with { type: "text" };`), message: /"file:\/\/\/etc\/passwd" is a URL/ },
  {
    skill: "fifo",
    code: () => use(`import x from "./pipe.txt" with { type: "text" };`),
    setup: (d) => execFileSync("mkfifo", [path.join(d, "pipe.txt")]),
    message: /tools\.ts:1:15: "\.\/pipe\.txt" is a FIFO, not a regular file/,
    linuxOnly: true,
  },
  {
    skill: "fifo-package-json",
    code: () => use(`import x from "./sub/data.txt" with { type: "text" };`),
    setup: (d) => {
      writeTree(d, { "sub/data.txt": "data" });
      execFileSync("mkfifo", [path.join(d, "sub/package.json")]);
    },
    message: /esbuild would read .*sub\/package\.json, which is a FIFO/,
    linuxOnly: true,
  },
  { skill: "directory", code: () => use(`import x from "./folder" with { type: "text" };`), setup: (d) => writeTree(d, { "folder/a.txt": "a" }), message: /"\.\/folder" is a directory|"\.\/folder".*(?:not a regular file|does not exist)/ },
  {
    skill: "oversize",
    code: () => use(`import x from "./big.txt" with { type: "text" };`),
    setup: (d) => writeTree(d, { "big.txt": "x".repeat(5 * 1024 * 1024 + 1) }),
    message: /add up to more than 5 MB \(the limit per toolset entry\)/,
  },
];
const cases = CASES.filter((c) => linux || !c.linuxOnly);

let cwd: string;
let outsideDir: string;

beforeAll(async () => {
  await ensureCli();
  cwd = tmp("skillc-hostile-toolset-imports-");
  outsideDir = cwd;
  writeTree(cwd, {
    "outside.txt": OUTSIDE,
    "outside.json": JSON.stringify({ secret: OUTSIDE }),
    "outside.js": `export default ${JSON.stringify(OUTSIDE)};`,
    "skills/valid/SKILL.md": skillMd("valid", "A valid toolset.", "Body.", 'toolsets: ["tools:Tools"]\n'),
    "skills/valid/tools.ts": `import x from "./data.txt" with { type: "text" };\nimport j from "./data.json";\nimport pad from "okpkg";\nexport const Tools = [{ ...${TOOL}, name: "valid-tool", description: pad(x) + j.n }];\n`,
    // An installed package, in a node_modules folder above the skill: bundled.
    "node_modules/okpkg/package.json": '{"name":"okpkg","main":"index.js"}',
    "node_modules/okpkg/index.js": "export default (s) => '[' + s + ']';",
    "skills/valid/data.txt": "inside",
    "skills/valid/data.json": '{"n": 1}',
  });
  for (const c of cases) {
    const dir = path.join(cwd, "skills", c.skill);
    writeTree(dir, { "SKILL.md": skillMd(c.skill, "Imports.", "Body.", 'toolsets: ["tools:Tools"]\n'), "tools.ts": c.code(outsideDir) });
    c.setup?.(dir, outsideDir);
  }
}, 120_000);
afterAll(() => {
  rec.write();
  cleanupTmp();
});

type Diag = { file: string; ruleId: string; line: number; column: number; message: string };
const byFile = (json: string): Diag[] =>
  (JSON.parse(json) as Array<{ filePath: string; messages: Array<Omit<Diag, "file">> }>).flatMap((f) => f.messages.map((m) => ({ ...m, file: f.filePath })));


describe("toolset imports are confined to the skill", () => {
  it("lint refuses each hostile import at the import, and the valid toolset lints clean", async () => {
    const r = await runCli(["lint", "--format", "json"], { cwd, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(1);
    const diags = byFile(r.stdout).filter((d) => d.ruleId.startsWith("toolset") || d.ruleId.startsWith("script"));
    expect(diags.filter((d) => d.file.includes("skills/valid/"))).toEqual([]);
    for (const c of cases) {
      const d = diags.filter((x) => x.file.endsWith(`skills/${c.skill}/SKILL.md`));
      expect(d.map((x) => [x.ruleId, x.line, x.column]), c.skill).toEqual([["toolset-import-refused", 4, 12]]);
      expect(d[0]!.message, c.skill).toMatch(c.message);
    }
    expect(r.stdout).not.toContain(OUTSIDE);
  });

  it("build refuses them too (exit 1), builds nothing of theirs, and no outside byte reaches an output", async () => {
    const r = await runCli(["build"], { cwd, timeoutMs: 60_000 });
    rec.tried("toolsets: import confinement", cases.length);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    for (const c of cases) {
      const block = (r.stdout + r.stderr).split(/\n(?=\S)/).find((b) => b.startsWith(`skills/${c.skill}/SKILL.md`)) ?? "";
      expect(block, c.skill + "\n" + block).toContain("toolset-import-refused");
      if (/toolset-import-refused/.test(block)) rec.rejected("toolsets: import confinement");
    }
    const emitted = await runCli(["build", "--emit-on-error"], { cwd, timeoutMs: 60_000 });
    expect(emitted.code).toBe(1);
    const all = allOutput(path.join(cwd, ".skillc")) + r.stdout + r.stderr + emitted.stdout + emitted.stderr;
    if (all.includes(OUTSIDE)) rec.escape("toolsets: import confinement");
    expect(all).not.toContain(OUTSIDE);
    const manifest = JSON.parse(readFileSync(path.join(cwd, ".skillc/manifest.json"), "utf8"));
    expect(manifest.skills.map((s: { name: string }) => s.name)).toEqual(["valid"]);
    expect(manifest.skills[0].toolsets[0].tools).toEqual(["valid-tool"]);
  });
});

describe("import of an archive whose toolset reaches out", () => {
  it("is refused at the import (exit 1), and nothing is installed", async () => {
    const zip = path.join(cwd, "reach.zip");
    const code = `import x from "../../../../../../../../${path.join(cwd, "outside.txt").slice(1)}" with { type: "text" };\nexport const Tools = [{ ...${TOOL}, description: x }];\n`;
    writeFileSync(zip, makeZip([{ name: "SKILL.md", data: skillMd("reach", "Reaches out.", "Body.", 'toolsets: ["tools:Tools"]\n') }, { name: "tools.ts", data: code }]));
    rec.tried("toolsets: import confinement");
    const r = await runCli(["import", zip, "--to", "imported"], { cwd });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/tools\.ts:1:15: ".*outside\.txt" leads outside the skill folder.*toolset-import-refused/);
    expect(r.stdout + r.stderr).not.toContain(OUTSIDE);
    expect(existsSync(path.join(cwd, "imported", "reach"))).toBe(false);
    rec.rejected("toolsets: import confinement");
  });
});

const LOOPS: Record<string, string> = {
  "looping-getter": `export const Tools = [{ get name() { for (;;) {} }, description: "d", parameters: { type: "object" }, execute() {} }];`,
  "looping-proxy": `export const Tools = new Proxy([], { get() { for (;;) {} }, getPrototypeOf() { for (;;) {} } });`,
  "looping-message": `throw { get message() { for (;;) {} } };\nexport const Tools = [];`,
  "async-loop": `(async () => { for (;;) await 0; })();\nexport const Tools = [];`,
  "promise-loop": `const f = () => Promise.resolve().then(f);\nf();\nexport const Tools = [];`,
  allocation: `const a: unknown[] = [];\nfor (;;) a.push(new Array(1e5).fill(a.length));\nexport const Tools = [];`,
  "buffer-allocation": `const a: Uint8Array[] = [];\nfor (;;) a.push(new Uint8Array(5e7).fill(1));\nexport const Tools = [];`,
};

describe("toolset top levels that never end", () => {
  for (const [name, code] of Object.entries(LOOPS)) {
    it(`${name}: the build ends within its limit with a diagnostic on the entry`, async () => {
      const dir = tmp("skillc-hostile-toolset-loop-");
      writeTree(dir, { "skills/loop/SKILL.md": skillMd("loop", "Loops.", "Body.", 'toolsets: ["tools:Tools"]\n'), "skills/loop/tools.ts": code });
      rec.tried("toolsets: evaluation limits");
      const r = await runCli(["build"], { cwd: dir, env: { SKILLC_TOOLSET_TIMEOUT_MS: "1500" }, timeoutMs: 60_000 });
      if (r.code !== 0 && r.code !== 1) rec.crash("toolsets: evaluation limits");
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.stdout + r.stderr, r.stdout + r.stderr).toMatch(/skills\/loop\/SKILL\.md\n\s+4:12\s+error\s+Toolset "tools:Tools" (did not finish evaluating within 1500 ms|used more than \d+ MB of (heap|memory))/);
      rec.rejected("toolsets: evaluation limits");
    });
  }
});
