// index.d.ts is valid TypeScript whatever the argument names: reserved words, prototype names,
// hyphens, leading digits, non-Latin letters. A real `skillc build`, then the real `tsc` over a
// consumer that loads the skill with those arguments.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../helpers/cli.js";
import { cleanupTmp, ensureCli, tmp, writeTree } from "../../hostile/helpers.js";

const run = promisify(execFile);
const TSC = join(process.cwd(), "node_modules/typescript/bin/tsc");

// Every name an argument can have (`$name` placeholders: ASCII letters, digits, `_`, not a digit first).
const NAMES = [
  "class", "delete", "default", "new", "typeof", "constructor", "__proto__", "a_b", "rest", "arg0_class", "arg0_class_0",
  "void", "in", "of", "as", "type", "this", "arguments", "_", "toString", "hasOwnProperty", "enum", "await", "yield", "let",
  "static", "undefined", "never", "keyof", "readonly", "infer", "is", "satisfies", "A1", "x9",
];
/** Names no `$name` placeholder can take: refused with a clear field-type error at the entry. */
const REFUSED = ["a-b", "1st", "名前", "é", "$"];

afterAll(() => cleanupTmp());
beforeAll(() => ensureCli(), 120_000);

describe("index.d.ts with any argument names", () => {
  let root = "";
  let build = { code: 0 as number | null, stdout: "", stderr: "" };
  beforeAll(async () => {
    root = tmp("skillc-dts-names-");
    const body = "Use " + NAMES.map((_, i) => `$${i}`).join(" ") + ".";
    writeTree(root, {
      "package.json": '{"type":"module"}',
      "skills/odd-args/SKILL.md": `---\nname: odd-args\ndescription: Takes oddly named arguments.\narguments:\n${NAMES.map((n) => `  - ${JSON.stringify(n)}`).join("\n")}\n---\n\n${body}\n`,
      "skills/plain/SKILL.md": "---\nname: plain\ndescription: Takes class and new.\narguments: class new\n---\n\nUse $class and $new.\n",
    });
    build = await runCli(["build"], { cwd: root });
  }, 60_000);

  it("builds with no error", () => {
    expect(build.code, build.stdout + build.stderr).toBe(0);
    expect(build.stdout + build.stderr).not.toMatch(/\berror\b/);
  });

  it("names a placeholder cannot take are refused with a positioned, explained field-type error", async () => {
    const bad = tmp("skillc-dts-names-");
    writeTree(bad, { "skills/bad-args/SKILL.md": `---\nname: bad-args\ndescription: Bad.\narguments:\n${REFUSED.map((n) => `  - ${JSON.stringify(n)}`).join("\n")}\n---\n\nBody.\n` });
    const r = await runCli(["lint", "--format", "json"], { cwd: bad });
    expect(r.code).toBe(1);
    const msgs = (JSON.parse(r.stdout) as Array<{ messages: Array<{ ruleId: string; line: number; message: string }> }>)[0]!.messages;
    expect(msgs.map((m) => [m.ruleId, m.line])).toEqual(REFUSED.map((_, i) => ["field-type", 5 + i]));
    expect(msgs[1]!.message).toContain("not starting with a digit");
  }, 30_000);

  it("tsc --strict finds 0 errors in index.d.ts and in a consumer using the names", async () => {
    const dts = readFileSync(join(root, ".skillc/index.d.ts"), "utf8");
    for (const n of ["class", "__proto__", "new", "arg0_class"]) expect(dts).toContain(JSON.stringify(n));
    writeFileSync(
      join(root, "consumer.ts"),
      `import { skills, type SkillArgs, type SkillArgv } from "./.skillc/index.js";\n` +
        `const names: SkillArgs["odd-args"] = ${JSON.stringify(NAMES)};\n` +
        `const argv: SkillArgv["odd-args"] = ${JSON.stringify(NAMES.map((_, i) => `v${i}`))};\n` +
        `skills.load("odd-args", argv);\n` +
        `skills.load("plain", ["a", "b"]);\n` +
        `void names;\n`,
    );
    const args = [TSC, "--noEmit", "--strict", "--target", "es2022", "--lib", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", "--skipLibCheck", "false", "consumer.ts", ".skillc/index.d.ts"];
    const result = await run(process.execPath, args, { cwd: root }).then(
      () => "",
      (err: { stdout?: string }) => String(err.stdout),
    );
    expect(result).toBe("");
  }, 60_000);
});
